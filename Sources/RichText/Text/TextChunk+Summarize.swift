/// Counting a whole chunk's units in one pass.
extension TextChunk {
    /// Counts the units of `string`, with a fast path for text whose scalars are all below U+0300.
    ///
    /// Scalars below U+0300 (lead bytes below `NonJoiningScalars.leadByteLimit`) never join, so when every
    /// scalar is one of them, every two adjacent scalars but CR LF are separate characters and Latin-1 text
    /// such as "crème brûlée" counts in the same pass. Other text is counted by `CharacterCounting`, which
    /// breaks graphemes only around the scalars that can join.
    static func summarize(_ string: String) -> TextSummary {
        var copy = string
        return copy.withUTF8 { bytes in
            var scalars = 0
            var utf16 = 0
            var separators = 0
            var crlf = 0
            var simple = true
            var i = 0
            let n = bytes.count
            let base = bytes.baseAddress
            while i < n {
                // Eight bytes at a time while none of them is LF, CR or 0xE2 (the lead byte of U+2029): scalars
                // are the bytes that are not continuation bytes (10xxxxxx), UTF-16 adds one more for each lead
                // byte of four (11110xxx), and a byte of 0xCC or more leaves the fast character count.
                if let base, i + 8 <= n {
                    let w = UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)
                    let lows: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
                    let lf = w ^ (lows &* 0x0A), cr = w ^ (lows &* 0x0D), e2 = w ^ (lows &* 0xE2)
                    let special = (((lf &- lows) & ~lf) | ((cr &- lows) & ~cr) | ((e2 &- lows) & ~e2)) & highs
                    if special == 0 {
                        let starts = 8 - (w & ~(w << 1) & highs).nonzeroBitCount
                        scalars += starts
                        utf16 += starts + (w & (w << 1) & (w << 2) & (w << 3) & highs).nonzeroBitCount
                        if ((w & ~highs) &+ (lows &* (0x80 - UInt64(NonJoiningScalars.leadByteLimit & 0x7F)))) & w & highs != 0 { simple = false }
                        i += 8
                        continue
                    }
                    for k in i..<(i + 8) { Self.count(bytes, k, &scalars, &utf16, &separators, &crlf, &simple) }
                    i += 8
                    continue
                }
                Self.count(bytes, i, &scalars, &utf16, &separators, &crlf, &simple)
                i += 1
            }
            let characters = simple ? scalars - crlf : CharacterCounting.count(bytes, from: 0, to: n)
            return TextSummary(utf8: n, utf16: utf16, scalars: scalars, characters: characters, separators: separators)
        }
    }

    /// Adds the byte at `i` to the counts of `summarize`.
    @inline(__always)
    fileprivate static func count(_ bytes: UnsafeBufferPointer<UInt8>, _ i: Int, _ scalars: inout Int, _ utf16: inout Int,
                              _ separators: inout Int, _ crlf: inout Int, _ simple: inout Bool) {
        let n = bytes.count
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
            if byte >= NonJoiningScalars.leadByteLimit { simple = false }
            scalars += 1
            utf16 += byte >= 0xF0 ? 2 : 1
            if byte == 0xE2 && i + 2 < n && bytes[i + 1] == 0x80 && bytes[i + 2] == 0xA9 { separators += 1 }
        }
    }
}
