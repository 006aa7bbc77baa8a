/// Whether indices, ranges and range sets can be used with a slice, as Foundation's `isValid(within:)` answers for
/// an `AttributedSubstring` and a `DiscontiguousAttributedSubstring`.
///
/// Besides the version check the string itself makes (see `RichStringIndex.isValid(within:)`), a position must lie
/// in the slice. As for the string, a slice's `endIndex` is not a valid index but may end (or start) a range. For a
/// discontiguous slice, only the end of its last range counts as its end: a position in a gap, or at the end of
/// an earlier range, is outside it. Its ranges are rounded down to Unicode scalar boundaries, and empty ones
/// dropped, as the slice's own views see them.

extension RichStringIndex {
    /// Whether this index was made by the slice's string as it is now and names a position inside the slice that
    /// can be subscripted: the slice's `endIndex` is not valid, as in Foundation.
    public func isValid(within slice: RichSubstring) -> Bool {
        version == slice.base.version && slice.startIndex <= self && self < slice.endIndex
    }

    /// Whether this index was made by the slice's string as it is now and lies inside one of the slice's ranges
    /// (not at the end of any).
    public func isValid(within slice: DiscontiguousRichSubstring) -> Bool {
        version == slice.base.version && slice.scalarAlignedRanges.contains(self)
    }
}

extension Range where Bound == RichStringIndex {
    /// Whether both bounds were made by the slice's string as it is now and lie within the slice; either may be
    /// the slice's `endIndex`, so an empty range at its end is valid.
    public func isValid(within slice: RichSubstring) -> Bool {
        lowerBound.version == slice.base.version && upperBound.version == slice.base.version
            && slice.startIndex <= lowerBound && upperBound <= slice.endIndex
    }

    /// Whether both bounds were made by the slice's string as it is now and each lies inside one of the slice's
    /// ranges or at the end of its last one. The range may span the gaps between them, as in Foundation.
    public func isValid(within slice: DiscontiguousRichSubstring) -> Bool {
        let ranges = slice.scalarAlignedRanges
        let end = ranges.ranges.last?.upperBound
        func admits(_ bound: RichStringIndex) -> Bool {
            bound.version == slice.base.version && (bound == end || ranges.contains(bound))
        }
        return admits(lowerBound) && admits(upperBound)
    }
}

extension RangeSet where Bound == RichStringIndex {
    /// Whether every range is valid in the slice.
    public func isValid(within slice: RichSubstring) -> Bool {
        ranges.allSatisfy { $0.isValid(within: slice) }
    }

    /// Whether every range is valid in the discontiguous slice.
    public func isValid(within slice: DiscontiguousRichSubstring) -> Bool {
        ranges.allSatisfy { $0.isValid(within: slice) }
    }
}

extension DiscontiguousRichSubstring {
    /// The selected ranges with their bounds rounded down to scalar boundaries, as each slice's views see them;
    /// empty ranges drop out.
    var scalarAlignedRanges: RangeSet<RichString.Index> {
        RangeSet(slices.map(\.bounds))
    }
}
