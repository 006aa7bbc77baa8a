import RichText
import RichTextFormats

/// What a lint run found in one document.
public struct FileResult: Sendable {
    /// The document.
    public var target: LintTarget
    /// The findings reported (after `--select`/`--ignore`), in document order.
    public var violations: [Violation]
    /// Why the document could not be linted, if it could not.
    public var failure: InputFailure?
    /// With `--fix`: how many findings the written fix removed.
    public var fixedCount: Int
    /// With `--fix`: how many findings of each rule the written fix removed (`--show-fixes`).
    public var fixedByRule: [String: Int] = [:]
    /// With `--diff`: the unified diff `--fix` would apply ("" when nothing would change).
    public var diff: String
    /// With `--fix` or `--diff`: what writing the fixed document in its own format does not keep (RTF hidden
    /// text, an attribute RTF has no form for), said before the report.
    public var fixNotes: [String] = []
    /// With `--fix` or `--diff`: why the document was not fixed though it has fixable findings (only unsafe fixes
    /// without `--unsafe-fixes`, or a rewrite that would drop data).
    public var fixHeldBack: String?
    /// What an interrupted `--fix` left beside the document: removed or completed (with `--fix`), or found.
    public var leftoverNotes: [String] = []
    /// The format the document was read in (and a fix is written in), once it was read.
    public var format: DocumentFormat?
    /// The document as read, when the request keeps documents (for the HTML report).
    public var document: RichString?
    /// The document as `--fix` (with `--unsafe-fixes`) would write it, and its glyph images, when the request
    /// keeps documents (the HTML report shows fixes beside findings); nil when nothing would change.
    public var fixedDocument: RichString?
    /// The document's glyph images, when the request keeps documents.
    public var images: ImageStore?
    /// The name of the definition the document was linted against.
    public var definitionName: String?
    /// The rule ids the definition knows (constraints in order, then the built-in rules), for SARIF.
    public var ruleIDs: [String]
    /// The rules the document was linted under (its selection, with per-file ignores), once it was linted.
    public var selection: RuleSelection?
    /// The definition's own words for its constraints, by name (`description` in the file), for SARIF.
    public var ruleDescriptions: [String: String] = [:]

    /// A result.
    public init(target: LintTarget, violations: [Violation] = [], failure: InputFailure? = nil, fixedCount: Int = 0,
                diff: String = "", document: RichString? = nil, definitionName: String? = nil, ruleIDs: [String] = []) {
        self.target = target
        self.violations = violations
        self.failure = failure
        self.fixedCount = fixedCount
        self.diff = diff
        self.document = document
        self.definitionName = definitionName
        self.ruleIDs = ruleIDs
    }

    /// The path findings are reported under.
    public var path: String { target.displayPath }
    /// Whether the document was linted under `rule`: a rule of its definition that its selection reports.
    public func reports(_ rule: String) -> Bool {
        guard let selection else { return false }
        return selection.includes(rule) && ruleIDs.contains(rule)
    }

    /// Whether the document could not be read (missing, unreadable, too large or malformed).
    public var hasInputError: Bool {
        failure != nil || violations.contains { $0.rule == BuiltInRule.malformedDocument.id }
    }
}
