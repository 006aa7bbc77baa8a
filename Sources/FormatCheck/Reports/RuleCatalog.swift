/// What each rule id means, in one sentence, for reports that list rules (SARIF's driver, the HTML legend).
public enum RuleCatalog {
    /// The description of `rule`: a built-in rule's sentence, or a constraint's.
    public static func description(of rule: String) -> String {
        switch BuiltInRule(rawValue: rule) {
        case .scope?: return "An attribute the definition declares but does not include in its scope."
        case .undeclaredAttribute?: return "An attribute the definition does not declare."
        case .wrongType?: return "A value that is not of its attribute's declared type."
        case .textChanged?: return "A value that textChanged invalidation removes."
        case .attributeChanged?: return "A value that attributeChanged invalidation removes."
        case .paragraphBoundary?: return "A paragraph-bound value that changes inside a paragraph."
        case .characterBoundary?: return "A character-bound value on text that is not its character."
        case .malformedDocument?: return "A document that cannot be read (malformed JSON or RTF)."
        case .readerWarning?: return "Something the reader had to interpret or could not keep; --fix would not write it back."
        case .glyphDescription?: return "A Genmoji whose description (its accessible text) is empty."
        case .unusedSuppression?: return "A suppression (fmtcheck.ignore) that cannot be read, or that suppresses nothing (--report-unused-suppressions)."
        case nil: return "The value constraint '\(rule)' of the definition."
        }
    }
}
