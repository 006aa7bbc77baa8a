import RichText

/// Routing an `Edit`: the string makes the raw edit with inheritance and runs its behaviour steps, then the
/// engine enforces the definition over the region the edit and those steps touched. A range set of one range
/// (a deletion, a selection's attribute change: nearly every edit) takes the one-range path, which does what the
/// range-set path does with one range without walking the range set generically.
extension FormattingEngine {
    /// Applies `edit` to `document` and returns every adjustment, in the order made.
    ///
    /// A document that does not carry the definition's behaviours yet (one read without the definition) gets
    /// them first (`stampBehaviors`), and what that changed comes first in the list, placed in the offsets
    /// after the edit. Whether it carries them is known in O(1) (`carriesDefinedBehaviors`), so a document
    /// edited through the engine pays for that walk once. Keys the edit itself brings in (a paste, a key set
    /// with another descriptor's behaviour) take the definition's behaviours in the scope step, as part of the
    /// edit, with no adjustment: their values stand as asked.
    @discardableResult
    public func apply(_ edit: consuming Edit, to document: inout RichString) -> [Adjustment] {
        guard document.behaviorStamp == core.behaviorStamp else { return applyStamping(edit, to: &document) }
        // Written out rather than through `stampingAfter`: a closure would copy the edit, which moves in here.
        var processed = 0..<0
        let adjustments = apply(edit, to: &document, processed: &processed, learnsResults: true)
        document.behaviorStamp = core.behaviorStamp
        return adjustments
    }

    /// Runs `edit` (an apply that enforces the definition and says over what) on a document, then marks the
    /// document as carrying the definition's behaviours: every set the edit brought in or the steps rewrote lies
    /// in the region the definition was enforced over (the scope step gives keys their defined behaviours
    /// there), and the rest carried them before or were stamped first.
    @inline(__always)
    func stampingAfter(_ document: inout RichString, _ edit: (inout RichString, inout Range<Int>) -> [Adjustment]) -> [Adjustment] {
        var processed = 0..<0
        let adjustments = edit(&document, &processed)
        document.behaviorStamp = core.behaviorStamp
        return adjustments
    }

    /// `apply(.removeText(RangeSet(range)), to: document)` without building the range set, whose generic code
    /// (unspecialised, in the standard library) costs about 1,500 instructions a keystroke, a sixth of a
    /// deletion: for a session's backspace and the package's own per-keystroke callers (`fmtbench`). A document
    /// without the definition's behaviours, or an empty range (which a range set drops), takes the public path.
    package func apply(removingTextIn range: Range<RichString.Index>, to document: inout RichString) -> [Adjustment] {
        guard usesFastPaths, !range.isEmpty, document.behaviorStamp == core.behaviorStamp else {
            return apply(.removeText(RangeSet(range)), to: &document)
        }
        return stampingAfter(&document) { document, processed in
            apply(removingTextIn: range, to: &document, processed: &processed, learnsResults: true)
        }
    }

    /// `apply(.setAttribute(key, to: value, in: RangeSet(range)), to: document)` without building the range set:
    /// for the package's own per-keystroke callers, as `apply(removingTextIn:to:)`.
    package func apply(setting key: AttributeKeyDescriptor, to value: AttributeValue?, in range: Range<RichString.Index>,
                       to document: inout RichString) -> [Adjustment] {
        guard usesFastPaths, !range.isEmpty, document.behaviorStamp == core.behaviorStamp else {
            return apply(.setAttribute(key, to: value, in: RangeSet(range)), to: &document)
        }
        return stampingAfter(&document) { document, processed in
            apply(setting: key, to: value, in: range, to: &document, processed: &processed, learnsResults: true)
        }
    }

