/// The rules a document can break besides the file's own constraints: the names a file's `"severities"` may
/// use next to constraint names, and the rule ids the linter reports.
///
/// The behaviour rules carry the identifiers of `AttributeAdjustment.Cause` and `scope` that of
/// `Adjustment.Rule.scope`, so an adjustment's `rule.identifier` is always a constraint name or one of these.
public enum BuiltInRule: String, Hashable, Sendable, CaseIterable {
    /// An attribute outside the definition's scope.
    case scope
    /// An attribute the file does not declare.
    case undeclaredAttribute = "undeclared-attribute"
    /// A value that is not of its attribute's declared type (or not one of an enum's values).
    case wrongType = "wrong-type"
    /// A value that `textChanged` invalidation would remove.
    case textChanged = "text-changed"
    /// A value that `attributeChanged` invalidation would remove.
    case attributeChanged = "attribute-changed"
    /// A paragraph-bound value that varies inside a paragraph.
    case paragraphBoundary = "paragraph-boundary"
    /// A character-bound value on other characters.
    case characterBoundary = "character-boundary"
    /// A document that cannot be read.
    case malformedDocument = "malformed-document"
    /// Something the reader accepted but had to interpret or could not keep (an RTF document's hidden text or page
    /// headers, a JSON `null` value); `--fix` would not write it back. A warning unless `"severities"` says else.
    case readerWarning = "reader-warning"
    /// A Genmoji (an image glyph) whose description, its accessible text, is empty: screen readers and HTML's
    /// `alt` get nothing. A warning unless `"severities"` says else; `--fix` cannot write a description.
    case glyphDescription = "glyph-description"
    /// A suppression (the `fmtcheck.ignore` attribute) whose value cannot be read, or, with
    /// `--report-unused-suppressions`, that names a rule it finds nothing of. A warning unless `"severities"` says else.
    case unusedSuppression = "unused-suppression"

    /// The reserved attribute that suppresses rules over the text it covers (`# noqa` for rich text): a rule id,
    /// a list of them, or `{"rules": […], "reason": "…"}`. A definition cannot declare it; it is never undeclared,
    /// out of scope or removed by a fix.
    public static let suppressionAttribute = "fmtcheck.ignore"

    /// The severity a rule has when the definition's `"severities"` does not name it.
    public var defaultSeverity: Severity {
        switch self {
        case .readerWarning, .glyphDescription, .unusedSuppression: return .warning
        default: return .error
        }
    }

    /// Whether `--fix` repairs what the rule finds (it cannot write back what a reader could not keep, nor invent
    /// a glyph's description, nor repair an unreadable file).
    public var isFixable: Bool {
        switch self {
        case .readerWarning, .glyphDescription, .malformedDocument, .unusedSuppression: return false
        default: return true
        }
    }

    /// Whether the rule's fix drops data (ruff's unsafe fixes): removing an attribute the definition does not
    /// declare or keep in scope, or a value of the wrong type, loses what the document held; `--fix` applies
    /// such fixes only with `--unsafe-fixes`. Constraint fixes and behaviour fix-ups put values where the
    /// definition says they go, and are safe.
    public var isUnsafeFix: Bool {
        switch self {
        case .scope, .undeclaredAttribute, .wrongType: return true
        default: return false
        }
    }

    /// How `--fix` repairs a finding of `rule` (a constraint name or a built-in rule id).
    public static func fix(for rule: String) -> FixApplicability {
        guard let builtIn = BuiltInRule(rawValue: rule) else { return .safe }
        if !builtIn.isFixable { return .none }
        return builtIn.isUnsafeFix ? .unsafe : .safe
    }

    /// The identifier used in reports and in `"severities"`.
    public var id: String { rawValue }
}

/// Whether and how `--fix` repairs a finding, as ruff marks its fixes.
public enum FixApplicability: String, Hashable, Sendable {
    /// `--fix` repairs it without losing anything the document held.
    case safe
    /// Repairing it drops data (an undeclared attribute's value, a wrong-typed value, what RTF cannot keep):
    /// only with `--unsafe-fixes`.
    case unsafe
    /// `--fix` cannot repair it (a reader warning, an empty Genmoji description, an unreadable document).
    case none
}
