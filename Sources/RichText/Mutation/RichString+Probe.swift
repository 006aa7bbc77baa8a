/// A probe: the funnel run on an excerpt, a small string of its own holding what a mutation can affect, so that
/// an editor can ask what an edit would become without touching the document, for less than the edit costs.
///
/// Two kinds of excerpt. When the definition decides paragraph-bound keys, or paragraph-bound keys stand near the
/// edit or come with it, the paragraphs holding the edit and two more on each side, cut on paragraph boundaries.
/// Otherwise a few bytes each side of the edit, cut where character segmentation cannot depend on the other side
/// (`segmentationIndependentCut`). Either way the excerpt holds the same characters and paragraphs around the
/// edit as the string, so every step reads and writes the same there. The probe then checks that nothing reached
/// the cut edges, where the string may go on differently: no report (a `textChanged` stretch running on, a
/// paragraph value spreading) and no enforced region touches them. Otherwise it cannot decide, and the caller
/// applies the mutation to a copy.
extension RichString {
    /// Past this many UTF-8 bytes an excerpt costs about what copying the string's edited paths costs.
    static let excerptLimit = 8_192
    /// Bytes kept on each side of the edit when the excerpt is cut inside paragraphs.
    static let cutMargin = 16

    /// `mutate(mutation, under: definition)` run on an excerpt of this string: the excerpt (mutated) and where it
    /// starts in this string. The definition's reports are in the excerpt's offsets (add `start`). Nil when the
    /// excerpt cannot decide, or the string does not carry the definition's behaviours yet (the mutation would
    /// stamp the whole string first).
    package func probe<D: DefinitionSteps>(_ mutation: Mutation, under definition: inout D) -> (excerpt: RichString, start: Int)? {
        let total = text.utf8Count
        guard total > 0, definition.behaviorToken == 0 || runStore.behaviorStamp == definition.behaviorToken else { return nil }
        let ranges: [Range<Index>]
        switch mutation {
        case let .typing(_, range), let .pasting(_, _, range), let .writing(_, range): ranges = [range]
        case let .removing(list), let .setting(_, list), let .transforming(list, _): ranges = (0..<list.count).map { list[$0] }
        case .normalizing, .stamping: return nil
        }
        if ranges.contains(where: { $0.lowerBound.isTrailingSurrogate || $0.upperBound.isTrailingSurrogate }) { return nil }
        let offsets = ranges.map { self.offsets(of: $0) }
        let low = offsets.map(\.lowerBound).min() ?? 0
        let high = offsets.map(\.upperBound).max() ?? 0
        var pastedParagraphKeys = false
        if case let .pasting(source, sourceRange, _) = mutation, !sourceRange.isEmpty {
            pastedParagraphKeys = source.runStore.anyRun(in: sourceRange) { $0.hasParagraphKeys }
        }
        guard case (var excerpt, let start, let end)? = cutExcerpt(low: low, high: high, paragraphsMatter: definition.decidesParagraphs || pastedParagraphKeys)
        else { return nil }
        excerpt.runStore.behaviorStamp = runStore.behaviorStamp
        func moved(_ range: Range<Index>) -> Range<Index> {
            excerpt.index(utf8: range.lowerBound.utf8Offset - start)..<excerpt.index(utf8: range.upperBound.utf8Offset - start)
        }
        let movedMutation: Mutation
        switch mutation {
        case let .typing(text, range): movedMutation = .typing(text, over: moved(range))
        case let .pasting(source, sourceRange, range): movedMutation = .pasting(source, source: sourceRange, over: moved(range))
        case let .writing(runs, range): movedMutation = .writing(runs, over: moved(range))
        case .removing: movedMutation = .removing(MutationRanges(ranges.map(moved)))
        case let .setting(change, _): movedMutation = .setting(change, in: MutationRanges(ranges.map(moved)))
        case let .transforming(_, transform): movedMutation = .transforming(MutationRanges(ranges.map(moved)), transform)
        case .normalizing, .stamping: return nil
        }
        var processed = 0..<0
        let reports = excerpt.mutate(movedMutation, under: &definition, processed: &processed)
        // A change reaching a cut edge may run on past it in the string, and the definition must have enforced
        // nothing at the edges (its reports lie where it enforced): the excerpt cannot tell what lies beyond.
        let excerptEnd = excerpt.text.utf8Count
        if start > 0 && processed.lowerBound <= 0 { return nil }
        if end < total && processed.upperBound >= excerptEnd { return nil }
        for report in reports {
            if start > 0 && report.utf8Range.lowerBound <= 0 { return nil }
            if end < total && report.utf8Range.upperBound >= excerptEnd { return nil }
        }
        return (excerpt, start)
    }

    /// The excerpt around an edit touching `low..<high`, and its bounds in this string; nil when it would be too
    /// long. Cut inside paragraphs when paragraphs do not matter (and, checked as it is cut, no run there carries
    /// a paragraph-bound key), else on paragraph boundaries, two paragraphs beyond those the edit touches on each
    /// side (a behaviour report can widen the region the definition enforces by a paragraph).
    private func cutExcerpt(low: Int, high: Int, paragraphsMatter: Bool) -> (RichString, start: Int, end: Int)? {
        let total = text.utf8Count
        if !paragraphsMatter, high - low <= Self.excerptLimit,
           let start = segmentationIndependentCut(near: low - Self.cutMargin, downward: true, limit: 64),
           let end = segmentationIndependentCut(near: high + Self.cutMargin, downward: false, limit: 64),
           start <= low, high <= end {
            let runs = runStore.runs(in: start..<end)
            if !runs.contains(where: { $0.attributes.hasParagraphKeys }) {
                return (RichString(text: TextRope(text.string(in: start..<end)), runs: runs), start, end)
            }
        }
        let touchLow = max(low - 1, 0)
        let touched = text.paragraphRanges(overlapping: touchLow..<min(max(high + 1, touchLow + 1), total))
        guard var start = touched.first?.lowerBound, var end = touched.last?.upperBound else { return nil }
        for _ in 0..<2 {
            if start > 0, let previous = text.paragraphRanges(overlapping: (start - 1)..<start).first { start = previous.lowerBound }
            if end < total, let next = text.paragraphRanges(overlapping: end..<(end + 1)).last { end = next.upperBound }
        }
        guard start <= low, high <= end, end - start <= Self.excerptLimit else { return nil }
        return (RichString(text: TextRope(text.string(in: start..<end)), runs: runStore.runs(in: start..<end)), start, end)
    }

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
}
