/// The order in which key behaviours fire on every mutation. It is part of the contract and tested:
///
/// 1. The raw edit, with inheritance for plain text (typed text at a paragraph's start takes that paragraph's
///    value for paragraph-bound keys).
/// 2. `textChanged`: stretches that the edit is strictly inside or across lose the key, on both sides.
/// 3. `runBoundaries: .paragraph`: after text edits the paragraph's first character decides; after attribute
///    changes the changed value spreads over each paragraph it touched.
/// 4. `runBoundaries: .character(c)`: the key leaves every scalar that is not c's scalar (`RunBoundary.admits`).
/// 5. `attributeChanged(K)`: wherever K really changed in steps 1–4 (on text that existed before the edit),
///    dependent keys are removed, and the chain is followed.
///
/// Step 5 only removes values, and removes paragraph-bound dependents from whole paragraphs, so it cannot undo
/// steps 3–4; the pipeline needs no iteration and no cap.
extension RichString {
    /// A text mutation through every behaviour. `attributedRuns` nil means plain text that inherits.
    @discardableResult
    mutating func editText(_ range: Range<Int>, with newText: Substring, attributedRuns: [AttributeRun]?) -> [AttributeAdjustment] {
        if range.isEmpty && newText.isEmpty { return [] }
        if let adjustments = editTextQuickly(range, with: newText, attributedRuns: attributedRuns) { return adjustments }
        return editTextThroughPipeline(range, with: newText, attributedRuns: attributedRuns)
    }

    /// `editText` with every step of the pipeline run in order: the reference for the quick paths.
    @discardableResult
    mutating func editTextThroughPipeline(_ range: Range<Int>, with newText: Substring, attributedRuns: [AttributeRun]?) -> [AttributeAdjustment] {
        let length = newText.utf8.count
        if range.isEmpty && length == 0 { return [] }
        let runs: [AttributeRun]
        if let attributedRuns {
            runs = attributedRuns
        } else {
            runs = length > 0 ? [AttributeRun(utf8Count: length, attributes: attributesForTyping(over: range))] : []
        }
        // Behaviours can only fire where a key that has one stands next to the edit (paragraphs are uniform and
        // stretches are maximal, so the runs at the edit's edges tell), or in the text inserted.
        guard behaviorKeysNear(range) || runs.contains(where: { $0.attributes.hasBehaviors }) else {
            rawReplace(range, with: newText, runs: runs)
            return []
        }
        let survivors = textChangeSurvivors(of: range, inserts: length > 0)
        let structural = isStructural(range, newText)
        rawReplace(range, with: newText, runs: runs)

        let delta = length - range.count
        let inserted = range.lowerBound..<(range.lowerBound + length)
        func shifted(_ r: Range<Int>) -> Range<Int> {
            r.lowerBound >= range.upperBound ? (r.lowerBound + delta)..<(r.upperBound + delta) : r
        }
        var adjustments: [AttributeAdjustment] = []
        var changes: [KeyChange] = []
        var dirty = inserted
        for (key, pieces) in survivors {
            // After a deletion the pieces on either side touch: report them as one stretch.
            var merged: [Range<Int>] = []
            for piece in pieces.map(shifted).sorted(by: { $0.lowerBound < $1.lowerBound }) {
                if let last = merged.last, last.upperBound == piece.lowerBound {
                    merged[merged.count - 1] = last.lowerBound..<piece.upperBound
                } else {
                    merged.append(piece)
                }
            }
            for piece in merged {
                let behavior = runStore.attributes(at: piece.lowerBound).entry(named: key)?.behavior ?? .plain
                let made = setUniform(key, entry: nil, behavior: behavior, over: piece, cause: .textChanged)
                adjustments += made.adjustments
                changes += made.changes
                dirty = min(dirty.lowerBound, piece.lowerBound)..<max(dirty.upperBound, piece.upperBound)
            }
        }
        let near = attributesNear(dirty)
        let inserted_ = runs
        if near.contains(where: { $0.hasParagraphKeys }) || inserted_.contains(where: { $0.attributes.hasParagraphKeys }) {
            // Paragraphs were uniform before the edit. They can stop being so only when paragraphs were split
            // or merged, a paragraph-bound key lost a stretch, attributed text came in, or plain text replaced
            // a paragraph's first character (it inherits from the paragraph before). Plain typing takes its
            // paragraph's values (DESIGN §2), and a deletion inside a paragraph leaves it uniform.
            let lostParagraphKey = changes.contains { $0.behavior.runBoundaries == .paragraph }
            let replacedFirstCharacter = !range.isEmpty && length > 0 && attributedRuns == nil && isParagraphStart(range.lowerBound)
            // Typed text lacks the paragraph-bound keys that are not inherited; it differs from its paragraph then.
            var typedTextDiffers = false
            if length > 0, attributedRuns == nil, let typed = runs.first?.attributes {
                let inside = inserted.lowerBound > 0 && !isParagraphStart(inserted.lowerBound) ? inserted.lowerBound - 1 : inserted.upperBound
                if inside < text.utf8Count {
                    typedTextDiffers = runStore.attributes(at: inside).paragraphBound != typed.paragraphBound
                }
            }
            if structural || lostParagraphKey || attributedRuns != nil || replacedFirstCharacter || typedTextDiffers {
                let whole = structural || lostParagraphKey || isParagraphStart(dirty.lowerBound)
                enforceParagraphBoundaries(
                    in: dirty, rule: .firstCharacterDecides, wholeParagraphs: whole, into: &adjustments, changes: &changes)
            }
        }
        if near.contains(where: { $0.hasCharacterKeys }) || inserted_.contains(where: { $0.attributes.hasCharacterKeys }) {
            enforceCharacterBoundaries(in: dirty, into: &adjustments, changes: &changes)
        }
        propagateAttributeChanges(changes.flatMap { $0.excluding(inserted) }, into: &adjustments)
        return adjustments
    }

