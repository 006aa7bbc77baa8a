import RichText

/// Where a finding stands: in the file (what every report shows, so an editor, GitHub and SARIF viewers land on
/// the spot), and in the document's text (the `textRange`, for tools that work on the text).
///
/// File positions are those of the source the finding's text came from: for native JSON the part of the string
/// token that holds it, for RTF the RTF text it was read from, for an RTFD package the `TXT.rtf` inside
/// (`member`). Lines end after LF and columns count Unicode scalars, both 1-based, as JSON readers count them.
/// For a malformed document and a reader warning the file position is where reading met the problem, and the
/// text range is empty.
public struct DocumentPosition: Hashable, Sendable {
    /// 1-based line in the file.
    public var line: Int
    /// 1-based column in the file, in Unicode scalars.
    public var column: Int
    /// 1-based line in the file where the finding ends.
    public var endLine: Int
    /// 1-based column in the file where the finding ends (exclusive), in Unicode scalars.
    public var endColumn: Int
    /// Byte offset in the file of the start.
    public var byteOffset: Int
    /// Bytes of the file the finding covers.
    public var byteLength: Int
    /// The file of a package the file position counts in (`TXT.rtf` of an RTFD package); nil for the file itself.
    public var member: String?
    /// Offset in the document's text of the start, in UTF-8 bytes.
    public var utf8Offset: Int
    /// Length in the document's text, in UTF-8 bytes.
    public var utf8Length: Int
    /// Offset in the document's text of the start, in UTF-16 code units.
    public var utf16Offset: Int
    /// Length in the document's text, in UTF-16 code units.
    public var utf16Length: Int

    /// A position from its parts; the end defaults to the start.
    public init(line: Int, column: Int, endLine: Int? = nil, endColumn: Int? = nil, byteOffset: Int, byteLength: Int = 0,
                member: String? = nil, utf8Offset: Int = 0, utf8Length: Int = 0, utf16Offset: Int = 0, utf16Length: Int = 0) {
        self.line = line
        self.column = column
        self.endLine = endLine ?? line
        self.endColumn = endColumn ?? column
        self.byteOffset = byteOffset
        self.byteLength = byteLength
        self.member = member
        self.utf8Offset = utf8Offset
        self.utf8Length = utf8Length
        self.utf16Offset = utf16Offset
        self.utf16Length = utf16Length
    }

    /// The position of a UTF-8 range of `document` when there is no file behind it: the file is the text, so
    /// lines are the document's paragraphs and columns its characters (`RichString.lineAndColumn(of:)`).
    public init(utf8Range: Range<Int>, in document: RichString) {
        let total = document.counts.utf8
        let lower = min(max(utf8Range.lowerBound, 0), total)
        let upper = min(max(utf8Range.upperBound, lower), total)
        let start = document.index(atOffset: lower, in: .utf8)
        let end = document.index(atOffset: upper, in: .utf8)
        let (line, column) = document.lineAndColumn(of: start)
        let (endLine, endColumn) = document.lineAndColumn(of: end)
        let utf16Start = document.offset(of: start, in: .utf16)
        self.init(line: line, column: column, endLine: endLine, endColumn: endColumn, byteOffset: lower, byteLength: upper - lower,
                  utf8Offset: lower, utf8Length: upper - lower, utf16Offset: utf16Start, utf16Length: document.offset(of: end, in: .utf16) - utf16Start)
    }

    /// The start of a document (for findings about the whole file).
    public static let start = DocumentPosition(line: 1, column: 1, byteOffset: 0)
}
