/// How long a rich string's text is, in every unit at once: what `RichString.counts` reports.
///
/// The string keeps these counts for every piece of its text (they are its text rope's summaries), so reading
/// them costs nothing.
public struct TextCounts: Hashable, Sendable {
    /// UTF-8 code units.
    public var utf8: Int
    /// UTF-16 code units.
    public var utf16: Int
    /// Unicode scalars.
    public var scalars: Int
    /// Grapheme clusters (Swift `Character`s).
    public var characters: Int
    /// Paragraph separators: LF, a CR not followed by LF, and U+2029. CRLF counts once.
    public var separators: Int

    /// The counts of a text: `utf8` UTF-8 code units, and so on.
    public init(utf8: Int, utf16: Int, scalars: Int, characters: Int, separators: Int) {
        self.utf8 = utf8
        self.utf16 = utf16
        self.scalars = scalars
        self.characters = characters
        self.separators = separators
    }

    /// The count in `unit`.
    @inline(__always)
    public subscript(unit: TextUnit) -> Int {
        switch unit {
        case .utf8: return utf8
        case .utf16: return utf16
        case .scalars: return scalars
        case .characters: return characters
        }
    }
}
