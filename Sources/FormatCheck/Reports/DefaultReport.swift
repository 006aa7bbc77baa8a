/// The linters' line format: `file:line:col: severity rule-id: message`, one finding a line, files in path
/// order and findings in document order. Files that could not be linted are listed as `file: error: message`.
public enum DefaultReport {
    /// The report's text.
    public static func render(_ result: LintRunResult) -> String {
        var out = ""
        for file in result.files {
            for violation in file.violations { out += line(violation, path: file.path) + "\n" }
        }
        return out
    }

    /// One finding's line, escaped for a terminal.
    public static func line(_ violation: Violation, path: String) -> String {
        TerminalText.escaped("\(ReportPath.artifact(path, member: violation.position.member)):\(violation.position.line):\(violation.position.column): \(violation.severity) \(violation.rule): \(violation.message)")
    }
}
