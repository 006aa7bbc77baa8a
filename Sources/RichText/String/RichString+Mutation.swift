extension RichString {
    // MARK: Plain text (inherits attributes, like typing)

    /// Replaces `range` with plain text, which takes its attributes from the text around it.
    public mutating func replaceSubrange(_ range: Range<Index>, with string: some StringProtocol) {
        let r = offsets(of: range)
        replacePlain(r, with: Substring(string))
    }

    /// Inserts plain text at `index`; it takes its attributes from the text before it.
    public mutating func insert(_ string: some StringProtocol, at index: Index) {
        let o = offset(of: index)
        replacePlain(o..<o, with: Substring(string))
    }

    /// Appends plain text, which takes the attributes of the last character.
    public mutating func append(_ string: some StringProtocol) {
        let end = text.utf8Count
        replacePlain(end..<end, with: Substring(string))
    }

    /// Removes the text in `range`.
    public mutating func removeSubrange(_ range: Range<Index>) {
        let r = offsets(of: range)
        rawReplace(r, with: "", runs: [])
    }

    /// Replaces a UTF-8 range with plain text that inherits its attributes. An empty edit changes nothing.
    mutating func replacePlain(_ range: Range<Int>, with string: Substring) {
        let length = string.utf8.count
        if range.isEmpty && length == 0 { return }
        let attributes = inheritedAttributes(forTypingOver: range)
        rawReplace(range, with: string, runs: length > 0 ? [AttributeRun(utf8Count: length, attributes: attributes)] : [])
    }

    // MARK: Attributed text (keeps its own attributes)

    /// Replaces `range` with attributed text, which keeps its own attributes.
    public mutating func replaceSubrange(_ range: Range<Index>, with other: RichString) {
        replaceAttributed(offsets(of: range), with: other, in: 0..<other.text.utf8Count)
    }

    /// Replaces `range` with an attributed substring, which keeps its own attributes.
    public mutating func replaceSubrange(_ range: Range<Index>, with other: RichSubstring) {
        replaceAttributed(offsets(of: range), with: other.base, in: other.base.offsets(of: other.bounds))
    }

    /// Inserts attributed text at `index`; it keeps its own attributes.
    public mutating func insert(_ other: RichString, at index: Index) {
        let o = offset(of: index)
        replaceAttributed(o..<o, with: other, in: 0..<other.text.utf8Count)
    }

    /// Inserts an attributed substring at `index`.
    public mutating func insert(_ other: RichSubstring, at index: Index) {
        let o = offset(of: index)
        replaceAttributed(o..<o, with: other.base, in: other.base.offsets(of: other.bounds))
    }

    /// Appends attributed text, which keeps its own attributes.
    public mutating func append(_ other: RichString) {
        let end = text.utf8Count
        replaceAttributed(end..<end, with: other, in: 0..<other.text.utf8Count)
    }

    /// Appends an attributed substring.
    public mutating func append(_ other: RichSubstring) {
        let end = text.utf8Count
        replaceAttributed(end..<end, with: other.base, in: other.base.offsets(of: other.bounds))
    }

    mutating func replaceAttributed(_ range: Range<Int>, with source: RichString, in sourceRange: Range<Int>) {
        let newText = source.text.string(in: sourceRange)
        let newRuns = source.runStore.runs(in: sourceRange)
        rawReplace(range, with: Substring(newText), runs: newRuns)
    }
}
