import Formatting
import RichText

/// The attribute values generators draw from, per key. Built from a definition, it holds every value its
/// constraints mention (allowed values and defaults, rule actions and conditions, clamp bounds and values just
/// outside them) plus a few of every common kind, so generated edits hit both the rules and their edges.
public struct ValuePool: Sendable {
    /// The values per key name.
    public var values: [String: [AttributeValue]]
    /// Values for keys not listed in `values`.
    public var fallback: [AttributeValue]

    /// A pool with explicit values.
    public init(values: [String: [AttributeValue]], fallback: [AttributeValue] = ValuePool.commonValues) {
        self.values = values
        self.fallback = fallback
    }

    /// A few values of the common kinds.
    public static let commonValues: [AttributeValue] = [
        .integer(1), .integer(2), .integer(-3), .number(0.5), .string("a"), .string("milk"), .bool(true),
        .color(RichColor(red: 0, green: 1, blue: 0)),
    ]

    /// A pool for `definition`: every value its constraints mention, per key, plus the common values.
    /// `extra` adds values per key (e.g. from a definition file's declared types).
    public init(for definition: FormattingDefinition, extra: [String: [AttributeValue]] = [:]) {
        var found: [String: [AttributeValue]] = [:]
        func add(_ key: String, _ value: AttributeValue?) {
            guard let value, !(found[key] ?? []).contains(value) else { return }
            found[key, default: []].append(value)
        }
        func walk(_ condition: Condition) {
            switch condition {
            case .present, .absent: break
            case let .equals(key, value): add(key, value)
            case let .oneOf(key, values): values.forEach { add(key, $0) }
            case let .not(inner): walk(inner)
            case let .all(inner), let .any(inner): inner.forEach(walk)
            }
        }
        for constraint in definition.constraints {
            let key = constraint.key.name
            switch constraint {
            case let c as AllowedValues:
                c.values.forEach { add(key, $0) }
                add(key, c.defaultValue)
            case let c as Clamp:
                for bound in [c.lower, c.upper].compactMap({ $0 }) {
                    add(key, .number(bound)); add(key, .integer(Int(bound.rounded(.down)) - 1)); add(key, .integer(Int(bound.rounded(.up)) + 1))
                }
                add(key, .string("not a number"))
            case let c as Rules:
                for rule in c.rules {
                    walk(rule.condition)
                    if case .set(let v) = rule.action { add(key, v) }
                }
                if case .set(let v) = c.otherwise { add(key, v) }
            default:
                break
            }
        }
        for (key, values) in extra { values.forEach { add(key, $0) } }
        for key in definition.scope where (found[key.name] ?? []).count < 3 {
            ValuePool.commonValues.prefix(4).forEach { add(key.name, $0) }
        }
        self.init(values: found)
    }

    /// A value for `key`.
    public func value(for key: String, using rng: inout SeededGenerator) -> AttributeValue {
        let list = values[key] ?? []
        // Mostly the key's own values; sometimes any value, so wrong kinds are exercised too.
        return list.isEmpty || rng.chance(0.1) ? rng.pick(fallback) : rng.pick(list)
    }
}
