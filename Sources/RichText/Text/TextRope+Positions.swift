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
    /// Chunks with no offset in them cost O(1). Only chunks holding offsets are counted forward, each once; the
    /// last chunk with a separator before such a chunk is scanned back from its end to that separator (where the
    /// line starts) when an offset needs its line's start.
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
        // The start of the line that holds the current chunk's start: after the last separator before it, in
        // the last chunk that holds one (with the counts before that chunk), worked out when first needed.
        var lineStart = (utf8: 0, utf16: 0, characters: 0)
        var lastWithSeparator: (chunk: TextChunk, prefix: TextSummary)?
        func currentLineStart() -> (utf8: Int, utf16: Int, characters: Int) {
            if let (chunk, before) = lastWithSeparator {
                let tail = TextRope.tailAfterLastSeparator(chunk.string, characters: chunk.summary.characters)
                lineStart = (before.utf8 + chunk.summary.utf8 - tail.utf8, before.utf16 + chunk.summary.utf16 - tail.utf16,
                             before.characters + chunk.summary.characters - tail.characters)
                lastWithSeparator = nil
            }
            return lineStart
        }
        var next = 0
        rope.forEach { _, chunk in
            let end = prefix.utf8 + chunk.summary.utf8
            if next < order.count, clamped[order[next]] < end { chunk.withUTF8Bytes { bytes in
                // The offsets ascend, so separators, UTF-16 units and characters are counted on from one to the
                // next: the chunk is read once, however many offsets it holds.
                var characters = CharacterCounting.Cursor(bytes, from: 0, end: bytes.count, total: chunk.summary.characters)
                var scan = SeparatorCursor(bytes)
                var utf16 = 0, utf16End = 0
                var lastLine: (end: Int, characters: Int, utf16: Int)?
                while next < order.count, clamped[order[next]] < end {
                    let r = clamped[order[next]] - prefix.utf8
                    scan.advance(upTo: r)
                    utf16 += TextRope.leadCounts(bytes, from: utf16End, to: r).utf16
                    utf16End = r
                    var info = TextPosition(line: prefix.separators + scan.count + 1, lineStartUTF8: 0,
                                                characters: 0, utf16: prefix.utf16 + utf16,
                                                lineStartCharacters: 0, lineStartUTF16: 0)
                    if scan.lastEnd == nil {
                        let start = currentLineStart()
                        (info.lineStartUTF8, info.lineStartUTF16, info.lineStartCharacters) = (start.utf8, start.utf16, start.characters)
                    }
                    if let lastEnd = scan.lastEnd {
                        if lastLine?.end != lastEnd {
                            // The line starts at or before `r`: its UTF-16 units are those before `r` less the
                            // ones between.
                            lastLine = (lastEnd, characters.count(upTo: lastEnd),
                                        utf16 - TextRope.leadCounts(bytes, from: lastEnd, to: r).utf16)
                        }
                        info.lineStartUTF8 = prefix.utf8 + lastEnd
                        info.lineStartCharacters = prefix.characters + lastLine!.characters
                        info.lineStartUTF16 = prefix.utf16 + lastLine!.utf16
                    }
                    info.characters = prefix.characters + characters.count(upTo: r)
                    result[order[next]] = info
                    next += 1
                }
            } }
            if chunk.summary.separators > 0 { lastWithSeparator = (chunk, prefix) }
            prefix.add(chunk.summary)
            return next < order.count
        }
        // Offsets at the end of the text.
        while next < order.count {
            let start = currentLineStart()
            result[order[next]] = TextPosition(line: summary.separators + 1, lineStartUTF8: start.utf8,
                                                   characters: summary.characters, utf16: summary.utf16,
                                                   lineStartCharacters: start.characters, lineStartUTF16: start.utf16)
            next += 1
        }
        return result
    }

    /// The paragraph separators in a chunk's bytes (`SeparatorScan`), counted forward to ever later limits: those
    /// that end at or before the limit, and the end of the last of them.
    struct SeparatorCursor {
        let bytes: UnsafeBufferPointer<UInt8>
        /// Separators found so far.
        private(set) var count = 0
        /// The end of the last separator found.
        private(set) var lastEnd: Int?
        /// The separators whose last byte lies before this are counted.
        private var scanned = 0

        init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

        /// Counts on to `limit` (not less than any limit before).
        mutating func advance(upTo limit: Int) {
            guard limit > scanned else { return }
            var n = 0, last: Int?
            SeparatorScan.forEachEnd(in: bytes, from: scanned, upTo: limit) { end in
                n += 1
                last = end
                return true
            }
            count += n
            if let last { lastEnd = last }
            scanned = limit
        }
    }

    /// The text after the last separator of a chunk that holds one: its UTF-8, UTF-16 and character counts.
    ///
    /// A chunk never splits CR LF, so a CR found first from the end is a separator of its own. The tail starts
    /// just after a separator, a grapheme boundary, so its characters are those of the chunk after that point.
    /// `total` is the chunk's characters: a tail longer than the rest is counted as the total less the rest.
    static func tailAfterLastSeparator(_ string: String, characters total: Int) -> (utf8: Int, utf16: Int, characters: Int) {
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
            let characters = start < n - start
                ? total - CharacterCounting.count(bytes, from: 0, to: start)
                : CharacterCounting.count(bytes, from: start, to: n)
            return (n - start, utf16, characters)
        }
    }
}
