/// The units in which a position in text can be counted.
public enum TextUnit: String, Sendable, CaseIterable {
    case utf8
    case utf16
    case scalars
    case characters
}

extension TextSummary {
    /// The count of `unit`.
    @inlinable public subscript(unit: TextUnit) -> Int {
        switch unit {
        case .utf8: return utf8
        case .utf16: return utf16
        case .scalars: return scalars
        case .characters: return characters
        }
    }
}

/// The text of a rich string: UTF-8 chunks in a balanced rope, every position conversion O(log n).
struct TextRope: Sendable {
    var rope = Rope<TextChunk>()

    init() {}

    init(_ string: String) {
        rope = Rope(TextRope.cut(string))
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

    /// The text between two UTF-8 offsets, which must be scalar-aligned.
    func string(in range: Range<Int>) -> String {
        guard !range.isEmpty else { return "" }
        var result = ""
        result.reserveCapacity(range.count)
        let (first, firstOffset) = rope.find(UTF8Metric.self, range.lowerBound, prefer: .next)
        var position = range.lowerBound - firstOffset
        rope.forEach(from: first) { _, chunk in
            let chunkEnd = position + chunk.summary.utf8
            let from = max(range.lowerBound, position) - position
            let to = min(range.upperBound, chunkEnd) - position
            let utf8 = chunk.string.utf8
            let a = utf8.index(utf8.startIndex, offsetBy: from)
            let b = utf8.index(utf8.startIndex, offsetBy: to)
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

    // MARK: Unit conversions

    /// How many `unit`s lie before UTF-8 offset `offset`. For characters: those that end at or before it.
    func count(_ unit: TextUnit, upToUTF8 offset: Int) -> Int {
        if unit == .utf8 { return offset }
        if offset >= utf8Count { return summary[unit] }
        if offset <= 0 { return 0 }
        // All ASCII with no CR LF (the totals agree): every unit is one byte.
        if summary[unit] == utf8Count { return offset }
        let found: (remainder: Int, element: TextChunk?, carried: Int)
        switch unit {
        case .utf16: found = rope.locate(UTF8Metric.self, offset, carrying: UTF16Metric.self)
        case .scalars: found = rope.locate(UTF8Metric.self, offset, carrying: ScalarMetric.self)
        case .characters: found = rope.locate(UTF8Metric.self, offset, carrying: CharacterMetric.self)
        case .utf8: return offset
        }
        return found.carried + TextRope.count(unit, in: found.element!, upToUTF8: found.remainder)
    }

    /// `count(_:upToUTF8:)` by the general walk that sums whole summaries; the reference for the fast paths.
    func countByPrefixSummary(_ unit: TextUnit, upToUTF8 offset: Int) -> Int {
        if unit == .utf8 { return offset }
        if offset >= utf8Count { return summary[unit] }
        if offset <= 0 { return 0 }
        let found = rope.locate(UTF8Metric.self, offset, prefer: .next)
        return found.prefix[unit] + TextRope.count(unit, in: found.element!, upToUTF8: found.remainder)
    }

    /// The UTF-8 offset where the `n`th `unit` starts (for UTF-16, where the unit's scalar starts, with a flag
    /// when `n` falls on a trailing surrogate).
    func utf8Offset(of n: Int, in unit: TextUnit) -> (offset: Int, trailingSurrogate: Bool) {
        if unit == .utf8 { return (n, false) }
        let total = summary[unit]
        if n >= total { return (utf8Count, false) }
        if n <= 0 { return (0, false) }
        // All ASCII with no CR LF (the totals agree): every unit is one byte.
        if total == utf8Count { return (n, false) }
        let found: (remainder: Int, element: TextChunk?, carried: Int)
        switch unit {
        case .utf16: found = rope.locate(UTF16Metric.self, n, carrying: UTF8Metric.self)
        case .scalars: found = rope.locate(ScalarMetric.self, n, carrying: UTF8Metric.self)
        case .characters: found = rope.locate(CharacterMetric.self, n, carrying: UTF8Metric.self)
        case .utf8: return (n, false)
        }
        let inside = TextRope.utf8Offset(of: found.remainder, in: unit, of: found.element!)
        return (found.carried + inside.offset, inside.trailingSurrogate)
    }

    /// `utf8Offset(of:in:)` by the general walk that sums whole summaries; the reference for the fast paths.
    func utf8OffsetByPrefixSummary(of n: Int, in unit: TextUnit) -> (offset: Int, trailingSurrogate: Bool) {
        if unit == .utf8 { return (n, false) }
        let total = summary[unit]
        if n >= total { return (utf8Count, false) }
        if n <= 0 { return (0, false) }
        let found: (index: Int, remainder: Int, element: TextChunk?, prefix: TextSummary)
        switch unit {
        case .utf16: found = rope.locate(UTF16Metric.self, n, prefer: .next)
        case .scalars: found = rope.locate(ScalarMetric.self, n, prefer: .next)
        case .characters: found = rope.locate(CharacterMetric.self, n, prefer: .next)
        case .utf8: return (n, false)
        }
        let inside = TextRope.utf8Offset(of: found.remainder, in: unit, of: found.element!)
        return (found.prefix.utf8 + inside.offset, inside.trailingSurrogate)
    }

    /// Counts `unit`s in the first `offset` bytes of a chunk; O(1) for scalars and UTF-16 in an ASCII chunk.
    static func count(_ unit: TextUnit, in chunk: TextChunk, upToUTF8 offset: Int) -> Int {
        if chunk.isASCII && (unit != .characters || chunk.hasNoCRLF) { return offset }
        return count(unit, in: chunk.string, upToUTF8: offset)
    }

    /// The UTF-8 offset in a chunk where its `n`th `unit` starts; O(1) in an ASCII chunk.
    static func utf8Offset(of n: Int, in unit: TextUnit, of chunk: TextChunk) -> (offset: Int, trailingSurrogate: Bool) {
        if chunk.isASCII && (unit != .characters || chunk.hasNoCRLF) { return (n, false) }
        // A scalar in the second half of the chunk is found sooner from its end.
        if unit == .scalars && n > chunk.summary.scalars / 2 {
            return (scalarStart(fromEnd: chunk.summary.scalars - n, in: chunk.string), false)
        }
        return utf8Offset(of: n, in: unit, of: chunk.string)
    }

    /// The UTF-8 offset in `string` of the scalar that starts `k` scalars before its end (the end itself for 0),
    /// scanning backward eight bytes at a time: the scalars starting in a run of bytes are its lead bytes.
    static func scalarStart(fromEnd k: Int, in string: String) -> Int {
        var copy = string
        return copy.withUTF8 { bytes in
            var end = bytes.count
            var left = k
            if left <= 0 { return end }
            if let base = bytes.baseAddress {
                let raw = UnsafeRawPointer(base)
                let highs: UInt64 = 0x8080_8080_8080_8080
                while end >= 8 {
                    let w = raw.loadUnaligned(fromByteOffset: end - 8, as: UInt64.self)
                    let starts = w & highs == 0 ? 8 : 8 - (w & ~(w << 1) & highs).nonzeroBitCount
                    if starts >= left { break }
                    left -= starts
                    end -= 8
                }
            }
            while end > 0 {
                end -= 1
                if bytes[end] & 0xC0 != 0x80 {
                    left -= 1
                    if left == 0 { return end }
                }
            }
            return 0
        }
    }

    /// Counts `unit`s in the first `offset` bytes of `string`.
    static func count(_ unit: TextUnit, in string: String, upToUTF8 offset: Int) -> Int {
        let utf8 = string.utf8
        switch unit {
        case .utf8:
            return offset
        case .scalars:
            return leadCounts(string, upToUTF8: offset).scalars
        case .utf16:
            return leadCounts(string, upToUTF8: offset).utf16
        case .characters:
            if let fast = simpleCharacterCount(string, upToUTF8: offset) { return fast }
            var n = 0
            var i = string.startIndex
            let target = utf8.index(utf8.startIndex, offsetBy: offset)
            while i < string.endIndex {
                let next = string.index(after: i)
                if next > target { break }
                n += 1
                i = next
            }
            return n
        }
    }

    /// Scalars (lead bytes) and UTF-16 units in the first `offset` bytes of `string`, eight bytes at a time:
    /// a byte starts a scalar unless it is a continuation byte (10xxxxxx), and a lead byte of four (11110xxx)
    /// adds a second UTF-16 unit.
    static func leadCounts(_ string: String, upToUTF8 offset: Int) -> (scalars: Int, utf16: Int) {
        var copy = string
        return copy.withUTF8 { bytes in
            let end = min(max(offset, 0), bytes.count)
            var scalars = 0
            var utf16 = 0
            var i = 0
            if let base = bytes.baseAddress {
                let highs: UInt64 = 0x8080_8080_8080_8080
                while i + 8 <= end {
                    let w = UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)
                    let starts = 8 - (w & ~(w << 1) & highs).nonzeroBitCount
                    scalars += starts
                    utf16 += starts + (w & (w << 1) & (w << 2) & (w << 3) & highs).nonzeroBitCount
                    i += 8
                }
            }
            while i < end {
                let byte = bytes[i]
                if byte & 0xC0 != 0x80 {
                    scalars += 1
                    utf16 += byte >= 0xF0 ? 2 : 1
                }
                i += 1
            }
            return (scalars, utf16)
        }
    }

    /// Characters ending at or before `offset` in `string`, without grapheme breaking, when every scalar before
    /// the end of the string's prefix is below U+0300 (lead bytes below 0xCC) and `offset` is scalar-aligned;
    /// nil otherwise. Below U+0300 every scalar is its own character except CR LF, which is one (the same
    /// quick check `TextChunk.summarize` relies on): a CR followed by LF adds nothing, and its LF ends the pair.
    static func simpleCharacterCount(_ string: String, upToUTF8 offset: Int) -> Int? {
        var copy = string
        return copy.withUTF8 { bytes -> Int? in
            let n = bytes.count
            guard offset >= 0, offset <= n else { return nil }
            // The scalar at `offset` must not be a continuation, nor one that could extend the character before.
            if offset < n && (bytes[offset] & 0xC0 == 0x80 || bytes[offset] >= 0xCC) { return nil }
            var scalars = 0
            var crlf = 0
            var i = 0
            if let base = bytes.baseAddress {
                let lows: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
                while i + 8 <= offset {
                    let w = UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)
                    if ((w & ~highs) &+ (lows &* 0x34)) & w & highs != 0 { return nil }
                    let cr = w ^ (lows &* 0x0D)
                    if ((cr &- lows) & ~cr) & highs != 0 {
                        for k in i..<(i + 8) where bytes[k] & 0xC0 != 0x80 {
                            scalars += 1
                            if bytes[k] == 0x0D && k + 1 < n && bytes[k + 1] == 0x0A { crlf += 1 }
                        }
                    } else {
                        scalars += 8 - (w & ~(w << 1) & highs).nonzeroBitCount
                    }
                    i += 8
                }
            }
            while i < offset {
                let byte = bytes[i]
                if byte >= 0xCC { return nil }
                if byte & 0xC0 != 0x80 {
                    scalars += 1
                    if byte == 0x0D && i + 1 < n && bytes[i + 1] == 0x0A { crlf += 1 }
                }
                i += 1
            }
            return scalars - crlf
        }
    }

    /// The UTF-8 offset in `string` where its `n`th `unit` starts.
    static func utf8Offset(of n: Int, in unit: TextUnit, of string: String) -> (offset: Int, trailingSurrogate: Bool) {
        let utf8 = string.utf8
        switch unit {
        case .utf8:
            return (n, false)
        case .scalars:
            var copy = string
            return copy.withUTF8 { bytes in
                let count = bytes.count
                var seen = 0
                var offset = 0
                // Eight bytes at a time while the word holds no more than the scalars still to pass: those that
                // start in it are its bytes that are not continuation bytes (10xxxxxx). A word may end inside a
                // scalar; its continuation bytes then open the next word and count for nothing there.
                if let base = bytes.baseAddress {
                    let raw = UnsafeRawPointer(base)
                    let highs: UInt64 = 0x8080_8080_8080_8080
                    // Thirty-two bytes at a time first, with no branch per word.
                    while offset + 32 <= count {
                        var starts = 0
                        for k in 0..<4 {
                            let w = raw.loadUnaligned(fromByteOffset: offset + 8 * k, as: UInt64.self)
                            starts += 8 - (w & ~(w << 1) & highs).nonzeroBitCount
                        }
                        if seen + starts > n { break }
                        seen += starts
                        offset += 32
                    }
                    while offset + 8 <= count {
                        let w = raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                        // All ASCII (the common word) needs no bit count.
                        let starts = w & highs == 0 ? 8 : 8 - (w & ~(w << 1) & highs).nonzeroBitCount
                        if seen + starts > n { break }
                        seen += starts
                        offset += 8
                    }
                }
                while offset < count {
                    if bytes[offset] & 0xC0 != 0x80 {
                        if seen == n { return (offset, false) }
                        seen += 1
                    }
                    offset += 1
                }
                return (offset, false)
            }
        case .utf16:
            var seen = 0
            var offset = 0
            for byte in utf8 {
                if byte & 0xC0 != 0x80 {
                    if seen == n { return (offset, false) }
                    if byte >= 0xF0 {
                        if seen + 1 == n { return (offset, true) }
                        seen += 2
                    } else {
                        seen += 1
                    }
                }
                offset += 1
            }
            return (offset, false)
        case .characters:
            var i = string.startIndex
            for _ in 0..<n where i < string.endIndex { i = string.index(after: i) }
            return (utf8.distance(from: utf8.startIndex, to: i), false)
        }
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
