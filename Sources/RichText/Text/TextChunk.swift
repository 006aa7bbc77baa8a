/// The counts a text chunk contributes to the rope: every unit a view or a conversion needs. They are the
/// public `TextCounts`, which `RichString.counts` hands out as the root's summary.
typealias TextSummary = TextCounts

extension TextCounts: RopeSummary {
    static let zero = TextCounts(utf8: 0, utf16: 0, scalars: 0, characters: 0, separators: 0)

    @inlinable mutating func add(_ other: TextCounts) {
        utf8 += other.utf8
        utf16 += other.utf16
        scalars += other.scalars
        characters += other.characters
        separators += other.separators
    }

    @inlinable mutating func subtract(_ other: TextCounts) {
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
struct TextChunk: RopeElement {
    /// The largest chunk the rope builds, in UTF-8 bytes. A single character longer than this gets its own chunk.
    static let maxUTF8 = 1024
    /// The size chunks are cut to when a piece of text is split.
    static let targetUTF8 = 896
    /// The size chunks are filled to when text is added at the end of the whole text (a document built by
    /// appending), leaving a little room for later edits before the chunk splits.
    static let appendFillUTF8 = 960

    /// A node of a text tree is freed: specialised for chunks (see `RopeElement.ropeNodeWillFree`).
    static func ropeNodeWillFree(_ node: Rope<TextChunk>.Node) { node.giveBackItems() }

    /// The text.
    private(set) var string: String
    /// Its counts.
    private(set) var summary: TextSummary
    /// Bytes the string's storage is known to hold without growing (it may hold more; capped at `Int32.max`).
    /// An edit that needs more grows it by a little slack instead of the standard library's doubling, which left
    /// most edited chunks half empty.
    private var reservedUTF8: Int32
    /// The length in bytes of the ASCII run the chunk starts with: every byte before it is ASCII, and the byte at
    /// it (if any) is not. Capped at `UInt16.max`, where it is only a lower bound (a chunk that long is one huge
    /// character). A scalar or UTF-16 offset inside it is its own UTF-8 offset.
    private(set) var leadingASCII: UInt16
    /// The length in bytes of the ASCII run the chunk ends with, like `leadingASCII` from the other end.
    private(set) var trailingASCII: UInt16

    /// A chunk holding `string`.
    init(_ string: String) {
        self.string = string
        summary = TextChunk.summarize(string)
        reservedUTF8 = Int32(clamping: summary.utf8)
        (leadingASCII, trailingASCII) = TextChunk.asciiRuns(string, summary)
    }

    /// A chunk holding a copy of `text`, in storage with `grownCapacity` room: the first edits that add a few
    /// bytes to it then write in place. Without the room, the first insertion into each chunk of a large document
    /// copies the whole chunk into new storage, which reads it all from memory.
    init(copying text: Substring) {
        let size = text.utf8.count
        guard size > 15 else {
            // Held inline by `String`: there is no storage to grow.
            self.init(String(text))
            return
        }
        // Appended as a string: its bytes are known to be valid, so nothing checks them again (a document's
        // chunks are all built here; `init(copying:)` from bytes validates them).
        var string = String()
        let capacity = TextChunk.grownCapacity(for: size)
        string.reserveCapacity(capacity)
        string.append(contentsOf: text)
        self.init(string)
        reservedUTF8 = Int32(clamping: capacity)
    }

    /// A chunk holding a copy of `bytes` (whole scalars of valid UTF-8), with `grownCapacity` room as
    /// `init(copying:)` gives.
    init(copying bytes: UnsafeBufferPointer<UInt8>) {
        let size = bytes.count
        guard size > 15 else {
            // Held inline by `String`: there is no storage to grow.
            self.init(String(decoding: bytes, as: UTF8.self))
            return
        }
        let capacity = TextChunk.grownCapacity(for: size)
        let string = String(unsafeUninitializedCapacity: capacity) { buffer in
            _ = buffer.initialize(from: bytes)
            return size
        }
        self.init(string)
        reservedUTF8 = Int32(clamping: capacity)
    }

    /// The room an edit that outgrows a chunk's storage asks for: the new size and a little more.
    static func grownCapacity(for size: Int) -> Int { size + 24 }

    /// Whether every byte is ASCII: then scalars and UTF-16 units are bytes.
    @inline(__always) var isASCII: Bool { summary.scalars == summary.utf8 }

    /// Whether an ASCII chunk has no CRLF: then characters are bytes too.
    @inline(__always) var hasNoCRLF: Bool { summary.characters == summary.utf8 }

    /// Replaces the bytes `from..<to` (scalar-aligned) in place, updating the counts from the edit alone.
    ///
    /// UTF-8, UTF-16 and scalar counts change by what was removed and inserted. Separators are re-counted in a
    /// window one byte wider than the edit (CR/LF pairing is their only context). Characters are re-counted
    /// between the nearest positions on each side where two scalars that never join meet (`CharacterCounting`),
    /// which are grapheme boundaries whatever surrounds them; in most text that window is a few scalars. The
    /// ASCII runs at the ends move with the edit (see `updateASCIIRuns`).
    mutating func replace(_ from: Int, _ to: Int, with replacement: Substring) {
        let newCount = replacement.utf8.count
        let oldSize = summary.utf8
        let delta = newCount - (to - from)
        let newSize = oldSize + delta
        if newSize > Int(reservedUTF8) {
            // Copied into storage of the size asked for: growing in place would double it.
            let capacity = TextChunk.grownCapacity(for: newSize)
            var grown = String()
            grown.reserveCapacity(capacity)
            grown.append(string)
            string = grown
            reservedUTF8 = Int32(clamping: capacity)
        }
        if let insertedLineFeeds = TextChunk.plainASCIIEdit(string, from, to, replacement) {
            // No local view of the string may live across the replacement: a view holds a reference to the
            // storage until the end of its scope, which makes the storage look shared and the replacement copy
            // all of it.
            let (a, b) = TextChunk.utf8Indices(string, from, to)
            string.replaceSubrange(a..<b, with: replacement)
            summary.utf8 += delta
            summary.utf16 += delta
            summary.scalars += delta
            summary.characters += delta
            summary.separators += insertedLineFeeds
            updateASCIIRuns(from, to, from + newCount, oldSize: oldSize, headEnd: from + newCount, tailStart: from)
            return
        }
        let old = TextChunk.editCounts(string, from, to)
        let (a, b) = TextChunk.utf8Indices(string, from, to)
        string.replaceSubrange(a..<b, with: replacement)
        let new = TextChunk.editCounts(string, from, from + newCount)
        summary.utf8 += delta
        summary.utf16 += new.utf16 - old.utf16
        summary.scalars += new.scalars - old.scalars
        summary.separators += new.separators - old.separators
        summary.characters += new.characters - old.characters
        updateASCIIRuns(from, to, from + newCount, oldSize: oldSize, headEnd: new.headEnd, tailStart: new.tailStart)
    }

    /// Moves the ASCII runs at the ends over an edit of the old bytes `from..<to` that put new bytes at
    /// `from..<insertedEnd` (the string already holds the new text), whose own ASCII runs end at `headEnd` and start
    /// at `tailStart`.
    ///
    /// An edit that starts after the leading run's end leaves it alone; one that starts inside it ends it inside
    /// the new bytes when they are not all ASCII, and otherwise shifts its end by the size change when the edit
    /// ends inside it too. Only an all-ASCII edit that removes the run's ending byte scans, from the edit on. The
    /// trailing run is the mirror image.
    private mutating func updateASCIIRuns(_ from: Int, _ to: Int, _ insertedEnd: Int, oldSize: Int,
                                          headEnd: Int, tailStart: Int) {
        let leading = Int(leadingASCII), trailing = Int(trailingASCII)
        let trailingStart = oldSize - trailing
        let newSize = summary.utf8
        let delta = insertedEnd - to
        let allASCII = headEnd == insertedEnd
        if from <= leading {
            if !allASCII {
                leadingASCII = UInt16(clamping: headEnd)
            } else if to <= leading {
                leadingASCII = UInt16(clamping: leading + delta)
            } else {
                var copy = string
                let end = copy.withUTF8 { TextChunk.asciiRunEnd($0, from: insertedEnd, to: $0.count) }
                leadingASCII = UInt16(clamping: end)
            }
        }
        if to >= trailingStart {
            if !allASCII {
                trailingASCII = UInt16(clamping: newSize - tailStart)
            } else if from >= trailingStart {
                trailingASCII = UInt16(clamping: trailing + delta)
            } else {
                var copy = string
                let start = copy.withUTF8 { TextChunk.asciiRunStart($0, from: 0, to: from) }
                trailingASCII = UInt16(clamping: newSize - start)
            }
        }
    }

    /// For an edit that only touches plain ASCII, the line feeds it adds (negative when it removes them); nil
    /// otherwise.
    ///
    /// Plain means: the removed bytes `from..<to` and the new ones are ASCII without CR, the byte before the edit
    /// (if any) is ASCII but not CR, and the byte after it (if any) is ASCII. Then every offset from the byte
    /// before the edit to the byte after it, on either side of the edit, lies between two ASCII bytes that are
    /// not CR LF, so it is a character boundary whatever surrounds it: characters, scalars and UTF-16 units
    /// change by the change in bytes, and separators by the line feeds (no CR can pair differently, and U+2029
    /// is not ASCII).
    private static func plainASCIIEdit(_ string: String, _ from: Int, _ to: Int, _ replacement: Substring) -> Int? {
        var lineFeeds = 0
        for byte in replacement.utf8 {
            if byte >= 0x80 || byte == 0x0D { return nil }
            if byte == 0x0A { lineFeeds += 1 }
        }
        var copy = string
        return copy.withUTF8 { bytes -> Int? in
            if from > 0 {
                let before = bytes[from - 1]
                if before >= 0x80 || before == 0x0D { return nil }
            }
            if to < bytes.count && bytes[to] >= 0x80 { return nil }
            for i in from..<to {
                let byte = bytes[i]
                if byte >= 0x80 || byte == 0x0D { return nil }
                if byte == 0x0A { lineFeeds -= 1 }
            }
            return lineFeeds
        }
    }

    /// The indices of two UTF-8 offsets.
    private static func utf8Indices(_ string: String, _ from: Int, _ to: Int) -> (String.Index, String.Index) {
        let utf8 = string.utf8
        return (utf8.index(utf8.startIndex, offsetBy: from), utf8.index(utf8.startIndex, offsetBy: to))
    }

    /// What an edit of bytes `from..<to` changes: their UTF-16 units and scalars, and the separators and
    /// characters of the window around them (`editWindow`), in one pass over the storage.
    /// Also where the ASCII run that starts at `from` ends and where the one that ends at `to` starts, inside
    /// `from..<to`.
    private static func editCounts(_ string: String, _ from: Int, _ to: Int)
        -> (utf16: Int, scalars: Int, separators: Int, characters: Int, headEnd: Int, tailStart: Int) {
        var copy = string
        return copy.withUTF8 { bytes in
            var utf16 = 0
            var scalars = 0
            for i in from..<to {
                let byte = bytes[i]
                if byte & 0xC0 != 0x80 {
                    scalars += 1
                    utf16 += byte >= 0xF0 ? 2 : 1
                }
            }
            let window = editWindow(bytes, from, to)
            let headEnd = scalars == to - from ? to : asciiRunEnd(bytes, from: from, to: to)
            let tailStart = scalars == to - from ? from : asciiRunStart(bytes, from: from, to: to)
            return (utf16, scalars, window.separators, window.characters, headEnd, tailStart)
        }
    }

    /// Separators starting in bytes `from-1 ..< to+1`, and characters between the nearest decided boundaries
    /// around `from..<to`.
    private static func editWindow(_ bytes: UnsafeBufferPointer<UInt8>, _ from: Int, _ to: Int)
        -> (separators: Int, characters: Int) {
        let n = bytes.count
        var separators = 0
        var i = max(from - 1, 0)
        let end = min(to + 1, n)
        while i < end {
            let byte = bytes[i]
            if byte == 0x0A {
                separators += 1
            } else if byte == 0x0D {
                if !(i + 1 < n && bytes[i + 1] == 0x0A) { separators += 1 }
            } else if byte == 0xE2, i + 2 < n, bytes[i + 1] == 0x80, bytes[i + 2] == 0xA9 {
                separators += 1
            }
            i += 1
        }
        // Between the nearest decided boundaries (`CharacterCounting`) at least one byte clear of the edit: they
        // depend only on the scalars on both sides, which the edit leaves alone, so they are boundaries before
        // and after it, and the characters outside them do not change.
        var lo = min(from - 1, n)
        while lo > 0 && (bytes[lo] & 0xC0 == 0x80 || !CharacterCounting.isDecidedBoundary(lo, in: bytes, from: 0, to: n)) { lo -= 1 }
        lo = max(lo, 0)
        var hi = to + 1
        while hi < n && (bytes[hi] & 0xC0 == 0x80 || !CharacterCounting.isDecidedBoundary(hi, in: bytes, from: 0, to: n)) { hi += 1 }
        hi = min(hi, n)
        let characters = lo < hi ? CharacterCounting.count(bytes, from: lo, to: hi) : 0
        return (separators, characters)
    }
}

/// UTF-8 offsets in a text rope.
enum UTF8Metric: RopeMetric {
    static func measure(_ summary: TextSummary) -> Int { summary.utf8 }
}
/// UTF-16 offsets in a text rope.
enum UTF16Metric: RopeMetric {
    static func measure(_ summary: TextSummary) -> Int { summary.utf16 }
}
/// Unicode scalar offsets in a text rope.
enum ScalarMetric: RopeMetric {
    static func measure(_ summary: TextSummary) -> Int { summary.scalars }
}
/// Character offsets in a text rope.
enum CharacterMetric: RopeMetric {
    static func measure(_ summary: TextSummary) -> Int { summary.characters }
}
/// Paragraph separators in a text rope.
enum SeparatorMetric: RopeMetric {
    static func measure(_ summary: TextSummary) -> Int { summary.separators }
}

extension UTF8Metric { typealias Element = TextChunk }
extension UTF16Metric { typealias Element = TextChunk }
extension ScalarMetric { typealias Element = TextChunk }
extension CharacterMetric { typealias Element = TextChunk }
extension SeparatorMetric { typealias Element = TextChunk }
