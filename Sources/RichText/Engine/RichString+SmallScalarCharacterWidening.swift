/// `widenedToCharacters` read from the bytes of one chunk, for text made of scalars below U+0300: ASCII and the
/// Latin, IPA and spacing-modifier letters that most European text adds to it ("crème brûlée").
extension RichString {
    /// `widenedToCharacters(range, margin: true)` found from the bytes around `range`, or nil when they cannot
    /// decide.
    ///
    /// No scalar below U+0300 other than CR joins a neighbour into one character: none is Extend, ZWJ,
    /// SpacingMark, Prepend, Hangul or a regional indicator, the only classes UAX #29 keeps together, and CR
    /// joins only LF. So where every scalar from the one before the margin character to the one after the
    /// other margin character is below U+0300 and not CR, every scalar is its own character, and the widened
    /// range is the range rounded out to whole scalars plus one scalar on each side. Chunk edges are character
    /// boundaries of the whole text, so a scalar at a chunk edge needs no neighbour beyond it. The bytes must lie
    /// in one chunk, read in place with one walk down the text tree.
    func smallScalarsWidenedWithMargin(_ range: Range<Int>) -> Range<Int>? {
        let total = text.utf8Count
        guard total > 0 else { return nil }
        let (lower, upper) = Self.clamp(range, to: total)
        let decided = text.withChunkBytes(holding: lower) { bytes, start -> Range<Int>? in
            let n = bytes.count
            var l = lower - start
            let u = upper - start
            guard l >= 0, u <= n else { return nil }
            @inline(__always) func isContinuation(_ i: Int) -> Bool { bytes[i] & 0xC0 == 0x80 }
            // The length of the scalar starting at `i` when it is below U+0300 and not CR, else nil.
            @inline(__always) func smallScalarLength(at i: Int) -> Int? {
                let b = bytes[i]
                if b < 0x80 { return b == 0x0D ? nil : 1 }
                guard b >= 0xC2, b <= 0xCB, i + 1 < n, isContinuation(i + 1) else { return nil }
                return 2
            }
            // The start of the scalar that ends at `i` (a chunk never starts inside a scalar).
            @inline(__always) func scalarStart(endingAt i: Int) -> Int {
                var j = i - 1
                while j > 0, isContinuation(j), i - j < 4 { j -= 1 }
                return j
            }
            // Down to the start of the scalar holding `lower`.
            while l > 0, l < n, isContinuation(l), lower - start - l < 3 { l -= 1 }
            // The margin character before, and the scalar before it (which must not join it).
            var marginStart = l
            var walkFrom = l
            if start + l > 0 {
                guard l > 0 else { return nil }
                marginStart = scalarStart(endingAt: l)
                walkFrom = marginStart > 0 ? scalarStart(endingAt: marginStart) : 0
            }
            // Every scalar up to `upper` must be small; the walk stops on the first scalar start at or after it.
            var i = walkFrom
            while i < u {
                guard let length = smallScalarLength(at: i) else { return nil }
                i += length
            }
            var end = i
            if start + i < total {
                // The margin character after, and the scalar after it (which must not join it).
                guard i < n, let length = smallScalarLength(at: i) else { return nil }
                end = i + length
                if end < n, smallScalarLength(at: end) == nil { return nil }
            }
            return (start + marginStart)..<(start + end)
        }
        return decided ?? nil
    }
}
