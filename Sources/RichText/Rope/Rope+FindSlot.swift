// The one search every walk down the tree makes at each level: which of a node's items holds an offset. Walks
// by metric (UTF-8 bytes, characters, paragraphs, …) and walks by element index differ only in what they measure
// an item by and what they add up along the way, so both are `findSlot` below.

extension Rope {
    /// The slot among `width` items that holds `offset`, given each item's measure: the first item whose measure
    /// reaches past the offset, or with `.previous` the first that reaches to it, so that an offset on the boundary
    /// between two items belongs to the one that ends there. The last item when none does. `offset` becomes the
    /// offset inside that item, and `passing` is called with each item skipped on the way, in order.
    ///
    /// Callers decide the ends themselves (an offset past the total with `.next`, 0 with `.previous`): here the
    /// last item takes whatever the ones before it leave.
    @inlinable @inline(__always)
    static func findSlot(
        _ offset: inout Int, width: Int, prefer: RopeBoundaryPreference,
        measure: (_ slot: Int) -> Int, passing: (_ slot: Int) -> Void = { _ in }
    ) -> Int {
        // With .previous, an offset is searched as one less reaching one further: `r <= m` is `r - 1 < m`. So
        // both preferences make the same strict comparison, with no test of the preference inside the loop.
        let bias = prefer == .previous ? 1 : 0
        var remaining = offset &- bias
        let last = width &- 1
        var slot = 0
        while slot < last {
            let m = measure(slot)
            if remaining < m { break }
            remaining &-= m
            passing(slot)
            slot &+= 1
        }
        offset = remaining &+ bias
        return slot
    }

    /// The slot of the node at `node` that holds `offset` along `M`, as `findSlot(_:width:prefer:measure:passing:)`
    /// finds it: among a leaf's elements, measured from their own summaries, or among an inner node's children,
    /// measured from the node's cache of their summaries. `passing` gets each skipped item's slot and summary.
    ///
    /// The node is read through its address, so that a walk forms no node reference and retains nothing.
    @inlinable @inline(__always)
    static func findSlot<M: RopeMetric>(
        _ metric: M.Type, in node: UnsafeRawPointer, _ offset: inout Int, prefer: RopeBoundaryPreference,
        passing: (_ slot: Int, _ summary: Element.Summary) -> Void = { _, _ in }
    ) -> Int where M.Element == Element {
        let header = rawHeader(node)
        let items = node + itemsOffset
        if header.pointee.height == 0 {
            let elements = items.assumingMemoryBound(to: Element.self)
            return findSlot(&offset, width: header.pointee.width, prefer: prefer,
                            measure: { M.measure(elements[$0].summary) }, passing: { passing($0, elements[$0].summary) })
        }
        let summaries = items.assumingMemoryBound(to: Element.Summary.self)
        return findSlot(&offset, width: header.pointee.width, prefer: prefer,
                        measure: { M.measure(summaries[$0]) }, passing: { passing($0, summaries[$0]) })
    }

    /// The child of the inner node at `node` that holds element `index` of the node, as
    /// `findSlot(_:width:prefer:measure:passing:)` finds it from the node's cache of its children's element counts:
    /// with `.next` the child the element lies in, with `.previous` (for an empty range on a boundary) the child
    /// that ends there. `index` becomes the index inside that child.
    @inlinable @inline(__always)
    static func findSlot(elementIndex index: inout Int, in node: UnsafeRawPointer, prefer: RopeBoundaryPreference) -> Int {
        let counts = (node + itemsOffset + innerCountsOffset).assumingMemoryBound(to: Int.self)
        return findSlot(&index, width: rawHeader(node).pointee.width, prefer: prefer, measure: { counts[$0] })
    }
}
