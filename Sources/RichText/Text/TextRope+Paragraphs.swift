extension TextRope {
    /// How many paragraph separators end at or before `offset`; CR of a CRLF counts only with its LF.
    func separators(endingAtOrBefore offset: Int) -> Int {
        if offset <= 0 { return 0 }
        if offset >= utf8Count { return summary.separators }
        let located = rope.locate(UTF8Metric.self, offset, carrying: SeparatorMetric.self, prefer: .previous)
        let chunk = located.element!
        if chunk.summary.separators == 0 { return located.carried }
        return located.carried + TextRope.separators(in: chunk.string, upTo: located.remainder)
    }

    /// Separators ending in the first `limit` bytes of `string`.
    static func separators(in string: String, upTo limit: Int) -> Int {
        var copy = string
        return copy.withUTF8 { SeparatorScan.count(in: $0, upTo: limit) }
    }

    /// The UTF-8 offset just after the `k`th separator (1-based); 0 for k = 0.
    func endOfSeparator(_ k: Int) -> Int {
        if k <= 0 { return 0 }
        if k > summary.separators { return utf8Count }
        let located = rope.locate(SeparatorMetric.self, k - 1, carrying: UTF8Metric.self, prefer: .next)
        let remainder = located.remainder
        var copy = located.element!.string
        let inside = copy.withUTF8 { bytes in SeparatorScan.end(ofSeparator: remainder, in: bytes) ?? bytes.count }
        return located.carried + inside
    }

    /// The start of the paragraph holding `offset`: the end of the last separator that ends at or before it
    /// (`endOfSeparator(separators(endingAtOrBefore: offset))`), found by reading back from `offset` through its
    /// chunk, and otherwise at the end of the chunk that holds the last separator before.
    func paragraphStart(atOrBefore offset: Int) -> Int {
        if offset <= 0 || summary.separators == 0 { return 0 }
        let end = Swift.min(offset, utf8Count)
        let located = rope.locate(UTF8Metric.self, end, carrying: SeparatorMetric.self, prefer: .previous)
        let chunkStart = end - located.remainder
        let chunk = located.element!
        if chunk.summary.separators > 0 {
            var copy = chunk.string
            let limit = located.remainder
            if let inside = copy.withUTF8({ SeparatorScan.lastEnd(in: $0, upTo: limit) }) { return chunkStart + inside }
        }
        // None in this chunk before `offset`: the last separator of the text before the chunk, read back from the
        // end of the chunk that holds it.
        let before = located.carried
        if before == 0 { return 0 }
        let holder = rope.locate(SeparatorMetric.self, before - 1, carrying: UTF8Metric.self, prefer: .next)
        var copy = holder.element!.string
        let inside = copy.withUTF8 { bytes in SeparatorScan.lastEnd(in: bytes, upTo: bytes.count) ?? bytes.count }
        return holder.carried + inside
    }

    /// The paragraph holding `offset`: from just after the previous separator to just after its own.
    ///
    /// An offset right after a separator starts the next paragraph. The end offset of a text that ends with a
    /// separator is an empty last paragraph.
    func paragraphRange(containing offset: Int) -> Range<Int> {
        let k = separators(endingAtOrBefore: offset)
        return endOfSeparator(k)..<endOfSeparator(k + 1)
    }

    /// The paragraph ranges that intersect `range`, in order; an empty range gives its paragraph.
    func paragraphRanges(overlapping range: Range<Int>) -> [Range<Int>] {
        var result: [Range<Int>] = []
        var k = separators(endingAtOrBefore: range.lowerBound)
        var start = endOfSeparator(k)
        repeat {
            let end = endOfSeparator(k + 1)
            result.append(start..<end)
            start = end
            k += 1
        } while start < range.upperBound && start < utf8Count
        return result
    }
}
