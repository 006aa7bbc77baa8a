import XCTest
@testable import StreamingJSON

private func tokens(_ text: String) throws -> [JSONToken.Kind] {
    var r = JSONReader(text)
    var out: [JSONToken.Kind] = []
    while let t = try r.next() { out.append(t.kind) }
    return out
}

private func parseError(_ bytes: [UInt8], limits: JSONReader.Limits = .init(), file: StaticString = #filePath, line: UInt = #line) -> JSONSyntaxError? {
    do {
        _ = try JSONValue.parse(bytes, limits: limits)
        XCTFail("expected an error for \(bytes)", file: file, line: line)
        return nil
    } catch {
        return error
    }
}

private func parseError(_ text: String, limits: JSONReader.Limits = .init(), file: StaticString = #filePath, line: UInt = #line) -> JSONSyntaxError? {
    parseError(Array(text.utf8), limits: limits, file: file, line: line)
}

final class JSONReaderTests: XCTestCase {
    func testReaderEmitsEveryTokenKindInOrder() throws {
        let kinds = try tokens(#"{"a":[1,-2.5,"s",true,false,null],"b":{}}"#)
        XCTAssertEqual(kinds, [.beginObject, .key("a"), .beginArray, .integer(1), .number(-2.5), .string("s"),
                               .bool(true), .bool(false), .null, .endArray, .key("b"), .beginObject, .endObject, .endObject])
    }

    func testTokensCarryLocationOfTheirFirstByte() throws {
        var r = JSONReader("[\n  \"é\", 12,\n  true ]")
        var locs: [JSONLocation] = []
        while let t = try r.next() { locs.append(t.location) }
        XCTAssertEqual(locs.map(\.line), [1, 2, 2, 3, 3])
        XCTAssertEqual(locs.map(\.column), [1, 3, 8, 3, 8])
        XCTAssertEqual(locs.map(\.byteOffset), [0, 4, 10, 16, 21])
    }

    func testColumnsCountScalarsNotBytes() throws {
        var r = JSONReader(#"["日本語😀", x]"#)
        _ = try r.next(); _ = try r.next()
        XCTAssertThrowsError(try r.next()) { e in
            let e = e as! JSONSyntaxError
            XCTAssertEqual(e.location.column, 10)
            XCTAssertEqual(e.location.byteOffset, 18)
        }
    }

    func testScalarTopLevelValues() throws {
        XCTAssertEqual(try JSONValue.parse("\"plain\""), .string("plain"))
        XCTAssertEqual(try JSONValue.parse(" 42 "), .integer(42))
        XCTAssertEqual(try JSONValue.parse("null"), .null)
        XCTAssertEqual(try JSONValue.parse("true"), .bool(true))
        XCTAssertEqual(try JSONValue.parse("false\n"), .bool(false))
    }

    func testSimpleEscapesDecode() throws {
        XCTAssertEqual(try JSONValue.parse(#""a\"b\\c\/d\be\ff\ng\rh\ti""#), .string("a\"b\\c/d\u{8}e\u{C}f\ng\rh\ti"))
    }

    func testUnicodeEscapesIncludingSurrogatePairsDecode() throws {
        XCTAssertEqual(try JSONValue.parse(#""\u0041\u00e9\u65E5\ud83d\ude00\u0000""#), .string("Aé日😀\u{0}"))
    }

    func testLoneSurrogateEscapesAreInvalidEscapes() {
        for text in [#""\ud83d""#, #""\ud83dx""#, #""\ude00""#, #""\ud83d\u0041""#, #""\ud83d\n""#] {
            XCTAssertEqual(parseError(text)?.kind, .invalidEscape, text)
        }
    }

    func testBadEscapesAreRejected() {
        XCTAssertEqual(parseError(#""\x""#)?.kind, .invalidEscape)
        XCTAssertEqual(parseError(#""\u12G4""#)?.kind, .invalidEscape)
        XCTAssertEqual(parseError(#""\u12G4""#)?.location.column, 6)
        XCTAssertEqual(parseError(#""\'""#)?.message, #"expected a valid escape character (one of " \ / b f n r t u) after '\', found "'""#)
    }

    func testRawControlCharactersInStringsAreRejected() {
        let e = parseError("\"a\tb\"")
        XCTAssertEqual(e?.kind, .unexpectedCharacter)
        XCTAssertEqual(e?.location.column, 3)
        XCTAssertTrue(e?.message.contains("U+0009") ?? false)
    }

    func testNonASCIIStringsPassThrough() throws {
        XCTAssertEqual(try JSONValue.parse("\"naïve 日本語 😀 e\u{301}\""), .string("naïve 日本語 😀 e\u{301}"))
        XCTAssertEqual(try JSONValue.parse("\"long ascii string with more than eight bytes then é and \\n escape\""),
                       .string("long ascii string with more than eight bytes then é and \n escape"))
    }

    func testIntegersParseAsInt() throws {
        XCTAssertEqual(try JSONValue.parse("[0,-1,123,9223372036854775807,-9223372036854775808]"),
                       .array([.integer(0), .integer(-1), .integer(123), .integer(.max), .integer(.min)]))
    }

    func testIntegersOutsideInt64BecomeDoubles() throws {
        XCTAssertEqual(try JSONValue.parse("9223372036854775808"), .number(9223372036854775808.0))
        XCTAssertEqual(try JSONValue.parse("-9223372036854775809"), .number(-9223372036854775809.0))
        XCTAssertEqual(try JSONValue.parse("123456789012345678901234567890"), .number(1.2345678901234568e29))
    }

    func testFractionsAndExponentsParseAsDouble() throws {
        XCTAssertEqual(try JSONValue.parse("[1.5,-0.25,1e3,1E-2,2.5e+2,0.1,1.7976931348623157e308,5e-324,-0,0.30000000000000004]"),
                       .array([.number(1.5), .number(-0.25), .number(1000), .number(0.01), .number(250), .number(0.1),
                               .number(1.7976931348623157e308), .number(.leastNonzeroMagnitude), .number(-0.0), .number(0.30000000000000004)]))
        if case .number(let d) = try JSONValue.parse("-0") { XCTAssertEqual(d.sign, .minus) } else { XCTFail() }
    }

    func testMalformedNumbersAreRejected() {
        for text in ["01", "-01", "1.", "1.e5", "-", "-a", "1e", "1e+", ".5", "+1", "NaN", "Infinity", "-Infinity", "0x10", "1e400", "[1.]"] {
            let e = parseError(text)
            XCTAssertNotNil(e, text)
            XCTAssertTrue([.invalidNumber, .unexpectedCharacter, .unexpectedEnd, .trailingData].contains(e?.kind), "\(text): \(String(describing: e))")
        }
        XCTAssertEqual(parseError("01")?.kind, .invalidNumber)
        XCTAssertEqual(parseError("[1.x]")?.kind, .invalidNumber)
        XCTAssertEqual(parseError("1e400")?.kind, .invalidNumber)
        XCTAssertEqual(parseError("+1")?.kind, .unexpectedCharacter)
    }

    func testErrorReportsExactLineAndColumn() {
        let e = parseError("{\n  \"a\": 1,\n  \"b\" 2\n}")
        XCTAssertEqual(e?.kind, .unexpectedCharacter)
        XCTAssertEqual(e?.location, JSONLocation(line: 3, column: 7, byteOffset: 18))
        XCTAssertEqual(e?.message, "expected ':' after object key, found '2'")
        let e2 = parseError("[\n1,\n2,\n    x]")
        XCTAssertEqual(e2?.location.line, 4)
        XCTAssertEqual(e2?.location.column, 5)
        XCTAssertEqual(e2?.description, "line 4, column 5: expected a value after ',', found 'x'")
    }

    func testMessagesSayWhatWasExpectedAndFound() {
        XCTAssertEqual(parseError("[1 x")?.message, "expected ',' or ']' after array element, found 'x'")
        XCTAssertEqual(parseError("{\"a\":1 ]")?.message, "expected ',' or '}' after object member, found ']'")
        XCTAssertEqual(parseError("{1:2}")?.message, "expected a string key or '}', found '1'")
        XCTAssertEqual(parseError("[1,]")?.message, "expected a value after ',', found ']'")
        XCTAssertEqual(parseError("")?.message, "expected a value, found end of input")
        XCTAssertEqual(parseError("[tru]")?.message, "expected 'true', found ']'")
    }

    func testCRLFLineEndingsCountLines() {
        let e = parseError("[\r\n1,\r\n?]")
        XCTAssertEqual(e?.location.line, 3)
        XCTAssertEqual(e?.location.column, 1)
    }

    func testEveryTruncatedPrefixThrowsUnexpectedEnd() throws {
        let doc = "{\"attributeTable\":[{\"NSLink\":{\"relative\":\"https:\\/\\/x.org\\u00e9\\ud83d\\ude00\"}}],\n \"runs\":[\"a0é😀\",0,-1.5e-3,true,false,null,{}]}"
        let bytes = Array(doc.utf8)
        XCTAssertNoThrow(try JSONValue.parse(bytes))
        for k in 0..<bytes.count {
            let prefix = Array(bytes[0..<k])
            XCTAssertThrowsError(try JSONValue.parse(prefix), "prefix \(k)") { e in
                XCTAssertEqual((e as! JSONSyntaxError).kind, .unexpectedEnd, "prefix \(k): \(e)")
                // At the end of input, or at the start of a truncated UTF-8 sequence.
                let offset = (e as! JSONSyntaxError).location.byteOffset
                XCTAssertTrue(offset <= k && offset >= k - 3, "prefix \(k): \(offset)")
            }
            var r = JSONReader(prefix)
            XCTAssertThrowsError(try { while try r.next() != nil {} }(), "reader prefix \(k)")
        }
    }

    func testInvalidUTF8IsReportedWithLocation() {
        let cases: [(String, [UInt8])] = [
            ("lone continuation", [0x80]),
            ("overlong 2-byte", [0xC0, 0xAF]),
            ("overlong 2-byte C1", [0xC1, 0xBF]),
            ("overlong 3-byte", [0xE0, 0x80, 0xAF]),
            ("overlong 4-byte", [0xF0, 0x80, 0x80, 0xAF]),
            ("UTF-8 encoded surrogate", [0xED, 0xA0, 0x80]),
            ("UTF-8 encoded low surrogate", [0xED, 0xBF, 0xBF]),
            ("above U+10FFFF", [0xF4, 0x90, 0x80, 0x80]),
            ("F5 lead", [0xF5, 0x80, 0x80, 0x80]),
            ("FF byte", [0xFF]),
            ("truncated 2-byte", [0xC3]),
            ("truncated 3-byte", [0xE6, 0x97]),
            ("truncated 4-byte", [0xF0, 0x9F, 0x98]),
        ]
        for (name, bad) in cases {
            let doc: [UInt8] = Array("[\"ok\",\n \"ab".utf8) + bad + Array("\"]".utf8)
            let e = parseError(doc)
            XCTAssertEqual(e?.kind, .invalidUTF8, name)
            XCTAssertEqual(e?.location.line, 2, name)
            XCTAssertEqual(e?.location.column, 5, name)
            XCTAssertEqual(e?.location.byteOffset, 11, name)
        }
        // Outside strings too.
        XCTAssertEqual(parseError([0x5B, 0xFF, 0x5D])?.kind, .invalidUTF8)
        XCTAssertEqual(parseError([0x31, 0x20, 0xC3])?.kind, .trailingData)
        XCTAssertEqual(parseError(Array("[é]".utf8))?.message, "expected a value or ']', found 'é' (U+00E9)")
    }

    func testDeepNestingFailsCleanlyWithoutRecursion() {
        let deep = [UInt8](repeating: 0x5B, count: 100_000)
        let e = parseError(deep)
        XCTAssertEqual(e?.kind, .nestingTooDeep)
        XCTAssertEqual(e?.location.byteOffset, 512)
        var r = JSONReader(deep, limits: .init(maxDepth: 200_000))
        XCTAssertThrowsError(try { while try r.next() != nil {} }()) { e in
            XCTAssertEqual((e as! JSONSyntaxError).kind, .unexpectedEnd)
        }
        let objects = Array(String(repeating: "{\"a\":", count: 100_000).utf8)
        XCTAssertEqual(parseError(objects)?.kind, .nestingTooDeep)
        XCTAssertEqual(parseError(Array("[[[1]]]".utf8), limits: .init(maxDepth: 2))?.kind, .nestingTooDeep)
        XCTAssertEqual(try JSONValue.parse(Array("[[1]]".utf8), limits: .init(maxDepth: 2)), [[1]])
    }

    func testDeepNestingWithinLimitParses() throws {
        let depth = 512
        let text = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        var v = try JSONValue.parse(text)
        var d = 0
        while case .array(let a) = v, let first = a.first { v = first; d += 1 }
        XCTAssertEqual(d, depth - 1)
    }

    func testDuplicateKeysAreRejectedAtSecondOccurrence() {
        let e = parseError("{\"a\":1,\n \"b\":2,\n \"a\":3}")
        XCTAssertEqual(e?.kind, .duplicateKey)
        XCTAssertEqual(e?.location, JSONLocation(line: 3, column: 2, byteOffset: 17))
        XCTAssertEqual(e?.message, "duplicate key \"a\" in object; first defined at line 1, column 2")
        // Large objects use a hash set.
        let many = (0..<40).map { "\"k\($0)\":\($0)" }.joined(separator: ",")
        XCTAssertNoThrow(try JSONValue.parse("{\(many)}"))
        XCTAssertEqual(parseError("{\(many),\"k3\":0}")?.kind, .duplicateKey)
        // Same key in different objects is fine.
        XCTAssertNoThrow(try JSONValue.parse(#"[{"a":1},{"a":2,"b":{"a":3}}]"#))
    }

    func testTrailingDataIsRejected() {
        XCTAssertEqual(parseError("[1] x")?.kind, .trailingData)
        XCTAssertEqual(parseError("1 2")?.kind, .trailingData)
        XCTAssertEqual(parseError("{}}")?.location.column, 3)
        XCTAssertNoThrow(try JSONValue.parse("[1] \n\t\r "))
    }

    func testLeadingByteOrderMarkIsSkipped() throws {
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("[1, x]".utf8)
        XCTAssertEqual(try JSONValue.parse([0xEF, 0xBB, 0xBF] + Array("[1]".utf8)), [1])
        let e = parseError(bytes)
        XCTAssertEqual(e?.location, JSONLocation(line: 1, column: 5, byteOffset: 7))
        XCTAssertEqual(parseError([0xEF, 0xBB, 0xBF])?.kind, .unexpectedEnd)
    }

    func testStringLengthLimit() {
        XCTAssertEqual(parseError("[\"abcdef\"]", limits: .init(maxStringBytes: 5))?.kind, .stringTooLong)
        XCTAssertEqual(parseError("[\"ab\\ncdef\"]", limits: .init(maxStringBytes: 5))?.kind, .stringTooLong)
        XCTAssertEqual(parseError("{\"abcdef\":1}", limits: .init(maxStringBytes: 5))?.kind, .stringTooLong)
        XCTAssertNoThrow(try JSONValue.parse("[\"abcde\"]", limits: .init(maxStringBytes: 5)))
    }

    func testErrorsAreStickyInTheReader() {
        var r = JSONReader("[x]")
        XCTAssertNoThrow(try r.next())
        XCTAssertThrowsError(try r.next())
        XCTAssertThrowsError(try r.next()) { e in XCTAssertEqual((e as! JSONSyntaxError).location.column, 2) }
    }

    func testReaderReturnsNilAfterCompletion() throws {
        var r = JSONReader("  [ ]  ")
        XCTAssertEqual(try r.next()?.kind, .beginArray)
        XCTAssertEqual(r.depth, 1)
        XCTAssertEqual(try r.next()?.kind, .endArray)
        XCTAssertNil(try r.next())
        XCTAssertNil(try r.next())
    }
}
