import Foundation
import RichText
import StreamingJSON

/// The fast path of `NativeJSONDecoder` for well-formed documents that need no warning.
///
/// It reads the three document forms straight from the bytes: run text is decoded and validated into one
/// UTF-8 buffer, never a `String` per run, and an attribute dictionary is decoded once per document for
/// each distinct spelling. The next dictionary with the same raw bytes is the same JSON value, so it reuses
/// the decoded set after a hash and a byte compare; a dictionary an earlier document decoded is found in
/// `NativeJSONAttributeMemo` and not decoded again.
///
/// It never reports anything: on any error, anything that would warn, or any member it does not handle
/// (`imageGlyphs`, unknown members), it gives up and the decoder reads the whole document again with the
/// token reader, which finds the same first problem and its exact line, column and byte offset. So the fast
/// path only has to be right about what it accepts, and it accepts only what the token reader accepts with
/// the same result.
struct NativeJSONFastReader {
    /// What the fast path read: the whole text, and its runs with their attributes resolved.
    struct Result {
        var text: String
        /// The runs, which the document takes over: `decoded()` is called once.
        var runs: RunList
        /// Where each run's text token is in the file.
        var sourceMap: SourceMap

        /// The decoded document: the string, then the behaviour fix-up. There are no glyphs (the fast path
        /// gives up on them: without the `imageGlyphs` member it does not read, a glyph always warns), so
        /// no images and nothing for the glyph checks to say.
        func decoded() -> DecodedDocument {
            guard var document = RichString(unenforcedText: text, takingOver: runs) else {
                preconditionFailure("the fast path's runs do not cover its text")
            }
            let adjustments = document.enforceBehaviors()
            return DecodedDocument(document: document, adjustments: adjustments, sourceMap: sourceMap)
        }
    }

    /// Raised (never escaping) when the fast path gives up.
    private struct GiveUp: Error {}

    private let bytes: [UInt8]
    private let p: UnsafePointer<UInt8>
    private let n: Int
    private let schema: NativeJSONSchema
    private let limits: JSONReader.Limits
    private var i = 0
    /// The decoded text so far: `out[0..<o]`. It never outgrows `n`, as decoding never lengthens a string.
    private let out: UnsafeMutablePointer<UInt8>
    private var o = 0
    private var runs = RunList()
    /// Each run text token: where its text starts (`o`) and where its opening quote is (`i`).
    private var pieces: [SourceMap.Piece] = []
    /// Runs whose attributes are a table index, resolved once the table is read: (run, index).
    private var indexedRuns: [(run: Int, index: Int)] = []
    private var cache = RawAttributeCache()
    /// This document's generation of the sets other documents decoded (`NativeJSONAttributeMemo`).
    private let memoGeneration: Int

    private init(bytes: [UInt8], p: UnsafePointer<UInt8>, n: Int, out: UnsafeMutablePointer<UInt8>, schema: NativeJSONSchema,
                 limits: JSONReader.Limits) {
        self.bytes = bytes
        self.p = p
        self.n = n
        self.out = out
        self.schema = schema
        self.limits = limits
        memoGeneration = NativeJSONAttributeMemo.shared.generation(
            for: NativeJSONAttributeMemo.Context(keys: schema.keys, maxDepth: limits.maxDepth, maxStringBytes: limits.maxStringBytes))
    }

    /// The document in `bytes`, or nil when the token reader has to read it.
    static func read(_ bytes: [UInt8], schema: NativeJSONSchema, limits: JSONReader.Limits) -> Result? {
        let n = bytes.count
        guard n > 0, limits.maxDepth >= 2 else { return nil }
        return bytes.withUnsafeBufferPointer { buffer -> Result? in
            guard let base = buffer.baseAddress else { return nil }
            let out = UnsafeMutablePointer<UInt8>.allocate(capacity: n)
            defer { out.deallocate() }
            var reader = NativeJSONFastReader(bytes: bytes, p: base, n: n, out: out, schema: schema, limits: limits)
            do {
                return try reader.document()
            } catch {
                return nil
            }
        }
    }

    // MARK: Forms

