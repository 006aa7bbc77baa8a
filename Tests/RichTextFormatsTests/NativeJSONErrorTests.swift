import XCTest
import RichText
import StreamingJSON
@testable import RichTextFormats

/// Malformed documents fail with a typed error that says where (line, column, byte) and what was expected.
final class NativeJSONErrorTests: XCTestCase {
    func error(_ json: String, schema: NativeJSONSchema = .standard, limits: JSONReader.Limits = JSONReader.Limits(maxDepth: 256),
               file: StaticString = #filePath, line: UInt = #line) -> DocumentError? {
        error(Array(json.utf8), schema: schema, limits: limits, file: file, line: line)
    }

    func error(_ bytes: [UInt8], schema: NativeJSONSchema = .standard, limits: JSONReader.Limits = JSONReader.Limits(maxDepth: 256),
               file: StaticString = #filePath, line: UInt = #line) -> DocumentError? {
        do {
            _ = try NativeJSONDecoder(schema: schema, limits: limits).decode(bytes)
            XCTFail("expected an error", file: file, line: line)
            return nil
        } catch {
            return error
        }
    }

    func assertLocation(_ error: DocumentError?, line: Int, column: Int, byte: Int, file: StaticString = #filePath, lineNumber: UInt = #line) {
        XCTAssertEqual(error?.location, JSONLocation(line: line, column: column, byteOffset: byte), "\(String(describing: error))", file: file, line: lineNumber)
    }

