/// Step 2 of the funnel, `textChanged`: a text edit strictly inside or across a stretch of a key invalidated by
/// text changes removes the key from the whole stretch, on both sides of the edit.
///
/// A stretch is a maximal range of equal value, however many stored runs it spans. An edit exactly on a boundary
/// between different values, or at either end of the text, invalidates nothing; an empty edit changes nothing.
/// The stretches are measured before the edit (`stretchesBroken(by:_:)`), where they still hold together, the key
/// removed from each in one write (`removeKeys(of:around:)`), and the removal reported in offsets after the edit
/// (`reportInvalidated(_:after:into:)`).
extension RichString {
    /// One key's stretches that a text edit breaks: the surviving pieces, in offsets before the edit, with the
    /// value each held, in order.
    struct BrokenStretch {
        var key: String
        var behavior: AttributeBehavior
        var pieces: [(range: Range<Int>, value: AttributeValue)]
        /// The traits of every run the pieces cover.
        var traits: SetTraits = []
    }

    /// The stretches of `textChanged` keys that `edit` breaks, key by key in name order, read from the runs at
    /// the edit's edges (`near`): none, in O(1), when no edge run holds such a key.
    func stretchesBroken(by edit: TextEdit, _ near: EditNeighbourhood) -> [BrokenStretch] {
        guard near.traits.contains(.textChanged) else { return [] }
        let range = edit.range
        let total = text.utf8Count
        guard total > 0, !(range.isEmpty && edit.length == 0) else { return [] }
        // Candidates: the keys invalidated by text changes on the runs the edit's ends touch, by name.
        var candidates: [String] = []
        func consider(_ attributes: AttributeSet?) {
            guard let attributes, attributes.hasTextChangedKeys else { return }
            for entry in attributes.entries where entry.behavior.isInvalidatedByTextChange && !candidates.contains(entry.name) {
                candidates.append(entry.name)
            }
        }
        consider(near.before)
        if range.isEmpty { consider(near.after) } else { consider(near.first); consider(near.last) }
        if candidates.count > 1 { candidates.sort() }
        var broken: [BrokenStretch] = []
        for key in candidates {
            var found = BrokenStretch(key: key, behavior: .plain, pieces: [])
            /// The stretch of `value` around the run at `place`, carrying `traits`, with every run's traits.
            func stretch(of value: AttributeValue, aroundRun place: EditNeighbourhood.RunPlace, traits: SetTraits) -> Range<Int> {
                found.traits.formUnion(traits)
                return self.stretch(aroundRun: place.index, start: place.start, length: place.length) { attributes in
                    guard attributes[key] == value else { return false }
                    found.traits.formUnion(attributes.traits)
                    return true
                }
            }
            if range.isEmpty {
                // An insertion strictly inside a stretch: the bytes before and after carry the same value.
                let a = range.lowerBound
                guard a > 0, a < total, let place = near.beforeRun, let before = near.before, let entry = before.entry(named: key),
                      near.after?[key] == entry.value else { continue }
                let whole = stretch(of: entry.value, aroundRun: place, traits: before.traits)
                found.behavior = entry.behavior
                found.pieces = [(whole.lowerBound..<a, entry.value), (a..<whole.upperBound, entry.value)]
            } else {
                // A deletion or replacement: stretches holding either end of the range lose their survivors.
                if let first = near.first, let entry = first.entry(named: key), let place = near.firstRun {
                    let whole = stretch(of: entry.value, aroundRun: place, traits: first.traits)
                    found.behavior = entry.behavior
                    if whole.lowerBound < range.lowerBound { found.pieces.append((whole.lowerBound..<range.lowerBound, entry.value)) }
                    if whole.upperBound > range.upperBound { found.pieces.append((range.upperBound..<whole.upperBound, entry.value)) }
                }
                if let last = near.last, let entry = last.entry(named: key),
                   !found.pieces.contains(where: { $0.range.lowerBound == range.upperBound }),
                   let (index, start, run) = runStore.run(containing: range.upperBound - 1) {
                    let whole = stretch(of: entry.value, aroundRun: (index, start, run.utf8Count), traits: last.traits)
                    if whole.upperBound > range.upperBound {
                        if found.pieces.isEmpty { found.behavior = entry.behavior }
                        found.pieces.append((range.upperBound..<whole.upperBound, entry.value))
                    }
                }
            }
            found.pieces.removeAll { $0.range.isEmpty }
            if !found.pieces.isEmpty { broken.append(found) }
        }
        return broken
    }

    /// Removes each broken stretch's key, before the edit is made: from the whole span its surviving pieces and
    /// the edited range make together, in one write per key. The edit then replaces the part the span shares with
    /// the edited range, so what stands afterwards is what removing the key from each surviving piece after the
    /// edit would leave, for one write instead of one per piece.
    mutating func removeKeys(of broken: [BrokenStretch], around edit: TextEdit) {
        for k in broken.indices {
            let pieces = broken[k].pieces
            var lower = edit.range.lowerBound, upper = edit.range.upperBound
            for piece in pieces {
                lower = min(lower, piece.range.lowerBound)
                upper = max(upper, piece.range.upperBound)
            }
            let key = broken[k].key
            _ = runStore.transformAttributes(in: lower..<upper, recordingRuns: false) { $0.removing(key) }
        }
    }

    /// Reports the removal of each broken stretch's key from its surviving pieces, now that `edit` is made: pieces
    /// after the edit move by its change in length, and pieces that the edit brought together are one removal,
    /// reported once per value it held. The region grows over every piece.
    func reportInvalidated(_ broken: [BrokenStretch], after edit: TextEdit, into state: inout MutationState) {
        for k in broken.indices {
            var pieces = broken[k].pieces.map { piece in
                piece.range.lowerBound >= edit.range.upperBound
                    ? (range: (piece.range.lowerBound + edit.delta)..<(piece.range.upperBound + edit.delta), value: piece.value)
                    : piece
            }
            pieces.sort { $0.range.lowerBound < $1.range.lowerBound }
            let key = broken[k].key
            // Pieces that touch are one removal; each stretch of one value is one report.
            var start = 0
            while start < pieces.count {
                var end = start + 1
                while end < pieces.count && pieces[end - 1].range.upperBound == pieces[end].range.lowerBound { end += 1 }
                var reported = pieces[start]
                for piece in pieces[(start + 1)..<end] {
                    if piece.value == reported.value {
                        reported.range = reported.range.lowerBound..<piece.range.upperBound
                    } else {
                        state.removed(key, reported.value, over: reported.range, behavior: broken[k].behavior, cause: .textChanged,
                                      traits: broken[k].traits)
                        reported = piece
                    }
                }
                state.removed(key, reported.value, over: reported.range, behavior: broken[k].behavior, cause: .textChanged,
                              traits: broken[k].traits)
                state.region = state.region.union(pieces[start].range.lowerBound..<pieces[end - 1].range.upperBound)
                start = end
            }
        }
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
