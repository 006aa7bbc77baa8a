/// What a lint run is asked to do: which documents, under which definition and rules, and whether to fix.
/// Members left nil fall back to the `.fmtcheck.json` that applies to each document, then to the defaults.
public struct LintRequest: Hashable, Sendable {
    /// What happens to documents normalisation would change.
    public enum Mode: Hashable, Sendable {
        /// Report findings; write nothing.
        case check
        /// Write each normalised document in place, atomically.
        case fix
        /// Show what `fix` would change as a unified diff; write nothing.
        case diff
    }

    /// Files, folders, and `-` for standard input.
    public var paths: [String]
    /// A definition file for every document (`--definition`), overriding configuration files.
    public var definition: String?
    /// Only these rules (`--select`), replacing the configuration files' `select` and `ignore`.
    public var select: [String]?
    /// Rules never reported (`--ignore`), added to the configuration files' (see
    /// `LintConfiguration.selection(with:)`).
    public var ignore: [String]?
    /// Rules added to the selection in effect (`--extend-select`).
    public var extendSelect: [String]?
    /// The name standard input is reported under, and where its configuration is looked up.
    public var standardInputName: String?
    /// The size limit in bytes (`--max-file-size`).
    public var maxFileSize: Int?
    /// Check, fix or diff.
    public var mode: Mode
    /// Whether results keep each document (the HTML report shows them).
    public var keepsDocuments: Bool
    /// Whether findings get their fingerprints (`Violation.fingerprint`), which the JSON and SARIF reports carry;
    /// they cost a few text conversions per finding, so a run whose report shows none does not make them.
    public var fingerprints = false
    /// `--unsafe-fixes`: `--fix` and `--diff` also apply fixes that drop data (`FixApplicability.unsafe`): an
    /// undeclared or out-of-scope attribute, a wrong-typed value, what a rewritten RTF cannot keep.
    public var unsafeFixes = false
    /// `--diff=runs`: the diff of the document's runs, one line a run, instead of the file's bytes.
    public var diffShowsRuns = false
    /// `--exclude`: the patterns folder searches pass over, replacing the configuration's `exclude` (and the defaults).
    public var exclude: [PathPattern]?
    /// `--extend-exclude`: patterns passed over as well.
    public var extendExclude: [PathPattern] = []
    /// `--respect-gitignore` / `--no-respect-gitignore`, over the configuration's `respectGitignore`.
    public var respectGitignore: Bool?
    /// `--force-exclude`: files named on the command line are excluded too.
    public var forceExclude = false
    /// `--per-file-ignores`: replaces the configuration's `perFileIgnores`.
    public var perFileIgnores: [PerFileIgnore]?
    /// `--extend-per-file-ignores`: added to the per-file ignores in effect.
    public var extendPerFileIgnores: [PerFileIgnore] = []
    /// `--report-unused-suppressions`: a rule a `fmtcheck.ignore` names that it finds nothing of is reported.
    public var reportsUnusedSuppressions = false
    /// `--rule NAME=off|warning|error`: severities over the configuration's and the definition's.
    public var severities: [String: SeveritySetting] = [:]
    /// Whether the diff goes to a terminal, where its lines are escaped (`TerminalText`); a patch written to a
    /// pipe or a file holds the bytes.
    public var diffIsForTerminal = false
    /// `--shard K/N`: only the documents of this shard (`LintShard`), and only what the run says about paths in it.
    public var shard: LintShard?
    /// `--config FILE`: the configuration every document uses, instead of the nearest `.fmtcheck.json` files.
    public var configFile: String?

    /// A request.
    public init(paths: [String], definition: String? = nil, select: [String]? = nil, ignore: [String]? = nil,
                standardInputName: String? = nil, maxFileSize: Int? = nil, mode: Mode = .check, keepsDocuments: Bool = false) {
        self.paths = paths
        self.definition = definition
        self.select = select
        self.ignore = ignore
        self.standardInputName = standardInputName
        self.maxFileSize = maxFileSize
        self.mode = mode
        self.keepsDocuments = keepsDocuments
    }
}
