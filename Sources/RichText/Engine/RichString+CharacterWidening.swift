/// A range widened to whole characters (and one more on each side): the region the engine enforces after an
/// edit, which it asks for on every keystroke. Grapheme breaking answers every text; the byte scans here and in
/// `RichString+SmallScalarCharacterWidening.swift` answer the common text (all one-byte characters, ASCII,
/// scalars below U+0300) in one walk down the text tree, and are tested equal to it
/// (`CharacterWideningTests`).
extension RichString {
    /// `range` widened to whole characters, plus one character on each side when `margin` is set, by the
    /// cheapest way that decides.
    func characterWidening(of range: Range<Int>, margin: Bool) -> Range<Int> {
        if margin, let widened = oneByteCharactersWidenedWithMargin(range) ?? smallScalarsWidenedWithMargin(range) { return widened }
        return widenedToCharactersByGraphemes(range, margin: margin)
    }

    /// `characterWidening(of:margin:)` by grapheme breaking, whatever the text: the general path, and the
    /// reference the byte scans are tested against.
    func widenedToCharactersByGraphemes(_ range: Range<Int>, margin: Bool) -> Range<Int> {
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

    /// `widenedToCharacters(range, margin: true)` found from the bytes alone, or nil when they cannot decide.
    ///
    /// Between two ASCII scalars there is always a character boundary, except between CR and LF (no rule of
    /// UAX #29 other than GB3 joins two ASCII scalars). So when every byte from two before `range` to two after
    /// it is ASCII and none is CR, every position there is a boundary and each character is one byte: the
    /// range is already whole characters and the margin is one byte on each side. The bytes must lie in one
    /// chunk, so one walk down the text tree answers instead of the several that grapheme breaking takes.
    func asciiWidenedWithMargin(_ range: Range<Int>) -> Range<Int>? {
        let total = text.utf8Count
        guard total > 0 else { return nil }
        let (lower, upper) = Self.clamp(range, to: total)
        let windowLower = max(lower - 2, 0)
        let windowUpper = min(upper + 2, total)
        // The chunk's bytes where they lie: no copy of the chunk, so no reference counting.
        let decided = text.withChunkBytes(holding: windowLower) { bytes, start in
            guard windowLower >= start, windowUpper - start <= bytes.count else { return false }
            var i = windowLower - start
            let end = windowUpper - start
            while i < end {
                let byte = bytes[i]
                if byte >= 0x80 || byte == 0x0D { return false }
                i += 1
            }
            return true
        }
        guard decided == true else { return nil }
        return (lower > 0 ? lower - 1 : 0)..<(upper < total ? upper + 1 : total)
    }

    /// `widenedToCharacters(range, margin: true)` found from the whole text's counts alone, or nil when they
    /// cannot decide.
    ///
    /// Chunk boundaries fall on character boundaries of the whole text, so the text's character count is the
    /// sum of its chunks' and counts every character once. A character is at least one byte: when there are as
    /// many characters as bytes, every character is one byte, every offset is a character boundary, and the
    /// widened range is the range clamped to the text plus one byte on each side (the answer of
    /// `asciiWidenedWithMargin`, without reading a byte).
    func oneByteCharactersWidenedWithMargin(_ range: Range<Int>) -> Range<Int>? {
        let summary = text.summary
        let total = summary.utf8
        guard total > 0, summary.characters == total else { return nil }
        let (lower, upper) = Self.clamp(range, to: total)
        return (lower > 0 ? lower - 1 : 0)..<(upper < total ? upper + 1 : total)
    }

    /// The bounds of `range` clamped to `0...total` (the upper no lower than the lower), as every byte-reading
    /// widening takes them.
    @inline(__always)
    static func clamp(_ range: Range<Int>, to total: Int) -> (lower: Int, upper: Int) {
        let lower = min(max(range.lowerBound, 0), total)
        return (lower, min(max(range.upperBound, lower), total))
    }
}
