import Formatting

extension RuleAction {
    /// What the action does to the owned key, as a verb phrase: "is set to #34c759", "is removed".
    var phrase: String {
        switch self {
        case .set(let value): return "is set to \(value.phrase)"
        case .remove: return "is removed"
        case .keep: return "is left as it is"
        }
    }
}

/// Constraints in words, one sentence each.
enum ConstraintSentence {
    /// "IngredientsAreGreen: foregroundColor is set to #34c759 when ingredient is present; otherwise it is removed."
    static func sentence(for constraint: any ValueConstraint) -> String {
        "\(constraint.name): " + body(of: constraint)
    }

    /// What the constraint does, without its name.
    static func body(of constraint: any ValueConstraint) -> String {
        let key = constraint.key.name
        switch constraint {
        case let rules as Rules:
            guard let first = rules.rules.first else { return "\(key) \(rules.otherwise.phrase) in every case." }
            var clauses = ["\(key) \(first.action.phrase) \(when(first.condition))"]
            for rule in rules.rules.dropFirst() {
                clauses.append("else it \(rule.action.phrase) \(when(rule.condition))")
            }
            clauses.append("otherwise it \(rules.otherwise.phrase)")
            return clauses.joined(separator: "; ") + "."
        case let allowed as AllowedValues:
            let fallback = allowed.defaultValue.map { "becomes \($0.phrase)" } ?? "is removed"
            if allowed.values.isEmpty { return "\(key) may have no value; any value \(fallback)." }
            let list = allowed.values.map(\.phrase)
            return "\(key) may only be \(list.joinedInWords("or")); any other value \(fallback)."
        case let clamp as Clamp:
            let range: String
            switch (clamp.lower, clamp.upper) {
            case let (lower?, upper?):
                range = "\(key) is kept between \(Double.phrase(lower)) and \(Double.phrase(upper)); a number outside moves to the nearer bound"
            case let (lower?, nil):
                range = "\(key) is kept at \(Double.phrase(lower)) or above; a smaller number becomes \(Double.phrase(lower))"
            case let (nil, upper?):
                range = "\(key) is kept at \(Double.phrase(upper)) or below; a larger number becomes \(Double.phrase(upper))"
            case (nil, nil):
                range = "\(key) may be any number"
            }
            return range + ", and a value that is not a number is removed."
        default:
            let reads = constraint.reads.sorted()
            return "decides \(key)" + (reads.isEmpty ? "" : " from " + reads.joinedInWords("and")) + " (written in Swift)."
        }
    }

    private static func when(_ condition: Condition) -> String {
        let clause = condition.sentence
        switch clause {
        case "always": return "in every case"
        case "never": return "in no case"
        default: return "when \(clause)"
        }
    }
}