    /// An attribute mutation over several ranges, as one mutation, through every behaviour.
    ///
    /// `alwaysRecordingRuns` makes a single range take the path of several (every piece recorded and diffed):
    /// the reference that tests compare the quick single-range path with.
    @discardableResult
    mutating func editAttributes(
        in ranges: [Range<Int>], alwaysRecordingRuns: Bool = false, _ transform: (AttributeSet) -> AttributeSet
    ) -> [AttributeAdjustment] {
        // A single range whose runs carry no key with a behaviour, before or after, needs nothing beyond the
        // change itself: its key changes are all plain and no run there has a behaviour. With several ranges,
        // enforcement started in one can reach another's runs, so every range's changes are kept.
        let recordAll = alwaysRecordingRuns || ranges.count > 1
        var primary: [KeyChange] = []
        var dependentsAfter = false
        for range in ranges where !range.isEmpty {
            let outcome = runStore.transformAttributes(in: range, recordingRuns: recordAll, transform)
            // A single range whose pieces leave steps 3-5 nothing to do is complete (see
            // `RunRope.mayNeedEnforcement(from:to:)`); its runs were not even recorded.
            guard outcome.changed, !outcome.old.isEmpty else { continue }
            primary += keyChanges(from: outcome.old, to: outcome.new, start: range.lowerBound)
            if outcome.new.contains(where: { $0.attributes.hasDependentKeys }) { dependentsAfter = true }
        }
        return enforceBehaviors(after: primary, dependentsAfter: dependentsAfter, in: ranges)
    }

