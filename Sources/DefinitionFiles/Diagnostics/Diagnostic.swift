import StreamingJSON

/// One finding about a definition file: what is wrong, where (line, column and JSON path) and how to fix it.
public struct Diagnostic: Hashable, Sendable, CustomStringConvertible {
    /// Error or warning.
    public var severity: Severity
    /// The check that found it.
    public var check: DefinitionCheck
    /// What is wrong, in one sentence.
    public var message: String
    /// The file, as named to the loader.
    public var fileName: String
    /// Where in the file; nil for problems with the file as a whole (it cannot be read).
    public var location: JSONLocation?
    /// The JSON path of the offending value; nil when the JSON itself is malformed.
    public var jsonPath: JSONPath?
    /// How to fix it, such as "did you mean 'ingredient'?".
    public var hint: String?

    /// A diagnostic.
    public init(severity: Severity, check: DefinitionCheck, message: String, fileName: String,
                location: JSONLocation?, jsonPath: JSONPath?, hint: String? = nil) {
        self.severity = severity
        self.check = check
        self.message = message
        self.fileName = fileName
        self.location = location
        self.jsonPath = jsonPath
        self.hint = hint
    }

    /// The stable rule id, such as `definition-unknown-attribute`.
    public var ruleID: String { check.id }

    /// The first line, in the linters' convention: `file:line:col: severity rule-id: message`.
    public var headline: String {
        let place = location.map { "\(fileName):\($0.line):\($0.column)" } ?? fileName
        return "\(place): \(severity) \(ruleID): \(message)"
    }

    /// The headline, then the JSON path and the hint on indented lines, each escaped for a terminal.
    public var description: String {
        var lines = [headline]
        if let jsonPath { lines.append("  at \(jsonPath)") }
        if let hint { lines.append("  hint: \(hint)") }
        return lines.map(TerminalText.escaped).joined(separator: "\n")
    }
}