    private mutating func document() throws(GiveUp) -> Result {
        if n >= 3 && p[0] == 0xEF && p[1] == 0xBB && p[2] == 0xBF { i = 3 }
        skipWhitespace()
        guard i < n else { throw GiveUp() }
        var table: [AttributeSet]? = nil
        switch p[i] {
        case 0x22: // a bare string: one run, even when empty
            pieces.append(SourceMap.Piece(textOffset: o, fileOffset: i, spelling: .jsonString))
            let count = try string()
            runs.appendEmpty(utf8Count: count)
        case 0x5B: // [
            try flatRuns()
        case 0x7B: // {
            i &+= 1
            table = try tableForm()
        default:
            throw GiveUp()
        }
        skipWhitespace()
        guard i == n else { throw GiveUp() }

        if !indexedRuns.isEmpty {
            guard let table else { throw GiveUp() }
            for (run, index) in indexedRuns {
                guard index < table.count else { throw GiveUp() }
                runs.setAttributes(table[index], at: run)
            }
        }
        let text = String(decoding: UnsafeBufferPointer(start: out, count: o), as: UTF8.self)
        return Result(text: text, runs: runs, sourceMap: SourceMap(pieces: pieces))
    }

    /// `["text", {attrs}, …]` at its `[`.
    private mutating func flatRuns() throws(GiveUp) {
        if try openList() { return }
        repeat {
            let start = try runText()
            guard i < n, p[i] == 0x7B else { throw GiveUp() }
            try appendRun(from: start, depth: 1)
        } while try !closes(0x5D)
    }

    /// `{"runs": …, "attributeTable": …}` after its `{`, members in either order; returns the table.
    private mutating func tableForm() throws(GiveUp) -> [AttributeSet]? {
        var table: [AttributeSet]? = nil
        var sawRuns = false
        skipWhitespace()
        guard i < n, p[i] == 0x22 else { throw GiveUp() }
        while true {
            // Decode the key where the text goes next, without keeping it.
            let start = o
            _ = try string()
            let key = UnsafeBufferPointer(start: out + start, count: o - start)
            o = start
            try expect(0x3A)
            if key.elementsEqual("runs".utf8) {
                guard !sawRuns else { throw GiveUp() }
                sawRuns = true
                try tableRuns()
            } else if key.elementsEqual("attributeTable".utf8) {
                guard table == nil else { throw GiveUp() }
                table = try attributeTable()
            } else {
                throw GiveUp()
            }
            if try closes(0x7D) { break }
            guard i < n, p[i] == 0x22 else { throw GiveUp() }
        }
        guard sawRuns else { throw GiveUp() }
        return table
    }

    /// The `runs` array of the table form: text, then a table index or an attribute dictionary.
    private mutating func tableRuns() throws(GiveUp) {
        if try openList() { return }
        repeat {
            let start = try runText()
            guard i < n else { throw GiveUp() }
            if p[i] == 0x7B {
                try appendRun(from: start, depth: 2)
            } else {
                let index = try tableIndex()
                if o > start {
                    indexedRuns.append((runs.count, index))
                    runs.appendEmpty(utf8Count: o - start)
                }
            }
        } while try !closes(0x5D)
    }

    /// The `attributeTable` array: attribute dictionaries.
    private mutating func attributeTable() throws(GiveUp) -> [AttributeSet] {
        var table: [AttributeSet] = []
        if try openList() { return table }
        repeat {
            guard i < n, p[i] == 0x7B else { throw GiveUp() }
            table.append(try attributes(depth: 2))
        } while try !closes(0x5D)
        return table
    }

    /// A run's text: the string at `i` appended to the text (and mapped), then the `,` after it. Returns where
    /// the run's text starts.
    @inline(__always)
    private mutating func runText() throws(GiveUp) -> Int {
        let start = o
        guard i < n, p[i] == 0x22 else { throw GiveUp() }
        pieces.append(SourceMap.Piece(textOffset: o, fileOffset: i, spelling: .jsonString))
        _ = try string()
        try expect(0x2C)
        return start
    }

    /// A non-negative integer of at most 18 digits, as the token reader reads it; anything else gives up.
    private mutating func tableIndex() throws(GiveUp) -> Int {
        let start = i
        var v = 0
        while i < n, p[i] &- 0x30 < 10 {
            v = v &* 10 &+ Int(p[i] &- 0x30)
            i &+= 1
        }
        let digits = i - start
        guard digits > 0, digits <= 18, !(digits > 1 && p[start] == 0x30) else { throw GiveUp() }
        if i < n && (p[i] == 0x2E || p[i] | 0x20 == 0x65) { throw GiveUp() }
        return v
    }

    // MARK: Attribute dictionaries

