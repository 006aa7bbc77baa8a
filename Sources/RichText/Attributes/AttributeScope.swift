/// A group of keys an app declares together, as Foundation's `AttributeScope`, reached by name through
/// `RichAttributeScopes`:
///
/// ```swift
/// struct RecipeAttributes: RichAttributeScope {
///     let ingredient = Ingredient.self
///     let step = Step.self
/// }
/// extension RichAttributeScopes {
///     var recipe: RecipeAttributes.Type { RecipeAttributes.self }
/// }
/// text.recipe.ingredient = "milk"           // the whole string
/// text[range].recipe.ingredient              // a slice: the value when uniform over it
/// ```
///
/// Declare each key as a stored `let` holding the key type, so that `keys` can list them. A scope can include
/// other scopes, as Foundation's do (SwiftUI's scope includes Foundation's): a stored `let` holding a scope value
/// (`let recipe = RecipeAttributes()`, which key paths then reach: `\.editor.recipe.ingredient`) or a scope type
/// (`let recipe = RecipeAttributes.self`) brings in all of its keys.
public protocol RichAttributeScope: Sendable {
    /// The scope value through which its key paths are resolved.
    init()
}

extension RichAttributeScope {
    /// The keys the scope declares (its stored properties holding key types) and those of the scopes it
    /// includes, in declaration order, each name once (a later declaration of a name wins, as Foundation merges
    /// scopes), with their behaviours: for example to build a definition from a scope, or to copy a string with
    /// only these keys (`RichString(_:including:)`).
    public static var keys: [AttributeKeyDescriptor] {
        var keys: [AttributeKeyDescriptor] = []
        var positions: [String: Int] = [:]
        var visited: Set<ObjectIdentifier> = []
        collectKeys(into: &keys, positions: &positions, visited: &visited)
        return keys
    }

    /// Adds the keys of this scope and of the scopes it includes, once each scope (a scope that includes itself,
    /// through its type, adds nothing more).
    private static func collectKeys(
        into keys: inout [AttributeKeyDescriptor], positions: inout [String: Int], visited: inout Set<ObjectIdentifier>
    ) {
        guard visited.insert(ObjectIdentifier(Self.self)).inserted else { return }
        for child in Mirror(reflecting: Self()).children {
            if let key = (child.value as? any RichAttributeKey.Type)?.descriptor {
                if let at = positions[key.name] {
                    keys[at] = key
                } else {
                    positions[key.name] = keys.count
                    keys.append(key)
                }
            } else if let nested = (child.value as? any RichAttributeScope.Type) ?? (child.value as? any RichAttributeScope).map({ type(of: $0) }) {
                nested.collectKeys(into: &keys, positions: &positions, visited: &visited)
            }
        }
    }
}

/// The namespace through which scopes are reached by dynamic member lookup (Foundation's `RichAttributeScopes`).
///
/// Register a scope by extending it: `extension RichAttributeScopes { var recipe: RecipeAttributes.Type { RecipeAttributes.self } }`.
public struct RichAttributeScopes: Sendable {
    /// The namespace value used to resolve key paths.
    public init() {}
}

/// The keys of one scope over some text (Foundation's `ScopedAttributeContainer`): reading a key gives its
/// value when the same over all of the text, and setting one sets it (nil removes it) over all of the text.
@dynamicMemberLookup
public struct ScopedAttributes<Scope: RichAttributeScope>: Sendable {
    /// The attributes whose value is the same over all of the text, with the changes made through this value.
    public private(set) var attributes: AttributeSet
    /// The keys set (or removed, with nil) through this value, in order, to write back to the text.
    private(set) var changes: [(key: AttributeKeyDescriptor, value: AttributeValue?)] = []

    init(_ attributes: AttributeSet) {
        self.attributes = attributes
    }

    /// A key of the scope: `text.recipe.ingredient`.
    public subscript<K: RichAttributeKey>(dynamicMember keyPath: KeyPath<Scope, K.Type>) -> K.Value? {
        get { attributes[K.self] }
        set {
            let key = K.descriptor
            attributes = attributes.setting(key.name, to: newValue?.attributeValue, behavior: key.behavior)
            changes.append((key, newValue?.attributeValue))
        }
    }

    /// The keys of a scope this one includes as a value (`let recipe = RecipeAttributes()`):
    /// `text.editor.recipe.ingredient`, read and written as the scope's own keys are.
    public subscript<Nested: RichAttributeScope>(dynamicMember keyPath: KeyPath<Scope, Nested>) -> ScopedAttributes<Nested> {
        get { ScopedAttributes<Nested>(attributes) }
        set { including(newValue) }
    }

    /// The keys of a scope this one includes as a type (`let recipe = RecipeAttributes.self`).
    public subscript<Nested: RichAttributeScope>(dynamicMember keyPath: KeyPath<Scope, Nested.Type>) -> ScopedAttributes<Nested> {
        get { ScopedAttributes<Nested>(attributes) }
        set { including(newValue) }
    }

    /// Takes on the changes made through a nested scope's view of these attributes.
    private mutating func including<Nested>(_ nested: ScopedAttributes<Nested>) {
        attributes = nested.attributes
        changes += nested.changes
    }
}

extension RichString {
    /// Writes the changes made through a scope's keys over `ranges`, one key at a time, in the order made.
    mutating func write<S>(_ scoped: ScopedAttributes<S>, in ranges: [Range<Int>]) {
        for change in scoped.changes {
            setAttribute(change.key, to: change.value, in: ranges)
        }
    }

    /// The keys of a scope over the whole string: `text.recipe.ingredient`.
    public subscript<S: RichAttributeScope>(dynamicMember keyPath: KeyPath<RichAttributeScopes, S.Type>) -> ScopedAttributes<S> {
        get { ScopedAttributes(uniformAttributeSet(in: wholeOffsets)) }
        set { write(newValue, in: wholeOffsets) }
    }
}

extension RichSubstring {
    /// The keys of a scope over the slice: `text[range].recipe.ingredient`.
    public subscript<S: RichAttributeScope>(dynamicMember keyPath: KeyPath<RichAttributeScopes, S.Type>) -> ScopedAttributes<S> {
        get { ScopedAttributes(base.uniformAttributeSet(in: [base.offsets(of: bounds)])) }
        set { base.write(newValue, in: [base.offsets(of: bounds)]) }
    }
}

extension DiscontiguousRichSubstring {
    /// The keys of a scope over every range of the slice: `text[ranges].recipe.ingredient`.
    public subscript<S: RichAttributeScope>(dynamicMember keyPath: KeyPath<RichAttributeScopes, S.Type>) -> ScopedAttributes<S> {
        get { ScopedAttributes(base.uniformAttributeSet(in: base.offsets(of: ranges))) }
        set { base.write(newValue, in: base.offsets(of: ranges)) }
    }
}
