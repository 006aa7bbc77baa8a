/// Something reported over a UTF-8 range of a document: a string's behaviour fix-up, or the Formatting layer's
/// adjustment. Reports made before a later text edit are moved through it (`moved(through:)`), so that every
/// report of a mutation made in several edits (removing the ranges of a range set one by one, stamping then
/// editing, removing the other selected ranges then typing) is in offsets of the document after all of them.
package protocol UTF8RangedReport {
    var utf8Range: Range<Int> { get set }
}

extension AttributeAdjustment: UTF8RangedReport {}

extension Array where Element: UTF8RangedReport {
    /// These reports, in offsets before the text `replacements` replaced (ascending, disjoint), moved to the
    /// offsets after: each range loses what was replaced (and may split around it; text the edit removed drops
    /// out) and shifts by the change in length before it.
    package func moved(through replacements: [(range: Range<Int>, newLength: Int)]) -> [Element] {
        guard !replacements.isEmpty else { return self }
        var result: [Element] = []
        result.reserveCapacity(count)
        for report in self {
            let old = report.utf8Range
            var lower = old.lowerBound
            var shift = 0
            func keep(_ piece: Range<Int>) {
                guard !piece.isEmpty else { return }
                var moved = report
                moved.utf8Range = (piece.lowerBound + shift)..<(piece.upperBound + shift)
                result.append(moved)
            }
            for (cut, newLength) in replacements {
                if cut.lowerBound >= old.upperBound { break }
                if cut.upperBound > lower { keep(lower..<Swift.max(lower, cut.lowerBound)) }
                shift += newLength - cut.count
                lower = Swift.max(lower, cut.upperBound)
            }
            keep(lower..<old.upperBound)
        }
        return result
    }
}
