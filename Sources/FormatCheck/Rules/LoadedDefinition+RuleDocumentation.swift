import Formatting

extension LoadedDefinition {
    /// The documentation of the constraint named `name` (`fmtcheck rule NAME --definition FILE`): what it does in
    /// words (`ValueConstraint.sentence`), why (the definition's own `description` of it, else what a constraint is
    /// for), and an example the engine makes and checks (`ConstraintExample`); nil when no constraint has the name.
    public func documentation(ofConstraint name: String) -> RuleDocumentation? {
        guard let constraint = definition.constraints.first(where: { $0.name == name }) else { return nil }
        let why = summaries[name].map { $0 + " " } ?? ""
        return RuleDocumentation(
            id: name, definition: self.name, summary: constraint.sentence,
            why: why + "An editor under the definition '\(self.name)' applies the constraint to every edit, so a stored document it would change is one no such editor would have saved.",
            fix: BuiltInRule.fix(for: name), fixDescription: "writes the value the constraint gives, as the engine would have.",
            severity: severity(of: name), example: ConstraintExample.find(for: constraint, in: self))
    }

    /// The documentation of every rule a run under this definition can report: its constraints in order, then the
    /// built-in rules (with this definition's severities).
    public var ruleDocumentation: [RuleDocumentation] {
        definition.constraints.compactMap { documentation(ofConstraint: $0.name) } + BuiltInRule.allCases.map { rule in
            var documentation = rule.documentation
            documentation.severity = severity(of: rule.id)
            return documentation
        }
    }
}
