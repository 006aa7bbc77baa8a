/// The definition's part of the funnel: its behaviours on every key (step 0, once per string), then scope and
/// value constraints over the region the string's steps touched, written back by the string, and the run
/// boundaries again where those writes carry bound keys.
extension RichString {
    /// Step 0: every key of the definition's scope takes the behaviour the definition declares, over the whole
    /// string, then the run boundaries are enforced under those behaviours (the definition keeps the reports of
    /// both); whether it had anything to do: nothing, known in O(1) from the string's token (`behaviorStamp`),
    /// once the string carries them.
    @discardableResult
    mutating func stampBehaviors<D: DefinitionSteps>(_ definition: inout D) -> Bool {
        let token = definition.behaviorToken
        guard token != 0, runStore.behaviorStamp != token else { return false }
        definition.willWriteBeyondRawEdit(of: self, rawEditMade: false)
        let total = text.utf8Count
        // A string holds few distinct sets: each stamped once, found again by its serial number.
        var stamped = AttributeSetMemo<AttributeSet?>()
        var changesAny = false
        let left = definition.surelyLeft
        runStore.forEachRun(in: 0..<total) { range, attributes in
            // A set the definition leaves as it is carries its behaviours already (scope gives them).
            if left.contains(attributes) { return true }
            let new = definition.stamp(attributes, over: range)
            if new != nil { changesAny = true }
            _ = stamped.index(of: attributes) { _ in new }
            return true
        }
        if changesAny {
            // One walk and one splice; runs that now carry equal sets merge.
            _ = runStore.transformAttributes(in: 0..<total, recordingRuns: false) { stamped[$0].flatMap { $0 } ?? $0 }
        }
        var state = MutationState(region: 0..<total)
        enforceBoundariesEverywhere(into: &state)
        if !state.adjustments.isEmpty { definition.noteBehaviorReports(state.adjustments) }
        runStore.behaviorStamp = token
        return true
    }

    /// Steps 3 and 4 over the whole string, for text and runs that come from outside: paragraph-bound keys become
    /// constant per paragraph (the first character decides) and character-bound keys leave other characters. One
    /// walk tells whether either kind of key is there at all.
    mutating func enforceBoundariesEverywhere(into state: inout MutationState) {
        var traits: SetTraits = []
        runStore.rope.forEach { _, run in
            run.withAttributes { traits.formUnion($0.traits) }
            return !(traits.contains(.paragraph) && traits.contains(.character))
        }
        let all = 0..<text.utf8Count
        if traits.contains(.paragraph) { enforceParagraphBoundaries(in: all, rule: .firstCharacterDecides, into: &state) }
        if traits.contains(.character) { enforceCharacterBoundaries(in: all, into: &state) }
    }

    /// Steps 6 and 7: scope and value constraints over `region` (offsets after the edit), widened to whole
    /// characters and one more on each side (an edit can merge or split the clusters next to it, which changes
    /// what bound keys allow), and to whole paragraphs when the definition decides paragraph-bound keys; each
    /// run's set rewritten as the definition answers, then the run boundaries where a written set carries a bound
    /// key. Returns the stretch enforced over. Nothing to do, found without writing, when every run there carries
    /// a set the definition surely leaves.
    mutating func enforceDefinition<D: DefinitionSteps>(_ definition: inout D, over region: Range<Int>,
                                                        into state: inout MutationState) -> Range<Int> {
        let total = text.utf8Count
        guard total > 0 else { return 0..<0 }
        let widened = definition.takesShortcuts
            ? characterWidening(of: region, margin: true) : widenedToCharactersByGraphemes(region, margin: true)
        if !definition.decidesParagraphs {
            // Read through the settled sets alone: a walk that reads `definition` itself copies it at every run.
            if let known = definition.settledSets {
                // The run a text edit only resized holds the region and the margin: its set alone decides.
                if let run = state.resizedRun, run.stretch.lowerBound <= widened.lowerBound,
                   widened.upperBound <= run.stretch.upperBound, known.contains(run.attributes.set) { return widened }
                var settled = true
                runStore.forEachRun(in: widened) { _, attributes in
                    settled = known.contains(attributes)
                    return settled
                }
                if settled { return widened }
            }
        }
        var processed = widened
        var writes: [(range: Range<Int>, runs: [AttributeRun])] = []
        /// What the definition makes of one run, as the character boundary lets it stand, with its reports.
        func enforce(_ range: Range<Int>, _ attributes: AttributeSet, paragraphStart: AttributeSet?) {
            guard let result = definition.rewrite(attributes, paragraphStart: paragraphStart) else { return }
            let runs = result.hasCharacterKeys ? characterPieces(of: result, over: range)
                                               : [AttributeRun(utf8Count: range.count, attributes: result)]
            var position = range.lowerBound
            for run in runs {
                let piece = position..<(position + run.utf8Count)
                definition.reportRewrite(from: attributes, to: run.attributes, over: piece)
                position = piece.upperBound
            }
            writes.append((range, runs))
        }
        if definition.decidesParagraphs {
            // One byte further: a paragraph that starts right where the region ends has a new first character
            // when the edit inserted or removed a separator.
            let paragraphs = text.paragraphRanges(overlapping: widened.lowerBound..<min(widened.upperBound + 1, total)).filter { !$0.isEmpty }
            processed = paragraphs.reduce(widened) { $0.union($1) }
            for paragraph in paragraphs {
                let first = definition.paragraphStart(runStore.attributes(at: paragraph.lowerBound))
                runStore.forEachRun(in: paragraph) { range, attributes in
                    enforce(range, attributes, paragraphStart: first)
                    return true
                }
            }
        } else {
            runStore.forEachRun(in: widened) { range, attributes in
                enforce(range, attributes, paragraphStart: nil)
                return true
            }
        }
        if !writes.isEmpty { definition.willWriteBeyondRawEdit(of: self, rawEditMade: true) }
        for write in writes {
            // One run's answer is one set over one run's stretch: set in place, in one walk when the stretch lies
            // in one leaf, rather than found again at both ends and spliced.
            if write.runs.count == 1 {
                let answer = write.runs[0].attributes
                _ = runStore.transformAttributes(in: write.range, recordingRuns: false) { _ in answer }
            } else {
                runStore.replace(write.range, with: write.runs)
            }
        }
        // Step 7. A definition's answers keep paragraphs uniform (paragraph-bound keys come from the first
        // character) and its character-bound keys on their characters (split above), but behaviours it gave keys
        // read from outside may leave a boundary to fix: the boundary steps run where a written set has a bound key.
        if writes.contains(where: { $0.runs.contains { $0.attributes.hasParagraphKeys || $0.attributes.hasCharacterKeys } }) {
            var after = MutationState(region: widened)
            enforceParagraphBoundaries(in: widened, rule: .firstCharacterDecides, into: &after)
            enforceCharacterBoundaries(in: widened, into: &after)
            if !after.adjustments.isEmpty {
                definition.noteBehaviorReports(after.adjustments)
                state.adjustments += after.adjustments
            }
        }
        return processed
    }
}