    /// `editAttributes(in: [range], transform)` without the array: the common single-range attribute change.
    @discardableResult
    mutating func editAttributes(in range: Range<Int>, _ transform: (AttributeSet) -> AttributeSet) -> [AttributeAdjustment] {
        guard !range.isEmpty else { return [] }
        let outcome = runStore.transformAttributes(in: range, recordingRuns: false, transform)
        // A range whose pieces leave steps 3-5 nothing to do is complete; its runs were not even recorded.
        guard outcome.changed, !outcome.old.isEmpty else { return [] }
        let primary = keyChanges(from: outcome.old, to: outcome.new, start: range.lowerBound)
        let dependentsAfter = outcome.new.contains(where: { $0.attributes.hasDependentKeys })
        return enforceBehaviors(after: primary, dependentsAfter: dependentsAfter, in: [range])
    }

    /// An attribute change that writes `newRuns` (covering `range`, the text unchanged) over `range`, as one
    /// mutation through steps 3-5: what writing a slice whose text is this string's own back into it does.
    @discardableResult
    mutating func editAttributes(in range: Range<Int>, writing newRuns: [AttributeRun]) -> [AttributeAdjustment] {
        guard !range.isEmpty else { return [] }
        let old = runStore.runs(in: range)
        guard old != newRuns else { return [] }
        runStore.replace(range, with: newRuns)
        let primary = keyChanges(from: old, to: newRuns, start: range.lowerBound)
        let dependentsAfter = newRuns.contains(where: { $0.attributes.hasDependentKeys })
        return enforceBehaviors(after: primary, dependentsAfter: dependentsAfter, in: [range])
    }

    /// Steps 3-5 of an attribute change over `ranges` whose key changes were `primary`; `dependentsAfter` tells
    /// whether a run over a change carries a dependent key after it.
    private mutating func enforceBehaviors(
        after primary: [KeyChange], dependentsAfter: Bool, in ranges: [Range<Int>]
    ) -> [AttributeAdjustment] {
        guard !primary.isEmpty else { return [] }
        guard primary.contains(where: { $0.behavior != .plain }) || ranges.contains(where: { behaviorKeys(in: $0) }) else {
            return []
        }
        var adjustments: [AttributeAdjustment] = []
        var changes = primary
        for change in primary where change.behavior.runBoundaries == .paragraph {
            enforceParagraphBoundaries(
                in: change.range, rule: .changedValueSpreads(change.range), keys: [change.key],
                into: &adjustments, changes: &changes)
        }
        for change in primary {
            if case .character = change.behavior.runBoundaries, change.newValue != nil {
                enforceCharacterBoundaries(in: change.range, into: &adjustments, changes: &changes)
            }
        }
        // When steps 3-4 changed nothing, the runs over the changes are the new runs: with no dependent key
        // among them, step 5 has nothing to remove.
        if changes.count == primary.count && !dependentsAfter { return adjustments }
        propagateAttributeChanges(changes, into: &adjustments)
        return adjustments
    }

    /// Whether a run at either edge of `range` (the scalars just before, at and just after it) carries a key
    /// that has a behaviour.
    func behaviorKeysNear(_ range: Range<Int>) -> Bool {
        let total = text.utf8Count
        guard total > 0 else { return false }
        // The probes are the bytes lowerBound - 1, lowerBound, upperBound - 1 and upperBound that exist: two
        // windows of up to two bytes, walked as one when they touch.
        let left = max(0, range.lowerBound - 1)..<min(total, range.lowerBound + 1)
        let right = max(0, range.upperBound - 1)..<min(total, range.upperBound + 1)
        if right.lowerBound <= left.upperBound {
            return behaviorKeys(in: min(left.lowerBound, right.lowerBound)..<max(left.upperBound, right.upperBound))
        }
        return behaviorKeys(in: left) || behaviorKeys(in: right)
    }

    /// Whether any run over `range` carries a key that has a behaviour.
    func behaviorKeys(in range: Range<Int>) -> Bool {
        runStore.anyRun(in: range) { $0.hasBehaviors }
    }

