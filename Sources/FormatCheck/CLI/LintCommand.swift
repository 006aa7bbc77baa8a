/// `fmtcheck [lint] …`: what to lint (a `LintRequest`) and how to report it. Members left nil fall back to
/// the `.fmtcheck.json` that applies, then to the defaults.
public struct LintCommand: Hashable, Sendable {
    /// The documents, definition, rules and mode.
    public var request: LintRequest
    /// `--format`.
    public var format: ReportFormat?
    /// `-o FILE`: the report goes to this file (atomically); the summary still goes to the terminal.
    public var output: String?
    /// `--max-warnings N`: more warnings than this fail the run; -1 for no limit.
    public var maxWarnings: Int?
    /// `--exit-zero`: findings do not fail the run (input and usage errors still do).
    public var exitZero: Bool
    /// `--print-config`: show the effective configuration instead of linting.
    public var printConfig: Bool
    /// `--quiet`: no summary line.
    public var quiet: Bool
    /// `--verbose`: list what folder searches passed over, and why.
    public var verbose = false
    /// `--statistics`: a line per rule with its count and what is fixable, instead of the findings (ruff's).
    public var statistics = false
    /// `--baseline FILE`: findings the baseline records are not reported.
    public var baseline: String?
    /// `--write-baseline FILE`: record this run's findings as the baseline (none are reported then).
    public var writeBaseline: String?
    /// `--prune-baseline`: with `--baseline`, list the entries that no longer match and remove them from the file.
    public var pruneBaseline = false
    /// `--cache`: documents unchanged since the last run come from the cache, unread (check runs).
    public var cache = false
    /// `--cache-location PATH`: the cache file, or a folder to keep `.fmtcheck-cache` in.
    public var cacheLocation: String?
    /// `--records FILE|-`: lint the documents of a JSON Lines stream, one record a line (`RecordLintRun`),
    /// instead of files.
    public var records: String?
    /// `--exit-non-zero-on-fix`: a `--fix` that changed any document exits 1, as pre-commit hooks want.
    public var exitNonZeroOnFix = false
    /// `--show-fixes`: list, per document and rule, the fixes `--fix` applied, or those it would apply (ruff's).
    public var showFixes = false
    /// `--watch`: lint again whenever a document, configuration or definition changes, until Ctrl+C.
    public var watch = false
    /// `--color auto|always|never`: colour on a terminal (`TerminalStyle.decide`); nil is auto.
    public var color: ColorChoice?

    /// A lint command.
    public init(request: LintRequest, format: ReportFormat? = nil, output: String? = nil, maxWarnings: Int? = nil,
                exitZero: Bool = false, printConfig: Bool = false, quiet: Bool = false) {
        self.request = request
        self.format = format
        self.output = output
        self.maxWarnings = maxWarnings
        self.exitZero = exitZero
        self.printConfig = printConfig
        self.quiet = quiet
    }
}
