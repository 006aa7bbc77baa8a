/// Why a line of an edit script could not be read: the 1-based line and what is wrong with it.
public struct ScriptParseError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The 1-based line number.
    public var line: Int
    /// What is wrong.
    public var message: String

    /// An error on `line`.
    public init(line: Int, message: String) {
        self.line = line
        self.message = message
    }

    public var description: String { "line \(line): \(message)" }
}
