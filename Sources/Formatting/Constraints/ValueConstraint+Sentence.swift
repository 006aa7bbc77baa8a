import RichText

// Each constraint type in words, one sentence each (`ValueConstraint.sentence`), as `fmtcheck definition explain`
// prints them after the constraint's name.

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

extension Condition {
    /// The condition as the clause after a rule's action: "when ingredient is present", "in every case".
    var whenClause: String {
        let clause = sentence
        switch clause {
        case "always": return "in every case"
        case "never": return "in no case"
        default: return "when \(clause)"
        }
    }
}

extension Rules {
    /// "foregroundColor is set to #34c759 when ingredient is present; otherwise it is removed."
    public var sentence: String {
        let key = key.name
        guard let first = rules.first else { return "\(key) \(otherwise.phrase) in every case." }
        var clauses = ["\(key) \(first.action.phrase) \(first.condition.whenClause)"]
        for rule in rules.dropFirst() {
            clauses.append("else it \(rule.action.phrase) \(rule.condition.whenClause)")
        }
        clauses.append("otherwise it \(otherwise.phrase)")
        return clauses.joined(separator: "; ") + "."
    }
}

extension AllowedValues {
    /// "alignment may only be \"left\" or \"center\"; any other value becomes \"left\"."
    public var sentence: String {
        let key = key.name
        let fallback = defaultValue.map { "becomes \($0.phrase)" } ?? "is removed"
        if values.isEmpty { return "\(key) may have no value; any value \(fallback)." }
        return "\(key) may only be \(values.map(\.phrase).joinedInWords("or")); any other value \(fallback)."
    }
}

extension Clamp {
    /// "fontSize is kept between 8 and 72; a number outside moves to the nearer bound, and a value that is not a
    /// number is removed."
    public var sentence: String {
        let key = key.name
        let range: String
        switch (lower, upper) {
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
    }
}

extension CustomConstraint {
    /// The explanation it was built with; by default "decides heading from level (written in Swift)."
    public var sentence: String {
        if let explanation { return explanation }
        let reads = reads.sorted()
        return "decides \(key.name)" + (reads.isEmpty ? "" : " from " + reads.joinedInWords("and")) + " (written in Swift)."
    }
}
