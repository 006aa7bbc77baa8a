extension RichString {
    /// How a paragraph's value of a paragraph-bound key is chosen when it is not uniform.
    enum ParagraphRule {
        /// After text edits: the paragraph's first character decides.
        case firstCharacterDecides
        /// After an attribute change: the value now at the start of the changed part spreads over the paragraph.
        case changedValueSpreads(Range<Int>)
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
        into adjustments: inout [AttributeAdjustment], changes: inout [KeyChange]
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
            for (key, behavior) in keys.sorted(by: { $0.key < $1.key }) {
                let source: Int
                switch rule {
                case .firstCharacterDecides:
                    source = paragraph.lowerBound
                case .changedValueSpreads(let changed):
                    source = max(paragraph.lowerBound, changed.lowerBound)
                }
                let entry = runStore.attributes(at: source).entry(named: key)
                let made = setUniform(key, entry: entry, behavior: behavior, over: target, cause: .paragraphBoundary)
                adjustments += made.adjustments
                changes += made.changes
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

    /// Sets `key` to `entry` (or removes it) over `range`, returning what changed as adjustments.
    mutating func setUniform(
        _ key: String, entry: AttributeEntry?, behavior: AttributeBehavior, over range: Range<Int>,
        cause: AttributeAdjustment.Cause
    ) -> (adjustments: [AttributeAdjustment], changes: [KeyChange]) {
        var differs = false
        runStore.forEachRun(in: range) { _, attributes in
            differs = attributes.entry(named: key) != entry
            return !differs
        }
        guard differs else { return ([], []) }
        let outcome = runStore.transformAttributes(in: range, recordingRuns: true) { attributes in
            entry.map { attributes.setting($0) } ?? attributes.removing(key)
        }
        let changes = keyChanges(from: outcome.old, to: outcome.new, start: range.lowerBound).filter { $0.key == key }
        return (changes.map {
            AttributeAdjustment(cause: cause, utf8Range: $0.range, key: key, oldValue: $0.oldValue, newValue: $0.newValue)
        }, changes)
    }
}
