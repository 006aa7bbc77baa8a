/// Equality and hashing of strings, slices and runs: their content, text and attribute values, as Foundation's
/// `AttributedString ==` compares it. A key's behaviour is not content: a document read back by a decoder that
/// knows no definition (its keys plain) equals the document written, key behaviours and all.
/// `isEqualIncludingBehaviors(to:)` compares the behaviours too.
///
/// Content equality: the same number of runs and, run by run, equal values over canonically equivalent text
/// ("Café" with a precomposed "é" equals "Cafe" + U+0301). Runs are compared by their text, not their UTF-8
/// lengths, which normalisation can change, and wherever they stand. Neighbouring runs whose attributes differ
/// only in behaviours count as one, as Foundation's runs, which break only where a value changes.
extension RichString: Equatable, Hashable {
    public static func == (lhs: RichString, rhs: RichString) -> Bool {
        areEqual(lhs, rhs, includingBehaviors: false)
    }

    /// Hashes what `==` compares: the runs as `==` counts them, and each one's values and text (whose hash is the
    /// same for canonically equivalent text).
    public func hash(into hasher: inout Hasher) {
        runs.hashContent(into: &hasher)
    }

    /// Whether the two strings are equal (`==`) and, run by run, their keys declare the same behaviours: no
    /// key is plain on one side where it has a behaviour on the other.
    public func isEqualIncludingBehaviors(to other: RichString) -> Bool {
        Self.areEqual(self, other, includingBehaviors: true)
    }

    private static func areEqual(_ lhs: RichString, _ rhs: RichString, includingBehaviors: Bool) -> Bool {
        guard lhs.text.summary.characters == rhs.text.summary.characters else { return false }
        // O(log n) where the two ropes share the subtrees an edit did not touch (`Rope.hasSameElements`).
        let sameRuns = lhs.runStore.rope.hasSameElements(as: rhs.runStore.rope)
        // The same text storage (one string edited into the other by attribute changes only): the text is equal,
        // so only the runs are compared. Runs are maximal and equal sets are one object, so with behaviours the
        // strings are equal exactly when their runs are; for content, runs that differ may still hold equal values.
        if lhs.text.isIdentical(to: rhs.text) {
            if sameRuns { return true }
            if includingBehaviors { return false }
            return RichRunsView.haveEqualRuns(lhs.runs, rhs.runs, includingBehaviors: false, sharingText: true)
        }
        // The common case, the same bytes in the same runs, needs no run-by-run walk.
        if sameRuns, lhs.text.summary == rhs.text.summary, lhs.text.string.utf8.elementsEqual(rhs.text.string.utf8) {
            return true
        }
        return RichRunsView.haveEqualRuns(lhs.runs, rhs.runs, includingBehaviors: includingBehaviors, sharingText: false)
    }
}

/// Slices compare as strings do (see `RichString ==`), wherever they stand.
extension RichSubstring: Equatable, Hashable {
    public static func == (lhs: RichSubstring, rhs: RichSubstring) -> Bool {
        RichRunsView.haveEqualRuns(lhs.runs, rhs.runs, includingBehaviors: false)
    }

    public func hash(into hasher: inout Hasher) {
        runs.hashContent(into: &hasher)
    }

    /// Whether the two slices are equal (`==`) and their keys declare the same behaviours, run by run.
    public func isEqualIncludingBehaviors(to other: RichSubstring) -> Bool {
        RichRunsView.haveEqualRuns(runs, other.runs, includingBehaviors: true)
    }
}

/// Discontiguous slices compare as strings do (see `RichString ==`), range by range: no run spans the gap
/// between two ranges.
extension DiscontiguousRichSubstring: Equatable, Hashable {
    public static func == (lhs: DiscontiguousRichSubstring, rhs: DiscontiguousRichSubstring) -> Bool {
        RichRunsView.haveEqualRuns(lhs.runs, rhs.runs, includingBehaviors: false)
    }

    public func hash(into hasher: inout Hasher) {
        runs.hashContent(into: &hasher)
    }

    /// Whether the two slices are equal (`==`) and their keys declare the same behaviours, run by run.
    public func isEqualIncludingBehaviors(to other: DiscontiguousRichSubstring) -> Bool {
        RichRunsView.haveEqualRuns(runs, other.runs, includingBehaviors: true)
    }
}

/// Two runs are equal when they have the same UTF-8 length and the same values, wherever they stand (in one
/// string or two), as Foundation's `AttributedString.Runs.Run` compares them.
extension RichRunsView.Run {
    public static func == (lhs: RichRunsView.Run, rhs: RichRunsView.Run) -> Bool {
        lhs.utf8Count == rhs.utf8Count && lhs.attributes.hasSameValues(as: rhs.attributes)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(utf8Count)
        attributes.hashValues(into: &hasher)
    }

    /// Whether the two runs are equal (`==`) and their keys declare the same behaviours.
    public func isEqualIncludingBehaviors(to other: RichRunsView.Run) -> Bool {
        utf8Count == other.utf8Count && attributes == other.attributes
    }
}

extension RichRunsView {
    /// The runs as equality counts them, as UTF-8 ranges in the base string: each stored run clipped to the
    /// viewed ranges, with neighbours joined when their attributes differ only in behaviours (unless
    /// `includingBehaviors`). Runs in two ranges of a discontiguous slice never touch, so they stay apart.
    func comparedRuns(includingBehaviors: Bool) -> [(attributes: AttributeSet, range: Range<Int>)] {
        var result: [(attributes: AttributeSet, range: Range<Int>)] = []
        for piece in viewed.ranges {
            base.runStore.forEachRun(in: piece) { range, attributes in
                if !includingBehaviors, let last = result.last, last.range.upperBound == range.lowerBound,
                   last.attributes.hasSameValues(as: attributes) {
                    result[result.count - 1].range = last.range.lowerBound..<range.upperBound
                } else {
                    result.append((attributes, range))
                }
                return true
            }
        }
        return result
    }

    /// Whether two views hold equal runs (see `RichString ==`): as many runs as `comparedRuns` counts, and run by
    /// run equal values (the same sets, when `includingBehaviors`) over canonically equivalent text. With
    /// `sharingText` the two views are of one text storage, whose text is equal exactly where the runs stand
    /// alike, so no text is read.
    static func haveEqualRuns(_ lhs: RichRunsView, _ rhs: RichRunsView, includingBehaviors: Bool, sharingText: Bool = false) -> Bool {
        let left = lhs.comparedRuns(includingBehaviors: includingBehaviors)
        let right = rhs.comparedRuns(includingBehaviors: includingBehaviors)
        guard left.count == right.count else { return false }
        for (l, r) in zip(left, right) {
            let sameAttributes = includingBehaviors ? l.attributes == r.attributes : l.attributes.hasSameValues(as: r.attributes)
            guard sameAttributes else { return false }
            if sharingText && l.range != r.range { return false }
        }
        if sharingText { return true }
        return zip(left, right).allSatisfy { l, r in
            lhs.base.text.string(in: l.range) == rhs.base.text.string(in: r.range)
        }
    }

    /// Hashes what `haveEqualRuns` compares for content: the run count, and each run's values and text (whose hash
    /// is the same for canonically equivalent text).
    func hashContent(into hasher: inout Hasher) {
        let compared = comparedRuns(includingBehaviors: false)
        hasher.combine(compared.count)
        for run in compared {
            run.attributes.hashValues(into: &hasher)
            hasher.combine(base.text.string(in: run.range))
        }
    }
}
