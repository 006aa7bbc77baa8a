import XCTest
import Formatting
import FormattingTesting

/// The README's XCTest example.
final class HeadingPropertyTests: XCTestCase {
    func testHeadingsKeepEveryInvariant() throws {
        let result = PropertyCheck.run(definition: try headingDefinition(headingsAreLarge), seed: 1)
        XCTAssertTrue(result.passed, result.description)
        print("headings: \(result.stats)")
    }

    func testAGrowingHeadingIsCaughtAndShrunk() throws {
        let definition = try headingDefinition(headingsGrow)
        let result = PropertyCheck.run(definition: definition, seed: 1)
        print(result)
        guard case let .failed(_, _, failure, script, _, _) = result else { return XCTFail("the growing heading was not caught") }
        // A heading that grows on every pass is a normalisation that is not idempotent: the check that names
        // the cause, not the unclean document it leaves behind.
        XCTAssertEqual(failure.check, .idempotentNormalization)
        XCTAssertLessThanOrEqual(script.count, 3)
        XCTAssertNotNil(PropertyCheck.check(script: script, definition: definition))
    }
}
