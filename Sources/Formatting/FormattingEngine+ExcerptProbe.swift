import RichText

/// A probe run on an excerpt: the paragraphs an edit can affect, one more on each side, as a small document of
/// their own. Every step of the pipeline reads and writes only whole characters and whole paragraphs around the
/// edit (inheritance, the margin character, paragraph starts and the paragraph after), so on whole paragraphs
/// the excerpt gives what the document gives, shifted; the one step that reaches further, a `textChanged`
/// stretch running past the excerpt, shows as a change reaching the excerpt's edge, and then the probe falls
/// back to copying the document.
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
        case let .removeText(set): ranges = Array(set.ranges)
        case let .setAttribute(_, _, set): ranges = Array(set.ranges)
        }
        let offsets = ranges.map { document.utf8Range(of: $0) }
        if ranges.contains(where: { $0.lowerBound.isTrailingSurrogate || $0.upperBound.isTrailingSurrogate }) { return nil }
        let low = offsets.map(\.lowerBound).min() ?? 0
        let high = offsets.map(\.upperBound).max() ?? 0
        // The paragraphs holding the edit and the characters next to it, then one more paragraph each side.
        let touchLow = max(low - 1, 0)
        let touched = document.paragraphRanges(overlappingUTF8: touchLow..<min(max(high + 1, touchLow + 1), total))
        guard var start = touched.first?.lowerBound, var end = touched.last?.upperBound else { return nil }
        if start > 0, let previous = document.paragraphRanges(overlappingUTF8: (start - 1)..<start).first { start = previous.lowerBound }
        if end < total, let next = document.paragraphRanges(overlappingUTF8: end..<(end + 1)).last { end = next.upperBound }
        guard start <= low, high <= end, end - start <= Self.excerptLimit else { return nil }

        var excerpt = document.excerpt(utf8: start..<end)
        func shifted(_ range: Range<RichString.Index>) -> Range<RichString.Index> {
            excerpt.indexAtUTF8(range.lowerBound.utf8Offset - start)..<excerpt.indexAtUTF8(range.upperBound.utf8Offset - start)
        }
        let moved: Edit
        switch edit {
        case let .replaceText(range, text): moved = .replaceText(shifted(range), with: text)
        case let .replaceAttributed(range, piece): moved = .replaceAttributed(shifted(range), with: piece)
        case let .removeText(set): moved = .removeText(RangeSet(set.ranges.map(shifted)))
        case let .setAttribute(key, value, set): moved = .setAttribute(key, to: value, in: RangeSet(set.ranges.map(shifted)))
        }
        var adjustments = apply(moved, to: &excerpt)
        // A change reaching a cut edge may run on past it in the document: the excerpt cannot tell.
        let excerptEnd = excerpt.utf8Count
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
}
