import RichText

/// Where a finding stands in a document, in every unit a consumer may need.
///
/// `line` and `column` are 1-based; lines are the document's paragraphs (ending after LF, CR, CRLF or
/// U+2029) and columns count characters (grapheme clusters), as `RichString.lineAndColumn(of:)` does. The
/// offsets are 0-based from the start of the document's text. For a malformed document the line and column are
/// those of the JSON where reading failed, and the offsets are byte offsets into the file.
public struct DocumentPosition: Hashable, Sendable {
    /// 1-based line.
    public var line: Int
    /// 1-based column, in characters.
    public var column: Int
    /// Offset of the start, in UTF-8 bytes.
    public var utf8Offset: Int
    /// Length, in UTF-8 bytes.
    public var utf8Length: Int
    /// Offset of the start, in UTF-16 code units.
    public var utf16Offset: Int
    /// Length, in UTF-16 code units.
    public var utf16Length: Int
    /// 1-based column in UTF-16 code units (what SARIF and most editors count).
    public var utf16Column: Int

    /// A position from its parts.
    public init(line: Int, column: Int, utf8Offset: Int, utf8Length: Int, utf16Offset: Int, utf16Length: Int, utf16Column: Int? = nil) {
        self.line = line
        self.column = column
        self.utf8Offset = utf8Offset
        self.utf8Length = utf8Length
        self.utf16Offset = utf16Offset
        self.utf16Length = utf16Length
        self.utf16Column = utf16Column ?? column
    }

    /// The position of a UTF-8 range of `document`.
    public init(utf8Range: Range<Int>, in document: RichString) {
        let total = document.counts.utf8
        let lower = min(max(utf8Range.lowerBound, 0), total)
        let upper = min(max(utf8Range.upperBound, lower), total)
        let start = document.index(atOffset: lower, in: .utf8)
        let end = document.index(atOffset: upper, in: .utf8)
        let (line, column) = document.lineAndColumn(of: start)
        let utf16Start = document.offset(of: start, in: .utf16)
        let lineStart = document.offset(of: document.paragraphRange(containing: start).lowerBound, in: .utf16)
        self.init(line: line, column: column, utf8Offset: lower, utf8Length: upper - lower,
                  utf16Offset: utf16Start, utf16Length: document.offset(of: end, in: .utf16) - utf16Start,
                  utf16Column: utf16Start - lineStart + 1)
    }

    /// The start of a document (for findings about the whole file).
    public static let start = DocumentPosition(line: 1, column: 1, utf8Offset: 0, utf8Length: 0, utf16Offset: 0, utf16Length: 0)
}