    /// What plain text typed over `range` takes: the inheritable attributes of the inheritance source (the first
    /// replaced character, or for an insert the character before); for an insert at the start of a non-empty
    /// paragraph, that paragraph's values of paragraph-bound keys.
    func attributesForTyping(over range: Range<Int>) -> AttributeSet {
        var attributes = inheritedAttributes(forTypingOver: range)
        let a = range.lowerBound
        guard range.isEmpty, a < text.utf8Count else { return attributes }
        let following = runStore.attributes(at: a)
        guard following.hasParagraphKeys || attributes.hasParagraphKeys, isParagraphStart(a) else { return attributes }
        attributes = attributes.filter { $0.behavior.runBoundaries != .paragraph }
        for entry in following.entries where entry.behavior.runBoundaries == .paragraph {
            attributes = attributes.setting(entry)
        }
        return attributes
    }

    /// Whether `offset` starts a paragraph: the start of the text, or just after LF, U+2029 or a lone CR.
    func isParagraphStart(_ offset: Int) -> Bool {
        if offset <= 0 { return true }
        let before = text.byte(at: offset - 1)
        switch before {
        case 0x0A: return true
        case 0x0D: return offset >= text.utf8Count || text.byte(at: offset) != 0x0A
        case 0xA9: return offset >= 3 && text.byte(at: offset - 3) == 0xE2 && text.byte(at: offset - 2) == 0x80
        default: return false
        }
    }

    /// The distinct attribute sets of the runs over `range`, plus the runs holding the bytes just before and
    /// just after it: every run whose keys the edit's region can touch.
    func attributesNear(_ range: Range<Int>) -> [AttributeSet] {
        let total = text.utf8Count
        guard total > 0 else { return [] }
        var result: [AttributeSet] = []
        let window = max(0, range.lowerBound - 1)..<min(total, max(range.upperBound + 1, range.lowerBound + 1))
        guard !window.isEmpty else { return [] }
        runStore.forEachRun(in: window) { _, attributes in
            if result.last != attributes { result.append(attributes) }
            return true
        }
        return result
    }

    /// Whether removing `range` could change the paragraph structure: a separator in or right next to it.
    func touchesSeparator(_ range: Range<Int>) -> Bool {
        let total = text.utf8Count
        let upper = min(total, range.upperBound + 1)
        let lower = max(0, range.lowerBound - 1)
        return text.separators(endingAtOrBefore: upper) - text.separators(endingAtOrBefore: lower) > 0
    }

    /// Makes a string built from outside data consistent with its keys' behaviours in one pass: paragraph-bound
    /// keys become constant per paragraph (the first character decides) and character-bound keys leave other
    /// characters. Returns what it changed.
    @discardableResult
    public mutating func enforceBehaviors() -> [AttributeAdjustment] {
        var adjustments: [AttributeAdjustment] = []
        var changes: [KeyChange] = []
        let all = 0..<text.utf8Count
        var hasParagraphKeys = false
        var hasCharacterKeys = false
        runStore.rope.forEach { _, run in
            run.withAttributes { attributes in
                if attributes.hasParagraphKeys { hasParagraphKeys = true }
                if attributes.hasCharacterKeys { hasCharacterKeys = true }
            }
            return !(hasParagraphKeys && hasCharacterKeys)
        }
        if hasParagraphKeys {
            enforceParagraphBoundaries(in: all, rule: .firstCharacterDecides, into: &adjustments, changes: &changes)
        }
        if hasCharacterKeys { enforceCharacterBoundaries(in: all, into: &adjustments, changes: &changes) }
        return adjustments
    }

    /// The run-boundary steps alone (paragraphs, then characters) over `region`, as after a text edit; what
    /// they changed.
    mutating func enforceBoundarySteps(in region: Range<Int>) -> [AttributeAdjustment] {
        var adjustments: [AttributeAdjustment] = []
        var changes: [KeyChange] = []
        enforceParagraphBoundaries(in: region, rule: .firstCharacterDecides, into: &adjustments, changes: &changes)
        enforceCharacterBoundaries(in: region, into: &adjustments, changes: &changes)
        return adjustments
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
