import Foundation

/// `--format github`: GitHub Actions workflow commands, which annotate the files in a pull request:
/// `::error file=…,line=…,col=…,title=rule::message`. Values are escaped as the runner requires.
public enum GitHubReport {
    /// The report's text.
    public static func render(_ result: LintRunResult) -> String {
        var out = ""
        for file in result.files {
            if let failure = file.failure {
                out += "::error file=\(property(file.path)),title=fmtcheck::\(data(failure.message))\n"
            }
            for v in file.violations {
                let command = v.severity == .error ? "error" : "warning"
                out += "::\(command) file=\(property(file.path)),line=\(v.position.line),col=\(v.position.column),title=\(property(v.rule))::\(data(v.message))\n"
            }
        }
        return out
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
