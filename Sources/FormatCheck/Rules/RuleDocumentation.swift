import StreamingJSON

/// What a rule checks, why, how `--fix` repairs it, and an example that fails and one that passes: what
/// `fmtcheck rule NAME` prints (ruff's `ruff rule`), and, for the built-in rules, SARIF's `help` and the HTML
/// report's rule table. A built-in rule's text is written once, in `BuiltInRule.documentation`; a definition's
/// constraint is described from the definition itself (`LoadedDefinition.documentation(ofConstraint:)`).
public struct RuleDocumentation: Hashable, Sendable {
    /// The rule id: a `BuiltInRule` id or a constraint name.
    public var id: String
    /// The definition a constraint belongs to (its name); nil for a built-in rule.
    public var definition: String?
    /// What the rule checks, in one sentence (SARIF's `shortDescription`).
    public var summary: String
    /// Why it matters.
    public var why: String
    /// Whether `--fix` repairs a finding, safely or only with `--unsafe-fixes`.
    public var fix: FixApplicability
    /// What `--fix` does to a finding, or why it cannot.
    public var fixDescription: String
    /// The severity of its findings when no `"severities"` names it.
    public var severity: Severity
    /// An example that fails and one that passes, when the rule has one.
    public var example: RuleExample?

    /// A rule's documentation.
    public init(id: String, definition: String? = nil, summary: String, why: String, fix: FixApplicability, fixDescription: String,
                severity: Severity, example: RuleExample?) {
        self.id = id
        self.definition = definition
        self.summary = summary
        self.why = why
        self.fix = fix
        self.fixDescription = fixDescription
        self.severity = severity
        self.example = example
    }

    /// "Fix: safe", "Fix: with --unsafe-fixes", "Fix: none", with what the fix does.
    var fixLine: String {
        switch fix {
        case .safe: return "Fixable with --fix: " + fixDescription
        case .unsafe: return "Fixable with --fix --unsafe-fixes (the fix drops data): " + fixDescription
        case .none: return "Not fixable: " + fixDescription
        }
    }

    /// The documentation as Markdown, the layout `ruff rule` prints: a title, whether it is fixable, what it
    /// checks, why, and the example.
    public var markdown: String {
        var lines = ["# \(id)" + (definition.map { " (constraint of '\($0)')" } ?? " (built-in rule)"), ""]
        lines.append(fixLine)
        lines.append("Severity: \(severity) unless \"severities\" (a definition's or a configuration's) or --rule say otherwise.")
        lines += ["", "## What it checks", summary, "", "## Why", why]
        if let example { lines += [""] + example.markdownLines }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The documentation in plain sentences (SARIF's `help.text`): what it checks, why, and the fix.
    public var helpText: String {
        "\(summary) \(why) \(fixLine)"
    }

    /// The documentation as a JSON object (`fmtcheck rule --format json`).
    public var jsonValue: JSONValue {
        var members: [(String, JSONValue)] = [("id", .string(id)), ("kind", .string(definition == nil ? "built-in" : "constraint"))]
        if let definition { members.append(("definition", .string(definition))) }
        members += [("summary", .string(summary)), ("why", .string(why)), ("fix", .string(fix.rawValue)),
                    ("fixDescription", .string(fixDescription)), ("severity", .string(severity.rawValue))]
        if let example { members.append(("example", example.jsonValue)) }
        return .object(JSONObject(members))
    }
}

/// A rule's example: under `definition`, the `failing` document has a finding of the rule and the `passing` one
/// has none. For a rule that only edits trigger (`text-changed`, `attribute-changed`), `edit` is the edit-script
/// line that makes the engine change `failing` into `passing`, as `fmtcheck replay --adjustments` shows.
public struct RuleExample: Hashable, Sendable {
    /// The definition: JSON text for a built-in rule's example, or the path of the definition a constraint is in.
    public var definition: String
    /// Whether `definition` is a file's path rather than the definition's text.
    public var definitionIsPath: Bool
    /// The documents' format: `json` (native JSON) or `rtf`.
    public var format: String
    /// A document with a finding of the rule (before the edit, for an edit rule).
    public var failing: String
    /// A document without one: what `--fix` writes, or what the edit leaves.
    public var passing: String
    /// The edit (an edit-script line, DESIGN §7) that an edit rule is about; nil for a document rule.
    public var edit: String?

    /// An example.
    public init(definition: String, definitionIsPath: Bool = false, format: String = "json", failing: String, passing: String, edit: String? = nil) {
        self.definition = definition
        self.definitionIsPath = definitionIsPath
        self.format = format
        self.failing = failing
        self.passing = passing
        self.edit = edit
    }

    var markdownLines: [String] {
        var lines = ["## Example"]
        if definitionIsPath {
            lines.append("Under the definition \(definition):")
        } else {
            lines += ["Under this definition:", "```json", definition, "```"]
        }
        if let edit {
            lines += ["this document:", "```\(format)", failing, "```", "after the edit", "```json", edit, "```",
                      "becomes, through the engine (an editor, or fmtcheck replay --adjustments, which reports the rule):",
                      "```\(format)", passing, "```"]
        } else {
            lines += ["this document fails:", "```\(format)", failing, "```", "Use instead:", "```\(format)", passing, "```"]
        }
        return lines
    }

    var jsonValue: JSONValue {
        var members: [(String, JSONValue)] = [(definitionIsPath ? "definitionPath" : "definition", .string(definition)), ("format", .string(format)),
                                              ("failing", .string(failing)), ("passing", .string(passing))]
        if let edit { members.append(("edit", .string(edit))) }
        return .object(JSONObject(members))
    }
}
