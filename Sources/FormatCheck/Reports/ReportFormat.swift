/// The report formats `fmtcheck lint --format` writes.
public enum ReportFormat: String, Hashable, Sendable, CaseIterable {
    /// `file:line:col: severity rule-id: message`, one finding a line.
    case `default`
    /// A JSON document in the schema `JSONReport` documents.
    case json
    /// SARIF 2.1.0, for code-scanning tools.
    case sarif
    /// GitHub Actions workflow commands (`::error file=…,line=…,col=…::message`).
    case github
    /// JSON Lines: one compact JSON object a line, per finding and per document (or record) that could not be read.
    case jsonl
    /// A standalone HTML page showing each document with its findings highlighted.
    case html
    /// JUnit XML: a test case per document (`JUnitReport`), for CI test-result views.
    case junit
    /// Checkstyle XML (`CheckstyleReport`), for code-review tools.
    case checkstyle
    /// GitLab's Code Quality JSON (`GitLabReport`), for merge requests.
    case gitlab
}
