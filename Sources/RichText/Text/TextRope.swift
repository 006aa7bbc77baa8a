/// The units in which a position in text can be counted.
public enum TextUnit: String, Sendable, CaseIterable {
    case utf8
    case utf16
    case scalars
    case characters
}

/// The text of a rich string: UTF-8 chunks in a balanced rope, every position conversion O(log n).
struct TextRope: Sendable {
    var rope = Rope<TextChunk>()

    init() {}

    init(_ string: String) {
        rope = Rope(TextRope.cut(string))
    }

    /// Text of one chunk.
    init(chunk: TextChunk) {
        rope = withUnsafePointer(to: chunk) { Rope(leafOf: UnsafeBufferPointer(start: $0, count: 1)) }
    }

    /// Text made of `chunks`, shared with the text they come from (their bytes and counts are not copied).
    init(chunks: [TextChunk]) {
        rope = Rope(chunks)
    }

    var summary: TextSummary { rope.summary }
    var utf8Count: Int { rope.summary.utf8 }

    /// The whole text.
    var string: String {
        var result = ""
        result.reserveCapacity(utf8Count)
        rope.forEach { _, chunk in result += chunk.string; return true }
        return result
    }

    /// The text between two UTF-8 offsets, each rounded down to the start of the scalar holding it, as slices
    /// round their bounds (an offset on a scalar boundary stays where it is).
    func string(in range: Range<Int>) -> String {
        guard !range.isEmpty else { return "" }
        var result = ""
        let (first, firstOffset) = rope.find(UTF8Metric.self, range.lowerBound, prefer: .next)
        var position = range.lowerBound - firstOffset
        rope.forEach(from: first) { _, chunk in
            let chunkEnd = position + chunk.summary.utf8
            let utf8 = chunk.string.utf8
            // A chunk starts and ends on scalar boundaries, so a bound rounds down inside its own chunk.
            func roundedDown(_ offset: Int) -> String.Index {
                var i = utf8.index(utf8.startIndex, offsetBy: offset)
                while i > utf8.startIndex && i < utf8.endIndex && utf8[i] & 0xC0 == 0x80 { utf8.formIndex(before: &i) }
                return i
            }
            let a = roundedDown(max(range.lowerBound, position) - position)
            let b = roundedDown(min(range.upperBound, chunkEnd) - position)
            if result.isEmpty && chunkEnd >= range.upperBound {
                // All in one chunk: one copy, no growing.
                result = String(chunk.string[a..<b])
                return false
            }
            if result.isEmpty { result.reserveCapacity(range.count) }
            result += chunk.string[a..<b]
            position = chunkEnd
            return position < range.upperBound
        }
        return result
    }

    /// The chunk holding `offset`, the chunk's start, and the offset inside it.
    ///
    /// An offset on a chunk boundary gives the chunk that starts there; the end gives the last chunk.
    func chunk(containing offset: Int) -> (index: Int, start: Int, chunk: TextChunk)? {
        guard !rope.isEmpty else { return nil }
        let found = rope.locate(UTF8Metric.self, min(offset, utf8Count - 1), prefer: .next)
        return (found.index, found.prefix.utf8, found.element!)
    }

    // MARK: Characters

    /// The start of the character after the one at `offset` (which must be character-aligned).
    func characterBoundary(after offset: Int) -> Int {
        guard let (_, start, chunk) = chunk(containing: offset), offset < utf8Count else { return utf8Count }
        let s = chunk.string
        let i = s.utf8.index(s.utf8.startIndex, offsetBy: offset - start)
        let next = s.index(after: i)
        return start + s.utf8.distance(from: s.utf8.startIndex, to: next)
    }

