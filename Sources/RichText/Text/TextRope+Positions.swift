extension TextRope {
    /// The position of one offset (clamped to the text), from the per-offset O(log n) conversions.
    func positionInfo(at offset: Int) -> TextPosition {
        let o = min(max(offset, 0), utf8Count)
        let k = separators(endingAtOrBefore: o)
        let start = endOfSeparator(k)
        return TextPosition(line: k + 1, lineStartUTF8: start, characters: count(.characters, upToUTF8: o),
                                utf16: count(.utf16, upToUTF8: o), lineStartCharacters: count(.characters, upToUTF8: start),
                                lineStartUTF16: count(.utf16, upToUTF8: start))
    }

    /// The positions of many offsets (any order, clamped to the text) in one forward pass over the chunks.
    ///
    /// Chunks with no offset in them cost O(1), plus, when they hold a separator, a backward scan from their end
    /// to their last separator (where the next line starts). Only chunks holding offsets are counted forward.
    /// Gives exactly what `positionInfo(at:)` gives for each offset.
    func positionInfos(at offsets: [Int]) -> [TextPosition] {
        let total = utf8Count
        let clamped = offsets.map { min(max($0, 0), total) }
        let order = clamped.indices.sorted { clamped[$0] < clamped[$1] }
        var result = [TextPosition](repeating: TextPosition(line: 1, lineStartUTF8: 0, characters: 0, utf16: 0,
                                                                    lineStartCharacters: 0, lineStartUTF16: 0),
                                        count: offsets.count)
        guard !order.isEmpty else { return result }
        var prefix = TextSummary.zero
        // The start of the line that holds the current chunk's start: after the last separator before it.
        var lineUTF8 = 0, lineUTF16 = 0, lineCharacters = 0
        var next = 0
        rope.forEach { _, chunk in
            let end = prefix.utf8 + chunk.summary.utf8
            if next < order.count, clamped[order[next]] < end { chunk.withUTF8Bytes { bytes in
                // The offsets and their line starts ascend, so their characters are counted on from one to the
                // next (a line start shared with the offset before is not asked again).
                var characters = CharacterCounting.Cursor(bytes, from: 0, end: bytes.count)
                var lastLine: (end: Int, characters: Int)?
                while next < order.count, clamped[order[next]] < end {
                    let r = clamped[order[next]] - prefix.utf8
                    let (separators, lastEnd) = TextRope.separatorsAndLastEnd(in: chunk.string, upTo: r)
                    var info = TextPosition(line: prefix.separators + separators + 1, lineStartUTF8: lineUTF8,
                                                characters: 0, utf16: prefix.utf16 + TextRope.count(.utf16, in: chunk, upToUTF8: r),
                                                lineStartCharacters: lineCharacters, lineStartUTF16: lineUTF16)
                    if let lastEnd {
                        if lastLine?.end != lastEnd { lastLine = (lastEnd, characters.count(upTo: lastEnd)) }
                        info.lineStartUTF8 = prefix.utf8 + lastEnd
                        info.lineStartCharacters = prefix.characters + lastLine!.characters
                        info.lineStartUTF16 = prefix.utf16 + TextRope.count(.utf16, in: chunk, upToUTF8: lastEnd)
                    }
                    info.characters = prefix.characters + characters.count(upTo: r)
                    result[order[next]] = info
                    next += 1
                }
            } }
            if chunk.summary.separators > 0 {
                let tail = TextRope.tailAfterLastSeparator(chunk.string)
                lineUTF8 = end - tail.utf8
                lineUTF16 = prefix.utf16 + chunk.summary.utf16 - tail.utf16
                lineCharacters = prefix.characters + chunk.summary.characters - tail.characters
            }
            prefix.add(chunk.summary)
            return next < order.count
        }
        // Offsets at the end of the text.
        while next < order.count {
            result[order[next]] = TextPosition(line: summary.separators + 1, lineStartUTF8: lineUTF8,
                                                   characters: summary.characters, utf16: summary.utf16,
                                                   lineStartCharacters: lineCharacters, lineStartUTF16: lineUTF16)
            next += 1
        }
        return result
    }

    /// Separators ending in the first `limit` bytes of `string` (as `separators(in:upTo:)` counts them), and the
    /// end of the last of them.
    static func separatorsAndLastEnd(in string: String, upTo limit: Int) -> (count: Int, lastEnd: Int?) {
        var copy = string
        return copy.withUTF8 { bytes in
            var n = 0
            var last: Int?
            var i = 0
            let lows: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
            while i < limit {
                // Eight bytes at a time while none is LF, CR or 0xE2 (the lead byte of U+2029).
                if let base = bytes.baseAddress, i + 8 <= limit {
                    let w = UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)
                    let lf = w ^ (lows &* 0x0A), cr = w ^ (lows &* 0x0D), e2 = w ^ (lows &* 0xE2)
                    if (((lf &- lows) & ~lf) | ((cr &- lows) & ~cr) | ((e2 &- lows) & ~e2)) & highs == 0 {
                        i += 8
                        continue
                    }
                }
                let byte = bytes[i]
                if byte == 0x0A {
                    n += 1
                    last = i + 1
                } else if byte == 0x0D {
                    if !(i + 1 < bytes.count && bytes[i + 1] == 0x0A) {
                        n += 1
                        last = i + 1
                    }
                } else if byte == 0xE2, i + 2 < limit, bytes[i + 1] == 0x80, bytes[i + 2] == 0xA9 {
                    n += 1
                    last = i + 3
                }
                i += 1
            }
            return (n, last)
        }
    }

    /// The text after the last separator of a chunk that holds one: its UTF-8, UTF-16 and character counts.
    ///
    /// A chunk never splits CR LF, so a CR found first from the end is a separator of its own. The tail starts
    /// just after a separator, a grapheme boundary, so its characters are those of the chunk after that point.
    static func tailAfterLastSeparator(_ string: String) -> (utf8: Int, utf16: Int, characters: Int) {
        var copy = string
        return copy.withUTF8 { bytes in
            let n = bytes.count
            var i = n - 1
            while i >= 0 {
                let byte = bytes[i]
                if byte == 0x0A || byte == 0x0D { break }
                if byte == 0xA9, i >= 2, bytes[i - 1] == 0x80, bytes[i - 2] == 0xE2 { break }
                i -= 1
            }
            let start = i + 1
            let utf16 = TextRope.leadCounts(bytes, from: start, to: n).utf16
            let characters = CharacterCounting.count(bytes, from: start, to: n)
            return (n - start, utf16, characters)
        }
    }
}
