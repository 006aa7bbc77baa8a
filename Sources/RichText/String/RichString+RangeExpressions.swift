/// Slicing, replacing and removing by any range expression (`..<i`, `i...`, `i..<j`, `i...j`), as on
/// Foundation's `AttributedString`. A closed or partial range is resolved against the characters view, so
/// `i...j` reaches to the end of the character at `j`; the rest is the `Range<Index>` API.
extension RichString {
    /// The resolved range of `bounds`.
    @inline(__always)
    func range<R: RangeExpression>(of bounds: R) -> Range<Index> where R.Bound == Index {
        bounds.relative(to: characters)
    }

    /// The slice over `bounds`. Mutating its attributes mutates this string in place.
    public subscript<R: RangeExpression>(bounds: R) -> RichSubstring where R.Bound == Index {
        get { self[range(of: bounds)] }
        _modify {
            let resolved = range(of: bounds)
            yield &self[resolved]
        }
        set { self[range(of: bounds)] = newValue }
    }

    /// Replaces `bounds` with plain text, which takes its attributes from the text it replaces.
    @discardableResult
    public mutating func replaceSubrange<R: RangeExpression>(_ bounds: R, with string: some StringProtocol) -> [AttributeAdjustment]
    where R.Bound == Index {
        replaceSubrange(range(of: bounds), with: string)
    }

    /// Replaces `bounds` with attributed text, which keeps its own attributes.
    @discardableResult
    public mutating func replaceSubrange<R: RangeExpression>(_ bounds: R, with other: RichString) -> [AttributeAdjustment]
    where R.Bound == Index {
        replaceSubrange(range(of: bounds), with: other)
    }

    /// Replaces `bounds` with an attributed substring, which keeps its own attributes.
    @discardableResult
    public mutating func replaceSubrange<R: RangeExpression>(_ bounds: R, with other: RichSubstring) -> [AttributeAdjustment]
    where R.Bound == Index {
        replaceSubrange(range(of: bounds), with: other)
    }

    /// Removes the text in `bounds`.
    @discardableResult
    public mutating func removeSubrange<R: RangeExpression>(_ bounds: R) -> [AttributeAdjustment] where R.Bound == Index {
        removeSubrange(range(of: bounds))
    }
}
