extension RichString {
    /// The stretches of `textChanged` keys that a text edit of `range` (with non-empty new text when
    /// `inserts`) breaks into, as surviving pieces in pre-edit UTF-8 offsets.
    ///
    /// A stretch is a maximal range of equal value, however many stored runs it spans. An edit strictly inside
    /// or across one invalidates all of it; an edit exactly on a boundary between different values, or at either
    /// end of the text, invalidates nothing. An empty edit changes nothing.
    func textChangeSurvivors(of range: Range<Int>, inserts: Bool) -> [(key: String, pieces: [Range<Int>])] {
        let total = text.utf8Count
        guard total > 0, !(range.isEmpty && !inserts) else { return [] }
        // Keys that could be affected: textChanged keys on the runs at the edit's edges.
        var candidates: [String: AttributeBehavior] = [:]
        let probeStart = max(0, range.lowerBound - 1)
        let probeEnd = min(total, max(range.upperBound, range.lowerBound + 1))
        runStore.forEachRun(in: probeStart..<probeEnd) { _, attributes in
            for entry in attributes.entries where entry.behavior.isInvalidatedByTextChange {
                candidates[entry.name] = entry.behavior
            }
            return true
        }
        var result: [(key: String, pieces: [Range<Int>])] = []
        for key in candidates.keys.sorted() {
            var pieces: [Range<Int>] = []
            if range.isEmpty {
                // An insertion strictly inside a stretch: the scalars before and after carry the same value.
                let a = range.lowerBound
                guard a > 0, a < total else { continue }
                let before = runStore.attributes(at: a - 1)[key]
                let after = runStore.attributes(at: a)[key]
                guard let value = before, value == after else { continue }
                let stretch = self.stretch(of: key, value: value, around: a - 1)
                pieces = [stretch.lowerBound..<a, a..<stretch.upperBound]
            } else {
                // A deletion or replacement: stretches overlapping the range at either end lose their survivors.
                if let value = runStore.attributes(at: range.lowerBound)[key] {
                    let stretch = self.stretch(of: key, value: value, around: range.lowerBound)
                    if stretch.lowerBound < range.lowerBound { pieces.append(stretch.lowerBound..<range.lowerBound) }
                    if stretch.upperBound > range.upperBound { pieces.append(range.upperBound..<stretch.upperBound) }
                }
                if let value = runStore.attributes(at: range.upperBound - 1)[key] {
                    let stretch = self.stretch(of: key, value: value, around: range.upperBound - 1)
                    if stretch.upperBound > range.upperBound, !pieces.contains(where: { $0.lowerBound == range.upperBound }) {
                        pieces.append(range.upperBound..<stretch.upperBound)
                    }
                }
            }
            pieces = pieces.filter { !$0.isEmpty }
            if !pieces.isEmpty { result.append((key, pieces)) }
        }
        return result
    }

    /// The maximal range around `offset` over which `key` has `value`, walking runs outward.
    func stretch(of key: String, value: AttributeValue, around offset: Int) -> Range<Int> {
        guard let (index, start, run) = runStore.run(containing: offset) else { return offset..<offset }
        return stretch(aroundRun: index, start: start, length: run.utf8Count) { $0[key] == value }
    }

    /// The run at `index` (starting at `start`, `length` bytes) and its neighbours on each side for as long as
    /// `extends` holds of their attributes, walking runs outward; `extends` is not asked of the run itself.
    func stretch(aroundRun index: Int, start: Int, length: Int, while extends: (AttributeSet) -> Bool) -> Range<Int> {
        var lower = start
        var upper = start + length
        runStore.rope.forEachBackward(before: index) { _, previous in
            guard extends(previous.attributes) else { return false }
            lower -= previous.utf8Count
            return true
        }
        runStore.rope.forEach(from: index + 1) { _, next in
            guard extends(next.attributes) else { return false }
            upper += next.utf8Count
            return true
        }
        return lower..<upper
    }
}
