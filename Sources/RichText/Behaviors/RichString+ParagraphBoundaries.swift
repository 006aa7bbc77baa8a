/// Step 3 of the funnel, `runBoundaries: .paragraph`: a paragraph-bound key is constant over each paragraph.
/// After a text edit the paragraph's first character decides; after an attribute change the changed value
/// spreads over each paragraph it touched.
extension RichString {
    /// How a paragraph's value of a paragraph-bound key is chosen when it is not uniform.
    enum ParagraphRule {
        /// After text edits: the paragraph's first character decides.
        case firstCharacterDecides
        /// After an attribute change: the value now at the start of the changed part spreads over the paragraph.
        case changedValueSpreads(Range<Int>)
    }

    /// Step 3 after a text edit: paragraphs were uniform before it, and stop being so only when paragraphs were
    /// split or joined (`structural`, read before the edit), a paragraph-bound key lost a stretch in step 2,
    /// attributed text came in (a deletion counts: nothing of the old text stands at the edit), or plain text
    /// replaced a paragraph's first character or differs from its paragraph. Plain typing takes its paragraph's
    /// values (DESIGN §2), and a deletion inside a paragraph leaves it uniform. `typed` is what plain new text took
    /// (nil for attributed text, or no text). Nothing to do, found in O(1), when
    /// no run next to the region and no new run carries a paragraph-bound key.
    mutating func enforceParagraphs(after edit: TextEdit, typed: AttributeSet?, structural: Bool, _ near: EditNeighbourhood,
                                    into state: inout MutationState) {
        let inserted = edit.inserted
        let isPlain = edit.runs == nil
        let newRunsCarry = edit.runs.map { $0.contains { $0.attributes.hasParagraphKeys } } ?? (typed?.hasParagraphKeys ?? false)
        // The runs next to the region: those at the edit's edges, unless step 2 reached past them.
        let nearCarry = state.region == inserted
            ? near.beforeTraits.contains(.paragraph) || near.afterTraits.contains(.paragraph)
            : runStore.anyRun(in: window(around: state.region)) { $0.hasParagraphKeys }
        guard nearCarry || newRunsCarry else { return }
        let lostParagraphKey = state.changes.contains { $0.behavior.runBoundaries == .paragraph }
        let replacedFirstCharacter = !edit.range.isEmpty && edit.length > 0 && isPlain && isParagraphStart(edit.range.lowerBound)
        // Typed text lacks the paragraph-bound keys that are not inherited; it differs from its paragraph then.
        var typedTextDiffers = false
        if edit.length > 0, let typed {
            let inside = inserted.lowerBound > 0 && !isParagraphStart(inserted.lowerBound) ? inserted.lowerBound - 1 : inserted.upperBound
            if inside < text.utf8Count {
                typedTextDiffers = runStore.attributes(at: inside).paragraphBound != typed.paragraphBound
            }
        }
        guard structural || lostParagraphKey || !isPlain || replacedFirstCharacter || typedTextDiffers else { return }
        let whole = structural || lostParagraphKey || isParagraphStart(state.region.lowerBound)
        enforceParagraphBoundaries(in: state.region, rule: .firstCharacterDecides, wholeParagraphs: whole, into: &state)
    }

    /// Makes every paragraph-bound key constant over each paragraph overlapping `region`, recording each change.
    ///
    /// Paragraph ends come from the node summaries, so the cost is O(log n) plus the runs of the paragraphs
    /// touched; nothing scans the paragraph's text.
    ///
    /// With `wholeParagraphs` false, only the part of each paragraph inside `region` is brought in line with the
    /// paragraph's first character: enough after an edit that left paragraph starts and separators alone.
    mutating func enforceParagraphBoundaries(
        in region: Range<Int>, rule: ParagraphRule, keys onlyKeys: Set<String>? = nil, wholeParagraphs: Bool = true,
        into state: inout MutationState
    ) {
        let total = text.utf8Count
        guard total > 0 else { return }
        let clipped = min(region.lowerBound, total)..<min(region.upperBound, total)
        for paragraph in text.paragraphRanges(overlapping: clipped) where !paragraph.isEmpty {
            let target = wholeParagraphs
                ? paragraph
                : max(paragraph.lowerBound, clipped.lowerBound)..<min(paragraph.upperBound, max(clipped.upperBound, clipped.lowerBound + 1))
            let first = runStore.attributes(at: paragraph.lowerBound)
            if onlyKeys == nil, case .firstCharacterDecides = rule, targetAgrees(target, with: first) { continue }
            // Paragraph-bound keys present in the part enforced, or at the paragraph's start.
            var keys: [String: AttributeBehavior] = [:]
            for entry in first.entries where entry.behavior.runBoundaries == .paragraph {
                if onlyKeys == nil || onlyKeys!.contains(entry.name) { keys[entry.name] = entry.behavior }
            }
            runStore.forEachRun(in: target) { _, attributes in
                for entry in attributes.entries where entry.behavior.runBoundaries == .paragraph {
                    if onlyKeys == nil || onlyKeys!.contains(entry.name) { keys[entry.name] = entry.behavior }
                }
                return true
            }
            for (key, _) in keys.sorted(by: { $0.key < $1.key }) {
                let source: Int
                switch rule {
                case .firstCharacterDecides:
                    source = paragraph.lowerBound
                case .changedValueSpreads(let changed):
                    source = max(paragraph.lowerBound, changed.lowerBound)
                }
                let entry = runStore.attributes(at: source).entry(named: key)
                var traits: SetTraits = []
                let made = setUniform(key, entry: entry, over: target, traits: &traits)
                state.record(made, cause: .paragraphBoundary, traits: traits)
            }
        }
    }