    /// The dictionary at `i` (its `{`), `depth` containers deep, as a set.
    ///
    /// The same raw bytes are the same JSON object wherever they stand, because an object's end is fixed by
    /// its own bytes. So the set decoded for one spelling serves every later copy of it; only the first copy
    /// is decoded, by the token reader's own attribute code, and kept only when it raised no warning.
    private mutating func attributes(depth: Int) throws(GiveUp) -> AttributeSet {
        try withAttributes(depth: depth) { $0 }
    }

    /// Reads the attribute dictionary at `i` and appends the run of the text read since `start`, unless empty.
    private mutating func appendRun(from start: Int, depth: Int) throws(GiveUp) {
        let length = o - start
        let runs = self.runs
        try withAttributes(depth: depth) { if length > 0 { runs.append(utf8Count: length, $0) } }
    }

    /// `attributes(depth:)`, lent to `body`: a set the cache already holds is passed borrowed, with no reference
    /// counted on it (the sets of a corpus are few and every thread's documents share them).
    private mutating func withAttributes<R>(depth: Int, _ body: (AttributeSet) -> R) throws(GiveUp) -> R {
        // `{}` and `{ }` are the empty set.
        var j = i &+ 1
        while j < n, p[j] == 0x20 || p[j] == 0x0A || p[j] == 0x0D || p[j] == 0x09 { j &+= 1 }
        if j < n && p[j] == 0x7D {
            i = j &+ 1
            return AttributeSet.withEmpty(body)
        }
        let end = try skimObjectEnd()
        let count = end - i
        let hash = RawAttributeCache.hash(p + i, count)
        if let index = cache.index(p, start: i, count: count, hash: hash) {
            i = end
            return cache.withSet(at: index, body)
        }
        let remainingDepth = limits.maxDepth - depth
        guard remainingDepth >= 1 else { throw GiveUp() }
        // Decoded in an earlier document: no token reading, no interning.
        let raw = UnsafeBufferPointer(start: p + i, count: count)
        let memo = NativeJSONAttributeMemo.shared
        if let known = memo.set(for: raw, depth: depth, hash: hash, generation: memoGeneration) {
            cache.insert(start: i, count: count, hash: hash, set: known)
            i = end
            return body(known)
        }
        var decoding = NativeJSONDecoding(bytes: bytes, startingAt: i, schema: schema,
                                          limits: JSONReader.Limits(maxDepth: remainingDepth, maxStringBytes: limits.maxStringBytes))
        let set: AttributeSet
        do {
            let open = try decoding.tokens.next(expecting: "an attribute dictionary")
            guard case .beginObject = open.kind else { throw GiveUp() }
            set = try decoding.readAttributes()
        } catch {
            throw GiveUp()
        }
        guard decoding.warnings.isEmpty, decoding.tokens.reader.currentLocation.byteOffset == end else { throw GiveUp() }
        for entry in set.entries {
            if case .imageGlyph = entry.value { throw GiveUp() }
        }
        cache.insert(start: i, count: count, hash: hash, set: set)
        memo.remember(set, for: raw, depth: depth, hash: hash, generation: memoGeneration)
        i = end
        return body(set)
    }

    /// The index just past the `}` that closes the object at `i`, found by tracking strings and brackets
    /// only. It is exact for well-formed JSON; on anything else the bytes up to it match no decoded set and
    /// the token reader judges them.
    private func skimObjectEnd() throws(GiveUp) -> Int {
        var j = i
        var depth = 0
        while j < n {
            let b = p[j]
            switch b {
            case 0x22:
                j &+= 1
                while j < n {
                    let c = p[j]
                    if c == 0x22 { break }
                    j &+= c == 0x5C ? 2 : 1
                }
            case 0x7B, 0x5B:
                depth &+= 1
            case 0x7D, 0x5D:
                depth &-= 1
                if depth == 0 { return j &+ 1 }
            default:
                break
            }
            j &+= 1
        }
        throw GiveUp()
    }

    // MARK: Bytes

    @inline(__always)
    private mutating func skipWhitespace() {
        while i < n {
            let b = p[i]
            guard b == 0x20 || b == 0x0A || b == 0x0D || b == 0x09 else { return }
            i &+= 1
        }
    }

    /// The `[` at `i` and the whitespace after it; true when the list is empty (its `]` read too).
    @inline(__always)
    private mutating func openList() throws(GiveUp) -> Bool {
        guard i < n, p[i] == 0x5B else { throw GiveUp() }
        i &+= 1
        skipWhitespace()
        if i < n && p[i] == 0x5D { i &+= 1; return true }
        return false
    }

