/// The UTF-8 ranges a runs view covers: the one range of a string or contiguous slice, or the ranges of a
/// discontiguous slice (ascending, non-empty, never touching, as a `RangeSet` keeps them).
///
/// A run view walks runs inside one range at a time and steps from the end of one range to the start of the
/// next, so no run spans the gap between two ranges (as Foundation's runs of a `DiscontiguousAttributedSubstring`).
struct ViewedRanges: Sendable {
    /// The span from the first range's start to the last range's end.
    let hull: Range<Int>
    /// The ranges of a discontiguous slice; empty for one contiguous range (the hull), so that a contiguous view
    /// allocates nothing.
    private let pieces: [Range<Int>]

    /// One contiguous range.
    init(_ range: Range<Int>) {
        hull = range
        pieces = []
    }

    /// Several ranges (ascending, non-empty, not touching). An empty list covers nothing.
    init(pieces: [Range<Int>], emptyAt position: Int) {
        if pieces.count <= 1 {
            hull = pieces.first ?? position..<position
            self.pieces = []
        } else {
            hull = pieces[0].lowerBound..<pieces[pieces.count - 1].upperBound
            self.pieces = pieces
        }
    }

    /// Whether the view covers several ranges.
    var isDiscontiguous: Bool { !pieces.isEmpty }

    /// Every range, in order.
    var ranges: [Range<Int>] { pieces.isEmpty ? (hull.isEmpty ? [] : [hull]) : pieces }

    /// The range holding `offset` with `offset` before its end (stepping forward from `offset`).
    func range(startingOrHolding offset: Int) -> Range<Int> {
        guard isDiscontiguous else { return hull }
        return pieces[pieceIndex(lastStartingAtOrBefore: offset)]
    }

    /// The range that `offset` is inside or ends (stepping back from `offset`).
    func range(endingOrHolding offset: Int) -> Range<Int> {
        guard isDiscontiguous else { return hull }
        let k = pieceIndex(lastStartingAtOrBefore: offset)
        return pieces[k].lowerBound == offset && k > 0 ? pieces[k - 1] : pieces[k]
    }

    /// The start of the range after the one ending at `offset`, or `offset` itself at the end of the last range.
    func continuation(after offset: Int) -> Int {
        guard isDiscontiguous, offset < hull.upperBound else { return offset }
        let k = pieceIndex(lastStartingAtOrBefore: offset)
        return pieces[k].upperBound == offset ? pieces[k + 1].lowerBound : offset
    }

    /// The last piece whose start is at or before `offset` (the first when none is).
    private func pieceIndex(lastStartingAtOrBefore offset: Int) -> Int {
        var low = 0, high = pieces.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if pieces[middle].lowerBound <= offset { low = middle } else { high = middle - 1 }
        }
        return low
    }
}
