/// One mutation of a string, as the funnel (`RichString.mutate(_:under:)`) takes it: what was asked, in the
/// string's own indices. Every public edit of a `RichString`, and every edit a definition's engine applies, is one
/// of these, and goes through the one funnel.
package enum Mutation {
    /// Plain text over a range (an insert when the range is empty): it takes its attributes as typing does.
    case typing(Substring, over: Range<RichString.Index>)
    /// Attributed text, the part `source` (UTF-8 offsets) of a string, over a range: it keeps its own attributes,
    /// as a paste does.
    case pasting(RichString, source: Range<Int>, over: Range<RichString.Index>)
    /// The text of every range removed (ranges ascending and disjoint), as one mutation.
    case removing([Range<RichString.Index>])
    /// A key set to a value (nil removes it) over every range, as one mutation.
    case setting(AttributeKeyDescriptor, to: AttributeValue?, in: [Range<RichString.Index>])
    /// Each run's attributes over every range replaced by what `transform` makes of them, as one mutation.
    case transforming([Range<RichString.Index>], (AttributeSet) -> AttributeSet)
    /// The runs over a range replaced by `runs`, the text unchanged: a slice of this string's own text, given new
    /// attributes, written back (`text[r] = slice`).
    case writing([AttributeRun], over: Range<RichString.Index>)
    /// No edit: every behaviour, and the definition, enforced over the whole text (a document read from outside).
    case normalizing

    /// Plain text inserted at `index`.
    package static func typing(_ text: Substring, at index: RichString.Index) -> Mutation {
        .typing(text, over: index..<index)
    }
}

/// A text edit in UTF-8 offsets: what the funnel's text steps take.
struct TextEdit {
    /// The range replaced.
    var range: Range<Int>
    /// The new text.
    var text: Substring
    /// The new text's runs, or nil for plain text, which inherits.
    var runs: [AttributeRun]?

    /// The new text's length in UTF-8 bytes.
    var length: Int { text.utf8.count }
    /// Where the new text lies after the edit.
    var inserted: Range<Int> { range.lowerBound..<(range.lowerBound + length) }
    /// The change in length.
    var delta: Int { length - range.count }
}
