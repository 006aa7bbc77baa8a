// The walk from the root to the element holding an offset, adding up on the way the index and the summary of
// everything before it. It reads the nodes through their addresses only: no node reference is formed on the way
// down, so a walk costs no retain or release at any level (a reference read out of a node and used to call a
// method is retained for the call, and released after it, at every step).

extension Rope {
    /// The address of the node's header, from the node's address.
    @inlinable @inline(__always)
    static func rawHeader(_ node: UnsafeRawPointer) -> UnsafePointer<NodeHeader> {
        (node + headerOffset).assumingMemoryBound(to: NodeHeader.self)
    }

    /// The address of child `slot` of the inner node at `node`.
    @inlinable @inline(__always)
    static func rawChild(_ node: UnsafeRawPointer, _ slot: Int) -> UnsafeRawPointer {
        (node + itemsOffset + innerChildrenOffset).load(fromByteOffset: slot &* MemoryLayout<UnsafeRawPointer>.stride,
                                                        as: UnsafeRawPointer.self)
    }

    /// The root's address; nil for an empty rope. The rope keeps the root alive.
    @inlinable @inline(__always)
    var rawRoot: UnsafeRawPointer? {
        guard let root else { return nil }
        return UnsafeRawPointer(Unmanaged.passUnretained(root).toOpaque())
    }

    /// The elements of the leaf at `leaf` (an address from `descendToLeaf`): where they start and how many.
    @inlinable @inline(__always)
    static func rawElements(_ leaf: UnsafeRawPointer) -> (base: UnsafePointer<Element>, width: Int) {
        ((leaf + itemsOffset).assumingMemoryBound(to: Element.self), rawHeader(leaf).pointee.width)
    }

    /// The leaf holding element `index` (0 ≤ index < count) and the element's slot in it: one walk from the root by
    /// address, as `descendToLeaf` walks by a metric, retaining no node on the way.
    @inlinable @inline(__always)
    func leaf(holdingElement index: Int) -> (leaf: UnsafeRawPointer, slot: Int) {
        var node = rawRoot!
        var i = index
        while Self.rawHeader(node).pointee.height > 0 {
            node = Self.rawChild(node, Self.findSlot(elementIndex: &i, in: node, prefer: .next))
        }
        return (node, i)
    }

    /// The walk behind `find` and `locate`: the leaf and slot of the element (nil leaf past the end), its index,
    /// the remainder inside it and the summary before it. Reads one contiguous array per level (the per-child
    /// summary caches, then the leaf's elements), and holds no reference it would have to retain: the rope keeps
    /// every node alive.
    @inlinable
    func descend<M: RopeMetric>(
        _ metric: M.Type, _ offset: Int, prefer: RopeBoundaryPreference
    ) -> (index: Int, remainder: Int, prefix: Element.Summary, leaf: Node?, slot: Int) where M.Element == Element {
        let found = descendToLeaf(metric, offset, prefer: prefer)
        let leaf = found.leaf.map { Unmanaged<Node>.fromOpaque($0).takeUnretainedValue() }
        return (found.index, found.remainder, found.prefix, leaf, found.slot)
    }

    /// The walk behind `descend`, by address: the leaf's address (nil past the end, or for an empty rope) and
    /// its elements, with the element's slot, index, remainder and prefix as `descend` gives them.
    @inlinable
    func descendToLeaf<M: RopeMetric>(
        _ metric: M.Type, _ offset: Int, prefer: RopeBoundaryPreference
    ) -> (index: Int, remainder: Int, prefix: Element.Summary, leaf: UnsafeRawPointer?, slot: Int)
    where M.Element == Element {
        guard var node = rawRoot else { return (0, 0, .zero, nil, 0) }
        var remaining = offset
        let rootHeader = Self.rawHeader(node)
        let total = M.measure(rootHeader.pointee.summary)
        if prefer == .next, remaining >= total {
            return (rootHeader.pointee.count, remaining - total, rootHeader.pointee.summary, nil, 0)
        }
        if prefer == .previous, remaining <= 0 {
            while Self.rawHeader(node).pointee.height > 0 { node = Self.rawChild(node, 0) }
            return (0, remaining, .zero, node, 0)
        }
        var index = 0
        var prefix = Element.Summary.zero
        while true {
            if Self.rawHeader(node).pointee.height == 0 {
                let slot = Self.findSlot(metric, in: node, &remaining, prefer: prefer) { _, skipped in
                    prefix.add(skipped)
                }
                return (index + slot, remaining, prefix, node, slot)
            }
            let counts = (node + Self.itemsOffset + Self.innerCountsOffset).assumingMemoryBound(to: Int.self)
            let slot = Self.findSlot(metric, in: node, &remaining, prefer: prefer) { skippedSlot, skipped in
                prefix.add(skipped)
                index += counts[skippedSlot]
            }
            node = Self.rawChild(node, slot)
        }
    }
}
