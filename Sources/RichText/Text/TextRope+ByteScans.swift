/// Unit counts and positions inside one chunk's bytes, eight (or thirty-two) bytes at a time: a byte starts a
/// scalar unless it is a continuation byte (10xxxxxx), and a lead byte of four (11110xxx) starts a scalar of two
/// UTF-16 units. Every range given must start and end on scalar boundaries.
extension TextRope {
    /// Counts `unit`s in the first `offset` bytes of `string`.
    static func count(_ unit: TextUnit, in string: String, upToUTF8 offset: Int) -> Int {
        switch unit {
        case .utf8:
            return offset
        case .scalars:
            return leadCounts(string, upToUTF8: offset).scalars
        case .utf16:
            return leadCounts(string, upToUTF8: offset).utf16
        case .characters:
            var copy = string
            return copy.withUTF8 { CharacterCounting.count($0, from: 0, upTo: min(max(offset, 0), $0.count), end: $0.count) }
        }
    }

    /// Scalars and UTF-16 units in the first `offset` bytes of `string`.
    static func leadCounts(_ string: String, upToUTF8 offset: Int) -> (scalars: Int, utf16: Int) {
        var copy = string
        return copy.withUTF8 { bytes in leadCounts(bytes, from: 0, to: min(max(offset, 0), bytes.count)) }
    }

    /// Scalars and UTF-16 units in bytes `from..<to`.
    static func leadCounts(_ bytes: UnsafeBufferPointer<UInt8>, from: Int, to end: Int) -> (scalars: Int, utf16: Int) {
        var scalars = 0
        var utf16 = 0
        var i = from
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

    /// The UTF-8 offset in `string` where its `n`th `unit` starts.
    static func utf8Offset(of n: Int, in unit: TextUnit, of string: String) -> (offset: Int, trailingSurrogate: Bool) {
        switch unit {
        case .utf8:
            return (n, false)
        case .scalars:
            var copy = string
            return (copy.withUTF8 { scalarOffset(of: n, in: $0, from: 0, seen: 0) }, false)
        case .utf16:
            var copy = string
            return copy.withUTF8 { utf16Offset(of: n, in: $0, from: 0, seen: 0) }
        case .characters:
            var copy = string
            return (copy.withUTF8 { CharacterCounting.offset(ofCharacter: n, in: $0, from: 0, end: $0.count) }, false)
        }
    }

    /// The offset in `bytes` where scalar `n` starts (the end when there are fewer), counting from `start`,
    /// before which `seen` scalars lie (`seen <= n`).
    static func scalarOffset(of n: Int, in bytes: UnsafeBufferPointer<UInt8>, from start: Int, seen: Int) -> Int {
        let count = bytes.count
        var seen = seen
        var offset = start
        // Eight bytes at a time while the word holds no more than the scalars still to pass: those that start
        // in it are its bytes that are not continuation bytes (10xxxxxx). A word may end inside a scalar; its
        // continuation bytes then open the next word and count for nothing there.
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
                if seen == n { return offset }
                seen += 1
            }
            offset += 1
        }
        return offset
    }

    /// The offset in `bytes` where UTF-16 unit `n` starts (the end when there are fewer), counting from `start`,
    /// before which `seen` units lie (`seen <= n`); when `n` is a trailing surrogate, where its scalar starts,
    /// flagged.
    static func utf16Offset(of n: Int, in bytes: UnsafeBufferPointer<UInt8>, from start: Int, seen: Int)
        -> (offset: Int, trailingSurrogate: Bool) {
        var seen = seen
        var offset = start
        let count = bytes.count
        while offset < count {
            let byte = bytes[offset]
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
    }

    /// The UTF-8 offset in `string` of the scalar that starts `k` scalars before its end (the end itself for 0).
    static func scalarStart(fromEnd k: Int, in string: String) -> Int {
        var copy = string
        return copy.withUTF8 { scalarStart(fromEnd: k, in: $0, end: $0.count) }
    }

    /// The offset in `bytes` of the scalar that starts `k` scalars before `end` (`end` itself for 0; 0 when
    /// there are fewer), scanning backward eight bytes at a time: the scalars starting in a run of bytes are its
    /// lead bytes.
    static func scalarStart(fromEnd k: Int, in bytes: UnsafeBufferPointer<UInt8>, end: Int) -> Int {
        var end = end
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
