extension RichString {
    /// Typing strictly inside stretches of `textChanged` keys, when removing those keys is all the pipeline
    /// would do beyond the raw insertion. Returns nil, having changed nothing, otherwise.
    ///
    /// The caller has checked what quick typing needs (`editTextQuickly`): `a` is inside its paragraph, nothing
    /// separates paragraphs near it or in the typed text, the typed text agrees with its paragraph, and no run
    /// around it has a character-bound key. Here each key whose stretch the typing splits must also:
    /// - carry no run boundary, so that losing it changes no paragraph (step 3) or character rule (step 4);
    /// - have, on every run of its stretch and the runs just outside, no dependent key (step 5 then has
    ///   nothing to remove) and no character-bound key, and the same behaviour throughout.
    ///
    /// The adjustments are the pipeline's: for each key in name order, the stretch's part before the typed
    /// text, then its part after.
    mutating func typeInsideStretches(
        _ newText: Substring, at a: Int, typed: AttributeSet, _ near: EditNeighbourhood
    ) -> [AttributeAdjustment]? {
        guard let source = near.before, let after = near.after, let beforeRun = near.beforeRun else { return nil }
        var splitting: [AttributeEntry] = []
        for entry in source.entries where entry.behavior.isInvalidatedByTextChange && after[entry.name] == entry.value {
            guard entry.behavior.runBoundaries == nil, after.entry(named: entry.name) == entry else { return nil }
            splitting.append(entry)
        }
        // A key invalidated by text changes only on the right, with the same value on the left, is one the
        // pipeline splits too; its behaviour differs between the sides, which this path does not follow.
        for entry in after.entries where entry.behavior.isInvalidatedByTextChange && source[entry.name] == entry.value {
            guard splitting.contains(where: { $0.name == entry.name }) else { return nil }
        }
        guard !splitting.isEmpty else { return nil }
        var stretches: [Range<Int>] = []
        for entry in splitting {
            guard let stretch = plainStretch(of: entry, aroundRun: beforeRun) else { return nil }
            stretches.append(stretch)
        }
        let length = newText.utf8.count
        var adjustments: [AttributeAdjustment] = []
        for (entry, stretch) in zip(splitting, stretches) {
            _ = runStore.transformAttributes(in: stretch, recordingRuns: false) { $0.removing(entry.name) }
            adjustments.append(AttributeAdjustment(
                cause: .textChanged, utf8Range: stretch.lowerBound..<a, key: entry.name, oldValue: entry.value, newValue: nil))
            adjustments.append(AttributeAdjustment(
                cause: .textChanged, utf8Range: (a + length)..<(stretch.upperBound + length), key: entry.name,
                oldValue: entry.value, newValue: nil))
        }
        rawReplace(a..<a, with: newText, runs: [AttributeRun(utf8Count: length, attributes: typed)])
        return adjustments
    }

