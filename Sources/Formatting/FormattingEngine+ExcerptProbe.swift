import RichText

/// A probe run on an excerpt: a small document of its own holding what the edit can affect.
///
/// Two kinds of excerpt. With paragraph-bound keys in play, the paragraphs holding the edit and two more on
/// each side, cut on paragraph boundaries. Without them, a few bytes each side of the edit, cut where
/// character segmentation cannot depend on the other side (`independentCut`). Either way the excerpt holds the
/// same characters and paragraphs around the edit as the document, so the pipeline (inheritance, invalidation,
/// the margin character, paragraph starts, scope and constraints) reads and writes the same there. The probe
/// then checks that nothing reached the cut edges, where the document may continue differently: no change
/// (a `textChanged` stretch running on, a paragraph value spreading) and no enforced region touches them.
/// Otherwise it falls back to copying the document.
extension FormattingEngine {
    /// Past this many UTF-8 bytes an excerpt costs about what copying the document's edited paths costs.
    static let excerptLimit = 8_192

    /// What `apply(edit)` reports on `document`, found on an excerpt; with the excerpt (edited) and where it
    /// starts in `document`. Nil when the excerpt cannot decide (the caller copies the whole document).
    func applyOnExcerpt(_ edit: Edit, on document: RichString) -> (adjustments: [Adjustment], excerpt: RichString, start: Int)? {
        let total = document.utf8Count
        guard total > 0 else { return nil }
        // The edit's ranges (checked against the document, as `apply` checks them).
        let ranges: [Range<RichString.Index>]
        switch edit {
        case let .replaceText(range, _), let .replaceAttributed(range, _): ranges = [range]
        case let .removeText(set), let .setAttribute(_, _, set):
            ranges = Self.rangeList(of: set)
        }
        let offsets = ranges.map { document.utf8Range(of: $0) }
        if ranges.contains(where: { $0.lowerBound.isTrailingSurrogate || $0.upperBound.isTrailingSurrogate }) { return nil }
        let low = offsets.map(\.lowerBound).min() ?? 0
        let high = offsets.map(\.upperBound).max() ?? 0
        var start = 0, end = 0
        var cutOut: RichString? = nil
        if let (a, b) = cutExcerptBounds(edit, on: document, low: low, high: high),
           let piece = document.excerpt(utf8: a..<b, allowingParagraphKeys: false) {
            (start, end, cutOut) = (a, b, piece)
        } else {
            // The paragraphs holding the edit and the characters next to it, then two more paragraphs each side
            // (behaviour reports can widen the region the engine enforces by a paragraph).
            let touchLow = max(low - 1, 0)
            let touched = document.paragraphRanges(overlappingUTF8: touchLow..<min(max(high + 1, touchLow + 1), total))
            guard let first = touched.first?.lowerBound, let last = touched.last?.upperBound else { return nil }
            (start, end) = (first, last)
            for _ in 0..<2 {
                if start > 0, let previous = document.paragraphRanges(overlappingUTF8: (start - 1)..<start).first { start = previous.lowerBound }
                if end < total, let next = document.paragraphRanges(overlappingUTF8: end..<(end + 1)).last { end = next.upperBound }
            }
            guard start <= low, high <= end, end - start <= Self.excerptLimit else { return nil }
        }
        var excerpt = cutOut ?? document.excerpt(utf8: start..<end)
        func shifted(_ range: Range<RichString.Index>) -> Range<RichString.Index> {
            excerpt.indexAtUTF8(range.lowerBound.utf8Offset - start)..<excerpt.indexAtUTF8(range.upperBound.utf8Offset - start)
        }
        func shifted(_ set: RangeSet<RichString.Index>) -> RangeSet<RichString.Index> {
            RangeSet(Self.rangeList(of: set).map(shifted))
        }
        let moved: Edit
        switch edit {
        case let .replaceText(range, text): moved = .replaceText(shifted(range), with: text)
        case let .replaceAttributed(range, piece): moved = .replaceAttributed(shifted(range), with: piece)
        case let .removeText(set): moved = .removeText(shifted(set))
        case let .setAttribute(key, value, set): moved = .setAttribute(key, to: value, in: shifted(set))
        }
        var processed = 0..<0
        var adjustments = apply(moved, to: &excerpt, processed: &processed, learnsResults: false)
        // A change reaching a cut edge may run on past it in the document: the excerpt cannot tell.
        let excerptEnd = excerpt.utf8Count
        // The engine must also have enforced nothing at the edges: past them the document may hold more.
        if start > 0 && processed.lowerBound <= 0 { return nil }
        if end < total && processed.upperBound >= excerptEnd { return nil }
        for adjustment in adjustments {
            if start > 0 && adjustment.utf8Range.lowerBound <= 0 { return nil }
            if end < total && adjustment.utf8Range.upperBound >= excerptEnd { return nil }
        }
        for i in adjustments.indices {
            let r = adjustments[i].utf8Range
            adjustments[i].utf8Range = (r.lowerBound + start)..<(r.upperBound + start)
        }
        return (adjustments, excerpt, start)
    }

    /// Bytes kept on each side of the edit when the excerpt is cut inside paragraphs.
    static let cutMargin = 16

    /// Where to cut an excerpt inside paragraphs: when no paragraph-bound key is in play (in the definition, in
    /// pasted text, or, checked when the excerpt is cut out, in its runs), only characters matter, and cutting where segmentation cannot
    /// change (`independentCut`) keeps every character around the edit as it is. Nil when that does not hold.
    private func cutExcerptBounds(_ edit: Edit, on document: RichString, low: Int, high: Int) -> (Int, Int)? {
        guard !hasParagraphOwnedKeys else { return nil }
        if case let .replaceAttributed(_, piece) = edit, piece.utf8Count > 0, piece.hasParagraphKeys(inUTF8: 0..<piece.utf8Count) { return nil }
        guard high - low <= Self.excerptLimit,
              let start = document.independentCut(near: low - Self.cutMargin, downward: true, limit: 64),
              let end = document.independentCut(near: high + Self.cutMargin, downward: false, limit: 64),
              start <= low, high <= end else { return nil }
        return (start, end)
    }
}
