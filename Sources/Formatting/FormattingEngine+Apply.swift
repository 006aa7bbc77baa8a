import RichText

/// Routing an `Edit`: the string makes the raw edit with inheritance and runs its behaviour steps, then the
/// engine enforces the definition over the region the edit and those steps touched.
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
        let token = core.behaviorStamp
        guard document.behaviorStamp == token else { return applyStamping(edit, to: &document) }
        var processed = 0..<0
        let adjustments = apply(edit, to: &document, processed: &processed, learnsResults: true)
        // Every set the edit brought in or the steps rewrote lies in the region the definition was enforced
        // over (the scope step gives keys their defined behaviours there), and the rest carried them before.
        document.behaviorStamp = token
        return adjustments
    }

    /// `apply`, also giving the stretch (UTF-8 offsets after the edit) the definition was enforced over: every
    /// offset the engine read or wrote after the string's own steps lies in it. `learnsResults`: see `constrained`.
    func apply(_ edit: consuming Edit, to document: inout RichString, processed: inout Range<Int>, learnsResults: Bool) -> [Adjustment] {
        let behaviorReports: [AttributeAdjustment]
        var region: Range<Int>
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
        case let .removeTextInRange(range):
            guard usesFastPaths else {
                return apply(.removeText(RangeSet(range)), to: &document, processed: &processed, learnsResults: learnsResults)
            }
            let r = document.utf8Range(of: range)
            behaviorReports = document.removeSubrange(range)
            region = r.lowerBound..<r.lowerBound
        case let .removeText(ranges):
            // One range (a deletion, nearly always) through the string's one-range call, which does what the
            // range-set call does with one range, without walking the range set generically.
            if usesFastPaths, let range = Self.onlyRange(of: ranges) {
                return apply(.removeTextInRange(range), to: &document, processed: &processed, learnsResults: learnsResults)
            }
            let list = ranges.ranges.map { document.utf8Range(of: $0) }
            behaviorReports = document.removeSubranges(ranges)
            let removed = list.reduce(0) { $0 + $1.count }
            let lower = list.first?.lowerBound ?? 0
            region = lower..<max(lower, (list.last?.upperBound ?? 0) - removed)
        case let .setAttributeInRange(key, value, range):
            guard usesFastPaths else {
                return apply(.setAttribute(key, to: value, in: RangeSet(range)), to: &document, processed: &processed, learnsResults: learnsResults)
            }
            region = document.utf8Range(of: range)
            if let adjustments = applyAttributeSetInOneWrite(key, to: value, in: region, to: &document,
                                                             processed: &processed, learnsResults: learnsResults) {
                return adjustments
            }
            behaviorReports = document.setAttribute(key, to: value, in: range)
        case let .setAttribute(key, value, ranges):
            if usesFastPaths, let range = Self.onlyRange(of: ranges) {
                return apply(.setAttributeInRange(key, to: value, in: range), to: &document, processed: &processed, learnsResults: learnsResults)
            }
            let list = ranges.ranges.map { document.utf8Range(of: $0) }
            behaviorReports = document.setAttribute(key, to: value, in: ranges)
            region = (list.first?.lowerBound ?? 0)..<(list.last?.upperBound ?? 0)
        }
        // Most edits fire no behaviour: the definition's adjustments are then the whole list, not appended to one.
        if behaviorReports.isEmpty {
            return enforceDefinition(on: &document, in: region, processed: &processed, learnsResults: learnsResults)
        }
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
}
