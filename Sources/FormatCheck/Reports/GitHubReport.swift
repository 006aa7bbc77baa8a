import Foundation

/// `--format github`: GitHub Actions workflow commands, which annotate the files in a pull request:
/// `::error file=…,line=…,col=…,title=rule::message`. Text from input is escaped for a terminal (`TerminalText`:
/// no line breaks, no escape sequences), then every value as the runner requires, so that no text from input can
/// end the command or start one of its own.
public enum GitHubReport {
    /// The report's text.
    public static func render(_ result: LintRunResult) -> String {
        var out = ""
        for file in result.files {
            if let failure = file.failure {
                out += command("error", file: file.path, title: "fmtcheck", message: TerminalText.escaped(failure.message))
            }
            for v in file.violations {
                let p = v.position
                out += command(v.severity == .error ? "error" : "warning", file: ReportPath.artifact(file.path, member: p.member),
                               line: p.line, column: p.column, endLine: p.endLine, endColumn: p.endColumn,
                               title: v.rule, message: TerminalText.escaped(v.message))
            }
        }
        return out
    }

    /// One workflow command line, `::name file=…,line=…,col=…,title=…::message` and a newline: each value escaped
    /// for a terminal, then as a property (file, title) or as the message. The message's line breaks are its
    /// own lines (kept, as `%0A`): a caller escapes text from input that could hold one (`TerminalText`).
    public static func command(_ name: String, file: String? = nil, line: Int? = nil, column: Int? = nil,
                               endLine: Int? = nil, endColumn: Int? = nil, title: String, message: String) -> String {
        var properties: [String] = []
        if let file { properties.append("file=" + property(TerminalText.escaped(file))) }
        if let line { properties.append("line=\(line)") }
        if let endLine, endLine != line { properties.append("endLine=\(endLine)") }
        if let column { properties.append("col=\(column)") }
        // GitHub takes an end column only on a one-line annotation.
        if let endColumn, endLine == nil || endLine == line, endColumn != column { properties.append("endColumn=\(endColumn)") }
        properties.append("title=" + property(TerminalText.escaped(title)))
        let lines = message.split(separator: "\n", omittingEmptySubsequences: false).map(TerminalText.escaped)
        return "::\(name) \(properties.joined(separator: ","))::\(data(lines.joined(separator: "\n")))\n"
    }

    /// `text` (lines that are not workflow commands, such as a diff of documents) between `::stop-commands::TOKEN`
    /// and `::TOKEN::`, with a fresh random token: the runner also reads the legacy `##[command]` form anywhere
    /// in a line, and reads no command of either form while paused.
    public static func pausingCommands(_ text: String) -> String {
        let token = UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
        return "::stop-commands::\(token)\n" + text + (text.hasSuffix("\n") ? "" : "\n") + "::\(token)::\n"
    }

    /// A command's message: `%`, CR and LF escaped.
    static func data(_ s: String) -> String {
        s.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D").replacingOccurrences(of: "\n", with: "%0A")
    }

    /// A command's property value: also `:` and `,`.
    static func property(_ s: String) -> String {
        data(s).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }
}
