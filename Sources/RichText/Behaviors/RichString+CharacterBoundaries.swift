/// Step 4 of the funnel, `runBoundaries: .character(c)`: a character-bound key stands only on the scalars its
/// boundary admits (`RunBoundary.admits`, per scalar, as Foundation's `fixScalarConstrainedAttributes`).
extension RichString {
    /// Step 4 after a text edit: nothing to do, found in O(1), when no run next to the region and no new run
    /// carries a character-bound key.
    mutating func enforceCharacters(after edit: TextEdit, typed: AttributeSet?, _ near: EditNeighbourhood, into state: inout MutationState) {
        let newRunsCarry = edit.runs.map { $0.contains { $0.attributes.hasCharacterKeys } } ?? (typed?.hasCharacterKeys ?? false)
        let nearCarry = state.region == edit.inserted
            ? near.beforeTraits.contains(.character) || near.afterTraits.contains(.character)
            : runStore.anyRun(in: window(around: state.region)) { $0.hasCharacterKeys }
        guard nearCarry || newRunsCarry else { return }
        enforceCharacterBoundaries(in: state.region, into: &state)
    }

    /// Removes every character-bound key from the scalars in `region` that its boundary does not admit. An edit
    /// changes no scalar beside it, so only the scalars of `region` are looked at. Reported key by key, each
    /// stretch of one change once.
    mutating func enforceCharacterBoundaries(in region: Range<Int>, into state: inout MutationState) {
        let total = text.utf8Count
        let lower = text.roundDownToScalar(min(max(region.lowerBound, 0), total))
        var upper = min(region.upperBound, total)
        while upper < total && text.byte(at: upper) & 0xC0 == 0x80 { upper += 1 }
        guard lower < upper else { return }
        var carrying: [(range: Range<Int>, attributes: AttributeSet)] = []
        runStore.forEachRun(in: lower..<upper) { range, attributes in
            if attributes.hasCharacterKeys { carrying.append((range, attributes)) }
            return true
        }
        var made: [KeyChange] = []
        var writes: [(range: Range<Int>, runs: [AttributeRun])] = []
        var traits: SetTraits = []
        for (range, attributes) in carrying {
            let runs = characterPieces(of: attributes, over: range)
            guard runs.count > 1 || runs[0].attributes != attributes else { continue }
            traits.formUnion(attributes.traits)
            made += keyChanges(from: [AttributeRun(utf8Count: range.count, attributes: attributes)], to: runs, start: range.lowerBound)
            writes.append((range, runs))
        }
        guard !writes.isEmpty else { return }
        for write in writes { runStore.replace(write.range, with: write.runs) }
        made.sort { $0.key != $1.key ? $0.key < $1.key : $0.range.lowerBound < $1.range.lowerBound }
        var merged: [KeyChange] = []
        for change in made {
            if var last = merged.last, last.key == change.key, last.range.upperBound == change.range.lowerBound,
               last.oldValue == change.oldValue, last.newValue == change.newValue {
                last.range = last.range.lowerBound..<change.range.upperBound
                merged[merged.count - 1] = last
            } else {
                merged.append(change)
            }
        }
        state.record(merged, cause: .characterBoundary, traits: traits)
    }

    /// The rule of character-bound keys, in one place: `attributes` over `range`, each scalar keeping only the
    /// character-bound keys whose boundary admits it (`RunBoundary.admits`), as runs, equal neighbours merged.
    func characterPieces(of attributes: AttributeSet, over range: Range<Int>) -> [AttributeRun] {
        let bound = attributes.entries.compactMap { entry -> (name: String, boundary: RunBoundary)? in
            guard let boundary = entry.behavior.runBoundaries, boundary.constrainedScalar != nil else { return nil }
            return (entry.name, boundary)
        }
        guard !bound.isEmpty else { return [AttributeRun(utf8Count: range.count, attributes: attributes)] }
        var runs: [AttributeRun] = []
        let total = text.utf8Count
        let lower = text.roundDownToScalar(min(max(range.lowerBound, 0), total))
        text.forEachScalar(in: lower..<max(lower, min(range.upperBound, total))) { offset, scalar in
            var set = attributes
            for (name, boundary) in bound where !boundary.admits(scalar) { set = set.removing(name) }
            let length = min(offset + scalar.utf8.count, range.upperBound) - max(offset, range.lowerBound)
            if let last = runs.last, last.attributes == set {
                runs[runs.count - 1].utf8Count += length
            } else {
                runs.append(AttributeRun(utf8Count: length, attributes: set))
            }
        }
        return runs
    }
}
