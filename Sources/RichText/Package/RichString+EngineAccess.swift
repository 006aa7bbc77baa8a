/// Entry points for the Formatting layer (same package): it runs its own steps of DESIGN §3's pipeline —
/// scope and value constraints — between the string's behaviour steps, so it needs raw access by UTF-8 offset.
extension RichString {
    /// The text's length in UTF-8 bytes.
    package var utf8Count: Int { text.utf8Count }

    /// Calls `body` with each run intersecting `range`, clipped to it.
    package func forEachRun(inUTF8 range: Range<Int>, _ body: (Range<Int>, AttributeSet) -> Bool) {
        runStore.forEachRun(in: range, body)
    }

    /// The paragraphs (UTF-8 ranges, separators included) that intersect `range`.
    package func paragraphRanges(overlappingUTF8 range: Range<Int>) -> [Range<Int>] {
        text.paragraphRanges(overlapping: range)
    }

    /// The character starting at a UTF-8 offset (rounded down to a character start).
    package func character(atUTF8 offset: Int) -> Character {
        text.character(at: text.roundDownToCharacter(offset))
    }

    /// The UTF-8 range of an index range, checked.
    package func utf8Range(of range: Range<Index>) -> Range<Int> { offsets(of: range) }

    /// An index at a UTF-8 offset of this version.
    package func indexAtUTF8(_ offset: Int) -> Index { index(utf8: offset) }

    /// Replaces the attribute sets over `range` without firing any behaviour: the engine's own writes, which
    /// come after invalidation in the pipeline. The runs must cover `range` exactly.
    package mutating func replaceAttributesRaw(_ range: Range<Int>, with runs: [AttributeRun]) {
        runStore.replace(range, with: runs)
    }

    /// The run-boundary steps alone (paragraphs, then characters) over `region`, as after a text edit.
    package mutating func enforceRunBoundaries(in region: Range<Int>) -> [AttributeAdjustment] {
        var adjustments: [AttributeAdjustment] = []
        var changes: [KeyChange] = []
        enforceParagraphBoundaries(in: region, rule: .firstCharacterDecides, into: &adjustments, changes: &changes)
        enforceCharacterBoundaries(in: region, into: &adjustments, changes: &changes)
        return adjustments
    }
}
