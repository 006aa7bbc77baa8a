/// The counts a text chunk contributes to the rope: every unit a view or a conversion needs.
public struct TextSummary: RopeSummary, Hashable {
    /// UTF-8 code units.
    public var utf8: Int
    /// UTF-16 code units.
    public var utf16: Int
    /// Unicode scalars.
    public var scalars: Int
    /// Grapheme clusters (Swift `Character`s).
    public var characters: Int
    /// Paragraph separators: LF, a CR not followed by LF, and U+2029. CRLF counts once.
    public var separators: Int

    public static let zero = TextSummary(utf8: 0, utf16: 0, scalars: 0, characters: 0, separators: 0)

    @inlinable public mutating func add(_ other: TextSummary) {
        utf8 += other.utf8
        utf16 += other.utf16
        scalars += other.scalars
        characters += other.characters
        separators += other.separators
    }

    @inlinable public mutating func subtract(_ other: TextSummary) {
        utf8 -= other.utf8
        utf16 -= other.utf16
        scalars -= other.scalars
        characters -= other.characters
        separators -= other.separators
    }
}

/// A chunk of text stored in a rope leaf.
///
/// Chunk boundaries always fall on grapheme-cluster boundaries of the whole text, so that character counts
/// add up across chunks and CRLF is never split between two chunks.
public struct TextChunk: RopeElement {
    /// The largest chunk the rope builds, in UTF-8 bytes. A single character longer than this gets its own chunk.
    static let maxUTF8 = 1024
    /// The size chunks are cut to when a piece of text is split.
    static let targetUTF8 = 768

    /// The text.
    public var string: String
    /// Its counts.
    public private(set) var summary: TextSummary

    /// A chunk holding `string`.
    init(_ string: String) {
        self.string = string
        summary = TextChunk.summarize(string)
    }

    /// Whether every byte is ASCII: then scalars and UTF-16 units are bytes.
    @inline(__always) var isASCII: Bool { summary.scalars == summary.utf8 }

    /// Whether an ASCII chunk has no CRLF: then characters are bytes too.
    @inline(__always) var hasNoCRLF: Bool { summary.characters == summary.utf8 }

    /// Replaces the bytes `from..<to` in place. An ASCII edit of an ASCII chunk updates the counts from a window
    /// of one byte around the edit (CR/LF pairing is the only context ASCII has); anything else recounts.
    mutating func replace(_ from: Int, _ to: Int, with replacement: Substring) {
        let utf8 = string.utf8
        let a = utf8.index(utf8.startIndex, offsetBy: from)
        let b = utf8.index(utf8.startIndex, offsetBy: to)
        let newCount = replacement.utf8.count
        if isASCII, replacement.utf8.allSatisfy({ $0 < 0x80 }) {
            let before = TextChunk.pairCounts(string, from - 1, to + 1)
            string.replaceSubrange(a..<b, with: replacement)
            let after = TextChunk.pairCounts(string, from - 1, from + newCount + 1)
            let delta = newCount - (to - from)
            summary.utf8 += delta
            summary.utf16 += delta
            summary.scalars += delta
            summary.separators += after.separators - before.separators
            summary.characters += delta - (after.crlf - before.crlf)
        } else {
            string.replaceSubrange(a..<b, with: replacement)
            summary = TextChunk.summarize(string)
        }
    }

    /// Separators and CRLF pairs that start at byte positions `lo..<hi` (clipped) of an ASCII string, looking one
    /// byte past the window for the LF of a CRLF.
    private static func pairCounts(_ string: String, _ lo: Int, _ hi: Int) -> (separators: Int, crlf: Int) {
        var copy = string
        return copy.withUTF8 { bytes in
            let n = bytes.count
            var separators = 0
            var crlf = 0
            var i = max(lo, 0)
            let end = min(hi, n)
            while i < end {
                let byte = bytes[i]
                if byte == 0x0A {
                    separators += 1
                } else if byte == 0x0D {
                    if i + 1 < n && bytes[i + 1] == 0x0A { crlf += 1 } else { separators += 1 }
                }
                i += 1
            }
            return (separators, crlf)
        }
    }

    /// Counts the units of `string`, with a fast path for ASCII.
    static func summarize(_ string: String) -> TextSummary {
        var copy = string
        return copy.withUTF8 { bytes in
            var scalars = 0
            var utf16 = 0
            var separators = 0
            var crlf = 0
            var ascii = true
            var i = 0
            let n = bytes.count
            while i < n {
                let byte = bytes[i]
                if byte < 0x80 {
                    scalars += 1
                    utf16 += 1
                    if byte == 0x0A {
                        separators += 1
                    } else if byte == 0x0D {
                        if i + 1 < n && bytes[i + 1] == 0x0A { crlf += 1 } else { separators += 1 }
                    }
                } else if byte >= 0xC0 {
                    ascii = false
                    scalars += 1
                    utf16 += byte >= 0xF0 ? 2 : 1
                    if byte == 0xE2 && i + 2 < n && bytes[i + 1] == 0x80 && bytes[i + 2] == 0xA9 { separators += 1 }
                }
                i += 1
            }
            let characters = ascii ? n - crlf : string.count
            return TextSummary(utf8: n, utf16: utf16, scalars: scalars, characters: characters, separators: separators)
        }
    }
}

/// UTF-8 offsets in a text rope.
public enum UTF8Metric: RopeMetric {
    public static func measure(_ summary: TextSummary) -> Int { summary.utf8 }
}
/// UTF-16 offsets in a text rope.
public enum UTF16Metric: RopeMetric {
    public static func measure(_ summary: TextSummary) -> Int { summary.utf16 }
}
/// Unicode scalar offsets in a text rope.
public enum ScalarMetric: RopeMetric {
    public static func measure(_ summary: TextSummary) -> Int { summary.scalars }
}
/// Character offsets in a text rope.
public enum CharacterMetric: RopeMetric {
    public static func measure(_ summary: TextSummary) -> Int { summary.characters }
}
/// Paragraph separators in a text rope.
public enum SeparatorMetric: RopeMetric {
    public static func measure(_ summary: TextSummary) -> Int { summary.separators }
}

extension UTF8Metric { public typealias Element = TextChunk }
extension UTF16Metric { public typealias Element = TextChunk }
extension ScalarMetric { public typealias Element = TextChunk }
extension CharacterMetric { public typealias Element = TextChunk }
extension SeparatorMetric { public typealias Element = TextChunk }
