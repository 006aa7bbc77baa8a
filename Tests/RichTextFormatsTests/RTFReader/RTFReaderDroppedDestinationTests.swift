import Foundation
import XCTest
@testable import RichTextFormats

/// Every destination the reader drops that may hold the writer's content (comments, shape text, destinations it
/// does not know) is a warning at the place it starts; only the known non-content destinations stay silent.
final class RTFReaderDroppedDestinationTests: XCTestCase {
    func testAStarredAnnotationIsDroppedWithALocatedWarning() throws {
        let read = try RTFReaderTestSupport.read("{\\rtf1 a{\\*\\annotation secret comment}b\\par}")
        XCTAssertEqual(read.document.string, "ab\n")
        let warning = try XCTUnwrap(read.warnings.first { $0.message.contains("annotations") }, "\(read.warnings)")
        XCTAssertEqual(warning.location?.column, 12, "at the \\annotation word")
    }

    func testShapeTextIsDroppedWithAWarning() throws {
        let read = try RTFReaderTestSupport.read("{\\rtf1 a{\\shp{\\*\\shpinst\\shpleft0{\\shptxt box text}}}b\\par}")
        XCTAssertEqual(read.document.string, "ab\n")
        XCTAssertTrue(read.warnings.contains { $0.message.contains("shape") && $0.message.contains("\\shptxt") }, "\(read.warnings)")
        let starred = try RTFReaderTestSupport.read("{\\rtf1 a{\\*\\shptxt box text}b\\par}")
        XCTAssertEqual(starred.document.string, "ab\n")
        XCTAssertTrue(starred.warnings.contains { $0.message.contains("\\shptxt") }, "\(starred.warnings)")
    }

    func testAnUnknownStarredDestinationIsAWarningNamingIt() throws {
        let read = try RTFReaderTestSupport.read("{\\rtf1 x{\\*\\unknowndest text}y{\\*\\unknowndest more}\\par}")
        XCTAssertEqual(read.document.string, "xy\n")
        XCTAssertEqual(read.warnings.map(\.message), ["the destination \\unknowndest is not kept: its content is dropped"])
        XCTAssertEqual(read.warnings.first?.location?.column, 12)
    }

    func testDroppedDestinationWarningsAreCapped() throws {
        let words = (0..<40).map { "{\\*\\zzdest\(String(UnicodeScalar(UInt8(97 + $0 % 26))))\(String(UnicodeScalar(UInt8(97 + $0 / 26)))) t}" }
        let read = try RTFReaderTestSupport.read("{\\rtf1 a" + words.joined() + "}")
        XCTAssertEqual(read.document.string, "a")
        XCTAssertEqual(read.warnings.count, RTFWarningLog.unmodelledWordCap + 1, "\(read.warnings.map(\.message))")
        XCTAssertTrue(read.warnings.last?.message.contains("more destinations") ?? false, "\(read.warnings.last?.message ?? "")")
    }
}
