/// The ASCII runs at a chunk's two ends, found eight bytes at a time.
///
/// Text that is mostly ASCII with a few other characters (accented words in English prose) has in nearly every
/// chunk one or two non-ASCII characters; the runs before the first and after the last of them are most of the
/// chunk, and a position there converts between units without reading the bytes (`TextChunk+Lookup`).
extension TextChunk {
    /// The lengths of the ASCII runs `string` starts and ends with (capped at `UInt16.max`); `summary` is its
    /// counts, which tell at once whether it is all ASCII.
    static func asciiRuns(_ string: String, _ summary: TextSummary) -> (leading: UInt16, trailing: UInt16) {
        if summary.scalars == summary.utf8 {
            let all = UInt16(clamping: summary.utf8)
            return (all, all)
        }
        var copy = string
        return copy.withUTF8 { bytes in
            let leading = asciiRunEnd(bytes, from: 0, to: bytes.count)
            let trailing = bytes.count - asciiRunStart(bytes, from: leading, to: bytes.count)
            return (UInt16(clamping: leading), UInt16(clamping: trailing))
        }
    }

    /// The first offset in `from..<to` whose byte is not ASCII, or `to`.
    static func asciiRunEnd(_ bytes: UnsafeBufferPointer<UInt8>, from: Int, to: Int) -> Int {
        var i = from
        if let base = bytes.baseAddress {
            let raw = UnsafeRawPointer(base)
            let highs: UInt64 = 0x8080_8080_8080_8080
            while i + 8 <= to {
                // Little-endian: the lowest set high bit belongs to the first non-ASCII byte.
                let high = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self).littleEndian & highs
                if high != 0 { return i + high.trailingZeroBitCount / 8 }
                i += 8
            }
        }
        while i < to && bytes[i] < 0x80 { i += 1 }
        return i
    }

    /// The offset in `from...to` where the ASCII run that ends at `to` starts: every byte from it to `to` is
    /// ASCII, and the one before it (when it is after `from`) is not.
    static func asciiRunStart(_ bytes: UnsafeBufferPointer<UInt8>, from: Int, to: Int) -> Int {
        var i = to
        if let base = bytes.baseAddress {
            let raw = UnsafeRawPointer(base)
            let highs: UInt64 = 0x8080_8080_8080_8080
            while i - 8 >= from {
                // Little-endian: the highest set high bit belongs to the last non-ASCII byte.
                let high = raw.loadUnaligned(fromByteOffset: i - 8, as: UInt64.self).littleEndian & highs
                if high != 0 { return i - high.leadingZeroBitCount / 8 }
                i -= 8
            }
        }
        while i > from && bytes[i - 1] < 0x80 { i -= 1 }
        return i
    }
}
