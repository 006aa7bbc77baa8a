/// `--color auto|always|never`: whether output to a terminal is coloured.
public enum ColorChoice: String, Hashable, Sendable, CaseIterable {
    /// Colour where the stream is a terminal, unless the environment says otherwise (`TerminalStyle.decide`).
    case auto
    /// Always colour, also into a pipe (`fmtcheck --color always . | less -R`).
    case always
    /// Never colour.
    case never
}

/// ANSI colours for what fmtcheck writes to a terminal: the default report's lines, the summary and `--diff`.
/// Styling is added after text from input is escaped (`TerminalText`), so no document or file name can bring
/// an escape sequence of its own; a plain style returns text unchanged.
public struct TerminalStyle: Hashable, Sendable {
    /// Whether escape sequences are written.
    public var enabled: Bool

    /// A style.
    public init(enabled: Bool) {
        self.enabled = enabled
    }

    /// No colour.
    public static let plain = TerminalStyle(enabled: false)

    /// Whether to colour a stream: `--color always|never` decide; under `auto` (or no option), `FORCE_COLOR`
    /// (set and not empty, `0` or `false`) colours and `FORCE_COLOR=0|false` does not, else `NO_COLOR` (set and
    /// not empty) does not, else a `TERM=dumb` terminal does not, else a terminal does. FORCE_COLOR wins over
    /// NO_COLOR, as in Node.js.
    public static func decide(_ choice: ColorChoice?, isTerminal: Bool, environment: [String: String]) -> TerminalStyle {
        switch choice ?? .auto {
        case .always: return TerminalStyle(enabled: true)
        case .never: return .plain
        case .auto: break
        }
        if let force = environment["FORCE_COLOR"], !force.isEmpty {
            return TerminalStyle(enabled: !["0", "false"].contains(force.lowercased()))
        }
        if let no = environment["NO_COLOR"], !no.isEmpty { return .plain }
        if environment["TERM"] == "dumb" { return .plain }
        return TerminalStyle(enabled: isTerminal)
    }

    /// `text` in an SGR style (`1` bold, `2` dim, `31` red, `1;31` bold red …), reset after.
    public func apply(_ sgr: String, _ text: String) -> String {
        guard enabled, !text.isEmpty else { return text }
        return "\u{1B}[\(sgr)m\(text)\u{1B}[0m"
    }

    func bold(_ text: String) -> String { apply("1", text) }
    func dim(_ text: String) -> String { apply("2", text) }
    func red(_ text: String) -> String { apply("1;31", text) }
    func yellow(_ text: String) -> String { apply("1;33", text) }
    func green(_ text: String) -> String { apply("32", text) }
    func cyan(_ text: String) -> String { apply("36", text) }

    /// A severity word: errors red, warnings yellow.
    func severity(_ severity: Severity) -> String {
        severity == .error ? red(severity.rawValue) : yellow(severity.rawValue)
    }

    /// A unified diff's lines coloured as git colours them: file headers bold, hunk headers cyan, removed lines
    /// red, added lines green. The lines are already escaped.
    func diff(_ text: String) -> String {
        guard enabled else { return text }
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        for (index, line) in lines.enumerated() {
            if line.hasPrefix("--- ") || line.hasPrefix("+++ ") || line.hasPrefix("diff ") { lines[index] = bold(line) }
            else if line.hasPrefix("@@") { lines[index] = cyan(line) }
            else if line.hasPrefix("-") { lines[index] = apply("31", line) }
            else if line.hasPrefix("+") { lines[index] = apply("32", line) }
        }
        return lines.joined(separator: "\n")
    }

    /// The summary line (escaped) in the colour of its verdict: red with errors, yellow with warnings only,
    /// green when a check found nothing.
    func summary(_ line: String, of result: LintRunResult, mode: LintRequest.Mode) -> String {
        if result.errorCount > 0 || result.hasInputErrors { return red(line) }
        if result.warningCount > 0 { return yellow(line) }
        return mode == .diff ? line : green(line)
    }
}
