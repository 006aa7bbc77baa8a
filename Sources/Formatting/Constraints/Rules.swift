import RichText

/// What a rule does to the owned key.
public enum RuleAction: Hashable, Sendable, CustomStringConvertible {
    /// Set the key to this value.
    case set(AttributeValue)
    /// Remove the key.
    case remove
    /// Leave the key as it is.
    case keep

    public var description: String {
        switch self {
        case .set(let value): return "set it to \(value)"
        case .remove: return "remove it"
        case .keep: return "leave it"
        }
    }
}

/// One `when` → action pair.
public struct Rule: Hashable, Sendable {
    /// When the rule applies.
    public let condition: Condition
    /// What it does.
    public let action: RuleAction

    /// A rule.
    public init(when condition: Condition, _ action: RuleAction) {
        self.condition = condition
        self.action = action
    }
}

/// Ordered `when` → set/remove rules with an `otherwise`: the first rule whose condition holds acts; when none
/// does, `otherwise` acts. `IngredientsAreGreen` is `Rules(for: foregroundColor, [when present(ingredient) →
/// set green], otherwise: .remove)`.
public struct Rules: ValueConstraint {
    public let name: String
    public let key: AttributeKeyDescriptor
    /// The rules, first match wins.
    public let rules: [Rule]
    /// What happens when no rule matches.
    public let otherwise: RuleAction

    /// A rule list for `key`.
    public init(_ name: String, for key: AttributeKeyDescriptor, _ rules: [Rule], otherwise: RuleAction = .keep) {
        self.name = name
        self.key = key
        self.rules = rules
        self.otherwise = otherwise
    }

    public var reads: Set<String> {
        rules.reduce(into: Set<String>()) { $0.formUnion($1.condition.keys) }.subtracting([key.name])
    }

    /// The action chosen for `attributes`.
    public func action(for attributes: AttributeSet) -> RuleAction {
        rules.first { $0.condition.holds(for: attributes) }?.action ?? otherwise
    }

    public func constrain(_ attributes: inout ConstrainedAttributes) {
        switch action(reading: attributes) {
        case .set(let value): attributes.value = value
        case .remove: attributes.value = nil
        case .keep: break
        }
    }

    /// The action chosen for the working entries, read in place: the conditions borrow them (no intermediate
    /// set is built, and no copy is left holding the entries when the constraint then writes its key).
    private func action(reading attributes: borrowing ConstrainedAttributes) -> RuleAction {
        for rule in rules where rule.condition.holds({ attributes[$0] }) { return rule.action }
        return otherwise
    }
}
