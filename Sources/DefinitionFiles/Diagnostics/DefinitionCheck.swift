/// The checks a definition file goes through while loading; each raw value is the stable rule id reports carry.
public enum DefinitionCheck: String, Hashable, Sendable, CaseIterable {
    /// The file is not well-formed JSON.
    case syntax = "definition-syntax"
    /// The file cannot be read.
    case unreadable = "definition-unreadable"
    /// A field the format does not know.
    case unknownField = "definition-unknown-field"
    /// A required field is missing.
    case missingField = "definition-missing-field"
    /// A name refers to an attribute the file does not declare.
    case unknownAttribute = "definition-unknown-attribute"
    /// A value of the wrong JSON type, or not of its attribute's declared type.
    case wrongType = "definition-wrong-type"
    /// A value of the right type but outside what the field allows (an empty enum, min above max, two characters).
    case invalidValue = "definition-invalid-value"
    /// A name given twice: an attribute, a scope entry, a constraint.
    case duplicateName = "definition-duplicate-name"
    /// Two constraints own one key.
    case duplicateOwner = "definition-duplicate-owner"
    /// A constraint writes, or reads, a key outside the scope.
    case outsideScope = "definition-outside-scope"
    /// A constraint reads a key a later constraint writes.
    case orderDependence = "definition-order-dependence"
    /// Constraints read each other's keys in a cycle.
    case cycle = "definition-cycle"
    /// A rule list that reads its own key gives a different result on its own output.
    case notIdempotent = "definition-not-idempotent"
    /// A rule (or `otherwise`) that can never apply.
    case unreachableRule = "definition-unreachable-rule"
    /// An image-glyph attribute that typed text inherits: typing U+FFFC after a glyph would duplicate it.
    case inheritableGlyph = "definition-inheritable-glyph"
    /// An attribute declared but left out of the scope.
    case unusedAttribute = "definition-unused-attribute"
    /// `severities` names a rule that does not exist.
    case unknownRule = "definition-unknown-rule"

    /// The stable rule id.
    public var id: String { rawValue }
}
