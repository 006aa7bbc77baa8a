extension Rope {
    /// Finds the element holding `offset` along `M` (as `locate` does) and lets `body` change it in place, in one
    /// walk from the root: `body` gets the element, its index, the remainder inside it and the summary of every
    /// element before it. Returns nil when there is no such element (an offset at or past the end with `.next`,
    /// or an empty rope) or when `body` returns nil, which must mean it changed nothing.
    ///
    /// This is `locate` followed by `update(at:)` without the second walk, and without a copy of the element
    /// held outside the tree while it changes (which would make a chunk's storage shared, and copied).
    @discardableResult
    mutating func updateElement<M: RopeMetric, R>(
        _ metric: M.Type, _ offset: Int, prefer: RopeBoundaryPreference = .next,
        _ body: (inout Element, _ index: Int, _ remainder: Int, _ prefix: Element.Summary) throws -> R?
    ) rethrows -> R? where M.Element == Element {
        // No local reference to the root: it would make the root look shared, and the whole path be copied.
        guard root != nil else { return nil }
        if prefer == .next, offset >= M.measure(root!.summary) { return nil }
        Self.makeUnique(&root!)
        return try Self.updateElement(metric, &self.root!, offset, 0, .zero, prefer, body)
    }

    private static func updateElement<M: RopeMetric, R>(
        _ metric: M.Type, _ node: inout Node, _ offset: Int, _ start: Int, _ before: Element.Summary, _ prefer: RopeBoundaryPreference,
        _ body: (inout Element, Int, Int, Element.Summary) throws -> R?
    ) rethrows -> R? where M.Element == Element {
        var remaining = offset
        var prefix = before
        let slot = findSlot(metric, in: node.address, &remaining, prefer: prefer) { _, skipped in prefix.add(skipped) }
        if node.height == 0 {
            let element = node.elementBase + slot
            let old = element.pointee.summary
            guard let result = try body(&element.pointee, start + slot, remaining, prefix) else { return nil }
            node.summary.subtract(old)
            node.summary.add(element.pointee.summary)
            return result
        }
        var index = start
        for k in 0..<slot { index += node.counts[k] }
        makeUnique(&node.children[slot])
        guard let result = try updateElement(metric, &node.children[slot], remaining, index, prefix, prefer, body)
        else { return nil }
        node.refreshChild(slot)
        return result
    }
}
