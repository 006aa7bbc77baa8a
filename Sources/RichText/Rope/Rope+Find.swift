extension Rope {
    /// The element at `index`. O(log n).
    public subscript(index: Int) -> Element {
        precondition(index >= 0 && index < count, "Rope index \(index) out of bounds 0..<\(count)")
        var node = root!
        var i = index
        while node.height > 0 {
            for child in node.children {
                if i < child.count { node = child; break }
                i -= child.count
            }
        }
        return node.elements[i]
    }

    /// Finds the element that holds `offset` along metric `M`, and the remainder inside that element.
    ///
    /// With `.next`, an offset on a boundary gives the element that starts there; an offset equal to the
    /// total gives `(count, 0)`. With `.previous`, it gives the element that ends there; offset 0 gives
    /// `(0, 0)`.
    @inlinable
    public func find<M: RopeMetric>(
        _ metric: M.Type, _ offset: Int, prefer: RopeBoundaryPreference = .next
    ) -> (index: Int, remainder: Int) where M.Element == Element {
        let found = locate(metric, offset, prefer: prefer)
        return (found.index, found.remainder)
    }

    /// One walk from the root: the element holding `offset` along `M` (as `find`), the element itself (nil past
    /// the end), and the summary of every element before it.
    @inlinable
    public func locate<M: RopeMetric>(
        _ metric: M.Type, _ offset: Int, prefer: RopeBoundaryPreference = .next
    ) -> (index: Int, remainder: Int, element: Element?, prefix: Element.Summary) where M.Element == Element {
        guard var node = root else { return (0, 0, nil, .zero) }
        var remaining = offset
        var index = 0
        var prefix = Element.Summary.zero
        if prefer == .next, remaining >= M.measure(node.summary) {
            return (node.count, remaining - M.measure(node.summary), nil, node.summary)
        }
        if prefer == .previous, remaining <= 0 {
            var first = node
            while first.height > 0 { first = first.children[0] }
            return (0, remaining, first.elements[0], .zero)
        }
        while true {
            if node.height == 0 {
                let summaries = node.summaries
                for i in summaries.indices {
                    let m = M.measure(summaries[i])
                    if remaining < m || (prefer == .previous && remaining == m) {
                        return (index + i, remaining, node.elements[i], prefix)
                    }
                    remaining -= m
                    prefix.add(summaries[i])
                }
                // Past the end (only with .previous and an offset beyond the total): clamp to the last element.
                let last = summaries.count - 1
                prefix.subtract(summaries[last])
                return (index + last, remaining + M.measure(summaries[last]), node.elements[last], prefix)
            }
            let children = node.children
            var chosen = children.count - 1
            for i in children.indices {
                let m = M.measure(children[i].summary)
                if remaining < m || (prefer == .previous && remaining == m) {
                    chosen = i
                    break
                }
                if i == children.count - 1 { break }
                remaining -= m
                index += children[i].count
                prefix.add(children[i].summary)
            }
            node = children[chosen]
        }
    }

    /// The summary of the elements before `index`. O(log n).
    public func prefixSummary(upTo index: Int) -> Element.Summary {
        var sum = Element.Summary.zero
        guard var node = root else { return sum }
        if index >= node.count { return node.summary }
        var i = index
        while true {
            if node.height == 0 {
                for element in node.summaries[..<i] { sum.add(element) }
                return sum
            }
            for child in node.children {
                if i < child.count { node = child; break }
                i -= child.count
                sum.add(child.summary)
            }
        }
    }

    /// The offset along `M` at which element `index` starts.
    @inlinable
    public func offset<M: RopeMetric>(_ metric: M.Type, ofElement index: Int) -> Int where M.Element == Element {
        M.measure(prefixSummary(upTo: index))
    }

    /// Calls `body` with each element from `start` on, in order, until it returns false.
    public func forEach(from start: Int = 0, _ body: (Int, Element) throws -> Bool) rethrows {
        guard let root, start < root.count else { return }
        var index = start
        _ = try Self.visit(root, skipping: start, index: &index, body)
    }

    private static func visit(
        _ node: Node, skipping skip: Int, index: inout Int, _ body: (Int, Element) throws -> Bool
    ) rethrows -> Bool {
        if node.height == 0 {
            for element in node.elements[skip...] {
                guard try body(index, element) else { return false }
                index += 1
            }
            return true
        }
        var toSkip = skip
        for child in node.children {
            if toSkip >= child.count { toSkip -= child.count; continue }
            guard try visit(child, skipping: toSkip, index: &index, body) else { return false }
            toSkip = 0
        }
        return true
    }

    /// Calls `body` with each element before `end`, last first, until it returns false.
    public func forEachBackward(before end: Int, _ body: (Int, Element) throws -> Bool) rethrows {
        var index = end - 1
        while index >= 0 {
            // Walk one leaf at a time to stay O(log n) per leaf.
            guard let root else { return }
            var node = root
            var i = index
            while node.height > 0 {
                for child in node.children {
                    if i < child.count { node = child; break }
                    i -= child.count
                }
            }
            while i >= 0 {
                guard try body(index, node.elements[i]) else { return }
                i -= 1
                index -= 1
            }
        }
    }

    /// All elements in order.
    public var elements: [Element] {
        var result: [Element] = []
        result.reserveCapacity(count)
        forEach { _, element in result.append(element); return true }
        return result
    }
}
