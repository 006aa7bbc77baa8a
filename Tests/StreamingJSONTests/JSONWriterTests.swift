import Foundation
import XCTest
@testable import StreamingJSON

final class JSONWriterTests: XCTestCase {
    private func roundTrip(_ text: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let v = try JSONValue.parse(text)
        let out = try JSONWriter.string(v, options: .init(sortedKeys: true))
        XCTAssertEqual(out, text, file: file, line: line)
    }

    func testAttributedStringVectorsRoundTripByteForByte() throws {
        try roundTrip(#"["Hello ",{},"world",{"Highlight":"yellow","NSLink":{"relative":"https:\/\/swift.org"}},"!",{}]"#)
        try roundTrip(#""plain""#)
        try roundTrip(#"{"attributeTable":[{"NSLink":{"relative":"https:\/\/x.org\/0"}},{"NSLink":{"relative":"https:\/\/x.org\/1"}}],"runs":["a0",0,"b0",{},"a1",1,"b1",{},"a2",0,"b2",{},"a3",1,"b3",{},"a4",0,"b4",{},"a5",1,"b5",{}]}"#)
    }

    func testStringEscapingMatchesFoundationJSONEncoder() throws {
        var dict: [String: String] = [:]
        var object = JSONObject()
        for i in 0..<0x20 {
            let s = "k" + String(UnicodeScalar(UInt8(i))) + "\(i)"
            dict[s] = s
            object[s] = .string(s)
        }
        for s in ["/", "\"", "\\", "\u{7F}", "é", "e\u{301}x", "f", "Z", "a", "B", "ä", "10", "9", "\u{2028}", "😀", "\u{FFFF}", "\u{E000}", "A\u{30A}", "a/b\\c\"d"] {
            dict[s] = s
            object[s] = .string(s)
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let expected = try encoder.encode(dict)
        let ours = try JSONWriter.write(.object(object), options: .init(sortedKeys: true))
        XCTAssertEqual(String(decoding: ours, as: UTF8.self), String(decoding: expected, as: UTF8.self))
        XCTAssertEqual(ours, Array(expected))
    }

    func testNumbersMatchFoundationJSONEncoder() throws {
        let doubles: [Double] = [1.5, 0.1, 1, 100, 1e20, 1e21, 1e22, 1e-5, 1e-7, 1.2345678901234568e20, 0.30000000000000004,
                                 -0.0, .leastNonzeroMagnitude, 1.7976931348623157e308, 2.5e-6, 12345.678, 1e16, 9007199254740992, -3.25]
        let encoder = JSONEncoder()
        let expected = String(decoding: try encoder.encode(doubles), as: UTF8.self)
        XCTAssertEqual(try JSONWriter.string(.array(doubles.map { .number($0) })), expected)
        let ints = [0, 1, -1, 42, Int.max, Int.min, 1_000_000]
        XCTAssertEqual(try JSONWriter.string(.array(ints.map { .integer($0) })), String(decoding: try encoder.encode(ints), as: UTF8.self))
    }

    func testPrettyPrintingMatchesFoundationJSONEncoder() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        let nested: [String: [String: [Int]]] = ["b": ["x": [1, 2], "e": []], "a": [:]]
        let expected = String(decoding: try encoder.encode(nested), as: UTF8.self)
        let v: JSONValue = ["b": ["x": [1, 2], "e": []], "a": [:]]
        XCTAssertEqual(try JSONWriter.string(v, options: .init(sortedKeys: true, prettyPrinted: true)), expected)
        XCTAssertEqual(try JSONWriter.string([], options: .init(prettyPrinted: true)),
                       String(decoding: try encoder.encode([Int]()), as: UTF8.self))
    }

    func testSlashEscapingCanBeDisabled() throws {
        XCTAssertEqual(try JSONWriter.string("a/b", options: .init(escapeSlashes: false)), #""a/b""#)
        XCTAssertEqual(try JSONWriter.string("a/b"), #""a\/b""#)
    }

    func testNonFiniteNumbersThrow() {
        XCTAssertThrowsError(try JSONWriter.write([.number(.nan)])) { e in
            guard case .nonFiniteNumber = e as! JSONWriteError else { return XCTFail() }
        }
        XCTAssertThrowsError(try JSONWriter.write(.number(.infinity)))
    }

    func testLowLevelAppendAPIInsertsSeparators() throws {
        var w = JSONWriter()
        w.beginArray()
        w.appendString("Hello ")
        w.beginObject()
        w.endObject()
        w.beginObject()
        w.appendKey("NSLink")
        w.beginObject()
        w.appendKey("relative")
        w.appendString("https://swift.org")
        w.endObject()
        w.appendKey("n")
        w.appendInteger(-12)
        w.appendKey("d")
        try w.appendNumber(0.5)
        w.endObject()
        w.appendBool(false)
        w.appendNull()
        w.endArray()
        XCTAssertEqual(String(decoding: w.bytes, as: UTF8.self),
                       #"["Hello ",{},{"NSLink":{"relative":"https:\/\/swift.org"},"n":-12,"d":0.5},false,null]"#)
    }

    func testUnsortedWriterKeepsDocumentOrder() throws {
        let v = try JSONValue.parse(#"{"b":1,"a":{"d":2,"c":3}}"#)
        XCTAssertEqual(try JSONWriter.string(v), #"{"b":1,"a":{"d":2,"c":3}}"#)
        XCTAssertEqual(try JSONWriter.string(v, options: .init(sortedKeys: true)), #"{"a":{"c":3,"d":2},"b":1}"#)
    }
}
