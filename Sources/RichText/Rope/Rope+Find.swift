extension Rope {
    /// The element at `index`. O(log n).
    subscript(index: Int) -> Element {
        precondition(index >= 0 && index < count, "Rope index \(index) out of bounds 0..<\(count)")
        unowned(unsafe) var node = root!
        var i = index
        while node.height > 0 {
            let slot = Self.slot(in: node, for: &i)
            node = node.children[slot]
        }
        return node.elements[i]
    }

    /// The child of an inner node that holds element `i` of the node; `i` becomes the index inside that child.
    @inline(__always) @usableFromInline
    static func slot(in node: Node, for i: inout Int) -> Int {
        let counts = node.counts.base
        let last = node.counts.count - 1
        var slot = 0
        while slot < last && i >= counts[slot] {
            i -= counts[slot]
            slot += 1
        }
        return slot
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

    /// One walk from the root: the element holding `offset` along `M` (as `find`), the element itself (nil past
    /// the end), and the summary of every element before it.
    @inlinable
    func locate<M: RopeMetric>(
        _ metric: M.Type, _ offset: Int, prefer: RopeBoundaryPreference = .next
    ) -> (index: Int, remainder: Int, element: Element?, prefix: Element.Summary) where M.Element == Element {
        let found = descend(metric, offset, prefer: prefer)
        guard let leaf = found.leaf else { return (found.index, found.remainder, nil, found.prefix) }
        return (found.index, found.remainder, leaf.elements[found.slot], found.prefix)
    }

    /// The walk behind `find` and `locate`: the leaf and slot of the element (nil leaf past the end), its index,
    /// the remainder inside it and the summary before it. Reads one contiguous array per level (the per-child
    /// summary caches, then the leaf's elements), and holds no reference it would have to retain: the rope keeps every node alive.
    @inlinable
    func descend<M: RopeMetric>(
        _ metric: M.Type, _ offset: Int, prefer: RopeBoundaryPreference
    ) -> (index: Int, remainder: Int, prefix: Element.Summary, leaf: Node?, slot: Int) where M.Element == Element {
        let found = descendToLeaf(metric, offset, prefer: prefer)
        let leaf = found.leaf.map { Unmanaged<Node>.fromOpaque($0).takeUnretainedValue() }
        return (found.index, found.remainder, found.prefix, leaf, found.slot)
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
            let slot = Self.slot(in: node, for: &i)
            for k in 0..<slot { sum.add(summaries[k]) }
            node = node.children[slot]
        }
    }

    /// The offset along `M` at which element `index` starts.
    @inlinable
    func offset<M: RopeMetric>(_ metric: M.Type, ofElement index: Int) -> Int where M.Element == Element {
        M.measure(prefixSummary(upTo: index))
    }

    /// Calls `body` with each element from `start` on, in order, until it returns false.
    func forEach(from start: Int = 0, _ body: (Int, Element) throws -> Bool) rethrows {
        guard let root, start < root.count else { return }
        var index = start
        _ = try Self.visit(root, skipping: start, index: &index, body)
    }

    private static func visit(
        _ node: Node, skipping skip: Int, index: inout Int, _ body: (Int, Element) throws -> Bool
    ) rethrows -> Bool {
        if node.height == 0 {
            for k in skip..<node.elements.count {
                guard try body(index, node.elements[k]) else { return false }
                index += 1
            }
            return true
        }
        var toSkip = skip
        let first = slot(in: node, for: &toSkip)
        for k in first..<node.children.count {
            guard try visit(node.children[k], skipping: toSkip, index: &index, body) else { return false }
            toSkip = 0
        }
        return true
    }

    /// Calls `body` with each element from the one holding `offset` along `M` on, with its index and its start
    /// along `M`, until it returns false. The elements of the leaf the walk lands in are read from that leaf, so
    /// a short visit costs one walk from the root; nothing is visited for an offset at or past the end.
    func forEach<M: RopeMetric>(
        from offset: Int, along metric: M.Type, _ body: (_ index: Int, _ start: Int, Element) throws -> Bool
    ) rethrows where M.Element == Element {
        let found = descend(metric, offset, prefer: .next)
        guard let leaf = found.leaf else { return }
        var index = found.index
        var start = offset - found.remainder
        let elements = leaf.elements
        for k in found.slot..<elements.count {
            let element = elements[k]
            guard try body(index, start, element) else { return }
            start += M.measure(element.summary)
            index += 1
        }
        guard index < count else { return }
        try forEach(from: index) { i, element in
            guard try body(i, start, element) else { return false }
            start += M.measure(element.summary)
            return true
        }
    }

    /// Calls `body` with each element before `end`, last first, until it returns false.
    func forEachBackward(before end: Int, _ body: (Int, Element) throws -> Bool) rethrows {
        var index = end - 1
        while index >= 0 {
            // Walk one leaf at a time to stay O(log n) per leaf.
            guard let root else { return }
            var node = root
            var i = index
            while node.height > 0 {
                let slot = Self.slot(in: node, for: &i)
                node = node.children[slot]
            }
            while i >= 0 {
                guard try body(index, node.elements[i]) else { return }
                i -= 1
                index -= 1
            }
        }
    }

    /// All elements in order.
    var elements: [Element] {
        var result: [Element] = []
        result.reserveCapacity(count)
        forEach { _, element in result.append(element); return true }
        return result
    }
}

extension Rope.Node {
    /// The first item whose measure along `M` reaches past `remaining` (or to it, when `previous`), or the last item
    /// when none does (only with `previous` and an offset beyond the total). `remaining` becomes the offset inside
    /// that item, and `prefix` gains the summaries of the items before it.
    @inline(__always)
    func slot<M: RopeMetric>(
        _ metric: M.Type, holding remaining: inout Int, previous: Bool, prefix: inout Element.Summary
    ) -> Int where M.Element == Element {
        let last = width - 1
        var slot = 0
        if height == 0 {
            let elements = elementBase
            while slot < last {
                let m = M.measure(elements[slot].summary)
                if remaining < m || (previous && remaining == m) { break }
                remaining -= m
                prefix.add(elements[slot].summary)
                slot += 1
            }
            return slot
        }
        let summaries = summaryBase
        while slot < last {
            let m = M.measure(summaries[slot])
            if remaining < m || (previous && remaining == m) { break }
            remaining -= m
            prefix.add(summaries[slot])
            slot += 1
        }
        return slot
    }
}
