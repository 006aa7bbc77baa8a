import RichText

/// The engine's own steps over a region (DESIGN §3's scope, value constraints and run boundaries): the region
/// widened to whole characters and, when paragraph-bound keys are in play, whole paragraphs; each run's set
/// rewritten as the definition answers for it (`+ConstrainedSets.swift`), split for character-bound keys
/// (`+CharacterSplitting.swift`), written raw, and reported (`+Reporting.swift`).
extension FormattingEngine {
    /// Scope, constraints and run boundaries over `region` (widened to whole paragraphs when paragraph-bound
    /// keys are in play).
    func enforceDefinition(on document: inout RichString, in region: Range<Int>, processed: inout Range<Int>, learnsResults: Bool) -> [Adjustment] {
        let total = document.utf8Count
        processed = region.clamped(to: 0..<total)
        guard total > 0 else { return [] }
        // Whole characters, and one more on each side: an edit can merge or split the clusters next to it
        // ("•" stops being "•" when a combining mark lands after it), which changes what bound keys allow.
        let widened = document.widenedToCharacters(region, margin: true, usingShortcuts: usesFastPaths)
        let lower = widened.lowerBound
        let upper = widened.upperBound
        if usesFastPaths, !hasParagraphOwnedKeys, allFixedPoints(over: widened, in: document) {
            // Nothing to do, found by a walk that captures nothing it writes (the general walk below captures
            // the adjustments and writes, which costs a dynamic exclusivity check per run).
            processed = widened
            return []
        }
        var adjustments: [Adjustment] = []
        var writes: [(Range<Int>, [AttributeRun])] = []
        /// Scope and constraints over the runs of `paragraph`, whose first character's constrained set is
        /// `first` when paragraph-bound keys are in play.
        func enforce(_ paragraph: Range<Int>, first: AttributeSet?, in document: RichString) {
            document.forEachRun(inUTF8: paragraph) { range, attributes in
                enforceRun(range, attributes, paragraphStart: first, in: document, learnsResults: learnsResults,
                           adjustments: &adjustments, writes: &writes)
                return true
            }
        }
        if hasParagraphOwnedKeys {
            // One byte further: a paragraph that starts right where the region ends has a new first character
            // when the edit inserted or removed a separator.
            let paragraphs = document.paragraphRanges(overlappingUTF8: lower..<min(upper + 1, total)).filter { !$0.isEmpty }
            processed = paragraphs.reduce(lower..<upper) { $0.union($1) }
            for paragraph in paragraphs {
                var start: AttributeSet = .empty
                document.forEachRun(inUTF8: paragraph.lowerBound..<(paragraph.lowerBound + 1)) { _, a in start = a; return false }
                let first = constrained(start, paragraphStart: nil, learnsResult: learnsResults).result
                enforce(paragraph, first: first, in: document)
            }
        } else {
            processed = widened
            enforce(widened, first: nil, in: document)
        }
        for (range, runs) in writes { document.replaceAttributesRaw(range, with: runs) }
        // The writes are boundary-consistent by construction (paragraph-owned keys come from the paragraph's
        // first character, character-bound keys were split per character); only re-stamped behaviours on
        // outside data can leave a boundary to fix, so the step runs when a written set has bound keys.
        let writesBoundKeys = writes.contains { $0.1.contains { $0.attributes.hasParagraphKeys || $0.attributes.hasCharacterKeys } }
        if writesBoundKeys {
            adjustments += document.enforceRunBoundaries(in: lower..<upper).map(Adjustment.init)
        }
        return adjustments
    }

    /// Whether every run over `range` carries a set `fixedPoints` knows the definition leaves as it is: after
    /// most edits, all of them.
    func allFixedPoints(over range: Range<Int>, in document: RichString) -> Bool {
        let fixedPoints = self.fixedPoints
        var settled = true
        document.forEachRun(inUTF8: range) { _, attributes in
            settled = fixedPoints.contains(attributes)
            return settled
        }
        return settled
    }

    /// What scope and constraints make of a run carrying `attributes` (`first`: see `enforceRun`), or nil when
    /// they leave it as it is. Nearly every run an edit touches carries such a set, known from `fixedPoints`
    /// without the cache.
    @inline(__always)
    func rewrite(of attributes: AttributeSet, paragraphStart first: AttributeSet?, learnsResults: Bool) -> ConstraintCache.Entry? {
        if first == nil, usesFastPaths, fixedPoints.contains(attributes) { return nil }
        let entry = constrained(attributes, paragraphStart: first, learnsResult: learnsResults)
        return entry.result == attributes ? nil : entry
    }

    /// Scope and constraints over one run (`range`, carrying `attributes`; `first` is the paragraph's first
    /// character's constrained set when paragraph-bound keys are in play): when the definition changes the set,
    /// the runs to write over `range` go to `writes` and every value that really changes, piece by piece, to
    /// `adjustments` under the rule that made its final value.
    func enforceRun(_ range: Range<Int>, _ attributes: AttributeSet, paragraphStart first: AttributeSet?, in document: RichString,
                    learnsResults: Bool, adjustments: inout [Adjustment], writes: inout [(Range<Int>, [AttributeRun])]) {
        guard let entry = rewrite(of: attributes, paragraphStart: first, learnsResults: learnsResults) else { return }
        write(entry, over: range, carrying: attributes, in: document, adjustments: &adjustments, writes: &writes)
    }

    /// The write and the adjustments of `entry`, the definition's rewrite of a run over `range` carrying
    /// `attributes`: the result, with a key bound to a character kept only on that character.
    func write(_ entry: ConstraintCache.Entry, over range: Range<Int>, carrying attributes: AttributeSet, in document: RichString,
               adjustments: inout [Adjustment], writes: inout [(Range<Int>, [AttributeRun])]) {
        let new = entry.result
        let runs = splitForCharacterKeys(new, over: range, in: document)
        writes.append((range, runs))
        if runs.count == 1, runs[0].attributes == new {
            // The run takes the result whole (no character-bound key was split off): its changes are the
            // entry's differences, worked out once per set.
            Self.report(entry.differences, over: range, into: &adjustments)
            return
        }
        var position = range.lowerBound
        for run in runs {
            let piece = position..<(position + run.utf8Count)
            Self.forEachDifferingKey(attributes, run.attributes) { name, oldValue, newValue in
                let rule = newValue == new[name] ? entry.lastRule(for: name) ?? .scope : .behavior(.characterBoundary)
                Self.report(rule, name, oldValue, newValue, over: piece, into: &adjustments)
            }
            position = piece.upperBound
        }
    }
}

extension Range where Bound == Int {
    /// The smallest range covering both.
    func union(_ other: Range<Int>) -> Range<Int> {
        Swift.min(lowerBound, other.lowerBound)..<Swift.max(upperBound, other.upperBound)
    }
}
