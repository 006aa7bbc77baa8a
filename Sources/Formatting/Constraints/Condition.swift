import RichText

/// A test on a run's attributes, used by `Rules`.
public indirect enum Condition: Hashable, Sendable, CustomStringConvertible {
    /// The key has a value.
    case present(String)
    /// The key has no value.
    case absent(String)
    /// The key has exactly this value.
    case equals(String, AttributeValue)
    /// The key has one of these values.
    case oneOf(String, [AttributeValue])
    /// The condition does not hold.
    case not(Condition)
    /// Every condition holds.
    case all([Condition])
    /// At least one condition holds.
    case any([Condition])

    /// Whether the condition holds for `attributes`.
    public func holds(for attributes: AttributeSet) -> Bool {
        holds { attributes[$0] }
    }

    /// Whether the condition holds for the values `value` gives by key name.
    func holds(_ value: (String) -> AttributeValue?) -> Bool {
        switch self {
        case .present(let key): return value(key) != nil
        case .absent(let key): return value(key) == nil
        case .equals(let key, let expected): return value(key) == expected
        case .oneOf(let key, let values): return value(key).map(values.contains) ?? false
        case .not(let inner): return !inner.holds(value)
        case .all(let inner): return inner.allSatisfy { $0.holds(value) }
        case .any(let inner): return inner.contains { $0.holds(value) }
        }
    }

    /// Every key the condition reads.
    public var keys: Set<String> {
        switch self {
        case .present(let key), .absent(let key), .equals(let key, _), .oneOf(let key, _): return [key]
        case .not(let inner): return inner.keys
        case .all(let inner), .any(let inner): return inner.reduce(into: []) { $0.formUnion($1.keys) }
        }
    }

    /// Every value the condition compares `key` with.
    func mentionedValues(of key: String) -> [AttributeValue] {
        switch self {
        case .equals(let k, let value): return k == key ? [value] : []
        case .oneOf(let k, let values): return k == key ? values : []
        case .present, .absent: return []
        case .not(let inner): return inner.mentionedValues(of: key)
        case .all(let inner), .any(let inner): return inner.flatMap { $0.mentionedValues(of: key) }
        }
    }

    public var description: String {
        switch self {
        case .present(let key): return "\(key) is present"
        case .absent(let key): return "\(key) is absent"
        case .equals(let key, let value): return "\(key) = \(value)"
        case .oneOf(let key, let values): return "\(key) is one of [\(values.map(\.description).joined(separator: ", "))]"
        case .not(let inner): return "not (\(inner))"
        case .all(let inner): return inner.map { "(\($0))" }.joined(separator: " and ")
        case .any(let inner): return inner.map { "(\($0))" }.joined(separator: " or ")
        }
    }
}
