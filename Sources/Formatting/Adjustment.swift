import RichText

/// A change the engine made on its own: which rule or behaviour, where, which key, and the values before and
/// after. Editors show these; `fmtcheck` reports them as violations (linting is normalisation run dry).
public struct Adjustment: Hashable, Sendable, CustomStringConvertible {
    /// What made the change.
    public enum Rule: Hashable, Sendable, CustomStringConvertible {
        /// A key behaviour of the string (invalidation, run boundaries).
        case behavior(AttributeAdjustment.Cause)
        /// The key is outside the definition's scope.
        case scope
        /// A value constraint, by name.
        case constraint(String)

        /// A stable identifier: the constraint's name, `scope`, or the behaviour's identifier.
        public var identifier: String {
            switch self {
            case .behavior(let cause): return cause.identifier
            case .scope: return "scope"
            case .constraint(let name): return name
            }
        }

        public var description: String {
            switch self {
            case .behavior(let cause): return cause.description
            case .scope: return "scope"
            case .constraint(let name): return name
            }
        }
    }

    /// What made the change.
    public var rule: Rule
    /// Where, in UTF-8 offsets of the document after the change.
    public var utf8Range: Range<Int>
    /// The key.
    public var key: String
    /// The value before.
    public var oldValue: AttributeValue?
    /// The value after (nil: removed).
    public var newValue: AttributeValue?

    /// An adjustment.
    public init(rule: Rule, utf8Range: Range<Int>, key: String, oldValue: AttributeValue?, newValue: AttributeValue?) {
        self.rule = rule
        self.utf8Range = utf8Range
        self.key = key
        self.oldValue = oldValue
        self.newValue = newValue
    }

    /// An adjustment from one of the string's own behaviour reports.
    public init(_ behavior: AttributeAdjustment) {
        self.init(rule: .behavior(behavior.cause), utf8Range: behavior.utf8Range, key: behavior.key,
                  oldValue: behavior.oldValue, newValue: behavior.newValue)
    }

    public var description: String {
        func show(_ value: AttributeValue?) -> String { value.map { "\($0)" } ?? "nil" }
        return "\(rule) \(key) [\(utf8Range.lowerBound), \(utf8Range.upperBound)): \(show(oldValue)) -> \(show(newValue))"
    }
}