    /// After an element or member: whitespace, then `close` (true) or a `,` and the whitespace after it (false).
    @inline(__always)
    private mutating func closes(_ close: UInt8) throws(GiveUp) -> Bool {
        skipWhitespace()
        guard i < n else { throw GiveUp() }
        if p[i] == close { i &+= 1; return true }
        guard p[i] == 0x2C else { throw GiveUp() }
        i &+= 1
        skipWhitespace()
        return false
    }

    /// Skips whitespace, `byte`, and whitespace.
    @inline(__always)
    private mutating func expect(_ byte: UInt8) throws(GiveUp) {
        skipWhitespace()
        guard i < n, p[i] == byte else { throw GiveUp() }
        i &+= 1
        skipWhitespace()
    }

    /// Decodes the string at `i` (its opening quote) onto the text, validating it as the token reader does;
    /// returns its decoded length and leaves `i` after the closing quote.
    private mutating func string() throws(GiveUp) -> Int {
        let begin = o
        i &+= 1
        var segment = i
        while true {
            // Plain bytes, 8 at a time: bytes < 0x20 or >= 0x80, '"' and '\\' set the high bit of their lane,
            // and the lowest such lane is exact.
            while i &+ 8 <= n {
                let w = UnsafeRawPointer(p + i).loadUnaligned(as: UInt64.self)
                let lows: UInt64 = 0x0101_0101_0101_0101
                let quote = w ^ 0x2222_2222_2222_2222
                let slash = w ^ 0x5C5C_5C5C_5C5C_5C5C
                let t = ((w &- (lows &* 0x20)) | ((quote &- lows) & ~quote) | ((slash &- lows) & ~slash) | w) & 0x8080_8080_8080_8080
                if t != 0 {
                    i &+= t.trailingZeroBitCount >> 3
                    break
                }
                i &+= 8
            }
            while i < n {
                let b = p[i]
                if b == 0x22 || b == 0x5C || b < 0x20 || b >= 0x80 { break }
                i &+= 1
            }
            guard i < n else { throw GiveUp() }
            let b = p[i]
            if b == 0x22 || b == 0x5C {
                // Checked before copying, so an over-long string costs a scan, not a copy.
                guard o &- begin &+ (i &- segment) <= limits.maxStringBytes else { throw GiveUp() }
                append(segment)
            }
            if b == 0x22 {
                i &+= 1
                return o - begin
            }
            if b == 0x5C {
                try escape()
                guard o &- begin <= limits.maxStringBytes else { throw GiveUp() }
                segment = i
            } else if b < 0x20 {
                throw GiveUp()
            } else {
                i &+= try utf8Sequence()
            }
        }
    }

    @inline(__always)
    private mutating func append(_ segment: Int) {
        let count = i &- segment
        (out + o).initialize(from: p + segment, count: count)
        o &+= count
    }

    /// The length of the well-formed UTF-8 sequence at `i` (`UTF8Validation`: RFC 3629, no overlongs,
    /// surrogates or values past U+10FFFF).
    @inline(__always)
    private func utf8Sequence() throws(GiveUp) -> Int {
        guard case .valid(let length) = UTF8Validation.sequence(at: i, in: p, count: n) else { throw GiveUp() }
        return length
    }

    /// Decodes the escape at `i` (a backslash) onto the text; leaves `i` after it.
    private mutating func escape() throws(GiveUp) {
        guard i &+ 1 < n else { throw GiveUp() }
        let c = p[i &+ 1]
        if let decoded = JSONShortEscape.byte(forLetter: c) {
            out[o] = decoded
            o &+= 1
            i &+= 2
            return
        }
        guard c == 0x75 else { throw GiveUp() }
        let high = try hex4(i &+ 2)
        var scalar = UInt32(high)
        var next = i &+ 6
        if high >= 0xD800 && high <= 0xDBFF {
            guard i &+ 7 < n, p[i &+ 6] == 0x5C, p[i &+ 7] == 0x75 else { throw GiveUp() }
            let low = try hex4(i &+ 8)
            guard low >= 0xDC00 && low <= 0xDFFF else { throw GiveUp() }
            scalar = 0x10000 &+ ((UInt32(high) &- 0xD800) << 10) &+ (UInt32(low) &- 0xDC00)
            next = i &+ 12
        } else if high >= 0xDC00 && high <= 0xDFFF {
            throw GiveUp()
        }
        // The escape is at least 6 bytes and its UTF-8 at most 4, so the text stays within `n`.
        switch scalar {
        case 0..<0x80:
            out[o] = UInt8(scalar)
            o &+= 1
        case 0x80..<0x800:
            out[o] = UInt8(0xC0 | (scalar >> 6))
            out[o &+ 1] = UInt8(0x80 | (scalar & 0x3F))
            o &+= 2
        case 0x800..<0x10000:
            out[o] = UInt8(0xE0 | (scalar >> 12))
            out[o &+ 1] = UInt8(0x80 | ((scalar >> 6) & 0x3F))
            out[o &+ 2] = UInt8(0x80 | (scalar & 0x3F))
            o &+= 3
        default:
            out[o] = UInt8(0xF0 | (scalar >> 18))
            out[o &+ 1] = UInt8(0x80 | ((scalar >> 12) & 0x3F))
            out[o &+ 2] = UInt8(0x80 | ((scalar >> 6) & 0x3F))
            out[o &+ 3] = UInt8(0x80 | (scalar & 0x3F))
            o &+= 4
        }
        i = next
    }

