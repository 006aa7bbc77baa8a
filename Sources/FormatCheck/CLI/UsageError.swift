/// A command line `fmtcheck` does not understand; exit code 2.
public struct UsageError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What is wrong.
    public var message: String
    /// How to fix it, such as "did you mean 'check'?".
    public var hint: String?

    /// A usage error.
    public init(_ message: String, hint: String? = nil) {
        self.message = message
        self.hint = hint
    }

    /// `fmtcheck: error: message`, the hint, and where help is.
    public var description: String {
        var lines = ["fmtcheck: error: \(message)"]
        if let hint { lines.append("  hint: \(hint)") }
        lines.append("Run 'fmtcheck --help' for usage.")
        return lines.map(TerminalText.escaped).joined(separator: "\n")
    }
}