    /// Deleting `range` where it breaks stretches of `textChanged` keys (strictly inside one, or across one's
    /// end), when removing those keys is all step 2 does and steps 4–5 have nothing to do. Returns nil, having
    /// changed nothing, otherwise.
    ///
    /// The caller has checked what quick deletion needs (`editTextQuickly`): `range` is short, does not start the
    /// text, and has no separator in or next to it, and no run around it has a character-bound key. Each key
    /// whose stretch loses survivors must carry no run boundary, and the runs of its stretches and those just
    /// outside must hold no dependent or character-bound key. Step 3 is then the pipeline's own call, which
    /// finds nothing to do in a paragraph that was uniform.
    mutating func deleteAcrossStretches(_ range: Range<Int>, _ near: EditNeighbourhood) -> [AttributeAdjustment]? {
        guard let first = near.first, let last = near.last, let firstRun = near.firstRun else { return nil }
        var candidates: [AttributeEntry] = []
        var plainKeys = true
        let kept = near.forEachTextChangedSet { attributes in
            for entry in attributes.entries where entry.behavior.isInvalidatedByTextChange {
                if entry.behavior.runBoundaries != nil { plainKeys = false }
                if !candidates.contains(where: { $0.name == entry.name }) { candidates.append(entry) }
            }
        }
        guard kept, plainKeys else { return nil }
        candidates.sort { $0.name < $1.name }
        // Each key's surviving pieces in pre-edit offsets, as `textChangeSurvivors` finds them, with their values.
        var losses: [(key: AttributeEntry, pieces: [(range: Range<Int>, value: AttributeValue)])] = []
        for candidate in candidates {
            var pieces: [(range: Range<Int>, value: AttributeValue)] = []
            var rightTaken = false
            if let entry = first.entry(named: candidate.name) {
                guard let stretch = plainStretch(of: entry, aroundRun: firstRun) else { return nil }
                if stretch.lowerBound < range.lowerBound { pieces.append((stretch.lowerBound..<range.lowerBound, entry.value)) }
                if stretch.upperBound > range.upperBound {
                    pieces.append((range.upperBound..<stretch.upperBound, entry.value))
                    rightTaken = true
                }
            }
            if !rightTaken, let entry = last.entry(named: candidate.name) {
                guard let run = runStore.run(containing: range.upperBound - 1),
                      let stretch = plainStretch(of: entry, aroundRun: (run.index, run.start, run.run.utf8Count))
                else { return nil }
                if stretch.upperBound > range.upperBound { pieces.append((range.upperBound..<stretch.upperBound, entry.value)) }
            }
            if !pieces.isEmpty { losses.append((candidate, pieces)) }
        }
        guard !losses.isEmpty else { return nil }

        delete(range, near)
        var adjustments: [AttributeAdjustment] = []
        var changes: [KeyChange] = []
        var dirty = range.lowerBound..<range.lowerBound
        for (key, pieces) in losses {
            // After the deletion the pieces touch (a left one ends where a right one now starts): one removal,
            // reported once per old value, as the pipeline's run diff reports it.
            let shifted = pieces.map { piece in
                piece.range.lowerBound >= range.upperBound
                    ? (range: (piece.range.lowerBound - range.count)..<(piece.range.upperBound - range.count), value: piece.value)
                    : piece
            }
            let whole = shifted.first!.range.lowerBound..<shifted.last!.range.upperBound
            _ = runStore.transformAttributes(in: whole, recordingRuns: false) { $0.removing(key.name) }
            var reported: [(range: Range<Int>, value: AttributeValue)] = []
            for piece in shifted {
                if let previous = reported.last, previous.range.upperBound == piece.range.lowerBound, previous.value == piece.value {
                    reported[reported.count - 1].range = previous.range.lowerBound..<piece.range.upperBound
                } else {
                    reported.append(piece)
                }
            }
            for piece in reported {
                adjustments.append(AttributeAdjustment(
                    cause: .textChanged, utf8Range: piece.range, key: key.name, oldValue: piece.value, newValue: nil))
                changes.append(KeyChange(key: key.name, range: piece.range, oldValue: piece.value, newValue: nil, behavior: key.behavior))
            }
            dirty = min(dirty.lowerBound, whole.lowerBound)..<max(dirty.upperBound, whole.upperBound)
        }
        // Steps 3 and 5 exactly as the pipeline runs them after a deletion: in a paragraph that was uniform step 3
        // changes nothing, and then the removals above have no dependent key to follow.
        if attributesNear(dirty).contains(where: { $0.hasParagraphKeys }) {
            let removals = changes.count
            enforceParagraphBoundaries(
                in: dirty, rule: .firstCharacterDecides, wholeParagraphs: isParagraphStart(dirty.lowerBound),
                into: &adjustments, changes: &changes)
            if changes.count > removals { propagateAttributeChanges(changes, into: &adjustments) }
        }
        return adjustments
    }

    /// The stretch of `entry`'s value around the run `run` (which holds it), walking runs outward; nil when a
    /// run of the stretch or just outside it has a dependent or character-bound key, or when a run of the
    /// stretch holds the value with another behaviour.
    private func plainStretch(of entry: AttributeEntry, aroundRun run: (index: Int, start: Int, length: Int)) -> Range<Int>? {
        var plain = true
        func extends(_ attributes: AttributeSet) -> Bool {
            if attributes.hasDependentKeys || attributes.hasCharacterKeys { plain = false; return false }
            guard attributes[entry.name] == entry.value else { return false }
            if attributes.entry(named: entry.name) != entry { plain = false; return false }
            return true
        }
        guard extends(runStore.rope[run.index].attributes) else { return nil }
        let stretch = stretch(aroundRun: run.index, start: run.start, length: run.length, while: extends)
        return plain ? stretch : nil
    }
}
