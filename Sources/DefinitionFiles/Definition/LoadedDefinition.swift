import Formatting
import RichText
import StreamingJSON

/// A definition file that loaded without errors: the engine's model plus what only the file knows (types,
/// severities, where each rule is written), so the linter can type-check values and cite rules.
public struct LoadedDefinition: Sendable {
    /// The file's name as given to the loader (used in reports).
    public let fileName: String
    /// The validated definition the engine runs.
    public let definition: FormattingDefinition
    /// Every declared attribute by name.
    public let attributes: [String: AttributeDeclaration]
    /// The declared attributes' names in file order.
    public let attributeOrder: [String]
    /// Severities the file sets, by rule (a constraint name or a `BuiltInRule` id).
    public let severities: [String: Severity]
    /// Where each rule is written: constraint names at their `"name"`, and `scope` at the scope list.
    public let ruleLocations: [String: JSONLocation]
    /// The file's own words: the definition's under `""`, each constraint's under its name.
    public let summaries: [String: String]
    /// Warnings found while loading (the file still loaded).
    public let warnings: [Diagnostic]

    /// The definition's name.
    public var name: String { definition.name }

    /// The severity of a rule: what the file sets, else error.
    public func severity(of rule: String) -> Severity {
        severities[rule] ?? BuiltInRule(rawValue: rule)?.defaultSeverity ?? .error
    }

    /// The declaration of an attribute, if the file declares it.
    public func declaration(of name: String) -> AttributeDeclaration? { attributes[name] }

    /// The declarations in file order.
    public var orderedAttributes: [AttributeDeclaration] { attributeOrder.compactMap { attributes[$0] } }

    /// Every rule id a finding under this definition can carry: the constraints in order, then the built-in rules.
    public var ruleIDs: [String] { definition.constraints.map(\.name) + BuiltInRule.allCases.map(\.id) }
}
