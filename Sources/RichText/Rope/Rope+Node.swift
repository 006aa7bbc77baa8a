extension Rope {
    /// What every node keeps in front of its items.
    @usableFromInline
    struct NodeHeader {
        /// 0 for a leaf, one more than its children's otherwise.
        @usableFromInline var height: Int
        /// The number of direct items: elements in a leaf, children otherwise.
        @usableFromInline var width: Int
        /// The number of elements in the subtree.
        @usableFromInline var count: Int
        /// The summary of the subtree.
        @usableFromInline var summary: Element.Summary
    }

    /// Where a node's header starts, in bytes from the node's address: after the object header, as ManagedBuffer
    /// lays it out.
    @inlinable static var headerOffset: Int { 2 * MemoryLayout<Int>.stride }

    /// Where a node's items start, in bytes from the node's address: after the header, aligned to 8 bytes.
    @inlinable static var itemsOffset: Int { (headerOffset + MemoryLayout<NodeHeader>.size + 7) & ~7 }

    /// Where an inner node keeps its children's counts, in bytes from the start of its items.
    @inlinable static var innerCountsOffset: Int {
        (maxInnerFanout * MemoryLayout<Element.Summary>.stride + 7) & ~7
    }

    /// Where an inner node keeps its children, in bytes from the start of its items.
    @inlinable static var innerChildrenOffset: Int { innerCountsOffset + maxInnerFanout * MemoryLayout<Int>.stride }

    /// A node of the tree, in one allocation: a header, then its items. Leaves (height 0) hold up to `maxFanout`
    /// elements and nothing else: an element's summary is read from the element. Inner nodes hold up to
    /// `maxInnerFanout` children and, side by side, each child's summary, each child's element count and the
    /// children, so a search scans one contiguous array per level and never touches the children it skips.
    ///
    /// Items are read through plain pointers (`RopeSlots`), without any retain or release, so a walk from the root
    /// costs no reference counting at all. A node is only mutated after `isKnownUniquelyReferenced` proved it is
    /// ours alone. Every mutation keeps the header's width, count and summary equal to its items'.
    @usableFromInline
    final class Node: ManagedBuffer<NodeHeader, UInt64> {
        /// An empty node of the given height, with room for `maxWidth(height:)` items.
        @usableFromInline
        static func make(height: Int) -> Node {
            precondition(MemoryLayout<Element>.alignment <= 8 && MemoryLayout<Element.Summary>.alignment <= 8,
                         "Rope elements and summaries must align to 8 bytes or less")
            precondition(_isPOD(Element.Summary.self), "Rope summaries must be plain values")
            let bytes = height == 0
                ? maxFanout * MemoryLayout<Element>.stride
                : innerChildrenOffset + maxInnerFanout * MemoryLayout<Node>.stride
            let buffer = Node.create(minimumCapacity: (bytes + 7) / 8) { _ in
                NodeHeader(height: height, width: 0, count: 0, summary: .zero)
            }
            let node = unsafeDowncast(buffer, to: Node.self)
            precondition(node.headerPointer == node.withUnsafeMutablePointerToHeader({ $0 })
                         && node.itemBytes == UnsafeMutableRawPointer(node.withUnsafeMutablePointerToElements({ $0 })),
                         "Rope node layout differs from ManagedBuffer's")
            let raw = node.itemBytes
            if height == 0 {
                raw.bindMemory(to: Element.self, capacity: maxFanout)
            } else {
                raw.bindMemory(to: Element.Summary.self, capacity: maxInnerFanout)
                (raw + innerCountsOffset).bindMemory(to: Int.self, capacity: maxInnerFanout)
                (raw + innerChildrenOffset).bindMemory(to: Node.self, capacity: maxInnerFanout)
            }
            return node
        }

        /// A leaf holding `elements` (at most `maxFanout`).
        static func makeLeaf<C: Collection>(_ elements: C) -> Node where C.Element == Element {
            let node = make(height: 0)
            for element in elements { node.appendElement(element) }
            return node
        }

        /// An inner node holding `children` (at most `maxInnerFanout`, all of one height).
        static func makeInner<C: Collection>(_ children: C) -> Node where C.Element == Node {
            let node = make(height: children.first!.height + 1)
            let base = node.childBase
            var k = 0
            for child in children {
                (base + k).initialize(to: child)
                k += 1
            }
            node.width = k
            node.recompute()
            return node
        }

        /// A copy of `other`: the same items, each retained once more.
        static func makeCopy(of other: Node) -> Node {
            let node = make(height: other.height)
            let w = other.width
            if other.height == 0 {
                node.elementBase.initialize(from: other.elementBase, count: w)
                Element.ropeDidCopy(node.elementBase, count: w)
            } else {
                node.summaryBase.initialize(from: other.summaryBase, count: w)
                node.countBase.initialize(from: other.countBase, count: w)
                node.childBase.initialize(from: other.childBase, count: w)
            }
            node.headerPointer.pointee = other.headerPointer.pointee
            return node
        }

        deinit { Element.ropeNodeWillFree(self) }

        /// Gives back what the node holds as it is freed: its elements (`ropeWillDrop`, then destroyed), or its
        /// children's summaries and the children themselves. Reached through `RopeElement.ropeNodeWillFree`, so
        /// that an element type that implements it runs this specialised for itself: a class's `deinit` is never
        /// specialised, and the generic one works the layout out from metadata at every node freed.
        func giveBackItems() {
            let w = width
            if height == 0 {
                Element.ropeWillDrop(elementBase, count: w)
                elementBase.deinitialize(count: w)
            } else {
                summaryBase.deinitialize(count: w)
                childBase.deinitialize(count: w)
            }
        }

        // MARK: Header

        /// The node's address. Taken without `withUnsafeMutablePointerToHeader` and its kin, whose guarantee that
        /// the node lives to the end of the closure costs a retain and a release at every step of a walk from the
        /// root; the rope keeps its nodes alive, and `make` checks the offsets against those functions.
        @inlinable var address: UnsafeMutableRawPointer {
            UnsafeMutableRawPointer(Unmanaged.passUnretained(self).toOpaque())
        }

        @inlinable var headerPointer: UnsafeMutablePointer<NodeHeader> {
            (address + Rope.headerOffset).assumingMemoryBound(to: NodeHeader.self)
        }

        @inlinable var height: Int { headerPointer.pointee.height }

        /// The number of direct items: elements in a leaf, children otherwise.
        @inlinable var width: Int {
            get { headerPointer.pointee.width }
            set { headerPointer.pointee.width = newValue }
        }

        /// The number of elements in the subtree.
        @inlinable var count: Int {
            get { headerPointer.pointee.count }
            set { headerPointer.pointee.count = newValue }
        }

        /// The summary of the subtree.
        @inlinable var summary: Element.Summary {
            unsafeAddress { UnsafePointer(headerPointer).pointer(to: \.summary)! }
            unsafeMutableAddress { headerPointer.pointer(to: \.summary)! }
        }

        // MARK: Items

        @inlinable var itemBytes: UnsafeMutableRawPointer { address + Rope.itemsOffset }
        @inlinable var elementBase: UnsafeMutablePointer<Element> { itemBytes.assumingMemoryBound(to: Element.self) }
        @inlinable var summaryBase: UnsafeMutablePointer<Element.Summary> {
            itemBytes.assumingMemoryBound(to: Element.Summary.self)
        }
        @inlinable var countBase: UnsafeMutablePointer<Int> {
            (itemBytes + Rope.innerCountsOffset).assumingMemoryBound(to: Int.self)
        }
        @inlinable var childBase: UnsafeMutablePointer<Node> {
            (itemBytes + Rope.innerChildrenOffset).assumingMemoryBound(to: Node.self)
        }

        /// In a leaf, the elements.
        @inlinable var elements: RopeSlots<Element> { RopeSlots(base: elementBase, count: width) }
        /// In an inner node, each child's summary.
        @inlinable var summaries: RopeSlots<Element.Summary> { RopeSlots(base: summaryBase, count: width) }
        /// In an inner node, each child's element count.
        @inlinable var counts: RopeSlots<Int> { RopeSlots(base: countBase, count: width) }
        /// In an inner node, the children.
        @inlinable var children: RopeSlots<Node> { RopeSlots(base: childBase, count: width) }

        /// The summary of direct item `i`: an element's or a child's.
        @inlinable func itemSummary(_ i: Int) -> Element.Summary {
            height == 0 ? elementBase[i].summary : summaryBase[i]
        }

        // MARK: Changes

        /// Appends a copy of an element to a leaf that has room.
        func appendElement(_ element: Element) {
            let w = width
            (elementBase + w).initialize(to: element)
            Element.ropeDidCopy(elementBase + w, count: 1)
            width = w + 1
            count = w + 1
            summary.add(element.summary)
        }

        /// Recomputes the count, the summary and (in an inner node) the per-child caches from the items.
        func recompute() {
            var sum = Element.Summary.zero
            let w = width
            if height == 0 {
                let base = elementBase
                for i in 0..<w { sum.add(base[i].summary) }
                count = w
            } else {
                let children = childBase, summaries = summaryBase, counts = countBase
                var total = 0
                for i in 0..<w {
                    let child = children[i]
                    summaries[i] = child.summary
                    counts[i] = child.count
                    sum.add(child.summary)
                    total += child.count
                }
                count = total
            }
            summary = sum
        }

        /// In an inner node, re-reads child `slot`'s summary and count after it changed, and updates this node's.
        @inline(__always)
        func refreshChild(_ slot: Int) {
            let child = childBase[slot]
            summary.subtract(summaryBase[slot])
            summary.add(child.summary)
            count += child.count - countBase[slot]
            summaryBase[slot] = child.summary
            countBase[slot] = child.count
        }

        /// Removes child `slot` of an inner node.
        func removeChild(_ slot: Int) {
            let w = width
            summary.subtract(summaryBase[slot])
            count -= countBase[slot]
            (childBase + slot).deinitialize(count: 1)
            (summaryBase + slot).deinitialize(count: 1)
            (childBase + slot).moveInitialize(from: childBase + slot + 1, count: w - slot - 1)
            (summaryBase + slot).moveInitialize(from: summaryBase + slot + 1, count: w - slot - 1)
            (countBase + slot).moveInitialize(from: countBase + slot + 1, count: w - slot - 1)
            width = w - 1
        }
    }
}