    /// Whether every run over `target` has exactly the paragraph-bound entries of `first`: then no key would
    /// change, and the keys need not be listed one by one (the common case after an edit inside a paragraph).
    private func targetAgrees(_ target: Range<Int>, with first: AttributeSet) -> Bool {
        let expected = first.paragraphBound
        var agrees = true
        runStore.forEachRun(in: target) { _, attributes in
            agrees = attributes.paragraphBound == expected
            return agrees
        }
        return agrees
    }

    /// Sets `key` to `entry` (or removes it) over `range`, returning each change it made; adds to `traits` those of
    /// the runs it changed, before and after.
    mutating func setUniform(_ key: String, entry: AttributeEntry?, over range: Range<Int>, traits: inout SetTraits) -> [KeyChange] {
        var differs = false
        runStore.forEachRun(in: range) { _, attributes in
            differs = attributes.entry(named: key) != entry
            return !differs
        }
        guard differs else { return [] }
        let outcome = runStore.transformAttributes(in: range, recordingRuns: true) { attributes in
            entry.map { attributes.setting($0) } ?? attributes.removing(key)
        }
        for run in outcome.old { traits.formUnion(run.attributes.traits) }
        for run in outcome.new { traits.formUnion(run.attributes.traits) }
        return keyChanges(from: outcome.old, to: outcome.new, start: range.lowerBound).filter { $0.key == key }
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

    /// Whether a text edit of `range` with `newText` can split or join paragraphs: a separator in or right next to
    /// the replaced range, or in the new text, or new text that completes a CRLF on either side. Read before the
    /// edit. The bytes of a short range answer "no" from one chunk (`separatorMayEndNear`) before the node summaries
    /// are asked to count.
    func isStructural(_ range: Range<Int>, _ newText: Substring) -> Bool {
        if Self.mayHoldSeparator(newText) {
            let length = newText.utf8.count
            if TextRope.separators(in: String(newText), upTo: length) > 0 || newText.utf8.first == 0x0A || newText.utf8.last == 0x0D {
                return true
            }
        }
        if range.count <= 64, !separatorMayEndNear(range) { return false }
        let total = text.utf8Count
        let upper = min(total, range.upperBound + 1)
        let lower = max(0, range.lowerBound - 1)
        return text.separators(endingAtOrBefore: upper) - text.separators(endingAtOrBefore: lower) > 0
    }

    /// Whether a paragraph separator may end in the bytes from just before `range` to just after it (the span
    /// `isStructural` counts), read from the bytes there: false means surely none (a CR anywhere there counts as
    /// one, so the answer errs only towards true).
    func separatorMayEndNear(_ range: Range<Int>) -> Bool {
        let total = text.utf8Count
        // Two more bytes on the left show whether an A9 byte ends a U+2029 (E2 80 A9).
        let window = max(0, range.lowerBound - 3)..<min(total, range.upperBound + 1)
        let checked = max(0, range.lowerBound - 1)
        guard checked < window.upperBound else { return false }
        func mayEnd(_ bytes: UnsafeBufferPointer<UInt8>, from i: Int, to end: Int) -> Bool {
            var i = i
            while i < end {
                switch bytes[i] {
                case 0x0A, 0x0D: return true
                case 0xA9 where i >= 2 && bytes[i - 2] == 0xE2 && bytes[i - 1] == 0x80: return true
                default: break
                }
                i += 1
            }
            return false
        }
        let inChunk: Bool?? = text.withChunkBytes(holding: window.lowerBound) { bytes, start in
            guard window.upperBound <= start + bytes.count else { return nil }
            return mayEnd(bytes, from: checked - start, to: window.upperBound - start)
        }
        if let inChunk, let answer = inChunk { return answer }
        var string = text.string(in: window)
        return string.withUTF8 { mayEnd($0, from: checked - window.lowerBound, to: $0.count) }
    }

    /// Whether `newText` may hold a separator or a CR (errs towards true, like `separatorMayEndNear`).
    static func mayHoldSeparator(_ newText: Substring) -> Bool {
        var previous: (UInt8, UInt8) = (0, 0)
        for byte in newText.utf8 {
            if byte == 0x0A || byte == 0x0D { return true }
            if byte == 0xA9, previous == (0xE2, 0x80) { return true }
            previous = (previous.1, byte)
        }
        return false
    }

    /// `range` with the bytes just before and just after it: the runs whose keys a step over `range` can touch.
    func window(around range: Range<Int>) -> Range<Int> {
        let total = text.utf8Count
        return max(0, range.lowerBound - 1)..<min(total, max(range.upperBound + 1, range.lowerBound + 1))
    }
}