    /// `apply`, also giving the stretch (UTF-8 offsets after the edit) the definition was enforced over: every
    /// offset the engine read or wrote after the string's own steps lies in it. `learnsResults`: see `constrained`.
    func apply(_ edit: consuming Edit, to document: inout RichString, processed: inout Range<Int>, learnsResults: Bool) -> [Adjustment] {
        let behaviorReports: [AttributeAdjustment]
        let region: Range<Int>
        // The edit is taken apart, not copied: its payload moves into the cases below.
        switch consume edit {
        case let .replaceText(range, text):
            let r = document.utf8Range(of: range)
            behaviorReports = document.replaceSubrange(range, with: text)
            region = r.lowerBound..<(r.lowerBound + text.utf8.count)
        case let .replaceAttributed(range, piece):
            let r = document.utf8Range(of: range)
            behaviorReports = document.replaceSubrange(range, with: piece)
            region = r.lowerBound..<(r.lowerBound + piece.counts.utf8)
        case let .removeText(ranges):
            if usesFastPaths, let range = Self.onlyRange(of: ranges) {
                return apply(removingTextIn: range, to: &document, processed: &processed, learnsResults: learnsResults)
            }
            let list = ranges.ranges.map { document.utf8Range(of: $0) }
            behaviorReports = document.removeSubranges(ranges)
            let removed = list.reduce(0) { $0 + $1.count }
            let lower = list.first?.lowerBound ?? 0
            region = lower..<max(lower, (list.last?.upperBound ?? 0) - removed)
        case let .setAttribute(key, value, ranges):
            if usesFastPaths, let range = Self.onlyRange(of: ranges) {
                return apply(setting: key, to: value, in: range, to: &document, processed: &processed, learnsResults: learnsResults)
            }
            let list = ranges.ranges.map { document.utf8Range(of: $0) }
            behaviorReports = document.setAttribute(key, to: value, in: ranges)
            region = (list.first?.lowerBound ?? 0)..<(list.last?.upperBound ?? 0)
        }
        return enforceDefinition(on: &document, after: behaviorReports, in: region, processed: &processed, learnsResults: learnsResults)
    }

    /// `apply(.removeText(RangeSet(range)))` through the string's one-range call: the public path's one-range
    /// exit, and a session's deletion, which has one range and no range set to build.
    func apply(removingTextIn range: Range<RichString.Index>, to document: inout RichString, processed: inout Range<Int>, learnsResults: Bool) -> [Adjustment] {
        let r = document.utf8Range(of: range)
        let behaviorReports = document.removeSubrange(range)
        return enforceDefinition(on: &document, after: behaviorReports, in: r.lowerBound..<r.lowerBound, processed: &processed, learnsResults: learnsResults)
    }

    /// `apply(.setAttribute(key, to: value, in: RangeSet(range)))` over one range: in one write of the runs when
    /// that provably does what the pipeline does (`applyAttributeSetInOneWrite`), else through the string's
    /// one-range call.
    func apply(setting key: AttributeKeyDescriptor, to value: AttributeValue?, in range: Range<RichString.Index>,
               to document: inout RichString, processed: inout Range<Int>, learnsResults: Bool) -> [Adjustment] {
        let region = document.utf8Range(of: range)
        if let adjustments = applyAttributeSetInOneWrite(key, to: value, in: region, to: &document,
                                                         processed: &processed, learnsResults: learnsResults) {
            return adjustments
        }
        let behaviorReports = document.setAttribute(key, to: value, in: range)
        return enforceDefinition(on: &document, after: behaviorReports, in: region, processed: &processed, learnsResults: learnsResults)
    }

    /// The definition enforced over `region` after an edit whose behaviour steps reported `behaviorReports`,
    /// widened to what they touched; their reports first, then the definition's.
    @inline(__always)
    func enforceDefinition(on document: inout RichString, after behaviorReports: [AttributeAdjustment], in region: Range<Int>,
                           processed: inout Range<Int>, learnsResults: Bool) -> [Adjustment] {
        // Most edits fire no behaviour: the definition's adjustments are then the whole list, not appended to one.
        if behaviorReports.isEmpty {
            return enforceDefinition(on: &document, in: region, processed: &processed, learnsResults: learnsResults)
        }
        var region = region
        var adjustments = behaviorReports.map(Adjustment.init)
        for report in behaviorReports { region = region.union(report.utf8Range) }
        adjustments += enforceDefinition(on: &document, in: region, processed: &processed, learnsResults: learnsResults)
        return adjustments
    }

    /// The one range of `ranges`, or nil when it holds none or several. Reads the range set by count and
    /// subscript: its generic collection walk costs far more than the edit it describes.
    static func onlyRange(of ranges: RangeSet<RichString.Index>) -> Range<RichString.Index>? {
        let list = ranges.ranges
        guard list.count == 1 else { return nil }
        return list[list.startIndex]
    }

    /// The ranges of `ranges` as an array, a range set of one range (nearly every edit) read without the
    /// generic walk (`onlyRange`).
    static func rangeList(of ranges: RangeSet<RichString.Index>) -> [Range<RichString.Index>] {
        onlyRange(of: ranges).map { [$0] } ?? Array(ranges.ranges)
    }
}
