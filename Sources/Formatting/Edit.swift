import RichText

/// One mutation an editor asks for. Indices belong to the document the edit is applied to.
public enum Edit: Sendable {
    /// Plain text over a range (an insert when the range is empty): it inherits like typing.
    case replaceText(Range<RichString.Index>, with: String)
    /// Attributed text over a range (a paste): it keeps its own attributes, then the definition applies.
    case replaceAttributed(Range<RichString.Index>, with: RichString)
    /// Text removed from every range of a range set (a deletion: `.removeText(RangeSet(range))`).
    case removeText(RangeSet<RichString.Index>)
    /// A key set (or, with nil, removed) over every range of a range set, as one mutation.
    case setAttribute(AttributeKeyDescriptor, to: AttributeValue?, in: RangeSet<RichString.Index>)

    /// An insertion of plain text.
    public static func insert(_ text: String, at index: RichString.Index) -> Edit { .replaceText(index..<index, with: text) }

    /// A typed key set (nil removes it) over every range: `.setAttribute(Ingredient.self, to: "milk", in: ranges)`.
    public static func setAttribute<K: RichAttributeKey>(_ key: K.Type, to value: K.Value?, in ranges: RangeSet<RichString.Index>) -> Edit {
        .setAttribute(K.descriptor, to: value?.attributeValue, in: ranges)
    }
}
