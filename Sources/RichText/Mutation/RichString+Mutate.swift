/// The funnel: every mutation of a `RichString` goes through `mutate(_:under:)`, whose body is the order of the
/// steps (DESIGN §2 and §3), as Foundation's `Guts.replaceSubrange` funnels every text mutation:
///
/// 0. The definition's behaviours on every key of its scope, once per string (`stampBehaviors`).
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
    /// Runs `mutation` through every step, under `definition`'s steps, and returns what the steps changed on
    /// their own, in the order made, in offsets of the string after the mutation.
    @discardableResult
    package mutating func mutate<D: DefinitionSteps>(_ mutation: Mutation, under definition: inout D) -> [D.Report] {
        var processed = 0..<0
        return mutate(mutation, under: &definition, processed: &processed)
    }

    /// `mutate(_:under:)`, also giving the stretch the definition was enforced over (offsets after the mutation):
    /// a probe on an excerpt checks that it did not reach the excerpt's cut edges.
    mutating func mutate<D: DefinitionSteps>(_ mutation: Mutation, under definition: inout D, processed: inout Range<Int>) -> [D.Report] {
        // 0.
        let stamping = stampBehaviors(&definition)
        var state = MutationState(region: 0..<0)
        // The text each part of the mutation replaced, with its new length: stamping's reports move through them.
        var replacements: [(range: Range<Int>, newLength: Int)] = []
        // 1-5. The converted ranges are the only conversion of the caller's indices.
        switch mutation {
        case let .typing(newText, range):
            let edit = TextEdit(range: offsets(of: range), text: newText, runs: nil)
            replacements = [(edit.range, edit.length)]
            editText(edit, into: &state)
        case let .pasting(source, sourceRange, range):
            let edit = TextEdit(range: offsets(of: range), text: Substring(source.text.string(in: sourceRange)),
                                runs: source.runStore.runs(in: sourceRange))
            replacements = [(edit.range, edit.length)]
            editText(edit, into: &state)
        case let .removing(ranges):
            let list = ranges.map { offsets(of: $0) }
            replacements = list.map { ($0, 0) }
            // Last range first, so that the offsets of the others hold; each earlier report moves through the
            // removals after it.
            for range in list.reversed() {
                var one = MutationState(region: 0..<0)
                editText(TextEdit(range: range, text: "", runs: []), into: &one)
                state.adjustments = state.adjustments.moved(through: [(range, 0)]) + one.adjustments
            }
            let removed = list.reduce(0) { $0 + $1.count }
            let lower = list.first?.lowerBound ?? 0
            state.region = lower..<max(lower, (list.last?.upperBound ?? 0) - removed)
        case let .setting(key, value, ranges):
            let list = ranges.map { offsets(of: $0) }
            AttributeSet.KeyChange(setting: key, to: value).withTransform { changeAttributes(in: list, $0, into: &state) }
        case let .transforming(ranges, transform):
            changeAttributes(in: ranges.map { offsets(of: $0) }, transform, into: &state)
        case let .writing(runs, range):
            let r = offsets(of: range)
            let raw = writeRaw(runs, over: r)
            state.region = r
            enforceBehaviors(after: raw.changes, dependentsAfter: raw.dependentsAfter, in: [r], into: &state)
        case .normalizing:
            state.region = 0..<text.utf8Count
            // Stamping enforced the boundaries under the new behaviours already.
            if stamping == nil { enforceBoundariesEverywhere(into: &state) }
        }
        // 6-7.
        var reports = state.adjustments.map(D.report)
        if definition.isActive {
            var region = state.region
            for adjustment in state.adjustments { region = region.union(adjustment.utf8Range) }
            processed = enforceDefinition(&definition, over: region, into: &reports)
        }
        if definition.behaviorToken != 0 { runStore.behaviorStamp = definition.behaviorToken }
        guard let stamping, !stamping.isEmpty else { return reports }
        return stamping.moved(through: replacements) + reports
    }

    /// Steps 1-5 for a text edit, one range.
    private mutating func editText(_ edit: TextEdit, into state: inout MutationState) {
        let length = edit.length
        state.region = edit.inserted
        // An empty edit changes nothing.
        if edit.range.isEmpty && length == 0 { return }
        let near = neighbourhood(of: edit.range)
        let typed = edit.runs == nil && length > 0 ? typedAttributes(over: edit.range, near) : nil
        let runs = edit.runs ?? typed.map { [AttributeRun(utf8Count: length, attributes: $0)] } ?? []
        // Behaviours fire only where a key that has one stands at the edit's edges (paragraphs are uniform and
        // stretches maximal, so the edge runs tell) or in the new text.
        let behaviors = near.hasBehaviors || runs.contains { $0.attributes.hasBehaviors }
        // What steps 2 and 3 must know of the text before the edit: the stretches it breaks, and whether it
        // splits or joins paragraphs.
        let broken = behaviors ? stretchesBroken(by: edit, near) : []
        let structural = behaviors && isStructural(edit.range, edit.text)
        // 1.
        replaceRaw(edit, runs: runs, near)
        guard behaviors else { return }
        // 2.
        invalidate(broken, after: edit, into: &state)
        // 3.
        enforceParagraphs(after: edit, typed: typed, structural: structural, near, into: &state)
        // 4.
        enforceCharacters(after: edit, typed: typed, near, into: &state)
        // 5. Text the edit inserted had no value before it.
        propagateAttributeChanges(state.changes.flatMap { $0.excluding(edit.inserted) }, into: &state)
    }

    /// Steps 1-5 for an attribute change over several ranges, as one mutation.
    private mutating func changeAttributes(in ranges: [Range<Int>], _ transform: (AttributeSet) -> AttributeSet, into state: inout MutationState) {
        state.region = (ranges.first?.lowerBound ?? 0)..<(ranges.last?.upperBound ?? 0)
        // 1.
        let raw = transformRaw(ranges, transform)
        enforceBehaviors(after: raw.changes, dependentsAfter: raw.dependentsAfter, in: ranges, into: &state)
    }

    /// Steps 3-5 after an attribute change over `ranges` whose key changes were `primary`; `dependentsAfter`
    /// tells whether a run over a change carries a key that depends on another after it. Nothing to do when no
    /// key changed, or when only keys without a behaviour changed where no run carries one.
    private mutating func enforceBehaviors(after primary: [KeyChange], dependentsAfter: Bool, in ranges: [Range<Int>],
                                           into state: inout MutationState) {
        guard !primary.isEmpty else { return }
        guard primary.contains(where: { $0.behavior != .plain })
                || ranges.contains(where: { range in runStore.anyRun(in: range) { $0.hasBehaviors } }) else { return }
        state.changes = primary
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
        // 5. When steps 3-4 changed nothing, the runs over the changes are the new runs: with no dependent key
        // among them, there is nothing to remove.
        if state.changes.count == primary.count && !dependentsAfter { return }
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
