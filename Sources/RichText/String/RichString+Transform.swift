extension RichString {
    /// Runs `body` on this string and returns `ranges` moved so they cover the same text afterwards; nil when
    /// the body replaced the string wholesale, so tracking was lost.
    ///
    /// The semantics are Foundation's: an endpoint inside replaced text moves to the nearer edge of the
    /// replacement, text inserted at a range's start pushes the range, a range whose text is removed collapses
    /// to where it stood.
    ///
    /// Calls nest: the ranges of an enclosing `transform(updating:)` move with every edit of the inner body too,
    /// and a body that replaces the string wholesale loses them as well.
    ///
    /// An empty list gives an empty list, or nil when the body replaced the string. Foundation traps on an empty
    /// list instead; here a caller that tracks however many ranges it holds (an editing session's bookmarks, a
    /// selection of no ranges) needs no special case, and still learns when tracking was lost.
    public mutating func transform<E: Error>(
        updating ranges: [Range<Index>], body: (inout RichString) throws(E) -> Void
    ) throws(E) -> [Range<Index>]? {
        let outerCount = trackedRanges.count
        // With no range to track, one empty range stands in, so that a body that replaces the string is noticed.
        let tracking = ranges.isEmpty ? [0..<0] : ranges.map { offsets(of: $0) }
        trackedRanges += tracking
        var failure: E?
        do { try body(&self) } catch { failure = error }
        let tracked = trackedRanges
        let kept = tracked.count == outerCount + tracking.count
        // The enclosing calls' ranges, as the body's edits left them; none when the body replaced the string.
        trackedRanges = kept ? Array(tracked[..<outerCount]) : []
        if let failure { throw failure }
        guard kept else { return nil }
        if ranges.isEmpty { return [] }
        return tracked[outerCount...].map { index(utf8: $0.lowerBound)..<index(utf8: $0.upperBound) }
    }

    /// Runs `body` and returns `range` moved to cover the same text; nil when tracking was lost.
    public mutating func transform<E: Error>(
        updating range: Range<Index>, body: (inout RichString) throws(E) -> Void
    ) throws(E) -> Range<Index>? {
        try transform(updating: [range], body: body)?.first
    }

    /// Runs `body`, updating `range` in place to cover the same text. Traps when tracking was lost.
    public mutating func transform<E: Error>(
        updating range: inout Range<Index>, body: (inout RichString) throws(E) -> Void
    ) throws(E) {
        guard let updated = try transform(updating: [range], body: body)?.first else {
            preconditionFailure("transform(updating:) lost track: the body replaced the string instead of mutating it")
        }
        range = updated
    }

    /// Runs `body`, updating every range in place. Traps when tracking was lost.
    public mutating func transform<E: Error>(
        updating ranges: inout [Range<Index>], body: (inout RichString) throws(E) -> Void
    ) throws(E) {
        guard let updated = try transform(updating: ranges, body: body) else {
            preconditionFailure("transform(updating:) lost track: the body replaced the string instead of mutating it")
        }
        ranges = updated
    }

    /// Runs `body` and returns `ranges` moved to cover the same text; nil when tracking was lost.
    public mutating func transform<E: Error>(
        updating ranges: RangeSet<Index>, body: (inout RichString) throws(E) -> Void
    ) throws(E) -> RangeSet<Index>? {
        guard let updated = try transform(updating: ranges.ranges.map { $0 }, body: body) else { return nil }
        return RangeSet(updated)
    }

    /// `transform(updating:body:)` for one range updated in place, with a body that does not throw: what an editor's
    /// keystroke asks (its caret through the edit). It allocates nothing once the string has tracked a range before.
    /// Traps when tracking was lost.
    public mutating func transform(updating range: inout Range<Index>, body: (inout RichString) -> Void) {
        let outerCount = trackedRanges.count
        trackedRanges.append(offsets(of: range))
        body(&self)
        guard trackedRanges.count == outerCount + 1 else {
            preconditionFailure("transform(updating:) lost track: the body replaced the string instead of mutating it")
        }
        // Removing the last range keeps the storage for the next one.
        let tracked = trackedRanges.removeLast()
        range = index(utf8: tracked.lowerBound)..<index(utf8: tracked.upperBound)
    }
}
