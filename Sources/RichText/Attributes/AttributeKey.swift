/// When a key's value must be removed because something else changed.
public enum InvalidationCondition: Hashable, Sendable {
    /// Any change of the text inside or across a stretch of equal value removes the key from that stretch.
    case textChanged
    /// A real change of the named key's value removes this key where it changed.
    case attributeChanged(String)

    /// `.attributeChanged` for a typed key.
    public static func attributeChanged<K: RichAttributeKey>(_ key: K.Type) -> InvalidationCondition {
        .attributeChanged(K.name)
    }
}

/// Where a key's runs may begin and end.
public enum RunBoundary: Hashable, Sendable {
    /// The value is constant over each paragraph; the paragraph's first character decides.
    case paragraph
    /// The value can only stand on the Unicode scalar of this character (its first scalar), scalar by scalar,
    /// whatever grapheme cluster the scalar sits in, as Foundation's `.character(_:)` does: a Genmoji's U+FFFC
    /// keeps its glyph when a combining mark follows it.
    indirect case character(Character)

    /// The one scalar a value bound by `.character(c)` may stand on: c's first scalar (Foundation's
    /// `_constrainedScalar`). Nil for other boundaries.
    @inlinable
    public var constrainedScalar: Unicode.Scalar? {
        if case .character(let c) = self { return c.unicodeScalars.first }
        return nil
    }

    /// The rule of character boundaries, in one place: whether a value with this boundary may stand on `scalar`.
    /// Every step that keeps character-bound keys in place (the string's boundary step, the engine's writes,
    /// its dry probes) asks this.
    @inlinable
    public func admits(_ scalar: Unicode.Scalar) -> Bool {
        guard let constrained = constrainedScalar else { return true }
        return constrained == scalar
    }
}

/// How a key behaves when the text around it changes (DESIGN §2, "Key behaviours").
public struct AttributeBehavior: Hashable, Sendable, CustomStringConvertible {
    /// Whether plain text typed next to the key takes its value.
    public var inheritedByAddedText: Bool
    /// What removes the key.
    public var invalidationConditions: Set<InvalidationCondition>
    /// Where the key's runs may break.
    public var runBoundaries: RunBoundary?

    /// A behaviour; the defaults are those of a key without behaviours.
    public init(
        inheritedByAddedText: Bool = true,
        invalidationConditions: Set<InvalidationCondition> = [],
        runBoundaries: RunBoundary? = nil
    ) {
        self.inheritedByAddedText = inheritedByAddedText
        self.invalidationConditions = invalidationConditions
        self.runBoundaries = runBoundaries
    }

    /// The behaviour of a key that declares none.
    public static let plain = AttributeBehavior()

    /// Whether any text change inside a stretch of this key removes it.
    public var isInvalidatedByTextChange: Bool { invalidationConditions.contains(.textChanged) }

    /// Whether typed text takes this key from its neighbour.
    public var isInheritable: Bool { inheritedByAddedText && !isInvalidatedByTextChange }

    public var description: String {
        var parts: [String] = []
        if !inheritedByAddedText { parts.append("not inherited") }
        for condition in invalidationConditions.sorted(by: { "\($0)" < "\($1)" }) {
            switch condition {
            case .textChanged: parts.append("invalidated by text changes")
            case .attributeChanged(let key): parts.append("invalidated when \(key) changes")
            }
        }
        switch runBoundaries {
        case .paragraph: parts.append("constant per paragraph")
        case .character(let c): parts.append("only on runs of \(String(c).unicodeScalars.map { "U+" + String($0.value, radix: 16, uppercase: true) }.joined())")
        case nil: break
        }
        return parts.isEmpty ? "plain" : parts.joined(separator: ", ")
    }
}

/// An attribute key known by name at run time, with its behaviour: what a definition file declares.
public struct AttributeKeyDescriptor: Hashable, Sendable {
    /// The key's name as stored in documents.
    public var name: String
    /// How the key behaves on edits.
    public var behavior: AttributeBehavior

    /// A descriptor.
    public init(name: String, behavior: AttributeBehavior = .plain) {
        self.name = name
        self.behavior = behavior
    }
}

/// A typed attribute key, in the shape of Foundation's `AttributedStringKey`.
///
/// ```swift
/// enum Ingredient: RichAttributeKey {
///     typealias Value = String
///     static let name = "ingredient"
///     static let inheritedByAddedText = false
///     static let invalidationConditions: Set<InvalidationCondition> = [.textChanged]
/// }
/// text[range][Ingredient.self] = "milk"
/// ```
public protocol RichAttributeKey: Sendable {
    /// The Swift type of the key's values.
    associatedtype Value: AttributeValueConvertible
    /// The name under which the key is stored and encoded.
    static var name: String { get }
    /// Whether plain text typed next to the key takes its value. Defaults to true.
    static var inheritedByAddedText: Bool { get }
    /// What removes the key. Defaults to nothing.
    static var invalidationConditions: Set<InvalidationCondition> { get }
    /// Where the key's runs may break. Defaults to anywhere.
    static var runBoundaries: RunBoundary? { get }
}

extension RichAttributeKey {
    public static var inheritedByAddedText: Bool { true }
    public static var invalidationConditions: Set<InvalidationCondition> { [] }
    public static var runBoundaries: RunBoundary? { nil }

    /// The key's name and behaviour as run-time data.
    public static var descriptor: AttributeKeyDescriptor {
        AttributeKeyDescriptor(
            name: name,
            behavior: AttributeBehavior(
                inheritedByAddedText: inheritedByAddedText,
                invalidationConditions: invalidationConditions,
                runBoundaries: runBoundaries))
    }
}

/// The namespace through which registered keys are reached by dynamic member lookup (Foundation's
/// `AttributeDynamicLookup`).
///
/// Register a key by extending it: `extension AttributeKeys { var ingredient: Ingredient.Type { Ingredient.self } }`,
/// then write `text[range].ingredient = "milk"`. A key path can name a scope's key through the scope's name
/// (`text.transformingAttributes(\.recipe.ingredient) { … }`), and the keys are reached by their own names once
/// the scope is registered, as Foundation's scopes are, by one subscript:
///
/// ```swift
/// extension AttributeKeys {
///     subscript<K: RichAttributeKey>(dynamicMember keyPath: KeyPath<RecipeAttributes, K.Type>) -> K.Type { K.self }
/// }
/// text[range].ingredient = "milk"   // every key of RecipeAttributes, listed once, in the scope
/// ```
@dynamicMemberLookup
public struct AttributeKeys: Sendable {
    /// The namespace value used to resolve key paths.
    public init() {}

    /// A scope registered on `RichAttributeScopes`, so that a key path can name a key through it: `\.recipe.ingredient`.
    public subscript<S: RichAttributeScope>(dynamicMember keyPath: KeyPath<RichAttributeScopes, S.Type>) -> S { S() }
}
