/// One finding about a document: which rule, how serious, where (line and column in characters, plus UTF-8
/// and UTF-16 offsets), and the expected and actual values when the rule is about a value.
public struct Violation: Hashable, Sendable {
    /// The stable rule id: a constraint's name or a `BuiltInRule` id.
    public var rule: String
    /// Error or warning, as the definition file sets it for the rule.
    public var severity: Severity
    /// The finding in one sentence, with the expected and actual values.
    public var message: String
    /// Where in the document; for `malformed-document`, the place in the JSON where reading failed.
    public var position: DocumentPosition
    /// The attribute concerned, if any.
    public var key: String?
    /// The value the definition wants (`nil` inside a present `expected` means "absent"); nil when not about a value.
    public var expected: ValueDescription?
    /// The value the document holds; nil when not about a value.
    public var actual: ValueDescription?
    /// Whether and how `--fix` repairs it: safely, only with `--unsafe-fixes` (it drops data), or not at all.
    public var fix: FixApplicability { BuiltInRule.fix(for: rule) }
    /// What the finding is about, not where (`ViolationFingerprint`): rule, key, its text and the text beside it.
    /// Empty unless the linter makes fingerprints (`DocumentLinter.makesFingerprints`, `LintRequest.fingerprints`).
    public var fingerprint: String = ""

    /// A finding.
    public init(rule: String, severity: Severity, message: String, position: DocumentPosition,
                key: String? = nil, expected: ValueDescription? = nil, actual: ValueDescription? = nil) {
        self.rule = rule
        self.severity = severity
        self.message = message
        self.position = position
        self.key = key
        self.expected = expected
        self.actual = actual
    }
}

/// A value as reports show it: the text (`#34c759`, `"milk"`), or absent.
public struct ValueDescription: Hashable, Sendable, CustomStringConvertible {
    /// The value's text, or nil when the attribute is absent.
    public var text: String?
    /// The value's kind (`string`, `color`, …), or nil when absent.
    public var kind: String?

    /// A present value, or an absent one.
    public init(text: String?, kind: String?) {
        self.text = text
        self.kind = kind
    }

    /// "nil" for an absent value, else its text.
    public var description: String { text ?? "nil" }
}
