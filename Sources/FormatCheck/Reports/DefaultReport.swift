/// The linters' line format: `file:line:col: severity rule-id: message`, one finding a line, files in path
/// order and findings in document order. Files that could not be linted are listed as `file: error: message`.
public enum DefaultReport {
    /// The report's text, coloured by `style` (`--color`; plain by default).
    public static func render(_ result: LintRunResult, style: TerminalStyle = .plain) -> String {
        var out = ""
        for file in result.files {
            for violation in file.violations { out += line(violation, path: file.path, style: style) + "\n" }
        }
        return out
    }

    /// One finding's line, escaped for a terminal, then coloured by `style`: the place bold, the severity red
    /// or yellow, the rule dim.
    public static func line(_ violation: Violation, path: String, style: TerminalStyle = .plain) -> String {
        let p = violation.position
        let place = "\(ReportPath.artifact(path, member: p.member)):\(p.line):\(p.column):"
        guard style.enabled else { return TerminalText.escaped("\(place) \(violation.severity) \(violation.rule): \(violation.message)") }
        let (placeText, rule, message) = (TerminalText.escaped(place), TerminalText.escaped(violation.rule), TerminalText.escaped(violation.message))
        return "\(style.bold(placeText)) \(style.severity(violation.severity)) \(style.dim(rule + ":")) \(message)"
    }
}
