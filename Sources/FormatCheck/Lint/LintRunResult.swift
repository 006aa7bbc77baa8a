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

    /// A result.
    public init(files: [FileResult], definitionProblems: [DefinitionDiagnostics] = [], configurationProblems: [ConfigurationError] = [], seconds: Double = 0) {
        self.files = files
        self.definitionProblems = definitionProblems
        self.configurationProblems = configurationProblems
        self.seconds = seconds
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
        !definitionProblems.isEmpty || !configurationProblems.isEmpty || files.contains { $0.hasInputError }
    }
    /// Findings fixed by `--fix`.
    public var fixedCount: Int { files.reduce(0) { $0 + $1.fixedCount } }
    /// Documents `--diff` would change.
    public var filesWithDiffs: Int { files.filter { !$0.diff.isEmpty }.count }
}
