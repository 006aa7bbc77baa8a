import Formatting
import RichText
import XCTest

private enum FontSize: RichAttributeKey {
    typealias Value = Double
    static let name = "size"
}

/// Conditions and constraints name keys by type, as SwiftUI's do, and mean the same as their name-based forms.
final class TypedKeyConstraintTests: XCTestCase {
    private let greenColor = RichColor(hex: "#34c759")!

    func testTypedConditionsAreTheNameBasedConditions() {
        XCTAssertEqual(Condition.present(Ingredient.self), .present("ingredient"))
        XCTAssertEqual(Condition.absent(Ingredient.self), .absent("ingredient"))
        XCTAssertEqual(Condition.equals(Ingredient.self, "milk"), .equals("ingredient", .string("milk")))
        XCTAssertEqual(Condition.oneOf(Ingredient.self, ["milk", "eggs"]), .oneOf("ingredient", [.string("milk"), .string("eggs")]))
    }

    func testRulesForATypedKeyOwnItsDescriptor() {
        let rules = Rules(for: ForegroundColor.self, [Rule(when: .present(Ingredient.self), .set(.color(greenColor)))], otherwise: .remove)
        XCTAssertEqual(rules.name, "foregroundColor-rules")
        XCTAssertEqual(rules.key, ForegroundColor.descriptor)
        XCTAssertEqual(rules.reads, ["ingredient"])
        XCTAssertEqual(Rules("IngredientsAreGreen", for: ForegroundColor.self, []).name, "IngredientsAreGreen")
    }

    func testATypedRecipeDefinitionMakesMilkGreen() throws {
        let definition = try FormattingDefinition(name: "recipe", scope: [ForegroundColor.descriptor, Ingredient.descriptor]) {
            Rules("IngredientsAreGreen", for: ForegroundColor.self, [Rule(when: .present(Ingredient.self), .set(.color(greenColor)))], otherwise: .remove)
        }
        var text = RichString("add milk")
        let milk = text.range(of: "milk")!
        _ = FormattingEngine(definition).apply(.setAttribute(Ingredient.descriptor, to: .string("milk"), in: RangeSet(milk)), to: &text)
        XCTAssertEqual(text[milk][ForegroundColor.self], greenColor)
    }

    func testTypedAllowedValuesClampAndCustomConstraints() throws {
        let allowed = AllowedValues(for: Ingredient.self, values: ["milk", "eggs"], default: nil)
        XCTAssertEqual(allowed.key, Ingredient.descriptor)
        XCTAssertEqual(allowed.values, [.string("milk"), .string("eggs")])
        XCTAssertNil(allowed.defaultValue)
        let clamp = Clamp(for: FontSize.self, lower: 8, upper: 72)
        XCTAssertEqual(clamp.key, FontSize.descriptor)
        XCTAssertEqual(clamp.name, "size-clamp")
        let custom = CustomConstraint("Green", owns: ForegroundColor.self, reads: [Ingredient.self]) { run in
            run.value = run[Ingredient.self] == nil ? nil : .color(RichColor(hex: "#34c759")!)
        }
        XCTAssertEqual(custom.reads, ["ingredient"])
        _ = try FormattingDefinition(name: "typed", scope: [ForegroundColor.descriptor, Ingredient.descriptor, FontSize.descriptor]) {
            allowed
            clamp
            custom
        }
    }
}
