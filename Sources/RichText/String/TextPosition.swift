/// Where a position in a rich string stands, as an editor's status bar or a linter's report shows it: its
/// 1-based line and column (in characters, and in UTF-16 units for editors that count so), and its offset from
/// the start in characters and in UTF-16 units. Lines end after LF, CR, CRLF or U+2029.
///
/// `RichString.textPosition(of:)` gives one; `RichString.textPositions(of:)` gives many in one pass over the
/// text, which is how a linter places every finding of a document at once.
public struct TextPosition: Hashable, Sendable {
    /// 1-based line: one more than the paragraph separators that end at or before the position.
    public internal(set) var line: Int
    /// The UTF-8 offset where the line starts (just after the previous separator).
    var lineStartUTF8: Int
    /// Characters that end at or before the position.
    var characters: Int
    /// UTF-16 units before the position.
    var utf16: Int
    /// Characters before the line's start.
    var lineStartCharacters: Int
    /// UTF-16 units before the line's start.
    var lineStartUTF16: Int

    /// 1-based column in characters (as `RichString.lineAndColumn(of:)` gives it).
    public var column: Int { characters - lineStartCharacters + 1 }
    /// 1-based column in UTF-16 units.
    public var utf16Column: Int { utf16 - lineStartUTF16 + 1 }
    /// The characters before the position, from the start of the text (`offset(of:in: .characters)`).
    public var characterOffset: Int { characters }
    /// The UTF-16 units before the position, from the start of the text (`offset(of:in: .utf16)`).
    public var utf16Offset: Int { utf16 }
}

extension RichString {
    /// The line, columns and offsets of `index`. O(log n).
    public func textPosition(of index: Index) -> TextPosition {
        var position = text.positionInfo(at: offset(of: index))
        // An index on the trailing half of a surrogate pair stands one UTF-16 unit on.
        if index.isTrailingSurrogate { position.utf16 += 1 }
        return position
    }

    /// The positions of many indices of this string (in any order), in one forward pass over the text: the same
    /// as `textPosition(of:)` for each, for less than asking each alone once there are many.
    public func textPositions(of indices: [Index]) -> [TextPosition] {
        var positions = text.positionInfos(at: indices.map { offset(of: $0) })
        for k in indices.indices where indices[k].isTrailingSurrogate { positions[k].utf16 += 1 }
        return positions
    }
}
