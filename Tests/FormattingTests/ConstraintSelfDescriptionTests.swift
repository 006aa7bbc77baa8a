import Formatting
import RichText
import TestKeys
import XCTest

/// Every constraint type says what it does (`sentence`) and which values are worth trying (`sampleValues`), so
/// `fmtcheck definition explain` and the property harness need no list of known types.
final class ConstraintSelfDescriptionTests: XCTestCase {
    private let green = AttributeValue.color(RichColor(hex: "#34c759")!)

    func testRulesSayTheirRulesInOrderAndSampleWhatTheyCompareAndSet() {
        let rules = Rules("IngredientsAreGreen", for: ForegroundColorKey.descriptor,
                          [Rule(when: .equals("ingredient", .string("milk")), .set(green)),
                           Rule(when: .oneOf("level", [.integer(1), .integer(2)]), .remove)], otherwise: .keep)
        XCTAssertEqual(rules.sentence, "foregroundColor is set to \(green) when ingredient is \"milk\"; else it is removed when level is one of 1 or 2; otherwise it is left as it is.")
        XCTAssertEqual(rules.sampleValues, ["ingredient": [.string("milk")], "level": [.integer(1), .integer(2)], "foregroundColor": [green]])
    }

    func testAllowedValuesAndClampsSampleTheirValuesAndTheEdgesOfTheirBounds() {
        let allowed = AllowedValues(for: AttributeKeyDescriptor(name: "align"), values: [.string("left"), .string("center")], default: .string("left"))
        XCTAssertEqual(allowed.sentence, "align may only be \"left\" or \"center\"; any other value becomes \"left\".")
        XCTAssertEqual(allowed.sampleValues, ["align": [.string("left"), .string("center"), .string("left")]])
        let clamp = Clamp(for: AttributeKeyDescriptor(name: "size"), lower: 8, upper: 1e300)
        XCTAssertEqual(clamp.sentence, "size is kept between 8 and 1e+300; a number outside moves to the nearer bound, and a value that is not a number is removed.")
        // A bound no whole number can stand for gets no whole neighbours, rather than a trap.
        XCTAssertEqual(clamp.sampleValues, ["size": [.number(8), .integer(7), .integer(9), .number(1e300), .string("not a number")]])
    }

    func testACustomConstraintSaysWhatItWasToldOrWhatItDecidesFrom() {
        let told = CustomConstraint("Headings", owns: AttributeKeyDescriptor(name: "heading"), reads: ["level"],
                                    explanation: "heading is set when level is 1.", sampleValues: ["level": [.integer(1)]]) { _ in }
        XCTAssertEqual(told.sentence, "heading is set when level is 1.")
        XCTAssertEqual(told.sampleValues, ["level": [.integer(1)]])
        let untold = CustomConstraint("Headings", owns: AttributeKeyDescriptor(name: "heading"), reads: ["level", "bold"]) { _ in }
        XCTAssertEqual(untold.sentence, "decides heading from bold and level (written in Swift).")
        XCTAssertEqual(untold.sampleValues, [:])
        let typed = CustomConstraint("Green", owns: ForegroundColorKey.self, sampleValues: [RichColor(hex: "#34c759")!]) { _ in }
        XCTAssertEqual(typed.sampleValues, ["foregroundColor": [green]])
    }
}
