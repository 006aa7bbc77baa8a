import Formatting
import RichText
import TestKeys
import XCTest

private enum FontSize: RichAttributeKey {
    typealias Value = Double
    static let name = "size"
}

/// Conditions and constraints name keys by type, as SwiftUI's do, and mean the same as their name-based forms.
final class TypedKeyConstraintTests: XCTestCase {
    private let greenColor = RichColor(hex: "#34c759")!

    func testTypedConditionsAreTheNameBasedConditions() {
        XCTAssertEqual(Condition.present(IngredientKey.self), .present("ingredient"))
        XCTAssertEqual(Condition.absent(IngredientKey.self), .absent("ingredient"))
        XCTAssertEqual(Condition.equals(IngredientKey.self, "milk"), .equals("ingredient", .string("milk")))
        XCTAssertEqual(Condition.oneOf(IngredientKey.self, ["milk", "eggs"]), .oneOf("ingredient", [.string("milk"), .string("eggs")]))
    }

    func testRulesForATypedKeyOwnItsDescriptor() {
        let rules = Rules(for: ForegroundColorKey.self, [Rule(when: .present(IngredientKey.self), .set(.color(greenColor)))], otherwise: .remove)
        XCTAssertEqual(rules.name, "foregroundColor-rules")
        XCTAssertEqual(rules.key, ForegroundColorKey.descriptor)
        XCTAssertEqual(rules.reads, ["ingredient"])
        XCTAssertEqual(Rules("IngredientsAreGreen", for: ForegroundColorKey.self, []).name, "IngredientsAreGreen")
    }

    func testATypedRecipeDefinitionMakesMilkGreen() throws {
        let definition = try FormattingDefinition(name: "recipe", scope: [ForegroundColorKey.descriptor, IngredientKey.descriptor]) {
            Rules("IngredientsAreGreen", for: ForegroundColorKey.self, [Rule(when: .present(IngredientKey.self), .set(.color(greenColor)))], otherwise: .remove)
        }
        var text = RichString("add milk")
        let milk = text.range(of: "milk")!
        _ = FormattingEngine(definition).apply(.setAttribute(IngredientKey.descriptor, to: .string("milk"), in: RangeSet(milk)), to: &text)
        XCTAssertEqual(text[milk][ForegroundColorKey.self], greenColor)
    }

    func testTypedAllowedValuesClampAndCustomConstraints() throws {
        let allowed = AllowedValues(for: IngredientKey.self, values: ["milk", "eggs"], default: nil)
        XCTAssertEqual(allowed.key, IngredientKey.descriptor)
        XCTAssertEqual(allowed.values, [.string("milk"), .string("eggs")])
        XCTAssertNil(allowed.defaultValue)
        let clamp = Clamp(for: FontSize.self, lower: 8, upper: 72)
        XCTAssertEqual(clamp.key, FontSize.descriptor)
        XCTAssertEqual(clamp.name, "size-clamp")
        let custom = CustomConstraint("Green", owns: ForegroundColorKey.self, reads: [IngredientKey.self]) { run in
            run.value = run[IngredientKey.self] == nil ? nil : .color(RichColor(hex: "#34c759")!)
        }
        XCTAssertEqual(custom.reads, ["ingredient"])
        _ = try FormattingDefinition(name: "typed", scope: [ForegroundColorKey.descriptor, IngredientKey.descriptor, FontSize.descriptor]) {
            allowed
            clamp
            custom
        }
    }
}
