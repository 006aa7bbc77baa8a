/// The funnel: every mutation of a `RichString` goes through `mutate(_:under:)`, whose body is the order of the
/// steps (DESIGN §2 and §3), as Foundation's `Guts.replaceSubrange` funnels every text mutation:
///
/// 0. The definition's behaviours on every key of its scope, once per string (`stampBehaviors`); its reports are
///    the definition's to place (they come first, moved through the edit).
/// 1. The raw edit, with inheritance for plain text (typed text at a paragraph's start takes that paragraph's
///    value for paragraph-bound keys).
/// 2. `textChanged`: stretches that the edit is strictly inside or across lose the key, on both sides.
/// 3. `runBoundaries: .paragraph`: after text edits the paragraph's first character decides; after attribute
///    changes the changed value spreads over each paragraph it touched.
/// 4. `runBoundaries: .character(c)`: the key leaves every scalar that is not c's scalar (`RunBoundary.admits`).
/// 5. `attributeChanged(K)`: wherever K really changed in steps 1–4 (on text that existed before the edit),
///    dependent keys are removed, and the chain is followed.
/// 6. The definition's scope and value constraints over the region steps 1–5 touched.
/// 7. The run boundaries again, where the definition wrote a set with a bound key.
/// Coalescing is the run tree's own: every write merges equal neighbours. The reports come back in the order made.
///
/// Each step lives in its own file, takes the region the steps before it widened (`MutationState`), and decides
/// in O(1) when it has nothing to do, from the runs at the edit's edges (`EditNeighbourhood`) or the sets' traits.
/// Step 5 only removes values, and removes paragraph-bound dependents from whole paragraphs, so it cannot undo
/// steps 3–4; nothing iterates and nothing needs a cap.
extension RichString {
    /// Runs `mutation` through every step, under `definition`'s steps, and returns what the string's own steps
    /// changed on their own, in the order made, in offsets of the string after the mutation. The definition
    /// keeps its reports, and the string's, in order (`DefinitionSteps.noteBehaviorReports`).
    @discardableResult @inline(__always)
    package mutating func mutate<D: DefinitionSteps>(_ mutation: consuming Mutation, under definition: inout D) -> [AttributeAdjustment] {
        var processed = 0..<0
        return mutate(mutation, under: &definition, processed: &processed)
    }

    /// `mutate(_:under:)`, also giving the stretch the definition was enforced over (offsets after the mutation):
    /// a probe on an excerpt checks that it did not reach the excerpt's cut edges.
    @inline(__always)
    mutating func mutate<D: DefinitionSteps>(_ mutation: consuming Mutation, under definition: inout D, processed: inout Range<Int>) -> [AttributeAdjustment] {
        // 0. Once per string (O(1) once stamped); an edit of a string read from outside stamps it first.
        let stamped = stampBehaviors(&definition)
        var state = MutationState(region: 0..<0)
        // Only a one-range text edit's raw edit is watched: every other mutation tells before it starts.
        if !mutation.isTextEdit { definition.willWriteBeyondRawEdit(of: self, rawEditMade: false) }
        // 1-5. The caller's indices are converted once, here. The mutation is taken apart, not copied.
        switch consume mutation {
        case let .typing(newText, range):
            let edit = TextEdit(range: offsets(of: range), text: newText, runs: nil)
            if stamped { definition.moveReports(through: [(edit.range, edit.length)]) }
            editText(edit, into: &state, telling: &definition)
        case let .pasting(source, sourceRange, range):
            let edit = TextEdit(range: offsets(of: range), text: Substring(source.text.string(in: sourceRange)),
                                runs: source.runStore.runs(in: sourceRange))
            if stamped { definition.moveReports(through: [(edit.range, edit.length)]) }
            editText(edit, into: &state, telling: &definition)
        case let .removing(ranges):
            if stamped { definition.moveReports(through: (0..<ranges.count).map { (offsets(of: ranges[$0]), 0) }) }
            removeText(in: ranges, into: &state)
        case let .setting(change, ranges):
            change.withTransform { changeAttributes(in: ranges, $0, into: &state) }
        case let .transforming(ranges, transform):
            changeAttributes(in: ranges, transform, into: &state)
        case let .writing(runs, range):
            let r = offsets(of: range)
            let raw = writeRaw(runs, over: r)
            state.region = r
            enforceBehaviors(after: raw.changes, dependentsAfter: raw.dependentsAfter, in: [r], into: &state)
        case .normalizing:
            state.region = 0..<text.utf8Count
            // Stamping enforced the boundaries under the new behaviours already.
            if !stamped { enforceBoundariesEverywhere(into: &state) }
        case .stamping:
            definition.finishedMutation(changingNothingOutside: 0..<text.utf8Count)
            return []
        }
        return definitionSteps(&definition, after: &state, stamped: stamped, processed: &processed)
    }

