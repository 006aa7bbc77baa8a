/// Entry points for the Formatting layer (same package): it runs its own steps of DESIGN §3's pipeline —
/// scope and value constraints — between the string's behaviour steps, so it needs raw access by UTF-8 offset.
extension RichString {
    /// The text's length in UTF-8 bytes.
    package var utf8Count: Int { text.utf8Count }

    /// Whether this string, made from `earlier` by edits, is still equal to it, found without reading the text:
    /// a string whose text storage is another's has had its text edited (an edit that writes back the same text
    /// counts as a change), and one that shares its text compares only its runs (`==`'s shared-text case), with
    /// nothing to compare when the runs are shared too.
    package func isUnchanged(since earlier: RichString) -> Bool {
        guard text.isIdentical(to: earlier.text) else { return false }
        if runStore.rope.root === earlier.runStore.rope.root { return true }
        return self == earlier
    }

    /// Calls `body` with each run intersecting `range`, clipped to it.
    package func forEachRun(inUTF8 range: Range<Int>, _ body: (Range<Int>, AttributeSet) -> Bool) {
        runStore.forEachRun(in: range, body)
    }

    /// The paragraphs (UTF-8 ranges, separators included) that intersect `range`.
    package func paragraphRanges(overlappingUTF8 range: Range<Int>) -> [Range<Int>] {
        text.paragraphRanges(overlapping: range)
    }

    /// `range` widened to whole characters, plus one character on each side when `margin` is set.
    package func widenedToCharacters(_ range: Range<Int>, margin: Bool) -> Range<Int> {
        if margin, let widened = oneByteCharactersWidenedWithMargin(range) ?? smallScalarsWidenedWithMargin(range) { return widened }
        return widenedToCharactersByGraphemes(range, margin: margin)
    }

    /// `widenedToCharacters` by grapheme breaking, whatever the text: the general path.
    package func widenedToCharactersByGraphemes(_ range: Range<Int>, margin: Bool) -> Range<Int> {
        let total = text.utf8Count
        var lower = text.roundDownToCharacter(min(max(range.lowerBound, 0), total))
        var upper = min(max(range.upperBound, lower), total)
        if upper > lower || margin {
            let roundedUpper = text.roundDownToCharacter(upper)
            upper = roundedUpper < upper ? text.characterBoundary(after: roundedUpper) : upper
        }
        if margin {
            if lower > 0 { lower = text.characterBoundary(before: lower) }
            if upper < total { upper = text.characterBoundary(after: upper) }
        }
        return lower..<upper
    }

    /// Calls `body` with the offset and value of each scalar overlapping `range` (the first may start before it).
    package func forEachScalar(inUTF8 range: Range<Int>, _ body: (Int, Unicode.Scalar) -> Void) {
        let total = text.utf8Count
        let lower = text.roundDownToScalar(min(max(range.lowerBound, 0), total))
        text.forEachScalar(in: lower..<max(lower, min(range.upperBound, total)), body)
    }

    /// The UTF-8 range of an index range, checked.
    package func utf8Range(of range: Range<Index>) -> Range<Int> { offsets(of: range) }

    /// An index at a UTF-8 offset of this version.
    package func indexAtUTF8(_ offset: Int) -> Index { index(utf8: offset) }

    /// Replaces the attribute sets over `range` without firing any behaviour: the engine's own writes, which
    /// come after invalidation in the pipeline. The runs must cover `range` exactly.
    package mutating func replaceAttributesRaw(_ range: Range<Int>, with runs: [AttributeRun]) {
        precondition(runs.reduce(0) { $0 + $1.utf8Count } == range.count, "Attribute runs must cover the range they replace")
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