    private func hex4(_ at: Int) throws(GiveUp) -> UInt16 {
        guard at &+ 4 <= n else { throw GiveUp() }
        var v: UInt16 = 0
        for k in at..<(at &+ 4) {
            let b = p[k]
            let d: UInt8
            switch b {
            case 0x30...0x39: d = b &- 0x30
            case 0x41...0x46: d = b &- 0x41 &+ 10
            case 0x61...0x66: d = b &- 0x61 &+ 10
            default: throw GiveUp()
            }
            v = v << 4 | UInt16(d)
        }
        return v
    }
}

/// Decoded attribute sets by the raw bytes of their dictionary, for one document: an open-addressed table
/// of (hash, where the first copy stands) with a byte compare on every hit.
struct RawAttributeCache {
    private struct Entry {
        var hash: UInt64
        var start: Int
        var count: Int
        var set: AttributeSet
    }

    /// The most distinct dictionaries kept; past that, new ones are decoded every time.
    static let capacity = 1 << 14

    private var slots: [Int32] = Array(repeating: -1, count: 64)
    private var entries: [Entry] = []

    /// A hash of `count` bytes at `start`.
    @inline(__always)
    static func hash(_ start: UnsafePointer<UInt8>, _ count: Int) -> UInt64 {
        var h: UInt64 = 0xCBF2_9CE4_8422_2325 ^ UInt64(truncatingIfNeeded: count)
        var k = 0
        while k &+ 8 <= count {
            let w = UnsafeRawPointer(start + k).loadUnaligned(as: UInt64.self)
            h = (h ^ w) &* 0x9E37_79B9_7F4A_7C15
            h ^= h >> 29
            k &+= 8
        }
        while k < count {
            h = (h ^ UInt64(start[k])) &* 0x100_0000_01B3
            k &+= 1
        }
        return h ^ (h >> 32)
    }

    /// The entry of the set decoded for the same bytes as `p[start..<start+count]`.
    @inline(__always)
    func index(_ p: UnsafePointer<UInt8>, start: Int, count: Int, hash: UInt64) -> Int? {
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while true {
            let index = Int(slots[slot])
            if index < 0 { return nil }
            // Field by field: a miss copies no entry (and retains no set).
            if entries[index].hash == hash && entries[index].count == count
                && memcmp(p + entries[index].start, p + start, count) == 0 {
                return index
            }
            slot = (slot &+ 1) & mask
        }
    }

    /// Calls `body` with the set of entry `index`, borrowed from the cache (no reference counted).
    @inline(__always)
    func withSet<R>(at index: Int, _ body: (AttributeSet) -> R) -> R {
        AttributeSet.withBorrowed(\Entry.set, of: entries, at: index, body)
    }

    /// Remembers `set` for the bytes at `start` (which must stay in the same buffer).
    mutating func insert(start: Int, count: Int, hash: UInt64, set: AttributeSet) {
        guard entries.count < Self.capacity else { return }
        entries.append(Entry(hash: hash, start: start, count: count, set: set))
        if entries.count * 2 > slots.count {
            slots = Array(repeating: -1, count: slots.count * 4)
            for (index, entry) in entries.enumerated() { place(index, hash: entry.hash) }
        } else {
            place(entries.count - 1, hash: hash)
        }
    }

    private mutating func place(_ index: Int, hash: UInt64) {
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while slots[slot] >= 0 { slot = (slot &+ 1) & mask }
        slots[slot] = Int32(index)
    }
}