    /// Steps 6-7 after the string's own steps, and the end of the mutation: the definition told what the string's
    /// steps reported and where the mutation changed anything.
    private mutating func definitionSteps<D: DefinitionSteps>(_ definition: inout D, after state: inout MutationState, stamped: Bool,
                                                              processed: inout Range<Int>) -> [AttributeAdjustment] {
        if !state.adjustments.isEmpty { definition.noteBehaviorReports(state.adjustments) }
        var region = state.region
        for adjustment in state.adjustments { region = region.union(adjustment.utf8Range) }
        // 6-7.
        if definition.isActive {
            processed = enforceDefinition(&definition, over: region, into: &state)
            region = region.union(processed)
        }
        if definition.behaviorToken != 0 { runStore.behaviorStamp = definition.behaviorToken }
        definition.finishedMutation(changingNothingOutside: stamped ? 0..<text.utf8Count : region)
        return state.adjustments
    }

    /// Steps 1-5 for a text edit, one range; `definition` is told before a step writes beyond the raw edit.
    private mutating func editText<D: DefinitionSteps>(_ edit: TextEdit, into state: inout MutationState, telling definition: inout D) {
        let length = edit.length
        state.region = edit.inserted
        // An empty edit changes nothing.
        if edit.range.isEmpty && length == 0 { return }
        let near = neighbourhood(of: edit.range)
        let typed = edit.runs == nil && length > 0 ? typedAttributes(over: edit.range, near) : nil
        // Behaviours fire only where a key that has one stands at the edit's edges (paragraphs are uniform and
        // stretches maximal, so the edge runs tell) or in the new text.
        let behaviors = near.hasBehaviors || (typed?.hasBehaviors ?? false) || (edit.runs?.contains { $0.attributes.hasBehaviors } ?? false)
        // What steps 2 and 3 must know of the text before the edit: the stretches it breaks, and whether it
        // splits or joins paragraphs.
        let broken = behaviors ? stretchesBroken(by: edit, near) : []
        let structural = behaviors && isStructural(edit.range, edit.text)
        if behaviors { definition.willWriteBeyondRawEdit(of: self, rawEditMade: false) }
        // 1-2. Step 2 writes before the raw edit: removing each broken stretch's key across the edited range in one
        // write leaves what removing it from the surviving pieces after the edit would.
        if !broken.isEmpty { removeKeys(of: broken, around: edit) }
        let resized = replaceRaw(edit, typed: typed, near, runsMoved: !broken.isEmpty)
        guard behaviors else {
            // Nothing more is written: the resized run holds the edit's region, with the set it had.
            if let resized, let attributes = edit.range.isEmpty ? near.$before : near.$first {
                state.resizedRun = (resized, attributes)
            }
            return
        }
        reportInvalidated(broken, after: edit, into: &state)
        // 3.
        enforceParagraphs(after: edit, typed: typed, structural: structural, near, into: &state)
        // 4.
        enforceCharacters(after: edit, typed: typed, near, into: &state)
        // 5. Text the edit inserted had no value before it.
        if state.changedTraits.contains(.dependent) {
            propagateAttributeChanges(state.changes.flatMap { $0.excluding(edit.inserted) }, into: &state)
        }
    }

