import Formatting
import RichText

enum Keys {
    static let color = AttributeKeyDescriptor(name: "foregroundColor")
    static let glyph = AttributeKeyDescriptor(name: "adaptiveImageGlyph", behavior: AttributeBehavior(runBoundaries: .character("\u{FFFC}")))
    static let ingredient = AttributeKeyDescriptor(name: "ingredient", behavior: AttributeBehavior(inheritedByAddedText: false, invalidationConditions: [.textChanged]))
    static let alignment = AttributeKeyDescriptor(name: "alignment", behavior: AttributeBehavior(runBoundaries: .paragraph))
    static let size = AttributeKeyDescriptor(name: "size")
    static let bold = AttributeKeyDescriptor(name: "bold")
    static let code = AttributeKeyDescriptor(name: "code")
}

let green = AttributeValue.color(RichColor(hex: "#34c759")!)
let white = AttributeValue.color(RichColor(hex: "#ffffff")!)

/// WWDC25's recipe definition.
func recipeDefinition() throws -> FormattingDefinition {
    try FormattingDefinition(name: "recipe", scope: [Keys.color, Keys.glyph, Keys.ingredient]) {
        Rules("IngredientsAreGreen", for: Keys.color, [Rule(when: .present("ingredient"), .set(green))], otherwise: .remove)
    }
}

func attributes(_ pairs: [(AttributeKeyDescriptor, AttributeValue)]) -> AttributeSet {
    AttributeSet(pairs.map { AttributeEntry(name: $0.0.name, value: $0.1, behavior: $0.0.behavior) })
}

extension RichString {
    func scalars(_ from: Int, _ to: Int) -> Range<Index> { range(from, to, in: .scalars) }
    func value(_ key: AttributeKeyDescriptor, atScalar n: Int) -> AttributeValue? {
        attributes(at: index(atOffset: n, in: .scalars))[key.name]
    }
}
