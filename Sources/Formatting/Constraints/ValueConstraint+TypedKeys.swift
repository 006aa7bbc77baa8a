import RichText

/// The constraints for typed keys, in the shape of SwiftUI's `AttributedTextValueConstraint`: the owned key is
/// named by its type, and values are its `Value`. Each builds the name-based constraint, with the key's
/// declared behaviour as its descriptor.
extension Rules {
    /// A rule list for the typed key `key`: `Rules(for: ForegroundColor.self, [Rule(when: .present(Ingredient.self),
    /// .set(green))], otherwise: .remove)`. Unnamed, it is called `<key>-rules`.
    public init<K: RichAttributeKey>(_ name: String? = nil, for key: K.Type, _ rules: [Rule], otherwise: RuleAction = .keep) {
        self.init(name ?? "\(K.name)-rules", for: K.descriptor, rules, otherwise: otherwise)
    }
}

extension AllowedValues {
    /// Only `values` may stand for the typed key `key`; anything else becomes `defaultValue` (nil: removed).
    public init<K: RichAttributeKey>(_ name: String? = nil, for key: K.Type, values: [K.Value], default defaultValue: K.Value?) {
        self.init(name, for: K.descriptor, values: values.map(\.attributeValue), default: defaultValue?.attributeValue)
    }
}

extension Clamp {
    /// A clamp of the typed key `key` to `lower...upper` (either side may be open).
    public init<K: RichAttributeKey>(_ name: String? = nil, for key: K.Type, lower: Double?, upper: Double?) {
        self.init(name, for: K.descriptor, lower: lower, upper: upper)
    }
}

extension CustomConstraint {
    /// A constraint named `name` that owns the typed key `key`, reads the keys named in `reads`, and runs `body`
    /// on each run; `explanation` and `sampleValues` as in `init(_:owns:reads:explanation:sampleValues:_:)`, the
    /// samples of the owned key in its `Value`.
    public init<K: RichAttributeKey>(_ name: String, owns key: K.Type, reads: [any RichAttributeKey.Type] = [],
                                     explanation: String? = nil, sampleValues: [K.Value] = [],
                                     _ body: @escaping @Sendable (inout ConstrainedAttributes) -> Void) {
        self.init(name, owns: K.descriptor, reads: Set(reads.map { $0.name }), explanation: explanation,
                  sampleValues: sampleValues.isEmpty ? [:] : [K.name: sampleValues.map(\.attributeValue)], body)
    }
}
