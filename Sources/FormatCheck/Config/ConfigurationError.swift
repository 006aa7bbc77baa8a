import StreamingJSON

/// A `.fmtcheck.json` file that cannot be used: where and why. Exit code 2.
public struct ConfigurationError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The configuration file.
    public var fileName: String
    /// Where in it, when known.
    public var location: JSONLocation?
    /// What is wrong.
    public var message: String
    /// How to fix it.
    public var hint: String?

    /// An error.
    public init(fileName: String, location: JSONLocation? = nil, message: String, hint: String? = nil) {
        self.fileName = fileName
        self.location = location
        self.message = message
        self.hint = hint
    }

    /// `file:line:col: error config: message`, then the hint, each line escaped for a terminal.
    public var description: String {
        let place = location.map { "\(fileName):\($0.line):\($0.column)" } ?? fileName
        return TerminalText.escaped("\(place): error config: \(message)") + (hint.map { "\n  hint: " + TerminalText.escaped($0) } ?? "")
    }
}
