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

    /// What a column counts in the file.
    public enum ColumnUnit: Sendable, Hashable {
        /// Unicode scalars of UTF-8 text, as JSON readers count them (`JSONLocation`).
        case scalars
        /// Bytes: RTF, whose bytes past ASCII are in the document's code page, not UTF-8 (as the RTF reader's
        /// warnings count them).
        case bytes
    }

    /// The pieces, in text order.
    public var pieces: [Piece]
    /// The file inside a package the offsets count in (`TXT.rtf` of an RTFD package), or nil for the file read.
    public var memberPath: String?
    /// What the file's columns count.
    public var columns: ColumnUnit

    /// A map of `pieces` (in text order).
    public init(pieces: [Piece] = [], memberPath: String? = nil, columns: ColumnUnit = .scalars) {
        self.pieces = pieces
        self.memberPath = memberPath
        self.columns = columns
    }

    /// The byte offset in `file` of UTF-8 offset `textOffset` of the document; `isEnd` asks for the end of a
    /// range (the end of the piece before, where a piece starts exactly there). Nil when no piece covers it.
    public func fileOffset(ofText textOffset: Int, isEnd: Bool = false, in file: [UInt8]) -> Int? {
        fileOffsets(ofText: [(textOffset, isEnd)], in: file)[0]
    }

    /// `fileOffset(ofText:isEnd:in:)` of each bound, in one pass over the pieces they fall in: a JSON token that
    /// holds many bounds is read once, not once per bound.
    public func fileOffsets(ofText bounds: [(offset: Int, isEnd: Bool)], in file: [UInt8]) -> [Int?] {
        var result = [Int?](repeating: nil, count: bounds.count)
        guard !pieces.isEmpty else { return result }
        // In text order, ends before starts at one offset, so the pieces met never go back.
        func key(_ k: Int) -> (Int, Int) { (bounds[k].offset, bounds[k].isEnd ? 0 : 1) }
        let order = bounds.indices.sorted { key($0) < key($1) }
        var reading: (piece: Int, cursor: JSONTokenCursor)?
        for k in order {
            let (textOffset, isEnd) = bounds[k]
            // The last piece starting at or before the offset (strictly before, for an end).
            var low = 0, high = pieces.count
            while low < high {
                let mid = (low + high) / 2
                let start = pieces[mid].textOffset
                if start < textOffset || (!isEnd && start == textOffset) { low = mid + 1 } else { high = mid }
            }
            guard low > 0 else {
                result[k] = pieces[0].fileOffset + (pieces[0].spelling == .jsonString ? 1 : 0)
                continue
            }
            let piece = pieces[low - 1]
            let within = textOffset - piece.textOffset
            switch piece.spelling {
            case .verbatim:
                result[k] = min(piece.fileOffset + within, file.count)
            case .opaque(let count):
                result[k] = piece.fileOffset + (within > 0 ? count : 0)
            case .jsonString:
                var cursor = reading.flatMap { $0.piece == low - 1 ? $0.cursor : nil } ?? JSONTokenCursor(quote: piece.fileOffset)
                if cursor.produced > within { cursor = JSONTokenCursor(quote: piece.fileOffset) }
                cursor.advance(to: within, in: file)
                reading = (low - 1, cursor)
                result[k] = cursor.at
            }
        }
        return result
    }

    /// The byte offset in `file` where the first `decoded` UTF-8 bytes of the JSON string token at `quote`
    /// end: escapes count as the text they stand for.
    public static func jsonOffset(ofDecoded decoded: Int, inTokenAt quote: Int, in file: [UInt8]) -> Int {
        jsonOffsets(ofDecoded: [decoded], inTokenAt: quote, in: file)[0]
    }

    /// `jsonOffset(ofDecoded:inTokenAt:in:)` of each of `decoded` (ascending), in one pass over the token.
    public static func jsonOffsets(ofDecoded decoded: [Int], inTokenAt quote: Int, in file: [UInt8]) -> [Int] {
        var cursor = JSONTokenCursor(quote: quote)
        return decoded.map { offset in
            cursor.advance(to: offset, in: file)
            return cursor.at
        }
    }

    /// The 1-based line and column of each byte offset in `offsets` of `file`, in one forward pass: lines end
    /// after LF and columns count `unit` (Unicode scalars, as JSON readers count them, or bytes). An offset past
    /// the end is the end.
    public static func lineAndColumns(of offsets: [Int], in file: [UInt8], counting unit: ColumnUnit = .scalars) -> [(line: Int, column: Int)] {
        file.withUnsafeBufferPointer { lineAndColumns(of: offsets, in: $0, counting: unit) }
    }

    /// `lineAndColumns(of:in:counting:)` over a buffer. A file of one long line (compact JSON) is read eight
    /// bytes at a time.
    static func lineAndColumns(of offsets: [Int], in buffer: UnsafeBufferPointer<UInt8>, counting unit: ColumnUnit) -> [(line: Int, column: Int)] {
        var result = Array(repeating: (line: 1, column: 1), count: offsets.count)
        guard let base = buffer.baseAddress else { return result }
        let order = offsets.indices.sorted { offsets[$0] < offsets[$1] }
        let countsScalars = unit == .scalars
        let n = buffer.count
        var i = 0
        var line = 1
        // Columns on the current line before `i`: bytes, less continuation bytes when counting scalars.
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
                    if countsScalars, high != 0 { continuations &+= (high & ~(w << 1)).nonzeroBitCount }
                    i &+= 8
                }
                guard i < target else { break }
                let b = base[i]
                if b == 0x0A {
                    line &+= 1
                    lineStart = i &+ 1
                    continuations = 0
                } else if countsScalars, b & 0xC0 == 0x80 {
                    continuations &+= 1
                }
                i &+= 1
            }
            result[k] = (line, target - lineStart - continuations + 1)
        }
        return result
    }
}

/// A place in a JSON string token, read forward: `at` is the byte offset in the file, after the first `produced`
/// UTF-8 bytes of the text the token stands for (escapes count as their text).
struct JSONTokenCursor {
    var at: Int
    var produced = 0

    /// The start of the text of the token whose opening quote is at `quote`.
    init(quote: Int) {
        at = quote + 1
    }

    /// Moves to where the first `decoded` bytes of the text end (past an escape that holds the `decoded`th byte;
    /// at the closing quote when the text is shorter).
    mutating func advance(to decoded: Int, in file: [UInt8]) {
        let n = file.count
        func hex(_ start: Int) -> UInt32? {
            guard start + 4 <= n else { return nil }
            var value: UInt32 = 0
            for k in start..<(start + 4) {
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
        var i = at
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
        at = i
    }
}
