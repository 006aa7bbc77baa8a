extension TextRope {
    // MARK: Unit conversions

    /// How many `unit`s lie before UTF-8 offset `offset`. For characters: those that end at or before it.
    func count(_ unit: TextUnit, upToUTF8 offset: Int) -> Int {
        if unit == .utf8 { return offset }
        if offset >= utf8Count { return summary[unit] }
        if offset <= 0 { return 0 }
        // All ASCII with no CR LF (the totals agree): every unit is one byte.
        if summary[unit] == utf8Count { return offset }
        let found: Int?
        switch unit {
        case .utf16:
            found = rope.withElement(UTF8Metric.self, offset, carrying: UTF16Metric.self) { remainder, chunk, carried in
                carried + TextRope.count(.utf16, inChunkAt: chunk, upToUTF8: remainder)
            }
        case .scalars:
            found = rope.withElement(UTF8Metric.self, offset, carrying: ScalarMetric.self) { remainder, chunk, carried in
                carried + TextRope.count(.scalars, inChunkAt: chunk, upToUTF8: remainder)
            }
        case .characters:
            found = rope.withElement(UTF8Metric.self, offset, carrying: CharacterMetric.self) { remainder, chunk, carried in
                carried + TextRope.count(.characters, inChunkAt: chunk, upToUTF8: remainder)
            }
        case .utf8: return offset
        }
        return found!
    }

    /// `count(_:upToUTF8:)` by the general walk that sums whole summaries; the reference for the fast paths.
    func countByPrefixSummary(_ unit: TextUnit, upToUTF8 offset: Int) -> Int {
        if unit == .utf8 { return offset }
        if offset >= utf8Count { return summary[unit] }
        if offset <= 0 { return 0 }
        let found = rope.locate(UTF8Metric.self, offset, prefer: .next)
        return found.prefix[unit] + TextRope.count(unit, in: found.element!.string, upToUTF8: found.remainder)
    }

    /// The UTF-8 offset where the `n`th `unit` starts (for UTF-16, where the unit's scalar starts, with a flag
    /// when `n` falls on a trailing surrogate).
    func utf8Offset(of n: Int, in unit: TextUnit) -> (offset: Int, trailingSurrogate: Bool) {
        if unit == .utf8 { return (n, false) }
        let total = summary[unit]
        if n >= total { return (utf8Count, false) }
        if n <= 0 { return (0, false) }
        // All ASCII with no CR LF (the totals agree): every unit is one byte.
        if total == utf8Count { return (n, false) }
        let found: (offset: Int, trailingSurrogate: Bool)?
        switch unit {
        case .utf16:
            found = rope.withElement(UTF16Metric.self, n, carrying: UTF8Metric.self) { remainder, chunk, carried in
                let inside = TextRope.utf8Offset(of: remainder, in: .utf16, inChunkAt: chunk)
                return (carried + inside.offset, inside.trailingSurrogate)
            }
        case .scalars:
            found = rope.withElement(ScalarMetric.self, n, carrying: UTF8Metric.self) { remainder, chunk, carried in
                (carried + TextRope.utf8Offset(of: remainder, in: .scalars, inChunkAt: chunk).offset, false)
            }
        case .characters:
            found = rope.withElement(CharacterMetric.self, n, carrying: UTF8Metric.self) { remainder, chunk, carried in
                (carried + TextRope.utf8Offset(of: remainder, in: .characters, inChunkAt: chunk).offset, false)
            }
        case .utf8: return (n, false)
        }
        return found!
    }

    /// `utf8Offset(of:in:)` by the general walk that sums whole summaries; the reference for the fast paths.
    func utf8OffsetByPrefixSummary(of n: Int, in unit: TextUnit) -> (offset: Int, trailingSurrogate: Bool) {
        if unit == .utf8 { return (n, false) }
        let total = summary[unit]
        if n >= total { return (utf8Count, false) }
        if n <= 0 { return (0, false) }
        let found: (index: Int, remainder: Int, element: TextChunk?, prefix: TextSummary)
        switch unit {
        case .utf16: found = rope.locate(UTF16Metric.self, n, prefer: .next)
        case .scalars: found = rope.locate(ScalarMetric.self, n, prefer: .next)
        case .characters: found = rope.locate(CharacterMetric.self, n, prefer: .next)
        case .utf8: return (n, false)
        }
        let inside = TextRope.utf8Offset(of: found.remainder, in: unit, of: found.element!.string)
        return (found.prefix.utf8 + inside.offset, inside.trailingSurrogate)
    }
}

extension TextRope {
    /// `count(_:upToUTF8:)` of many offsets (any order, clamped to the text) in one forward pass over the chunks:
    /// a chunk with no offset in it costs O(1), and one that holds offsets is counted forward once, from each
    /// offset to the next.
    func counts(_ unit: TextUnit, upToUTF8 offsets: [Int]) -> [Int] {
        let total = utf8Count
        let clamped = offsets.map { min(max($0, 0), total) }
        // All ASCII with no CR LF (the totals agree), or UTF-8 itself: every unit is one byte.
        if unit == .utf8 || summary[unit] == total { return clamped }
        let order = clamped.indices.sorted { clamped[$0] < clamped[$1] }
        var result = [Int](repeating: summary[unit], count: offsets.count)
        var next = 0
        var prefix = TextSummary.zero
        rope.forEach { _, chunk in
            let end = prefix.utf8 + chunk.summary.utf8
            if next < order.count, clamped[order[next]] < end { chunk.withUTF8Bytes { bytes in
                var characters = CharacterCounting.Cursor(bytes, from: 0, end: bytes.count, total: chunk.summary.characters)
                var counted = 0, count = 0
                while next < order.count, clamped[order[next]] < end {
                    let r = clamped[order[next]] - prefix.utf8
                    switch unit {
                    case .characters:
                        count = characters.count(upTo: r)
                    case .scalars, .utf16:
                        let counts = TextRope.leadCounts(bytes, from: counted, to: r)
                        count += unit == .scalars ? counts.scalars : counts.utf16
                    case .utf8:
                        count = r
                    }
                    counted = r
                    result[order[next]] = prefix[unit] + count
                    next += 1
                }
            } }
            prefix.add(chunk.summary)
            return next < order.count
        }
        return result
    }
}
