/// Excerpts for the Formatting layer's probes: a stretch of a document as a document of its own
/// (`excerpt(utf8:)` and `independentCut(near:downward:limit:)` in the engine interface).
extension RichString {
    /// The text and runs over `range` (UTF-8 offsets on character boundaries) as a new string, with no
    /// behaviour run: exactly the stored content, offsets shifted by `range.lowerBound`.
    func excerpt(of range: Range<Int>) -> RichString {
        RichString(text: TextRope(text.string(in: range)), runs: runStore.runs(in: range))
    }

    /// `excerpt(of:)`, or nil when `allowingParagraphKeys` is false and a run over `range` carries a key bound
    /// to paragraphs (one walk over the runs answers both).
    func excerpt(of range: Range<Int>, allowingParagraphKeys: Bool) -> RichString? {
        let runs = runStore.runs(in: range)
        if !allowingParagraphKeys && runs.contains(where: { $0.attributes.hasParagraphKeys }) { return nil }
        return RichString(text: TextRope(text.string(in: range)), runs: runs)
    }
}

extension RichString {
    /// A cut point for an excerpt: the nearest offset at or before `offset` (when `downward`) or at or after
    /// it, no more than `limit` bytes away, where the text can be cut without changing how either side
    /// segments into characters. That is the start or end of the text, or a position between two ASCII bytes
    /// neither of which is CR: UAX #29 always breaks there (only GB3 joins two ASCII scalars), and every rule
    /// that looks further back or ahead (emoji sequences, regional indicator pairs, Indic conjuncts) stops at
    /// an ASCII scalar. Nil when there is none within reach in the chunk holding `offset`.
    func segmentationIndependentCut(near offset: Int, downward: Bool, limit: Int) -> Int? {
        let total = text.utf8Count
        if offset <= 0 { return 0 }
        if offset >= total { return total }
        guard let (_, start, chunk) = text.chunk(containing: offset) else { return nil }
        let found: Int?? = chunk.string.utf8.withContiguousStorageIfAvailable { bytes -> Int? in
            func isCut(_ i: Int) -> Bool {
                // i is chunk-relative, 1 ..< bytes.count: bytes i-1 and i are both in the chunk.
                let a = bytes[i - 1], b = bytes[i]
                return a < 0x80 && b < 0x80 && a != 0x0D && b != 0x0D
            }
            var i = offset - start
            var steps = 0
            while i >= 1 && i < bytes.count && steps <= limit {
                if isCut(i) { return start + i }
                i += downward ? -1 : 1
                steps += 1
            }
            return nil
        }
        return found ?? nil
    }

    /// Whether any run over `range` carries a key bound to paragraphs.
    func runsCarryParagraphKeys(in range: Range<Int>) -> Bool {
        runStore.anyRun(in: range) { $0.hasParagraphKeys }
    }
}
