import Formatting
import RichText

/// A selection in Unicode scalar offsets: a caret, or sorted, disjoint, non-empty ranges. The harness's
/// reference model of selection tracking, and the form selections are compared in.
public struct ScalarSelection: Hashable, Sendable, CustomStringConvertible {
    /// The caret's offset, when the selection is an insertion point.
    public var caret: Int?
    /// The selected ranges (empty for a caret).
    public var ranges: [Range<Int>]

    /// A caret at `offset`.
    public static func caret(_ offset: Int) -> ScalarSelection { ScalarSelection(caret: offset, ranges: []) }

    /// A selection of `[from, to)`, or a caret when the range is empty.
    public static func range(_ from: Int, _ to: Int) -> ScalarSelection {
        from == to ? .caret(from) : ScalarSelection(caret: nil, ranges: [from..<to])
    }

    /// A selection of several ranges, normalised as `RangeSet` does (sorted, merged, empty ones dropped); a caret
    /// at the first range's start when none is left.
    public static func ranges(_ ranges: [Range<Int>]) -> ScalarSelection {
        let selection = ScalarSelection(caret: nil, ranges: ranges)
        return selection.ranges.isEmpty ? .caret(ranges.map(\.lowerBound).min() ?? 0) : selection
    }

    /// The selection of an editing session, in scalar offsets of its document.
    public init(_ selection: Selection, in document: RichString) {
        func o(_ i: RichString.Index) -> Int { document.offset(of: i, in: .scalars) }
        if let point = selection.insertionPoint {
            self = .caret(o(point))
        } else {
            self.init(caret: nil, ranges: selection.ranges.ranges.map { o($0.lowerBound)..<o($0.upperBound) })
        }
    }

    /// A selection; ranges are normalised as `RangeSet` does (sorted, merged, empty ones dropped).
    public init(caret: Int?, ranges: [Range<Int>]) {
        self.caret = caret
        self.ranges = caret == nil ? ScriptStep.merged(ranges.filter { !$0.isEmpty }) : []
    }

    /// The selection as an editing session's `Selection` on `document`.
    public func selection(in document: RichString) -> Selection {
        func i(_ n: Int) -> RichString.Index { document.index(atOffset: n, in: .scalars) }
        if let caret { return .caret(i(caret)) }
        return .ranges(RangeSet(ranges.map { i($0.lowerBound)..<i($0.upperBound) }))
    }

    /// The offset where typing goes: the caret, or the start of the first range.
    public var insertionOffset: Int { caret ?? ranges.first?.lowerBound ?? 0 }

    /// The selection after replacing the scalars of `mutation` with `inserted` scalars, by Foundation's
    /// tracking rules (`transform(updating:)`): an endpoint inside the replaced text moves out of it to the
    /// nearer edge, text inserted at a range's start pushes the range, and endpoints after the edit shift.
    /// A caret keeps its shape; ranges that collapse are dropped, and a selection whose ranges all collapse
    /// becomes a caret where the first one stood, as `EditingSession` does.
    public func tracked(through mutation: Range<Int>, inserted: Int) -> ScalarSelection {
        if mutation.isEmpty && inserted == 0 { return self }
        let tracked = (caret.map { [$0..<$0] } ?? ranges).map { ScalarSelection.track($0, through: mutation, newLength: inserted) }
        if caret != nil { return .caret(tracked[0].lowerBound) }
        let kept = tracked.filter { !$0.isEmpty }
        if kept.isEmpty, let first = tracked.first { return .caret(first.lowerBound) }
        return ScalarSelection(caret: nil, ranges: kept)
    }

    /// One range through one replacement, by Foundation's documented rules.
    public static func track(_ range: Range<Int>, through mutation: Range<Int>, newLength: Int) -> Range<Int> {
        var (lower, upper) = (range.lowerBound, range.upperBound)
        let lowerInside = lower > mutation.lowerBound && lower < mutation.upperBound
        let upperInside = upper > mutation.lowerBound && upper < mutation.upperBound
        switch (lowerInside, upperInside) {
        case (true, true): (lower, upper) = (mutation.lowerBound, mutation.lowerBound)
        case (true, false): lower = mutation.upperBound
        case (false, true): upper = mutation.lowerBound
        default: break
        }
        let delta = newLength - mutation.count
        guard delta != 0 else { return lower..<upper }
        let original = lower
        if lower > mutation.lowerBound || (lower == mutation.lowerBound && mutation.isEmpty) { lower += delta }
        if upper > mutation.lowerBound || lower != original { upper += delta }
        return lower..<max(lower, upper)
    }

    public var description: String {
        if let caret { return "caret \(caret)" }
        return ranges.map { "[\($0.lowerBound), \($0.upperBound))" }.joined(separator: " ")
    }
}
