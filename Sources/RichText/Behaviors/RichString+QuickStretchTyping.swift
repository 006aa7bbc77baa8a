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

    /// The stretch of `entry`'s value around the run `run` (which holds it), walking runs outward; nil when a
    /// run of the stretch or just outside it has a dependent or character-bound key, or when a run of the
    /// stretch holds the value with another behaviour.
    private func plainStretch(of entry: AttributeEntry, aroundRun run: (index: Int, start: Int, length: Int)) -> Range<Int>? {
        var lower = run.start
        var upper = run.start + run.length
        var plain = true
        func extends(_ attributes: AttributeSet) -> Bool {
            if attributes.hasDependentKeys || attributes.hasCharacterKeys { plain = false; return false }
            guard attributes[entry.name] == entry.value else { return false }
            if attributes.entry(named: entry.name) != entry { plain = false; return false }
            return true
        }
        guard extends(runStore.rope[run.index].attributes) else { return nil }
        runStore.rope.forEachBackward(before: run.index) { _, previous in
            guard extends(previous.attributes) else { return false }
            lower -= previous.utf8Count
            return true
        }
        guard plain else { return nil }
        runStore.rope.forEach(from: run.index + 1) { _, next in
            guard extends(next.attributes) else { return false }
            upper += next.utf8Count
            return true
        }
        return plain ? lower..<upper : nil
    }
}
