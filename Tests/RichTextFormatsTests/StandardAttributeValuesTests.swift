import RichText
import RichTextFormats
import XCTest

/// The named values of the standard paragraph attributes: each reads back from the value it stores, nothing else
/// reads as one, and a typed key over them stores what the readers and writers expect.
final class StandardAttributeValuesTests: XCTestCase {
    private enum Alignment: RichAttributeKey {
        typealias Value = StandardAttributes.Alignment
        static let name = StandardAttributes.alignment.name
        static let runBoundaries: RunBoundary? = .paragraph
    }

    func testEveryValueReadsBackFromWhatItStores() {
        for alignment in StandardAttributes.Alignment.allCases {
            XCTAssertEqual(alignment.attributeValue, .string(alignment.rawValue))
            XCTAssertEqual(StandardAttributes.Alignment(attributeValue: alignment.attributeValue), alignment)
        }
        for direction in StandardAttributes.WritingDirection.allCases {
            XCTAssertEqual(StandardAttributes.WritingDirection(attributeValue: direction.attributeValue), direction)
        }
        XCTAssertEqual(StandardAttributes.Alignment.allCases.map(\.rawValue), ["left", "center", "right", "justified", "natural"])
        XCTAssertEqual(StandardAttributes.WritingDirection.allCases.map(\.rawValue), ["leftToRight", "rightToLeft", "natural"])
    }

    func testOtherValuesAreNoneOfThem() {
        XCTAssertNil(StandardAttributes.Alignment(attributeValue: .string("centre")))
        XCTAssertNil(StandardAttributes.Alignment(attributeValue: .integer(1)))
        XCTAssertNil(StandardAttributes.WritingDirection(attributeValue: .string("rtl")))
    }

    func testATypedKeyStoresTheNameTheHTMLWriterReads() {
        var text = RichString("Title\nBody")
        text[text.startIndex..<text.index(atOffset: 3, in: .characters)][Alignment.self] = .justified
        XCTAssertEqual(text.runs.first?.attributes[StandardAttributes.alignment.name], .string("justified"))
        let html = HTMLExporter(fullDocument: false).export(text).html
        XCTAssertTrue(html.contains("<p style=\"text-align:justify\">Title</p>"), html)
    }
}
