import RichText

/// What is selected: ranges of text, or an insertion point — SwiftUI's `AttributedTextSelection`.
public struct Selection: Hashable, Sendable {
    /// The selected ranges; empty when the selection is an insertion point.
    public var ranges: RangeSet<RichString.Index> {
        get { RangeSet(rangeList) }
        set { rangeList = Array(newValue.ranges) }
    }
    /// The selected ranges as a range set holds them (ascending, disjoint, apart), in an array: the selection is
    /// copied on every keystroke, and a range set (a resilient standard-library type) copies through its value
    /// witnesses, an array in a few instructions.
    private(set) var rangeList: [Range<RichString.Index>]
    /// The caret, when nothing is selected.
    public var insertionPoint: RichString.Index?
    /// The attributes text typed at the caret gets when they were given to the caret itself
    /// (`transformAttributes(in:)` at a caret, as SwiftUI's selection keeps them); nil when typed text takes its
    /// attributes from the text around it. Moving the caret (a new selection) drops them.
    public var typingAttributes: AttributeSet?

    /// A caret at `index` (SwiftUI's `AttributedTextSelection(insertionPoint:)`).
    public init(insertionPoint index: RichString.Index) {
        self.init(rangeList: [], insertionPoint: index)
    }

    /// A selection of `range`; an empty range is a caret at its position, as SwiftUI treats it.
    public init(range: Range<RichString.Index>) {
        self.init(rangeList: range.isEmpty ? [] : [range], insertionPoint: range.isEmpty ? range.lowerBound : nil)
    }

    /// A selection of `ranges`. A `RangeSet` holds no empty range (`RangeSet(i..<i)` is empty), so it cannot say
    /// where a caret would be: select an empty range with `init(range:)` or `init(insertionPoint:)`. A selection of
    /// no ranges at all puts typing at the end of the text.
    public init(ranges: RangeSet<RichString.Index>) {
        self.init(ranges: ranges, insertionPoint: nil)
    }

    /// A caret at `index`.
    public static func caret(_ index: RichString.Index) -> Selection { Selection(insertionPoint: index) }

    /// A selection of `ranges`.
    public static func ranges(_ ranges: RangeSet<RichString.Index>) -> Selection { Selection(ranges: ranges) }

    /// The ranges as a list, the insertion point as an empty range.
    var trackedRanges: [Range<RichString.Index>] {
        if let insertionPoint { return [insertionPoint..<insertionPoint] }
        return rangeList
    }

    /// A selection from tracked ranges, keeping the shape (caret or ranges) of `shape`.
    init(tracked: [Range<RichString.Index>], shape: Selection) {
        if shape.insertionPoint != nil, let caret = tracked.first {
            self = .caret(caret.lowerBound)
        } else {
            let kept = tracked.filter { !$0.isEmpty }
            if kept.isEmpty, let collapsed = tracked.first {
                self = .caret(collapsed.lowerBound)
            } else {
                self = .ranges(RangeSet(kept))
            }
        }
    }

    init(ranges: RangeSet<RichString.Index>, insertionPoint: RichString.Index?) {
        self.init(rangeList: Array(ranges.ranges), insertionPoint: insertionPoint)
    }

    private init(rangeList: [Range<RichString.Index>], insertionPoint: RichString.Index?) {
        self.rangeList = rangeList
        self.insertionPoint = insertionPoint
    }
}