    /// Steps 1-5 for a removal over several ranges, as one mutation: the last range first, so that the offsets
    /// of the others hold, each earlier report moved through the removals after it.
    private mutating func removeText(in ranges: MutationRanges, into state: inout MutationState) {
        let count = ranges.count
        guard count > 0 else { return }
        if count == 1 {
            let range = offsets(of: ranges[0])
            var silent = NoDefinition()
            editText(TextEdit(range: range, text: "", runs: []), into: &state, telling: &silent)
            return
        }
        var list: [Range<Int>] = []
        for i in 0..<count { list.append(offsets(of: ranges[i])) }
        for range in list.reversed() {
            var one = MutationState(region: 0..<0)
            var silent = NoDefinition()
            editText(TextEdit(range: range, text: "", runs: []), into: &one, telling: &silent)
            state.adjustments = state.adjustments.moved(through: [(range, 0)]) + one.adjustments
        }
        let removed = list.reduce(0) { $0 + $1.count }
        let lower = list[0].lowerBound
        state.region = lower..<max(lower, list[count - 1].upperBound - removed)
    }

    /// Steps 1-5 for an attribute change over several ranges, as one mutation.
    private mutating func changeAttributes(in ranges: MutationRanges, _ transform: (AttributeSet) -> AttributeSet, into state: inout MutationState) {
        let count = ranges.count
        guard count > 0 else { return }
        if count == 1 {
            let range = offsets(of: ranges[0])
            state.region = range
            // 1.
            let raw = transformRaw(range, recordingRuns: false, transform)
            enforceBehaviors(after: raw.changes, dependentsAfter: raw.dependentsAfter, in: CollectionOfOne(range), into: &state)
            return
        }
        var list: [Range<Int>] = []
        for i in 0..<count { list.append(offsets(of: ranges[i])) }
        state.region = list[0].lowerBound..<list[count - 1].upperBound
        // 1. With several ranges, a later step started in one can reach another's runs: every range's changes
        // are kept.
        var changes: [KeyChange] = []
        var dependentsAfter = false
        for range in list {
            let raw = transformRaw(range, recordingRuns: true, transform)
            changes += raw.changes
            dependentsAfter = dependentsAfter || raw.dependentsAfter
        }
        enforceBehaviors(after: changes, dependentsAfter: dependentsAfter, in: list, into: &state)
    }

    /// Steps 3-5 after an attribute change over `ranges` whose key changes were `primary`; `dependentsAfter`
    /// tells whether a run over a change carries a key that depends on another after it. Nothing to do when no
    /// key changed, or when only keys without a behaviour changed where no run carries one.
    private mutating func enforceBehaviors(after primary: [KeyChange], dependentsAfter: Bool, in ranges: some Collection<Range<Int>>,
                                           into state: inout MutationState) {
        guard !primary.isEmpty else { return }
        guard primary.contains(where: { $0.behavior != .plain })
                || ranges.contains(where: { range in runStore.anyRun(in: range) { $0.hasBehaviors } }) else { return }
        state.changes = primary
        // A primary change reaches a dependent key only where one stands after it.
        if dependentsAfter { state.changedTraits.insert(.dependent) }
        // 3.
        for change in primary where change.behavior.runBoundaries == .paragraph {
            enforceParagraphBoundaries(in: change.range, rule: .changedValueSpreads(change.range), keys: [change.key], into: &state)
        }
        // 4.
        for change in primary {
            if case .character = change.behavior.runBoundaries, change.newValue != nil {
                enforceCharacterBoundaries(in: change.range, into: &state)
            }
        }
        // 5.
        propagateAttributeChanges(state.changes, into: &state)
    }
}

extension KeyChange {
    /// The parts of this change outside `range` (text inserted by the edit has no value before it).
    func excluding(_ range: Range<Int>) -> [KeyChange] {
        guard !range.isEmpty, self.range.overlaps(range) else { return [self] }
        var parts: [KeyChange] = []
        if self.range.lowerBound < range.lowerBound {
            var left = self
            left.range = self.range.lowerBound..<range.lowerBound
            parts.append(left)
        }
        if self.range.upperBound > range.upperBound {
            var right = self
            right.range = range.upperBound..<self.range.upperBound
            parts.append(right)
        }
        return parts
    }
}
