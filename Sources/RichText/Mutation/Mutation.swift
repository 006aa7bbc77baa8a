/// One mutation of a string, as the funnel (`RichString.mutate(_:under:)`) takes it: what was asked, in the
/// string's own indices. Every public edit of a `RichString`, and every edit a definition's engine applies, is one
/// of these, and goes through the one funnel.
package enum Mutation {
    /// Plain text over a range (an insert when the range is empty): it takes its attributes as typing does.
    case typing(Substring, over: Range<RichString.Index>)
    /// Attributed text, the part `source` (UTF-8 offsets) of a string, over a range: it keeps its own attributes,
    /// as a paste does.
    case pasting(RichString, source: Range<Int>, over: Range<RichString.Index>)
    /// The text of every range removed, as one mutation.
    case removing(MutationRanges)
    /// A key set to a value, or removed, over every range, as one mutation.
    case setting(AttributeSet.KeyChange, in: MutationRanges)
    /// Each run's attributes over every range replaced by what `transform` makes of them, as one mutation.
    case transforming(MutationRanges, (AttributeSet) -> AttributeSet)
    /// The runs over a range replaced by `runs`, the text unchanged: a slice of this string's own text, given new
    /// attributes, written back (`text[r] = slice`).
    case writing([AttributeRun], over: Range<RichString.Index>)
    /// No edit: the definition's behaviours, every key behaviour and the definition enforced over the whole text
    /// (a document read from outside).
    case normalizing
    /// No edit: the definition's behaviours alone, given to every key of its scope (step 0 of the funnel).
    case stamping

    /// Whether this is a text edit over one range (typing or a paste), whose raw edit the funnel can tell apart.
    var isTextEdit: Bool {
        switch self {
        case .typing, .pasting: return true
        default: return false
        }
    }

    /// Plain text inserted at `index`.
    package static func typing(_ text: Substring, at index: RichString.Index) -> Mutation {
        .typing(text, over: index..<index)
    }
}

/// The ranges a mutation covers, ascending and disjoint: one range (nearly every edit, held inline, so a keystroke
/// allocates nothing to describe itself), or a list.
package struct MutationRanges {
    private enum Storage {
        case one(Range<RichString.Index>)
        case list([Range<RichString.Index>])
    }
    private let storage: Storage

    /// One range.
    package init(_ range: Range<RichString.Index>) { storage = .one(range) }
    /// The ranges of a range set. A set of one range (nearly every edit) is read once, by count and subscript:
    /// the range set's generic collection walk costs more than the edit it describes.
    package init(_ ranges: RangeSet<RichString.Index>) {
        let list = ranges.ranges
        storage = list.count == 1 ? .one(list[list.startIndex]) : .list(Array(list))
    }
    /// A list of ranges, ascending and disjoint.
    package init(_ ranges: [Range<RichString.Index>]) { storage = .list(ranges) }

    /// How many ranges there are.
    var count: Int {
        switch storage {
        case .one: return 1
        case .list(let list): return list.count
        }
    }

    /// Every range made into another by `transform`: one range stays inline.
    func moved(by transform: (Range<RichString.Index>) -> Range<RichString.Index>) -> MutationRanges {
        switch storage {
        case .one(let range): return MutationRanges(transform(range))
        case .list(let list): return MutationRanges(list.map(transform))
        }
    }

    /// The range at `i`, from 0.
    subscript(i: Int) -> Range<RichString.Index> {
        switch storage {
        case .one(let range): return range
        case .list(let list): return list[i]
        }
    }
}

/// A text edit in UTF-8 offsets: what the funnel's text steps take.
struct TextEdit {
    /// The range replaced.
    let range: Range<Int>
    /// The new text.
    let text: Substring
    /// The new text's runs, or nil for plain text, which inherits.
    let runs: [AttributeRun]?
    /// The new text's length in UTF-8 bytes.
    let length: Int

    init(range: Range<Int>, text: Substring, runs: [AttributeRun]?) {
        self.range = range
        self.text = text
        self.runs = runs
        length = text.utf8.count
    }

    /// Where the new text lies after the edit.
    var inserted: Range<Int> { range.lowerBound..<(range.lowerBound + length) }
    /// The change in length.
    var delta: Int { length - range.count }
}
