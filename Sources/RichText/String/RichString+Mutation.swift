extension RichString {
    // MARK: Plain text (inherits attributes, like typing)

    /// Replaces `range` with plain text, which takes its attributes from the text around it.
    @discardableResult
    public mutating func replaceSubrange(_ range: Range<Index>, with string: some StringProtocol) -> [AttributeAdjustment] {
        editText(offsets(of: range), with: Substring(string), attributedRuns: nil)
    }

    /// Inserts plain text at `index`; it takes its attributes from the text before it.
    @discardableResult
    public mutating func insert(_ string: some StringProtocol, at index: Index) -> [AttributeAdjustment] {
        let o = offset(of: index)
        return editText(o..<o, with: Substring(string), attributedRuns: nil)
    }

    /// Appends plain text, which takes the attributes of the last character.
    @discardableResult
    public mutating func append(_ string: some StringProtocol) -> [AttributeAdjustment] {
        let end = text.utf8Count
        return editText(end..<end, with: Substring(string), attributedRuns: nil)
    }

    /// Removes the text in `range`.
    @discardableResult
    public mutating func removeSubrange(_ range: Range<Index>) -> [AttributeAdjustment] {
        editText(offsets(of: range), with: "", attributedRuns: [])
    }

    // MARK: Attributed text (keeps its own attributes)

    /// Replaces `range` with attributed text, which keeps its own attributes.
    @discardableResult
    public mutating func replaceSubrange(_ range: Range<Index>, with other: RichString) -> [AttributeAdjustment] {
        return replaceAttributed(offsets(of: range), with: other, in: 0..<other.text.utf8Count)
    }

    /// Replaces `range` with an attributed substring, which keeps its own attributes.
    ///
    /// When the slice's text is this string's own text over the same range (a slice taken from this string and
    /// given new attributes, `text[r] = slice`), only the attributes change, as with Foundation's
    /// `AttributedString`: the text is not edited, so nothing a text change fires (inheritance, `textChanged`,
    /// the paragraph's first character deciding) happens, and a paragraph-bound value set on the slice spreads
    /// over its paragraphs.
    @discardableResult
    public mutating func replaceSubrange(_ range: Range<Index>, with other: RichSubstring) -> [AttributeAdjustment] {
        let target = offsets(of: range)
        let source = other.base.offsets(of: other.bounds)
        if target == source, text.isIdentical(to: other.base.text) {
            return editAttributes(in: target, writing: other.base.runStore.runs(in: source))
        }
        return replaceAttributed(target, with: other.base, in: source)
    }

    /// Inserts attributed text at `index`; it keeps its own attributes.
    @discardableResult
    public mutating func insert(_ other: RichString, at index: Index) -> [AttributeAdjustment] {
        let o = offset(of: index)
        return replaceAttributed(o..<o, with: other, in: 0..<other.text.utf8Count)
    }

    /// Inserts an attributed substring at `index`.
    @discardableResult
    public mutating func insert(_ other: RichSubstring, at index: Index) -> [AttributeAdjustment] {
        let o = offset(of: index)
        return replaceAttributed(o..<o, with: other.base, in: other.base.offsets(of: other.bounds))
    }

    /// Appends attributed text, which keeps its own attributes.
    @discardableResult
    public mutating func append(_ other: RichString) -> [AttributeAdjustment] {
        let end = text.utf8Count
        return replaceAttributed(end..<end, with: other, in: 0..<other.text.utf8Count)
    }

    /// Appends an attributed substring.
    @discardableResult
    public mutating func append(_ other: RichSubstring) -> [AttributeAdjustment] {
        let end = text.utf8Count
        return replaceAttributed(end..<end, with: other.base, in: other.base.offsets(of: other.bounds))
    }

    mutating func replaceAttributed(_ range: Range<Int>, with source: RichString, in sourceRange: Range<Int>) -> [AttributeAdjustment] {
        let newText = source.text.string(in: sourceRange)
        let newRuns = source.runStore.runs(in: sourceRange)
        return editText(range, with: Substring(newText), attributedRuns: newRuns)
    }

    /// Removes the text in every range of `ranges`, as one mutation (last range first, so offsets hold).
    @discardableResult
    public mutating func removeSubranges(_ ranges: RangeSet<Index>) -> [AttributeAdjustment] {
        let list = offsets(of: ranges)
        var adjustments: [AttributeAdjustment] = []
        for range in list.reversed() {
            let made = editText(range, with: "", attributedRuns: [])
            // What the removals after this one reported, in the order made, moved through this removal: a report
            // after the range shifts, one across it loses the removed bytes.
            adjustments = adjustments.moved(through: [(range, 0)]) + made
        }
        return adjustments
    }
}
