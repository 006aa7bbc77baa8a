extension RichString {
    // MARK: Plain text (inherits attributes, like typing)

    /// Replaces `range` with plain text, which takes its attributes from the text around it.
    @discardableResult
    public mutating func replaceSubrange(_ range: Range<Index>, with string: some StringProtocol) -> [AttributeAdjustment] {
        mutate(.typing(Substring(string), over: range))
    }

    /// Inserts plain text at `index`; it takes its attributes from the text before it.
    @discardableResult
    public mutating func insert(_ string: some StringProtocol, at index: Index) -> [AttributeAdjustment] {
        mutate(.typing(Substring(string), over: index..<index))
    }

    /// Appends plain text, which takes the attributes of the last character.
    @discardableResult
    public mutating func append(_ string: some StringProtocol) -> [AttributeAdjustment] {
        mutate(.typing(Substring(string), over: endIndex..<endIndex))
    }

    /// Removes the text in `range`.
    @discardableResult
    public mutating func removeSubrange(_ range: Range<Index>) -> [AttributeAdjustment] {
        mutate(.removing(MutationRanges(range)))
    }

    // MARK: Attributed text (keeps its own attributes)

    /// Replaces `range` with attributed text, which keeps its own attributes.
    @discardableResult
    public mutating func replaceSubrange(_ range: Range<Index>, with other: RichString) -> [AttributeAdjustment] {
        mutate(.pasting(other, source: 0..<other.text.utf8Count, over: range))
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
            return mutate(.writing(other.base.runStore.runs(in: source), over: range))
        }
        return mutate(.pasting(other.base, source: source, over: range))
    }

    /// Inserts attributed text at `index`; it keeps its own attributes.
    @discardableResult
    public mutating func insert(_ other: RichString, at index: Index) -> [AttributeAdjustment] {
        mutate(.pasting(other, source: 0..<other.text.utf8Count, over: index..<index))
    }

    /// Inserts an attributed substring at `index`.
    @discardableResult
    public mutating func insert(_ other: RichSubstring, at index: Index) -> [AttributeAdjustment] {
        mutate(.pasting(other.base, source: other.base.offsets(of: other.bounds), over: index..<index))
    }

    /// Appends attributed text, which keeps its own attributes.
    @discardableResult
    public mutating func append(_ other: RichString) -> [AttributeAdjustment] {
        mutate(.pasting(other, source: 0..<other.text.utf8Count, over: endIndex..<endIndex))
    }

    /// Appends an attributed substring.
    @discardableResult
    public mutating func append(_ other: RichSubstring) -> [AttributeAdjustment] {
        mutate(.pasting(other.base, source: other.base.offsets(of: other.bounds), over: endIndex..<endIndex))
    }

    /// Removes the text in every range of `ranges`, as one mutation.
    @discardableResult
    public mutating func removeSubranges(_ ranges: RangeSet<Index>) -> [AttributeAdjustment] {
        mutate(.removing(MutationRanges(ranges)))
    }

    /// Makes a string built from outside data consistent with its keys' behaviours in one pass: paragraph-bound
    /// keys become constant per paragraph (the first character decides) and character-bound keys leave other
    /// characters. Returns what it changed.
    @discardableResult
    public mutating func enforceBehaviors() -> [AttributeAdjustment] {
        mutate(.normalizing)
    }

    // MARK: The funnel, with no definition

    /// `mutate(_:under:)` with the string's own behaviours only.
    @discardableResult @inline(__always)
    mutating func mutate(_ mutation: Mutation) -> [AttributeAdjustment] {
        var none = NoDefinition()
        return mutate(mutation, under: &none)
    }

    /// The index range of a UTF-8 range of this version of the string.
    func indices(utf8 range: Range<Int>) -> Range<Index> {
        index(utf8: range.lowerBound)..<index(utf8: range.upperBound)
    }
}
