import RichText

/// What an editor responds to: a scope of keys and ordered value constraints, in the shape of SwiftUI's
/// `AttributedTextFormattingDefinition`. A definition that builds normalises idempotently and terminates:
/// every constraint runs once, in order, and building rejects orders that would make a second pass differ.
public struct FormattingDefinition: Sendable {
    /// The definition's name.
    public let name: String
    /// The keys it responds to; any other key is removed.
    public let scope: [AttributeKeyDescriptor]
    /// The value constraints, in order.
    public let constraints: [any ValueConstraint]

    /// Builds and validates a definition; throws the first problem found.
    public init(
        name: String, scope: [AttributeKeyDescriptor],
        @ConstraintBuilder constraints: () -> [any ValueConstraint]
    ) throws(DefinitionError) {
        try self.init(name: name, scope: scope, constraintList: constraints())
    }

    /// Builds and validates a definition from data (what definition files load into).
    ///
    /// - Parameter declaredKeys: every key the definition knows, when that is more than the scope (see
    ///   `problems(scope:constraints:declaredKeys:)`); nil means the scope's keys.
    public init(name: String, scope: [AttributeKeyDescriptor], declaredKeys: [String]? = nil,
                constraintList: [any ValueConstraint]) throws(DefinitionError) {
        self.name = name
        self.scope = scope
        self.constraints = constraintList
        if let problem = FormattingDefinition.problems(scope: scope, constraints: constraintList, declaredKeys: declaredKeys).first {
            throw problem
        }
    }

    /// The scope's names.
    public var scopeNames: Set<String> { Set(scope.map { $0.name }) }

    /// The descriptor of a scope key.
    public func descriptor(named name: String) -> AttributeKeyDescriptor? { scope.first { $0.name == name } }

    /// The constraint that owns `key`, if any.
    public func owner(of key: String) -> (any ValueConstraint)? { constraints.first { $0.key.name == key } }
}

/// A definition written as a type, as in SwiftUI:
///
/// ```swift
/// struct RecipeFormattingDefinition: FormattingDefinitionProviding {
///     var scope: [AttributeKeyDescriptor] { [ForegroundColor.descriptor, Ingredient.descriptor] }
///     var body: [any ValueConstraint] { IngredientsAreGreen() }
/// }
/// let definition = try RecipeFormattingDefinition().definition()
/// ```
public protocol FormattingDefinitionProviding: Sendable {
    /// The definition's name; the type's name by default.
    var name: String { get }
    /// The keys the definition responds to.
    var scope: [AttributeKeyDescriptor] { get }
    /// The value constraints, in order.
    @ConstraintBuilder var body: [any ValueConstraint] { get }
}

extension FormattingDefinitionProviding {
    public var name: String { String(describing: Self.self) }

    /// The validated definition.
    public func definition() throws(DefinitionError) -> FormattingDefinition {
        try FormattingDefinition(name: name, scope: scope, constraintList: body)
    }
}
