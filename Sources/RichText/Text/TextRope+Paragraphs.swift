extension TextRope {
    /// How many paragraph separators end at or before `offset`; CR of a CRLF counts only with its LF.
    func separators(endingAtOrBefore offset: Int) -> Int {
        if offset <= 0 { return 0 }
        if offset >= utf8Count { return summary.separators }
        let located = rope.locate(UTF8Metric.self, offset, prefer: .previous)
        let chunk = located.element!
        if chunk.summary.separators == 0 { return located.prefix.separators }
        return located.prefix.separators + TextRope.separators(in: chunk.string, upTo: located.remainder)
    }

    /// Separators ending in the first `limit` bytes of `string`.
    static func separators(in string: String, upTo limit: Int) -> Int {
        var copy = string
        return copy.withUTF8 { bytes in
            var n = 0
            var i = 0
            while i < limit {
                let byte = bytes[i]
                if byte == 0x0A {
                    n += 1
                } else if byte == 0x0D {
                    if !(i + 1 < bytes.count && bytes[i + 1] == 0x0A) { n += 1 }
                } else if byte == 0xE2, i + 2 < limit, bytes[i + 1] == 0x80, bytes[i + 2] == 0xA9 {
                    n += 1
                }
                i += 1
            }
            return n
        }
    }

    /// The UTF-8 offset just after the `k`th separator (1-based); 0 for k = 0.
    func endOfSeparator(_ k: Int) -> Int {
        if k <= 0 { return 0 }
        if k > summary.separators { return utf8Count }
        let located = rope.locate(SeparatorMetric.self, k - 1, prefer: .next)
        let remainder = located.remainder
        let start = located.prefix.utf8
        var copy = located.element!.string
        let inside: Int = copy.withUTF8 { bytes in
            var seen = 0
            var i = 0
            while i < bytes.count {
                let byte = bytes[i]
                var end = -1
                if byte == 0x0A {
                    end = i + 1
                } else if byte == 0x0D {
                    if !(i + 1 < bytes.count && bytes[i + 1] == 0x0A) { end = i + 1 }
                } else if byte == 0xE2, i + 2 < bytes.count, bytes[i + 1] == 0x80, bytes[i + 2] == 0xA9 {
                    end = i + 3
                }
                if end >= 0 {
                    if seen == remainder { return end }
                    seen += 1
                }
                i += 1
            }
            return bytes.count
        }
        return start + inside
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
