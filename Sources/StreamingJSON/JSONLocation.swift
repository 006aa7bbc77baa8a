/// A position in a JSON document, reported for tokens, values and errors.
///
/// `line` and `column` are 1-based. Lines are terminated by `\n` only (so a
/// `\r\n` file counts lines correctly; a lone `\r` does not start a new line).
/// `column` counts Unicode scalars: every UTF-8 lead byte (and every ASCII
/// byte) counts as one column, continuation bytes count as zero. A leading
/// UTF-8 byte order mark is not counted. `byteOffset` is the 0-based offset
/// of the first byte in the input buffer (the BOM, if present, is counted).
public struct JSONLocation: Sendable, Hashable, CustomStringConvertible {
    /// The 1-based line number.
    public var line: Int
    /// The 1-based column, counted in Unicode scalars from the start of the line.
    public var column: Int
    /// The 0-based byte offset from the start of the input.
    public var byteOffset: Int

    /// Creates a location from its line, column and byte offset.
    public init(line: Int, column: Int, byteOffset: Int) {
        self.line = line
        self.column = column
        self.byteOffset = byteOffset
    }

    /// Renders the location as `line L, column C`.
    public var description: String { "line \(line), column \(column)" }
}
