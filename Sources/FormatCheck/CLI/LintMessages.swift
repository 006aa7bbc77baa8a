import StreamingJSON

/// What `fmtcheck lint` writes on standard error besides the summary: diagnostics, failures and notes, each
/// escaped for a terminal. Under `--format github` each is one workflow command (`::error file=…,line=…::…`,
/// values escaped as the runner requires), so that no line on either stream starts with text from input — a
/// file name such as `::error::x` cannot start a command of its own.
struct LintMessages {
    /// How a message is annotated under `--format github`.
    enum Level: String {
        case error, warning, notice
    }

    /// Where the lines go.
    let console: Console
    /// Whether they are workflow commands.
    let github: Bool

    /// Writes `text`: its lines are its own, and text from input in it is already escaped (`TerminalText`), as
    /// every `description` here is; `file` and `location` place the annotation.
    func write(_ level: Level, _ text: String, file: String? = nil, location: JSONLocation? = nil) {
        if github {
            console.err(GitHubReport.command(level.rawValue, file: file, line: location?.line, column: location?.column,
                                             title: "fmtcheck", message: text))
        } else {
            console.err(text + "\n")
        }
    }

    /// Writes one line that embeds text from input, escaping it first.
    func writeLine(_ level: Level, _ line: String, file: String? = nil) {
        write(level, TerminalText.escaped(line), file: file)
    }

    /// Says that `warnings` warnings are over `--max-warnings` (`limit`), for file and record runs alike.
    func writeWarningLimit(_ warnings: Int, limit: Int) {
        let verb = warnings == 1 ? "exceeds" : "exceed"
        writeLine(.error, "fmtcheck: \(RunSummary.count(warnings, "warning")) \(verb) the limit of \(limit) (--max-warnings)")
    }
}
