import XCTest
import RichText

/// A behaviour's cause reads back from the one spelling reports give it.
final class AdjustmentCauseTests: XCTestCase {
    func testEveryCauseReadsBackFromItsDescription() {
        let causes: [AttributeAdjustment.Cause] = [.textChanged, .paragraphBoundary, .characterBoundary, .attributeChanged("color"),
                                                   .attributeChanged("a(b)")]
        for cause in causes {
            XCTAssertEqual(AttributeAdjustment.Cause(description: cause.description), cause, cause.description)
        }
    }

    func testOtherTextIsNoCause() {
        for text in ["", "scope", "IngredientsAreGreen", "attribute-changed", "attribute-changed(x", "text-changed "] {
            XCTAssertNil(AttributeAdjustment.Cause(description: text), text)
        }
    }
}
