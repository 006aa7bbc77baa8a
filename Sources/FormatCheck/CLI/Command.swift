/// What one `fmtcheck` invocation asks for. New commands (`lint`, `convert`, `replay`) become new cases, with
/// their dispatch in `Command+Parse.swift`, their parsing in a `Command+Parse<Name>.swift` and their work in a
/// `CommandRunner` extension of their own.
public enum Command: Hashable, Sendable {
    /// Print usage, for the whole tool or one command group (`definition`).
    case help(topic: String?)
    /// Print the version.
    case version
    /// Validate definition files: `fmtcheck definition check FILE...`.
    case definitionCheck(paths: [String])
    /// Describe a definition in words: `fmtcheck definition explain FILE`.
    case definitionExplain(path: String)
    /// Lint documents: `fmtcheck [lint] [options] PATH...` (or show the configuration with `--print-config`).
    case lint(LintCommand)
    /// Apply an edit script through the engine: `fmtcheck replay --definition D --script S [DOC]`.
    case replay(ReplayCommand)
    /// Convert a trace (`{startContent, endContent, txns}`, gzipped or not) to an edit script on stdout.
    case traceToScript(path: String)
    /// Convert a document between formats: `fmtcheck convert IN OUT [--to FORMAT]`.
    case convert(ConvertCommand)
    /// Merge the reports of runs over disjoint parts into one run's: `fmtcheck merge-reports REPORT... [-o FILE]`.
    case mergeReports(MergeReportsCommand)
    /// Describe rules: `fmtcheck rule NAME...` or `fmtcheck rule --all [--definition FILE]`.
    case rule(RuleCommand)
    /// Write a starter `.fmtcheck.json`: `fmtcheck init [FOLDER] [--definition FILE]... [--force]`.
    case initialize(InitCommand)
}
