import RichText

extension LoadedDefinition {
    /// The definition in words: what each attribute does, the scope, the constraints in the order they apply,
    /// and the severities. What `fmtcheck definition explain` prints.
    public var explanation: String {
        var lines = ["Definition '\(name)' (\(fileName))"]
        if let summary = summaries[""] { lines.append(summary) }

        lines.append("")
        lines.append("Attributes")
        if attributeOrder.isEmpty { lines.append("  none") }
        let scopeNames = definition.scopeNames
        for declaration in orderedAttributes {
            let outside = scopeNames.contains(declaration.name) ? "" : " (not in scope: always removed)"
            lines.append("  \(declaration.name) (\(declaration.type))\(outside): \(Self.behaviorPhrase(declaration.behavior)).")
            if let summary = declaration.summary { lines.append("    \(summary)") }
        }

        lines.append("")
        lines.append("Scope")
        if definition.scope.isEmpty {
            lines.append("  nothing: every attribute is removed.")
        } else {
            lines.append("  " + definition.scope.map(\.name).joined(separator: ", ") + ". Every other attribute is removed.")
        }

        lines.append("")
        lines.append("Constraints, in the order they apply (each sees what the ones before it produced)")
        if definition.constraints.isEmpty { lines.append("  none: every in-scope value stands as it is.") }
        for (i, constraint) in definition.constraints.enumerated() {
            lines.append("  \(i + 1). \(constraint.name): \(constraint.sentence)")
            if let summary = summaries[constraint.name] { lines.append("     \(summary)") }
        }

        lines.append("")
        lines.append("Severities")
        let set = ruleIDs.filter { severities[$0] != nil }.map { "\($0): \(severities[$0]!)" }
        // Built-in rules that are warnings unless the file says otherwise, and that it does not name.
        let defaultWarnings = BuiltInRule.allCases.filter { $0.defaultSeverity == .warning && severities[$0.id] == nil }
            .map { "\($0.id): warning" }
        lines.append("  " + (set + defaultWarnings).joined(separator: "; ") + ((set + defaultWarnings).isEmpty ? "every rule: error." : "; every other rule: error."))
        return lines.map(TerminalText.escaped).joined(separator: "\n") + "\n"
    }

    /// A behaviour in words, built on `AttributeBehavior.description`.
    static func behaviorPhrase(_ behavior: AttributeBehavior) -> String {
        if behavior == .plain { return "plain; typed text takes it from the text before it" }
        var phrase = behavior.description
        if behavior.inheritedByAddedText && behavior.isInvalidatedByTextChange { phrase += " (so typed text never takes it)" }
        else if behavior.inheritedByAddedText { phrase = "typed text takes it from the text before it; " + phrase }
        return phrase
    }
}
