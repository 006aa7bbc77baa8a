/// Finds paragraph separators in a chunk's UTF-8 bytes, eight bytes at a time.
///
/// A separator is LF, a CR not followed by LF, or U+2029 (E2 80 A9); CRLF is one separator, ended by its LF. Each
/// separator is found at its last byte `j` and ends at `j + 1`. Chunks never split a scalar or a CRLF, so a
/// chunk's bytes alone decide every separator in it.
///
/// Text is mostly bytes from 0x20 to 0x7F, none of which can end a separator; a word of eight such bytes is
/// skipped with one test, and only words holding a control byte or a non-ASCII byte are looked at byte by byte.
enum SeparatorScan {
    /// Whether a separator ends with the byte at `j`.
    @inline(__always)
    static func endsSeparator(_ bytes: UnsafeBufferPointer<UInt8>, at j: Int) -> Bool {
        switch bytes[j] {
        case 0x0A: return true
        case 0x0D: return !(j + 1 < bytes.count && bytes[j + 1] == 0x0A)
        case 0xA9: return j >= 2 && bytes[j - 1] == 0x80 && bytes[j - 2] == 0xE2
        default: return false
        }
    }

    /// Whether any of the eight bytes at `i` may end a separator: a byte below 0x0E or from 0x80 up.
    @inline(__always)
    static func mayHoldSeparator(_ bytes: UnsafeBufferPointer<UInt8>, wordAt i: Int) -> Bool {
        let word = UnsafeRawPointer(bytes.baseAddress! + i).loadUnaligned(as: UInt64.self)
        // With no high bit set, subtracting 0x0E from every byte borrows into a high bit exactly when some byte
        // is below 0x0E (a borrow only ever follows a byte that already qualifies).
        return ((word &- 0x0E0E_0E0E_0E0E_0E0E) | word) & 0x8080_8080_8080_8080 != 0
    }

    /// Calls `body` with the end of each separator whose last byte lies in `from..<limit` (by default, each that
    /// ends in the first `limit` bytes), in order, until it returns false.
    @inline(__always)
    static func forEachEnd(in bytes: UnsafeBufferPointer<UInt8>, from: Int = 0, upTo limit: Int, _ body: (Int) -> Bool) {
        var i = from
        while i + 8 <= limit {
            if mayHoldSeparator(bytes, wordAt: i) {
                for j in i..<(i + 8) where endsSeparator(bytes, at: j) {
                    if !body(j + 1) { return }
                }
            }
            i += 8
        }
        while i < limit {
            if endsSeparator(bytes, at: i), !body(i + 1) { return }
            i += 1
        }
    }

    /// The number of separators that end in the first `limit` bytes.
    static func count(in bytes: UnsafeBufferPointer<UInt8>, upTo limit: Int) -> Int {
        var n = 0
        forEachEnd(in: bytes, upTo: limit) { _ in n += 1; return true }
        return n
    }

    /// The end of the separator with 0-based number `k` among those in `bytes`, or nil when there are fewer.
    static func end(ofSeparator k: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var seen = 0
        var found: Int?
        forEachEnd(in: bytes, upTo: bytes.count) { end in
            if seen == k { found = end; return false }
            seen += 1
            return true
        }
        return found
    }

    /// The end of the last separator that ends in the first `limit` bytes, or nil when none does.
    static func lastEnd(in bytes: UnsafeBufferPointer<UInt8>, upTo limit: Int) -> Int? {
        var i = limit
        while i >= 8 {
            if mayHoldSeparator(bytes, wordAt: i - 8) {
                var j = i - 1
                while j >= i - 8 {
                    if endsSeparator(bytes, at: j) { return j + 1 }
                    j -= 1
                }
            }
            i -= 8
        }
        while i > 0 {
            i -= 1
            if endsSeparator(bytes, at: i) { return i + 1 }
        }
        return nil
    }
}
