/// Where a document's text came from in the file it was read from: one entry per piece of source that holds a
/// stretch of the text (a JSON string token of run text; a stretch of RTF text), so that a finding in the text
/// can be shown where it sits in the file.
///
/// It keeps a table per piece, not per character: a piece records where its text starts in the document and
/// where its source starts in the file, and how the source spells its text (JSON with escapes, RTF with its
/// own). Offsets inside a piece are found by reading the piece's source bytes again, which only a finding's
/// bounds ever need.
public struct SourceMap: Sendable, Hashable {
    /// How a piece's source spells its text.
    public enum Spelling: Sendable, Hashable {
        /// A JSON string token: `fileOffset` is its opening quote; escapes (`\n`, `\u00e9`) stand for their text.
        case jsonString
        /// The text's bytes as they are in the file (RTF text without control words inside the piece).
        case verbatim
        /// Source that stands for the piece's text as a whole (an RTF control word or escape): every offset in
        /// the text maps to the start of the source, and the end of the text to its end.
        case opaque(byteCount: Int)
    }

    /// One piece: where its text starts in the document (UTF-8), where its source starts in the file, and how
    /// that source spells the text.
    public struct Piece: Sendable, Hashable {
        /// The UTF-8 offset in the document where the piece's text starts.
        public var textOffset: Int
        /// The byte offset in the file where the piece's source starts.
        public var fileOffset: Int
        /// How the source spells the text.
        public var spelling: Spelling

        /// A piece.
        public init(textOffset: Int, fileOffset: Int, spelling: Spelling) {
            self.textOffset = textOffset
            self.fileOffset = fileOffset
            self.spelling = spelling
        }
    }

    /// The pieces, in text order.
    public var pieces: [Piece]
    /// The file inside a package the offsets count in (`TXT.rtf` of an RTFD package), or nil for the file read.
    public var memberPath: String?

    /// A map of `pieces` (in text order).
    public init(pieces: [Piece] = [], memberPath: String? = nil) {
        self.pieces = pieces
        self.memberPath = memberPath
    }

    /// The byte offset in `file` of UTF-8 offset `textOffset` of the document; `isEnd` asks for the end of a
    /// range (the end of the piece before, where a piece starts exactly there). Nil when no piece covers it.
    public func fileOffset(ofText textOffset: Int, isEnd: Bool = false, in file: [UInt8]) -> Int? {
        guard !pieces.isEmpty else { return nil }
        // The last piece starting at or before the offset (strictly before, for an end).
        var low = 0, high = pieces.count
        while low < high {
            let mid = (low + high) / 2
            let start = pieces[mid].textOffset
            if start < textOffset || (!isEnd && start == textOffset) { low = mid + 1 } else { high = mid }
        }
        guard low > 0 else { return pieces[0].fileOffset + (pieces[0].spelling == .jsonString ? 1 : 0) }
        let piece = pieces[low - 1]
        let within = textOffset - piece.textOffset
        switch piece.spelling {
        case .verbatim:
            return min(piece.fileOffset + within, file.count)
        case .opaque(let count):
            return piece.fileOffset + (within > 0 ? count : 0)
        case .jsonString:
            return Self.jsonOffset(ofDecoded: within, inTokenAt: piece.fileOffset, in: file)
        }
    }

    /// The byte offset in `file` where the first `decoded` UTF-8 bytes of the JSON string token at `quote`
    /// end: escapes count as the text they stand for.
    public static func jsonOffset(ofDecoded decoded: Int, inTokenAt quote: Int, in file: [UInt8]) -> Int {
        var i = quote + 1
        var produced = 0
        let n = file.count
        func hex(_ at: Int) -> UInt32? {
            guard at + 4 <= n else { return nil }
            var value: UInt32 = 0
            for k in at..<(at + 4) {
                let b = file[k]
                let digit: UInt32
                switch b {
                case 0x30...0x39: digit = UInt32(b - 0x30)
                case 0x41...0x46: digit = UInt32(b - 0x41 + 10)
                case 0x61...0x66: digit = UInt32(b - 0x61 + 10)
                default: return nil
                }
                value = value << 4 | digit
            }
            return value
        }
        while produced < decoded, i < n, file[i] != 0x22 {
            guard file[i] == 0x5C, i + 1 < n else {
                produced += 1
                i += 1
                continue
            }
            if file[i + 1] != 0x75 {
                produced += 1
                i += 2
                continue
            }
            // \uXXXX, or a surrogate pair \uD83D\uDC4D: as many bytes as the scalar takes in UTF-8.
            guard let unit = hex(i + 2) else { i += 2; produced += 1; continue }
            if (0xD800..<0xDC00).contains(unit), i + 11 < n, file[i + 6] == 0x5C, file[i + 7] == 0x75,
               let low = hex(i + 8), (0xDC00..<0xE000).contains(low) {
                produced += 4
                i += 12
            } else {
                produced += unit < 0x80 ? 1 : (unit < 0x800 ? 2 : 3)
                i += 6
            }
        }
        return i
    }

    /// The 1-based line and column of each byte offset in `offsets` of `file`, in one forward pass: lines end
    /// after LF and columns count Unicode scalars, as JSON readers count them (`JSONLocation`). An offset past
    /// the end is the end. A file of one long line (compact JSON) is read eight bytes at a time.
    public static func lineAndColumns(of offsets: [Int], in file: [UInt8]) -> [(line: Int, column: Int)] {
        var result = Array(repeating: (line: 1, column: 1), count: offsets.count)
        let order = offsets.indices.sorted { offsets[$0] < offsets[$1] }
        file.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            let n = buffer.count
            var i = 0
            var line = 1
            // Scalars on the current line before `i`, as bytes minus continuation bytes.
            var lineStart = 0
            var continuations = 0
            let lows: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
            for k in order {
                let target = min(max(offsets[k], 0), n)
                while i < target {
                    // Eight bytes at a time while they hold no LF; continuation bytes (10xxxxxx: the top bit set,
                    // the next one clear) counted only in words that have non-ASCII bytes.
                    while i &+ 8 <= target {
                        let w = UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)
                        let x = w ^ 0x0A0A_0A0A_0A0A_0A0A
                        if (x &- lows) & ~x & highs != 0 { break }
                        let high = w & highs
                        if high != 0 { continuations &+= (high & ~(w << 1)).nonzeroBitCount }
                        i &+= 8
                    }
                    guard i < target else { break }
                    let b = base[i]
                    if b == 0x0A {
                        line &+= 1
                        lineStart = i &+ 1
                        continuations = 0
                    } else if b & 0xC0 == 0x80 {
                        continuations &+= 1
                    }
                    i &+= 1
                }
                result[k] = (line, target - lineStart - continuations + 1)
            }
        }
        return result
    }
}
