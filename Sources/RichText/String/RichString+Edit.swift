extension RichString {
    /// The one primitive every text mutation ends in: replace the text and runs over a UTF-8 range.
    ///
    /// Tracked ranges move with Foundation's documented semantics: an endpoint inside the replaced range moves
    /// out of it, endpoints after it shift by the change in length, and an insertion at a range's start shifts
    /// that range.
    mutating func rawReplace(_ range: Range<Int>, with newText: Substring, runs newRuns: [AttributeRun]) {
        rawReplace(range, with: newText) { $0.replace(range, with: newRuns) }
    }

    /// `rawReplace` with the runs changed by `updateRuns`, which must leave them as `replace(range, with:)`
    /// would: for callers that already know which run the edit resizes.
    mutating func rawReplace(_ range: Range<Int>, with newText: Substring, updatingRuns updateRuns: (inout RunRope) -> Void) {
        if !trackedRanges.isEmpty { prepareTrackedRanges(for: range) }
        text.replace(range, with: newText)
        updateRuns(&runStore)
        if !trackedRanges.isEmpty {
            finishTrackedRanges(start: range.lowerBound, isInsertion: range.isEmpty, delta: newText.utf8.count - range.count)
        }
        version = RichString.nextVersion()
        #if RICHTEXT_INTERNAL_CHECKS
        checkInvariants(afterChanging: range.lowerBound..<(range.lowerBound + newText.utf8.count))
        #endif
    }

    private mutating func prepareTrackedRanges(for mutation: Range<Int>) {
        for i in trackedRanges.indices {
            let r = trackedRanges[i]
            let lowerInside = r.lowerBound > mutation.lowerBound && r.lowerBound < mutation.upperBound
            let upperInside = r.upperBound > mutation.lowerBound && r.upperBound < mutation.upperBound
            switch (lowerInside, upperInside) {
            case (true, true): trackedRanges[i] = mutation.lowerBound..<mutation.lowerBound
            case (true, false): trackedRanges[i] = mutation.upperBound..<r.upperBound
            case (false, true): trackedRanges[i] = r.lowerBound..<mutation.lowerBound
            case (false, false): break
            }
        }
    }

    private mutating func finishTrackedRanges(start: Int, isInsertion: Bool, delta: Int) {
        guard delta != 0 else { return }
        for i in trackedRanges.indices {
            let r = trackedRanges[i]
            var lower = r.lowerBound
            var upper = r.upperBound
            if lower > start || (lower == start && isInsertion) { lower += delta }
            if upper > start || lower != r.lowerBound { upper += delta }
            trackedRanges[i] = lower..<max(lower, upper)
        }
    }
}
