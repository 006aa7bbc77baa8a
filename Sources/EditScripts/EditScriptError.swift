import DefinitionFiles

/// A bad edit-script line: its number and what is wrong with it, from reading the line
/// (`EditScript.parse`) or from applying it to a document (an offset out of range). `fmtcheck replay` prints it
/// and exits 2.
public struct EditScriptError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The 1-based line.
    public var line: Int
    /// What is wrong with it; a JSON error names its column.
    public var message: String
    /// The script's name, when known.
    public var fileName: String?

    /// An error on `line`.
    public init(line: Int, message: String, fileName: String? = nil) {
        self.line = line
        self.message = message
        self.fileName = fileName
    }

    /// `script:LINE: error: message` (the file's name when known), safe to print on a terminal.
    public var description: String { TerminalText.escaped("\(fileName ?? "script"):\(line): error: \(message)") }
}
