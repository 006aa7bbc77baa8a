import RichText

extension EditingSession {
    /// Runs `body`, keeping `ranges` (a bookmark, a search hit: the caller's own ranges in `document`) on the
    /// same text through every edit the body makes through the session, as `RichString.transform(updating:)`
    /// does for a string. A range whose text is removed collapses to where it stood. Undo and redo inside the
    /// body put the ranges back as they were in the state they restore.
    public mutating func transform<R>(
        updating ranges: inout [Range<RichString.Index>], _ body: (inout EditingSession) throws -> R
    ) rethrows -> R {
        let outer = callerRanges.count
        callerRanges += ranges
        defer {
            ranges = Array(callerRanges[outer...])
            callerRanges.removeSubrange(outer...)
        }
        return try body(&self)
    }

    /// `transform(updating:_:)` for one range.
    public mutating func transform<R>(
        updating range: inout Range<RichString.Index>, _ body: (inout EditingSession) throws -> R
    ) rethrows -> R {
        var ranges = [range]
        defer { range = ranges[0] }
        return try transform(updating: &ranges, body)
    }
}
