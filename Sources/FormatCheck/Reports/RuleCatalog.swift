/// What each rule id means, in one sentence, for reports that list rules (SARIF's driver, the HTML legend).
public enum RuleCatalog {
    /// The description of `rule`: a built-in rule's summary (`BuiltInRule.documentation`), or a constraint's.
    public static func description(of rule: String) -> String {
        BuiltInRule(rawValue: rule)?.summary ?? "The value constraint '\(rule)' of the definition."
    }
}
