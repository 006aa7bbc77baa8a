import Formatting
import RichText

/// Definitions with a bug planted in them, as an engineer writing constraints in Swift might plant one: the
/// harness finds it with the correct editor (`PlantedBugEditor(bug: nil)`), since the editor only follows the
/// definition.
public enum PlantedDefinitions {
    /// A definition whose one constraint is not idempotent: it counts how often it ran (`visits` goes up by one on
    /// every normalisation), so normalising twice differs from normalising once, from the first typed character.
    public static func countingVisits() throws(DefinitionError) -> FormattingDefinition {
        let visits = AttributeKeyDescriptor(name: "visits")
        let counter = CustomConstraint("CountsVisits", owns: visits, explanation: "visits goes up by one each time it is normalised.",
                                       sampleValues: ["visits": [.integer(0), .integer(1)]]) { run in
            if case .integer(let n)? = run.value { run.value = .integer(n + 1) } else { run.value = .integer(1) }
        }
        return try FormattingDefinition(name: "counting-visits", scope: [visits, AttributeKeyDescriptor(name: "ingredient")], constraintList: [counter])
    }
}
