import XCTest
@testable import RichTextFormats

final class RichTextFormatsSmokeTests: XCTestCase {
    func testModuleLoads() { XCTAssertTrue(true) }
}
