/// Everything a lint run found: one result per document, sorted by path, and the problems that stopped
/// documents from being linted at all.
public struct LintRunResult: Sendable {
    /// One result per document, sorted by path (standard input last).
    public var files: [FileResult]
    /// Definition files that failed to load, with every finding.
    public var definitionProblems: [DefinitionDiagnostics]
    /// Configuration files that could not be used.
    public var configurationProblems: [ConfigurationError]
    /// Wall-clock seconds the run took.
    public var seconds: Double
    /// What folder searches passed over, and why (`--verbose` lists them; the summary counts them).
    public var skipped: [FileDiscovery.Skipped] = []
    /// `--select`/`--ignore` names (on the command line or in a configuration file) that no rule has, and
    /// selections that leave no rule: usage errors (exit 2), found before anything is linted.
    public var selectionProblems: [SelectionProblem] = []
    /// The configurations the run's documents used, each once.
    public var configurations: [LintConfiguration] = []
    /// With a baseline: how many findings it left out, and how many of its entries no longer match.
    public var baselineCounts: (matched: Int, stale: Int, pruned: Bool)?

    /// A result.
    public init(files: [FileResult], definitionProblems: [DefinitionDiagnostics] = [], configurationProblems: [ConfigurationError] = [], seconds: Double = 0,
                skipped: [FileDiscovery.Skipped] = [], selectionProblems: [SelectionProblem] = []) {
        self.files = files
        self.definitionProblems = definitionProblems
        self.configurationProblems = configurationProblems
        self.seconds = seconds
        self.skipped = skipped
        self.selectionProblems = selectionProblems
    }

    /// Every finding, file by file.
    public var violations: [Violation] { files.flatMap(\.violations) }
    /// Findings with severity error.
    public var errorCount: Int { files.reduce(0) { $0 + $1.violations.filter { $0.severity == .error }.count } }
    /// Findings with severity warning.
    public var warningCount: Int { files.reduce(0) { $0 + $1.violations.filter { $0.severity == .warning }.count } }
    /// Documents with at least one finding.
    public var filesWithViolations: Int { files.filter { !$0.violations.isEmpty }.count }
    /// Whether anything kept a document from being linted (exit code 2).
    public var hasInputErrors: Bool {
        !definitionProblems.isEmpty || !configurationProblems.isEmpty || !selectionProblems.isEmpty || files.contains { $0.hasInputError }
    }
    /// Findings fixed by `--fix`.
    public var fixedCount: Int { files.reduce(0) { $0 + $1.fixedCount } }
    /// How many findings `--fix` would fix, and how many more only `--unsafe-fixes` would.
    public var fixableCounts: (safe: Int, unsafe: Int) {
        var counts = (safe: 0, unsafe: 0)
        for file in files {
            for violation in file.violations {
                switch violation.fix {
                case .safe: counts.safe += 1
                case .unsafe: counts.unsafe += 1
                case .none: break
                }
            }
        }
        return counts
    }
    /// Documents `--diff` would change.
    public var filesWithDiffs: Int { files.filter { !$0.diff.isEmpty }.count }
}

/// A rule selection that cannot be what was meant: a name no rule has, or a selection that leaves no rule.
public struct SelectionProblem: Hashable, Sendable, CustomStringConvertible {
    /// Where the selection was written: `--select`, `--ignore`, or a configuration file's path.
    public var source: String
    /// The message, with a "did you mean" when one is near.
    public var message: String

    /// A problem.
    public init(source: String, message: String) {
        self.source = source
        self.message = message
    }

    public var description: String { "\(source): error: \(message)" }
}