    /// The start of the character before `offset`, or of the character holding it when it is not aligned.
    ///
    /// Steps back inside the chunk with the standard library's backward grapheme breaking; a chunk starts on a
    /// character boundary of the whole text, so the chunk alone is enough context.
    func characterBoundary(before offset: Int) -> Int {
        guard offset > 0 else { return 0 }
        let located = rope.locate(UTF8Metric.self, offset, prefer: .previous)
        let s = located.element!.string
        let start = offset - located.remainder
        let i = s.utf8.index(s.utf8.startIndex, offsetBy: located.remainder)
        // Inside (or at the end of) the chunk's first character: that character.
        if i <= s.index(after: s.startIndex) { return start }
        let previous = s.index(before: i)
        let next = s.index(after: previous)
        let result = next < i ? next : previous
        return start + s.utf8.distance(from: s.utf8.startIndex, to: result)
    }

    /// Rounds `offset` down to the start of the character that holds it.
    func roundDownToCharacter(_ offset: Int) -> Int {
        guard offset > 0, offset < utf8Count else { return offset }
        let after = characterBoundary(before: offset)
        let next = characterBoundary(after: after)
        return next <= offset ? next : after
    }

    /// The Unicode scalar starting at `offset`.
    func scalar(at offset: Int) -> Unicode.Scalar {
        let (_, start, chunk) = chunk(containing: offset)!
        let s = chunk.string
        return s.unicodeScalars[s.utf8.index(s.utf8.startIndex, offsetBy: offset - start)]
    }

    /// Whether `other` is this rope's very storage (a copy not edited since), not merely equal text.
    func isIdentical(to other: TextRope) -> Bool {
        switch (rope.root, other.rope.root) {
        case (nil, nil): return true
        case let (a?, b?): return a === b
        default: return false
        }
    }

    /// Rounds `offset` down to the start of the scalar that holds it.
    func roundDownToScalar(_ offset: Int) -> Int {
        var o = offset
        while o > 0 && o < utf8Count && byte(at: o) & 0xC0 == 0x80 { o -= 1 }
        return o
    }

    /// Calls `body` with the offset and value of each scalar starting in `range` (whose bounds are scalar starts),
    /// reading each chunk once.
    func forEachScalar(in range: Range<Int>, _ body: (Int, Unicode.Scalar) -> Void) {
        var position = range.lowerBound
        while position < range.upperBound {
            guard let (_, start, chunk) = self.chunk(containing: position) else { return }
            let s = chunk.string
            let end = min(range.upperBound, start + s.utf8.count)
            var index = s.utf8.index(s.utf8.startIndex, offsetBy: position - start)
            while position < end {
                let scalar = s.unicodeScalars[index]
                body(position, scalar)
                position += scalar.utf8.count
                index = s.unicodeScalars.index(after: index)
            }
        }
    }

    /// The start of the scalar before `offset`.
    func scalarStart(before offset: Int) -> Int {
        let (index, remainder) = rope.find(UTF8Metric.self, offset, prefer: .previous)
        let bytes = rope[index].string.utf8
        var r = remainder - 1
        while r > 0 && bytes[bytes.index(bytes.startIndex, offsetBy: r)] & 0xC0 == 0x80 { r -= 1 }
        return offset - remainder + r
    }

    /// The UTF-8 length of the scalar starting at `offset`.
    func scalarLength(at offset: Int) -> Int {
        let value = scalar(at: offset).value
        return value < 0x80 ? 1 : value < 0x800 ? 2 : value < 0x10000 ? 3 : 4
    }

    /// The character starting at `offset`, which must be character-aligned.
    func character(at offset: Int) -> Character {
        let (_, start, chunk) = chunk(containing: offset)!
        let s = chunk.string
        return s[s.utf8.index(s.utf8.startIndex, offsetBy: offset - start)...].first!
    }

    /// The byte at `offset`.
    func byte(at offset: Int) -> UInt8 {
        let (_, start, chunk) = chunk(containing: offset)!
        let bytes = chunk.string.utf8
        return bytes[bytes.index(bytes.startIndex, offsetBy: offset - start)]
    }
}
