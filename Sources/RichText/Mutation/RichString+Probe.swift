/// A probe: the funnel run on an excerpt, a small string of its own holding what a mutation can affect, so that
/// an editor can ask what an edit would become without touching the document, for less than the edit costs.
///
/// An excerpt is whole chunks of the string's text, copied by reference. When the definition decides
/// paragraph-bound keys, or paragraph-bound keys stand near the edit or come with it, it holds the paragraphs
/// holding the edit and two more on each side; otherwise the chunks holding the edit and a few bytes beyond.
/// Either way the excerpt holds the same characters and paragraphs around the edit as the string, so every step
/// reads and writes the same there. The probe then checks that nothing reached
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
        let ranges: MutationRanges
        switch mutation {
        case let .typing(_, range), let .pasting(_, _, range), let .writing(_, range): ranges = MutationRanges(range)
        case let .removing(list), let .setting(_, list), let .transforming(list, _): ranges = list
        case .normalizing, .stamping: return nil
        }
        // Where the mutation's ranges start and end, read without making a list of them.
        var low = Int.max, high = Int.min
        for i in 0..<ranges.count {
            let range = ranges[i]
            if range.lowerBound.isTrailingSurrogate || range.upperBound.isTrailingSurrogate { return nil }
            let r = offsets(of: range)
            low = Swift.min(low, r.lowerBound)
            high = Swift.max(high, r.upperBound)
        }
        if low > high { (low, high) = (0, 0) }
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
        case .removing: movedMutation = .removing(ranges.moved(by: moved))
        case let .setting(change, _): movedMutation = .setting(change, in: ranges.moved(by: moved))
        case let .transforming(_, transform): movedMutation = .transforming(ranges.moved(by: moved), transform)
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
    /// long. Inside paragraphs (when paragraphs do not matter and, checked as it is cut, no run there carries a
    /// paragraph-bound key): a piece of the chunk holding the edit, `cutMargin` bytes and a little more on each
    /// side (`textInsideParagraphs`), else that chunk and a neighbour where the edit comes within `cutMargin` bytes
    /// of its edge. Otherwise whole chunks on each side until they hold three paragraph separators: the paragraphs
    /// the edit touches and two more on each side (a behaviour report can widen the region the definition enforces
    /// by a paragraph). Whole chunks are shared with this string, no byte copied and no count made again (chunk
    /// boundaries are grapheme boundaries of the whole text, so the chunks segment on their own as they do here).
    private func cutExcerpt(low: Int, high: Int, paragraphsMatter: Bool) -> (RichString, start: Int, end: Int)? {
        if !paragraphsMatter, let (excerptText, start, end) = textInsideParagraphs(low: low, high: high)
            ?? excerptChunks(low: low, high: high, separators: 0).map({ (TextRope(chunks: $0.0), $0.start, $0.end) }) {
            if !runStore.anyRun(in: start..<end, where: { $0.hasParagraphKeys }) {
                return (RichString(text: excerptText, runStore: runStore.excerpt(start..<end)), start, end)
            }
        }
        guard let (chunks, start, end) = excerptChunks(low: low, high: high, separators: 3) else { return nil }
        return (RichString(text: TextRope(chunks: chunks), runStore: runStore.excerpt(start..<end)), start, end)
    }

    /// The text `cutMargin` bytes and a little more on each side of `low..<high`, as one chunk, and where it
    /// starts and ends, when the chunk holding the edit holds it all: cut where character segmentation cannot
    /// depend on the other side, between two ASCII bytes neither of which is CR (UAX #29 always breaks there, as
    /// only GB3 joins two ASCII scalars, and every rule that looks further back or ahead stops at an ASCII
    /// scalar), or at the chunk's own edges, which are grapheme boundaries of the whole text; nil when the
    /// chunk does not hold it all or its edge comes within the margin.
    private func textInsideParagraphs(low: Int, high: Int) -> (TextRope, start: Int, end: Int)? {
        let total = text.utf8Count
        guard high - low <= Self.excerptLimit else { return nil }
        let found: (TextRope, Int, Int)?? = text.withChunkBytes(holding: low) { bytes, chunkStart in
            func isCut(_ i: Int) -> Bool {
                i == 0 || i == bytes.count || {
                    let a = bytes[i - 1], b = bytes[i]
                    return a < 0x80 && b < 0x80 && a != 0x0D && b != 0x0D
                }()
            }
            let lowInChunk = low - chunkStart, highInChunk = high - chunkStart
            guard lowInChunk >= 0, highInChunk <= bytes.count else { return nil }
            var a = max(lowInChunk - Self.cutMargin, 0), b = min(highInChunk + Self.cutMargin, bytes.count)
            while !isCut(a) && lowInChunk - a <= Self.cutMargin + 64 { a -= 1 }
            while !isCut(b) && b - highInChunk <= Self.cutMargin + 64 { b += 1 }
            // A cut at the chunk's edge within the margin: the neighbour chunk is needed.
            guard isCut(a), isCut(b), a > 0 || chunkStart == 0 || lowInChunk >= Self.cutMargin,
                  b < bytes.count || chunkStart + b == total || b - highInChunk >= Self.cutMargin else { return nil }
            // With room to grow, as a document's chunks have: the probed edit then writes in place.
            return (TextRope(chunk: TextChunk(copying: UnsafeBufferPointer(rebasing: bytes[a..<b]))), chunkStart + a, chunkStart + b)
        }
        return found ?? nil
    }

    /// The chunks holding `low - 1` through `high`, with whole chunks on each side until they hold `separators`
    /// paragraph separators (or, for none, until the edit is `cutMargin` bytes from each cut), and where they
    /// start and end; nil past `excerptLimit` bytes.
    private func excerptChunks(low: Int, high: Int, separators needed: Int) -> ([TextChunk], start: Int, end: Int)? {
        guard let (firstIndex, firstStart, _) = text.chunk(containing: max(low - 1, 0)),
              let (lastIndex, lastStart, lastChunk) = text.chunk(containing: high) else { return nil }
        var start = firstStart, end = lastStart + lastChunk.summary.utf8
        guard end - start <= Self.excerptLimit else { return nil }
        var chunks: [TextChunk] = []
        var seen = 0
        /// Takes a whole chunk beyond the edit's; whether to take another: until enough separators (or one chunk,
        /// for none), within the limit.
        func take(_ chunk: TextChunk) -> Bool {
            chunks.append(chunk)
            seen += chunk.summary.separators
            return seen < needed && end - start <= Self.excerptLimit
        }
        if start > 0 && (needed > 0 || low - start < Self.cutMargin) {
            text.rope.forEachBackward(before: firstIndex) { _, chunk in
                start -= chunk.summary.utf8
                return take(chunk)
            }
            chunks.reverse()
        }
        text.rope.forEach(from: firstIndex) { index, chunk in
            chunks.append(chunk)
            return index < lastIndex
        }
        seen = 0
        if end < text.utf8Count && (needed > 0 || end - high < Self.cutMargin) {
            text.rope.forEach(from: lastIndex + 1) { _, chunk in
                end += chunk.summary.utf8
                return take(chunk)
            }
        }
        guard end - start <= Self.excerptLimit else { return nil }
        return (chunks, start, end)
    }
}
