/// Writing one element, or the elements of a range, through a character or scalar view, as Foundation's
/// `AttributedString.CharacterView` allows:
///
/// ```swift
/// text.characters[i] = "x"               // the character holding i becomes "x"
/// text.characters[range].append("!")     // "!" typed at the end of range
/// text.characters[range] = other.characters[other.startIndex..<other.endIndex]
/// ```
///
/// Each write is a plain-text edit of the string (`replaceSubrange(_:with:)`): the new text takes its
/// attributes as typed text does, and it always counts as a change of the text, even when the new element is
/// the same as the old, so keys invalidated by text changes go, as in Foundation.
extension TextUnitView where Kind: ReplaceableTextUnit {
    /// The element at `position`. Setting it replaces the whole element holding `position` (a character, or a
    /// scalar) with `newValue`, typed over it.
    public subscript(position: Index) -> Element {
        get { element(at: position) }
        set {
            precondition(position >= bounds.lowerBound && position < bounds.upperBound, "Index \(position) out of bounds")
            replaceSubrange(position..<index(after: position), with: CollectionOfOne(newValue))
        }
    }

    /// The elements within `range`, its bounds rounded down like the view's own.
    ///
    /// Setting it replaces the range's elements with the new slice's, typed over them, as Foundation's setter
    /// does (assigning a range's own slice back is an edit too). Mutating the slice in place
    /// (`characters[range].append("!")`) makes just the slice's own edits, each as typed: the rest of the range
    /// keeps its attributes, where Foundation retypes the whole range. Putting a slice of another access in its
    /// place during such a mutation traps, as the views' and slices' own in-place accesses do.
    ///
    /// `Slice` keeps its bounds by counting elements; a combining mark appended to a slice of characters joins
    /// the last character, one fewer than counted, and traps as in Foundation: append it through the scalar view
    /// (`unicodeScalars[range].append("\u{301}")`) or with `insert(_:at:)` on the string.
    public subscript(range: Range<Index>) -> Slice<TextUnitView> {
        get { slice(range) }
        set { replaceSubrange(range, with: newValue) }
        _modify {
            precondition(range.lowerBound >= bounds.lowerBound && range.upperBound <= bounds.upperBound, "Range \(range) out of bounds")
            let viewed = base.offsets(of: bounds)
            let before = base.text.utf8Count
            // The string is lent to the slice's view, so that the slice's edits change it in place.
            var view = TextUnitView(base: base, bounds: range)
            let identity = base.lend(to: &view)
            let sliced = view.bounds
            var slice = Slice(base: consume view, bounds: sliced)
            defer {
                base = slice.base.returned(from: identity, "A slice of a text view was replaced by one from a different access")
                let end = viewed.upperBound + base.text.utf8Count - before
                bounds = base.index(utf8: viewed.lowerBound)..<base.index(utf8: end)
            }
            yield &slice
        }
    }
}
