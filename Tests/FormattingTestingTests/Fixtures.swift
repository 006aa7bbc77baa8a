import Formatting
import RichText

/// Definitions the tests share.
enum Fixtures {
    static let ingredient = AttributeKeyDescriptor(name: "ingredient", behavior: AttributeBehavior(inheritedByAddedText: false, invalidationConditions: [.textChanged]))
    static let color = AttributeKeyDescriptor(name: "foregroundColor")
    static let flag = AttributeKeyDescriptor(name: "flag")

    /// The recipe editor's definition: ingredients are green, nothing else is coloured.
    static func recipe() throws -> FormattingDefinition {
        try FormattingDefinition(name: "recipe", scope: [ingredient, color]) {
            Rules("IngredientsAreGreen", for: color, [Rule(when: .present("ingredient"), .set(.string("green")))], otherwise: .remove)
        }
    }

    /// A deliberately broken constraint: it flips `flag` on every pass, so normalising never settles.
    static func toggling() throws -> FormattingDefinition {
        try FormattingDefinition(name: "toggling", scope: [flag]) {
            CustomConstraint("ToggleFlag", owns: flag) { run in
                run.value = run.value == nil ? .bool(true) : nil
            }
        }
    }
}