    func testRunTextWithoutAttributesSaysAnAttributeDictionaryWasExpected() {
        let e = error(#"["a"]"#)
        XCTAssertEqual(e?.kind, .unexpectedStructure)
        XCTAssertEqual(e?.expected, "an attribute dictionary after run text")
        XCTAssertEqual(e?.message, "expected an attribute dictionary after run text, found ']'")
        assertLocation(e, line: 1, column: 5, byte: 4)
    }

    func testTableIndexInTheFlatFormIsRejectedAtTheIndex() {
        let e = error(#"["a",0]"#)
        XCTAssertEqual(e?.expected, "an attribute dictionary after run text")
        assertLocation(e, line: 1, column: 6, byte: 5)
    }

    func testANonStringWhereRunTextBelongsIsRejected() {
        let e = error(#"["a",{},3]"#)
        XCTAssertEqual(e?.expected, "run text (a string) or ']'")
        assertLocation(e, line: 1, column: 9, byte: 8)
    }

    func testWrongValueTypeForAKnownKeyPointsAtTheValue() {
        let e = error("[\n  \"é\",\n  {\"bold\": 3}\n]")
        XCTAssertEqual(e?.kind, .wrongValueType(key: "bold"))
        XCTAssertEqual(e?.expected, "true or false")
        XCTAssertEqual(e?.message, "attribute \"bold\": expected true or false, found an integer")
        assertLocation(e, line: 3, column: 12, byte: 21) // "é" is two bytes, one column
    }

    func testWrongColorAndGlyphValuesAreTypeErrors() {
        XCTAssertEqual(error(#"["a",{"foregroundColor":"red"}]"#)?.kind, .wrongValueType(key: "foregroundColor"))
        XCTAssertEqual(error(#"["a",{"foregroundColor":{"red":1}}]"#)?.kind, .wrongValueType(key: "foregroundColor"))
        XCTAssertEqual(error(#"["a",{"adaptiveImageGlyph":{"contentDescription":"x"}}]"#)?.kind, .wrongValueType(key: "adaptiveImageGlyph"))
        XCTAssertEqual(error(#"["a",{"NSLink":{"relative":3}}]"#)?.kind, .wrongValueType(key: "NSLink"))
    }

    func testTableIndexOutOfRangeNamesTheTableSize() {
        let e = error(#"{"attributeTable":[{"bold":true}],"runs":["a",0,"b",1]}"#)
        XCTAssertEqual(e?.kind, .unknownTableIndex(1))
        XCTAssertEqual(e?.expected, "a table index from 0 to 0")
        assertLocation(e, line: 1, column: 53, byte: 52)
        XCTAssertEqual(error(#"{"runs":["a",-1]}"#)?.kind, .unknownTableIndex(-1))
    }

    func testTheTableFormNeedsRuns() {
        let e = error(#"{"attributeTable":[]}"#)
        XCTAssertEqual(e?.kind, .missingMember("runs"))
        assertLocation(e, line: 1, column: 21, byte: 20)
    }

    func testDuplicateKeysAreErrorsAtTheSecondKey() {
        let e = error(#"["a",{"bold":true,"bold":false}]"#)
        XCTAssertEqual(e?.kind, .duplicateKey("bold"))
        assertLocation(e, line: 1, column: 19, byte: 18)
        XCTAssertEqual(error(#"{"runs":[],"runs":[]}"#)?.kind, .duplicateKey("runs"))
        XCTAssertEqual(error(#"["a",{"k":{"x":1,"x":2}}]"#)?.kind, .duplicateKey("x"))
    }

    func testTopLevelValuesOtherThanTheThreeFormsAreRejected() {
        let e = error("42")
        XCTAssertEqual(e?.expected, "a string, an array of runs, or an object with \"runs\"")
        assertLocation(e, line: 1, column: 1, byte: 0)
        XCTAssertNotNil(error("null"))
    }

    func testTruncatedInputIsAnUnexpectedEndError() {
        for cut in [#"["a",{"#, #"["a",{"bold":tr"#, #"{"runs":["#, #"""#, ""] {
            let e = error(cut)
            guard case .syntax(.unexpectedEnd)? = e?.kind else { return XCTFail("\(cut): \(String(describing: e))") }
            XCTAssertEqual(e?.location?.byteOffset, cut.utf8.count, cut)
        }
    }

    func testInvalidUTF8IsAnErrorAtTheBadByte() {
        let bytes: [UInt8] = Array(#"["ab"#.utf8) + [0xFF] + Array(#"",{}]"#.utf8)
        let e = error(bytes)
        XCTAssertEqual(e?.kind, .syntax(.invalidUTF8))
        XCTAssertEqual(e?.location?.byteOffset, 4)
    }

    func testHundredThousandLevelsOfNestingFailCleanly() {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        // Nested arrays are not runs: rejected at the second '[' before any depth builds up.
        XCTAssertEqual(error(deep)?.location?.byteOffset, 1)
        let deepValue = #"["a",{"k":"# + deep + "}]"
        XCTAssertEqual(error(deepValue)?.kind, .syntax(.nestingTooDeep))
        let deepObject = #"["a",{"k":"# + String(repeating: #"{"a":"#, count: 100_000)
        XCTAssertEqual(error(deepObject)?.kind, .syntax(.nestingTooDeep))
    }

    func testStringsPastTheLimitAreRejected() {
        let long = #"[""# + String(repeating: "x", count: 5000) + #"",{}]"#
        XCTAssertEqual(error(long, limits: JSONReader.Limits(maxStringBytes: 4096))?.kind, .syntax(.stringTooLong))
    }

    func testHugeStringsWithinTheLimitDecode() throws {
        let text = String(repeating: "ab😀", count: 300_000)
        let decoded = try NativeJSONDecoder().decode(#"[""# + text + #"",{"bold":true}]"#)
        XCTAssertEqual(decoded.document.string, text)
    }

    func testTrailingDataIsRejected() {
        guard case .syntax(.trailingData)? = error(#""a" "b""#)?.kind else { return XCTFail() }
    }

    func testErrorsPrintTheirLocation() {
        XCTAssertEqual(error(#"["a"]"#)?.description, "line 1, column 5 (byte 4): expected an attribute dictionary after run text, found ']'")
    }

    func testNullAttributeValuesAreAbsentWithAWarning() throws {
        let decoded = try NativeJSONDecoder().decode(#"["a",{"bold":null,"k":[1,null]}]"#)
        XCTAssertEqual(Array(decoded.document.runs)[0].attributes, AttributeSet([AttributeEntry(name: "k", value: .list([.integer(1)]))]))
        XCTAssertEqual(decoded.warnings.count, 2)
        XCTAssertEqual(decoded.warnings[0].location?.column, 14)
    }

    func testUnknownTopLevelMembersAreSkippedWithAWarning() throws {
        let decoded = try NativeJSONDecoder().decode(#"{"runs":["a",{}],"extra":{"x":[1,2]}}"#)
        XCTAssertEqual(decoded.document, RichString("a"))
        XCTAssertEqual(decoded.warnings.map(\.message), ["unknown member \"extra\" skipped"])
    }

    func testInconsistentDocumentsAreFixedAndTheFixIsReported() throws {
        // Two alignments in one paragraph: the first character decides, and the change is reported.
        let decoded = try NativeJSONDecoder().decode(#"["ab",{"alignment":"center"},"cd\nef",{"alignment":"right"}]"#)
        XCTAssertEqual(decoded.adjustments.count, 1)
        XCTAssertEqual(decoded.adjustments.first?.key, "alignment")
        XCTAssertEqual(decoded.adjustments.first?.newValue, .string("center"))
        XCTAssertEqual(decoded.adjustments.first?.utf8Range, 2..<5)
        // A glyph on text that is not U+FFFC is removed, and reported.
        let glyph = try NativeJSONDecoder().decode(#"["x",{"adaptiveImageGlyph":{"contentIdentifier":"c"}}]"#)
        XCTAssertEqual(glyph.document, RichString("x"))
        XCTAssertEqual(glyph.adjustments.map(\.cause), [.characterBoundary])
        XCTAssertEqual(glyph.warnings.count, 1) // and its image is missing
    }

    func testGlyphImageSideTableErrors() {
        XCTAssertEqual(error(#"{"imageGlyphs":{"c":{"contentType":"x"}},"runs":[]}"#)?.kind, .missingMember("data"))
        XCTAssertEqual(error(#"{"imageGlyphs":{"c":{"data":"%%%"}},"runs":[]}"#)?.kind, .invalidAttachment)
        XCTAssertEqual(error(#"{"imageGlyphs":{"c":{"data":""},"c":{"data":""}},"runs":[]}"#)?.kind, .duplicateKey("c"))
    }

    /// Run texts that are each ill-formed UTF-8 but whose bytes join into a valid scalar across the run boundary
    /// ("\u{CC}" then "\u{B7}", U+0337 split in two): an error at the first bad string, not a trap (a fuzzer's find).
    func testAScalarSplitAcrossTwoRunTextsIsAnError() {
        let bytes: [UInt8] = Array(#"["worl"#.utf8) + [0xCC] + Array(#"",{},""#.utf8) + [0xB7] + Array(#"",{}]"#.utf8)
        XCTAssertThrowsError(try NativeJSONDecoder().decode(bytes))
    }
}
