@testable import FormatCheck
@testable import Formatting
import XCTest

/// "Did you mean …?" suggests typos' targets and stays quiet otherwise.
final class SuggestionTests: XCTestCase {
    func testATypoSuggestsTheNameMeant() {
        XCTAssertEqual(Suggestions.closest(to: "ingredent", in: ["foregroundColor", "ingredient"]), "ingredient")
        XCTAssertEqual(Suggestions.closest(to: "colour", in: AttributeValueType.names), "color")
        XCTAssertEqual(Suggestions.closest(to: "otherwize", in: ["rules", "otherwise"]), "otherwise")
    }

    func testATranspositionCountsAsOneEdit() {
        XCTAssertEqual(Suggestions.editDistance(Array("ingerdient"), Array("ingredient")), 1)
    }

    func testCaseDifferencesAndPrefixesAreSuggested() {
        XCTAssertEqual(Suggestions.closest(to: "ForegroundColor", in: ["foregroundColor"]), "foregroundColor")
        XCTAssertEqual(Suggestions.closest(to: "warn", in: ["error", "warning"]), "warning")
        XCTAssertEqual(Suggestions.closest(to: "boolean", in: AttributeValueType.names), "bool")
    }

    func testUnrelatedNamesSuggestNothing() {
        XCTAssertNil(Suggestions.closest(to: "c", in: ["b"]))
        XCTAssertNil(Suggestions.closest(to: "fontSize", in: ["ingredient", "foregroundColor"]))
        XCTAssertNil(Suggestions.closest(to: "x", in: []))
    }
}
