// The element at an index, and the element holding an offset along a metric.

extension Rope {
    /// The element at `index`. O(log n).
    subscript(index: Int) -> Element {
        precondition(index >= 0 && index < count, "Rope index \(index) out of bounds 0..<\(count)")
        let (leaf, slot) = leaf(holdingElement: index)
        return Self.rawElements(leaf).base[slot]
    }

    /// Finds the element that holds `offset` along metric `M`, and the remainder inside that element.
    ///
    /// With `.next`, an offset on a boundary gives the element that starts there; an offset equal to the
    /// total gives `(count, 0)`. With `.previous`, it gives the element that ends there; offset 0 gives
    /// `(0, 0)`.
    @inlinable
    func find<M: RopeMetric>(
        _ metric: M.Type, _ offset: Int, prefer: RopeBoundaryPreference = .next
    ) -> (index: Int, remainder: Int) where M.Element == Element {
        let found = descend(metric, offset, prefer: prefer)
        return (found.index, found.remainder)
    }

    /// The summary of the elements before `index`. O(log n).
    func prefixSummary(upTo index: Int) -> Element.Summary {
        var sum = Element.Summary.zero
        guard let root else { return sum }
        if index >= root.count { return root.summary }
        unowned(unsafe) var node = root
        var i = index
        while true {
            if node.height == 0 {
                let elements = node.elementBase
                for k in 0..<i { sum.add(elements[k].summary) }
                return sum
            }
            let summaries = node.summaryBase
            let slot = Self.findSlot(elementIndex: &i, in: node.address, prefer: .next)
            for k in 0..<slot { sum.add(summaries[k]) }
            node = node.children[slot]
        }
    }

    /// The offset along `M` at which element `index` starts.
    @inlinable
    func offset<M: RopeMetric>(_ metric: M.Type, ofElement index: Int) -> Int where M.Element == Element {
        M.measure(prefixSummary(upTo: index))
    }
}
