// The element at an offset along a metric, handed out with what lies before it: the whole summary (`locate`),
// one carried metric (`locate(_:_:carrying:prefer:)`), or lent in place (`withElement`).

extension Rope {
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
        guard let root = rawRoot else { return (0, nil, 0) }
        var remaining = offset
        let rootSummary = Self.rawHeader(root).pointee.summary
        let total = M.measure(rootSummary)
        if prefer == .next, remaining >= total {
            return (remaining - total, nil, C.measure(rootSummary))
        }
        var node = root
        if prefer == .previous, remaining <= 0 {
            while Self.rawHeader(node).pointee.height > 0 { node = Self.rawChild(node, 0) }
            return (remaining, Self.rawElements(node).base[0], 0)
        }
        var sum = 0
        while true {
            let slot = Self.findSlot(metric, in: node, &remaining, prefer: prefer) { _, skipped in
                sum += C.measure(skipped)
            }
            if Self.rawHeader(node).pointee.height == 0 {
                return (remaining, Self.rawElements(node).base[slot], sum)
            }
            node = Self.rawChild(node, slot)
        }
    }

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
        // By address, like every node below it: the rope keeps its root alive.
        guard var node = rawRoot else { return nil }
        var remaining = offset
        if remaining >= M.measure(Self.rawHeader(node).pointee.summary) { return nil }
        var sum = 0
        while true {
            let slot = Self.findSlot(metric, in: node, &remaining, prefer: .next) { _, skipped in
                sum += C.measure(skipped)
            }
            if Self.rawHeader(node).pointee.height == 0 {
                return body(remaining, Self.rawElements(node).base + slot, sum)
            }
            node = Self.rawChild(node, slot)
        }
    }
}
