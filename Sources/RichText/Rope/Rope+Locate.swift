extension Rope {
    /// One walk from the root like `locate`, that sums along the way only metric `C` of the elements before the
    /// one found, instead of their whole summary: the element holding `offset` along `M` (nil past the end), the
    /// remainder inside it, and the measure along `C` of every element before it.
    ///
    /// Gives the same element, remainder and `C.measure(prefix)` as `locate(metric, offset, prefer:)`; it reads
    /// two counts per skipped item where `locate` adds a whole summary, and does not count element indices.
    @inlinable
    func locate<M: RopeMetric, C: RopeMetric>(
        _ metric: M.Type, _ offset: Int, carrying carried: C.Type, prefer: RopeBoundaryPreference = .next
    ) -> (remainder: Int, element: Element?, carried: Int) where M.Element == Element, C.Element == Element {
        guard let root else { return (0, nil, 0) }
        var remaining = offset
        let total = M.measure(root.summary)
        if prefer == .next, remaining >= total {
            return (remaining - total, nil, C.measure(root.summary))
        }
        unowned(unsafe) var node = root
        if prefer == .previous, remaining <= 0 {
            while node.height > 0 { node = node.children[0] }
            return (remaining, node.elements[0], 0)
        }
        // As in `descend`: the first item whose measure reaches past the offset (or to it, with .previous). With
        // .previous, an offset is searched as one less reaching one further: `r <= m` is `r - 1 < m`.
        let bias = prefer == .previous ? 1 : 0
        remaining -= bias
        var sum = 0
        while true {
            let last = node.width - 1
            var slot = 0
            if node.height == 0 {
                let elements = node.elementBase
                while slot < last {
                    let m = M.measure(elements[slot].summary)
                    if remaining < m { break }
                    remaining -= m
                    sum += C.measure(elements[slot].summary)
                    slot += 1
                }
                return (remaining + bias, elements[slot], sum)
            }
            let summaries = node.summaryBase
            while slot < last {
                let m = M.measure(summaries[slot])
                if remaining < m { break }
                remaining -= m
                sum += C.measure(summaries[slot])
                slot += 1
            }
            node = node.children[slot]
        }
    }
}

extension Rope {
    /// `locate(_:_:carrying:prefer:)` (with `.next`) that lends the element to `body` where it lies instead of
    /// returning a copy of it: `body` gets the remainder inside the element, the element's address, and the
    /// measure along `C` of every element before it. Nil (and `body` is not called) for an empty rope or an
    /// offset at or past the end; `offset` must not be negative.
    ///
    /// The element is not copied, so finding it changes no reference count (a copy of a text chunk retains and
    /// releases its string); `body` reads what it needs through the pointer. The pointer is valid only while
    /// `body` runs, and the rope must not be changed meanwhile.
    @inlinable
    func withElement<M: RopeMetric, C: RopeMetric, R>(
        _ metric: M.Type, _ offset: Int, carrying carried: C.Type,
        _ body: (_ remainder: Int, _ element: UnsafePointer<Element>, _ carried: Int) -> R
    ) -> R? where M.Element == Element, C.Element == Element {
        guard root != nil else { return nil }
        // Taken unretained, like every node below it: the rope keeps its root alive.
        unowned(unsafe) var node = root.unsafelyUnwrapped
        var remaining = offset
        if remaining >= M.measure(node.summary) { return nil }
        var sum = 0
        while true {
            let last = node.width - 1
            var slot = 0
            if node.height == 0 {
                let elements = node.elementBase
                while slot < last {
                    let m = M.measure(elements[slot].summary)
                    if remaining < m { break }
                    remaining -= m
                    sum += C.measure(elements[slot].summary)
                    slot += 1
                }
                return body(remaining, UnsafePointer(elements + slot), sum)
            }
            let summaries = node.summaryBase
            while slot < last {
                let m = M.measure(summaries[slot])
                if remaining < m { break }
                remaining -= m
                sum += C.measure(summaries[slot])
                slot += 1
            }
            node = node.children[slot]
        }
    }
}
