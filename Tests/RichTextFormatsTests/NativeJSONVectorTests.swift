import XCTest
import RichText
import StreamingJSON
@testable import RichTextFormats

/// Documents produced by Foundation's `JSONEncoder` (sorted keys) decode and re-encode byte for byte.
final class NativeJSONVectorTests: XCTestCase {
    static let flatVector = #"["Hello ",{},"world",{"Highlight":"yellow","NSLink":{"relative":"https:\/\/swift.org"}},"!",{}]"#
    static let bareVector = #""plain""#
    static let tableVector = #"{"attributeTable":[{"NSLink":{"relative":"https:\/\/x.org\/0"}},{"NSLink":{"relative":"https:\/\/x.org\/1"}}],"runs":["a0",0,"b0",{},"a1",1,"b1",{},"a2",0,"b2",{},"a3",1,"b3",{},"a4",0,"b4",{},"a5",1,"b5",{}]}"#

    func roundTrip(_ vector: String, file: StaticString = #filePath, line: UInt = #line) throws -> DecodedDocument {
        let decoded = try NativeJSONDecoder().decode(vector)
        let encoded = try NativeJSONEncoder().encodeString(decoded.document, images: decoded.images)
        XCTAssertEqual(encoded, vector, file: file, line: line)
        XCTAssertEqual(decoded.adjustments, [], file: file, line: line)
        XCTAssertEqual(decoded.warnings, [], file: file, line: line)
        return decoded
    }

    func testFlatVectorRoundTripsByteForByte() throws {
        let decoded = try roundTrip(Self.flatVector)
        XCTAssertEqual(decoded.document.string, "Hello world!")
        let runs = Array(decoded.document.runs)
        XCTAssertEqual(runs.count, 3)
        XCTAssertEqual(runs[1].attributes["NSLink"], .url(URL(string: "https://swift.org")!))
        XCTAssertEqual(runs[1].attributes["Highlight"], .string("yellow"))
    }

    func testBareStringVectorRoundTripsByteForByte() throws {
        let decoded = try roundTrip(Self.bareVector)
        XCTAssertEqual(decoded.document, RichString("plain"))
    }

    func testTableVectorRoundTripsByteForByte() throws {
        let decoded = try roundTrip(Self.tableVector)
        XCTAssertEqual(decoded.document.string, "a0b0a1b1a2b2a3b3a4b4a5b5")
        XCTAssertEqual(Array(decoded.document.runs).count, 12)
    }

    func testEmptyDocumentIsAnEmptyBareString() throws {
        XCTAssertEqual(try NativeJSONEncoder().encodeString(RichString()), #""""#)
        XCTAssertEqual(try NativeJSONDecoder().decode(#""""#).document, RichString())
    }

    func testNSLinkStaysARecordWhenTheSchemaDoesNotKnowIt() throws {
        let decoded = try NativeJSONDecoder(schema: NativeJSONSchema()).decode(Self.flatVector)
        let runs = Array(decoded.document.runs)
        XCTAssertEqual(runs[1].attributes["NSLink"], .record(["relative": .string("https://swift.org")]))
        XCTAssertEqual(try NativeJSONEncoder().encodeString(decoded.document), Self.flatVector)
    }

    func testURLWithBaseKeepsFoundationsLayout() throws {
        let json = #"["x",{"NSLink":{"base":{"relative":"https:\/\/swift.org\/a\/"},"relative":"b\/c"}}]"#
        let decoded = try roundTrip(json)
        guard case .url(let url)? = Array(decoded.document.runs)[0].attributes["NSLink"] else { return XCTFail("not a URL") }
        XCTAssertEqual(url.absoluteString, "https://swift.org/a/b/c")
    }
}
