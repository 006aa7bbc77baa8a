import RichText

/// Conditions on typed keys, so a definition written in Swift names keys by type and compares them with typed
/// values: `.present(Ingredient.self)`, `.equals(Alignment.self, .center)`. Each is the name-based case it
/// builds, so a definition file and a Swift definition compare equal.
extension Condition {
    /// The key has a value.
    public static func present<K: RichAttributeKey>(_ key: K.Type) -> Condition { .present(K.name) }

    /// The key has no value.
    public static func absent<K: RichAttributeKey>(_ key: K.Type) -> Condition { .absent(K.name) }

    /// The key has exactly this value.
    public static func equals<K: RichAttributeKey>(_ key: K.Type, _ value: K.Value) -> Condition {
        .equals(K.name, value.attributeValue)
    }

    /// The key has one of these values.
    public static func oneOf<K: RichAttributeKey>(_ key: K.Type, _ values: [K.Value]) -> Condition {
        .oneOf(K.name, values.map(\.attributeValue))
    }
}
