extension Rope {
    /// Makes a node uniquely referenced, copying it if it is shared.
    @inline(__always)
    static func makeUnique(_ node: inout Node) {
        if !isKnownUniquelyReferenced(&node) { node = Node.makeCopy(of: node) }
    }

    /// Changes the element at `index` in place and refreshes the summaries on its path. O(log n).
    @discardableResult
    mutating func update<R>(at index: Int, _ body: (inout Element) throws -> R) rethrows -> R {
        precondition(index >= 0 && index < count, "Rope index \(index) out of bounds 0..<\(count)")
        Self.makeUnique(&root!)
        return try Self.update(&root!, index, body)
    }

    private static func update<R>(_ node: inout Node, _ index: Int, _ body: (inout Element) throws -> R) rethrows -> R {
        if node.height == 0 {
            let element = node.elementBase + index
            let old = element.pointee.summary
            let result = try body(&element.pointee)
            node.summary.subtract(old)
            node.summary.add(element.pointee.summary)
            return result
        }
        var i = index
        let slot = findSlot(elementIndex: &i, in: node.address, prefer: .next)
        makeUnique(&node.children[slot])
        let result = try update(&node.children[slot], i, body)
        node.refreshChild(slot)
        return result
    }

    /// Inserts `element` so that it ends up at `index`. O(log n).
    mutating func insert(_ element: Element, at index: Int) {
        precondition(index >= 0 && index <= count, "Rope insertion index \(index) out of bounds 0...\(count)")
        guard root != nil else {
            root = Node.makeLeaf(CollectionOfOne(element))
            return
        }
        withUnsafePointer(to: element) { spliceInOneLeaf(index..<index, RopeSource(copying: UnsafeBufferPointer(start: $0, count: 1))) }
    }

    /// Removes and returns the element at `index`, rebalancing on the way up. O(log n). (An element whose
    /// references the tree counts by hand, `ropeWillDrop`, comes back as a view that no longer owns them.)
    @discardableResult
    mutating func remove(at index: Int) -> Element {
        let removed = self[index]
        spliceInOneLeaf(index..<(index + 1), .none)
        return removed
    }

    /// Appends an element at the end.
    @inlinable
    mutating func append(_ element: Element) { insert(element, at: count) }

    /// Replaces the elements in `range` with `newElements`.
    ///
    /// A range inside one leaf (every small edit but those on a leaf's edge) is one walk down the tree and one
    /// splice of the leaf, which splits or evens out with a neighbour as needed. Otherwise the elements both
    /// sides have are overwritten in place in one walk, and the rest inserted into one leaf or removed a leaf at
    /// a time: O((k + m) + log n) for k removed and m inserted elements, times the leaves touched.
    mutating func replaceSubrange<C: Collection>(_ range: Range<Int>, with newElements: C)
    where C.Element == Element {
        precondition(range.lowerBound >= 0 && range.upperBound <= count, "Rope range \(range) out of bounds")
        if range.isEmpty && newElements.isEmpty { return }
        // No local reference to the root: it would make the root look shared, and be copied.
        guard root != nil else {
            self = Rope(newElements)
            return
        }
        if newElements.withContiguousStorageIfAvailable({ replaceSubrange(range, from: RopeSource(copying: $0)) }) == nil {
            ContiguousArray(newElements).withUnsafeBufferPointer { replaceSubrange(range, from: RopeSource(copying: $0)) }
        }
    }

    /// Replaces the elements in `range` with those in `newElements`, which the rope takes over: each is moved
    /// into the tree, and `newElements` is left uninitialized. The same result as `replaceSubrange(_:with:)`
    /// without a copy of each element (and so without the retain and release of what it references).
    mutating func replaceSubrange(_ range: Range<Int>, takingOver newElements: UnsafeMutableBufferPointer<Element>) {
        precondition(range.lowerBound >= 0 && range.upperBound <= count, "Rope range \(range) out of bounds")
        if range.isEmpty && newElements.isEmpty { return }
        guard root != nil else {
            self = Rope(takingOver: newElements)
            return
        }
        replaceSubrange(range, from: RopeSource(takingOver: newElements))
    }

    /// `replaceSubrange(_:with:)` of a non-empty rope, each element of `new` put in place once.
    private mutating func replaceSubrange(_ range: Range<Int>, from new: RopeSource<Element>) {
        if Self.liesInOneLeaf(root.unsafelyUnwrapped, range) {
            if !spliceKeepingShape(range, new) { spliceInOneLeaf(range, new) }
            return
        }
        let common = Swift.min(range.count, new.count)
        if common > 0 {
            Self.makeUnique(&root!)
            Self.assign(&root!, range.lowerBound..<(range.lowerBound + common), new)
        }
        let rest = range.lowerBound + common
        if new.count > common {
            spliceInOneLeaf(rest..<rest, new.dropFirst(common))
            return
        }
        // Remove the rest a leaf at a time, last first, so that the indices before stay put.
        var upper = range.upperBound
        while upper > rest {
            let from = Swift.max(startOfLeaf(holding: upper - 1), rest)
            spliceInOneLeaf(from..<upper, .none)
            upper = from
        }
    }

    /// The index of the first element of the leaf that holds element `index`.
    private func startOfLeaf(holding index: Int) -> Int {
        index - leaf(holdingElement: index).slot
    }

    /// Whether `range` lies inside one leaf; an empty range between two leaves counts for the one on its left.
    static func liesInOneLeaf(_ root: Node, _ range: Range<Int>) -> Bool {
        // By address, so that no level retains its node.
        var node = UnsafeRawPointer(Unmanaged.passUnretained(root).toOpaque())
        var start = range.lowerBound
        let isEmpty = range.isEmpty
        while rawHeader(node).pointee.height > 0 {
            let slot = findSlot(elementIndex: &start, in: node, prefer: isEmpty ? .previous : .next)
            let counts = (node + itemsOffset + innerCountsOffset).assumingMemoryBound(to: Int.self)
            if start + range.count > counts[slot] { return false }
            node = rawChild(node, slot)
        }
        return true
    }

    /// Overwrites the elements in `range` (local to `node`, uniquely referenced) with the first of `new`.
    private static func assign(_ node: inout Node, _ range: Range<Int>, _ new: RopeSource<Element>) {
        if node.height == 0 {
            let base = node.elementBase
            for k in range {
                node.summary.subtract(base[k].summary)
                new.assign(k - range.lowerBound, over: base + k)
                node.summary.add(base[k].summary)
            }
            return
        }
        var offset = 0
        for slot in 0..<node.width {
            let c = node.counts[slot]
            let lo = Swift.max(range.lowerBound, offset)
            let hi = Swift.min(range.upperBound, offset + c)
            if lo < hi {
                makeUnique(&node.children[slot])
                assign(&node.children[slot], (lo - offset)..<(hi - offset), new.dropFirst(lo - range.lowerBound))
                node.refreshChild(slot)
            }
            offset += c
            if offset >= range.upperBound { break }
        }
    }
}
