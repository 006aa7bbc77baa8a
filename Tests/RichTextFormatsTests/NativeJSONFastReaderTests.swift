import XCTest
import RichText
import StreamingJSON
@testable import RichTextFormats
import struct FormattingTesting.SeededGenerator

/// The decoder's fast path agrees with the token reader: whatever it accepts decodes to the same document
/// with no warning, and everything else (errors, warnings, members it does not handle) is left to the token
/// reader, so errors keep their exact locations.
final class NativeJSONFastReaderTests: XCTestCase {
    /// The token reader's result, or nil when it fails.
    func slow(_ bytes: [UInt8], schema: NativeJSONSchema, limits: JSONReader.Limits) -> DecodedDocument? {
        var state = NativeJSONDecoding(bytes: bytes, schema: schema, limits: limits)
        return try? state.run()
    }

    /// Checks the fast path against the token reader on `bytes`; returns whether the fast path took it.
    @discardableResult
    func check(_ bytes: [UInt8], schema: NativeJSONSchema = .standard, limits: JSONReader.Limits = JSONReader.Limits(maxDepth: 256),
               _ message: @autoclosure () -> String = "", file: StaticString = #filePath, line: UInt = #line) -> Bool {
        let reference = slow(bytes, schema: schema, limits: limits)
        guard let fast = NativeJSONFastReader.read(bytes, schema: schema, limits: limits) else {
            // Giving up is always allowed; the decoder then returns exactly the token reader's answer.
            return false
        }
        let text = String(decoding: bytes, as: UTF8.self)
        guard let reference else {
            XCTFail("the fast path accepted what the token reader rejects: \(text.prefix(300)) \(message())", file: file, line: line)
            return true
        }
        XCTAssertEqual(reference.warnings, [], "the fast path accepted a document that warns: \(text.prefix(300)) \(message())", file: file, line: line)
        let decoded = fast.decoded()
        XCTAssertEqual(decoded.document, reference.document, "\(text.prefix(300)) \(message())", file: file, line: line)
        XCTAssertEqual(decoded.adjustments, reference.adjustments, "\(text.prefix(300)) \(message())", file: file, line: line)
        XCTAssertEqual(decoded.warnings, reference.warnings, "\(text.prefix(300)) \(message())", file: file, line: line)
        return true
    }

    func check(_ json: String, schema: NativeJSONSchema = .standard, limits: JSONReader.Limits = JSONReader.Limits(maxDepth: 256),
               file: StaticString = #filePath, line: UInt = #line) -> Bool {
        check(Array(json.utf8), schema: schema, limits: limits, file: file, line: line)
    }

    func testTheIssueVectorsTakeTheFastPathAndMatch() {
        XCTAssertTrue(check(#"["Hello ",{},"world",{"Highlight":"yellow","NSLink":{"relative":"https:\/\/swift.org"}},"!",{}]"#))
        XCTAssertTrue(check(#""plain""#))
        XCTAssertTrue(check(#"{"attributeTable":[{"NSLink":{"relative":"https:\/\/x.org\/0"}},{"NSLink":{"relative":"https:\/\/x.org\/1"}}],"runs":["a0",0,"b0",{},"a1",1,"b1",{},"a2",0,"b2",{},"a3",1,"b3",{},"a4",0,"b4",{},"a5",1,"b5",{}]}"#))
    }

    func testRepeatedDictionariesAndTheirOtherSpellingsDecodeAlike() {
        let json = #"["a",{"bold":true,"k":[1,{"x":"y"}]},"b",{"bold":true,"k":[1,{"x":"y"}]},"c",{ "bold" : true , "k":[1,{"x":"y"}]},"#
            + #""d",{"k":[1,{"x":"y"}],"bold":true},"e",{"\u0062old":true,"k":[1,{"x":"y"}]},"f",{"bold":true,"k":[1,{"x":"y"}]}]"#
        XCTAssertTrue(check(json))
        XCTAssertTrue(check("[\"a\",{\"k\":\"}\\\"{\"},\"b\",{\"k\":\"}\\\"{\"},\"c\",{\"k\":\"]\"}]"))
    }

    func testEscapesAndUnicodeInRunTextMatch() {
        XCTAssertTrue(check(#"["\"\\\/\b\f\n\r\t\u0000\u00e9\u20AC\ud83d\ude00 é€😀",{"bold":true},"",{},"x",{}]"#))
        XCTAssertTrue(check("\u{FEFF}[ \"crème\" , { } , \"naïve\\n\",{\"k\":1}\n]\r\n"))
        XCTAssertTrue(check("[]"))
        XCTAssertTrue(check(#""""#))
    }

    func testTableFormInEitherOrderMatches() {
        XCTAssertTrue(check(#"{"runs":["a",1,"b",0,"",7,"c",{"k":null}],"attributeTable":[{"k":1},{"k":2}]}"#) == false)
        XCTAssertTrue(check(#"{"runs":["a",1,"b",0,"",7,"c",{}],"attributeTable":[{"k":1},{"k":2}]}"#))
        XCTAssertTrue(check(#"{ "attributeTable" : [ ] , "runs" : [ "a" , {} ] }"#))
        XCTAssertTrue(check(#"{"run\u0073":["a",{}]}"#))
    }

    func testWhatWarnsOrFailsIsLeftToTheTokenReader() {
        let cases = [
            #"["\uFFFC",{"adaptiveImageGlyph":{"contentIdentifier":"c"}}]"#,
            #"["a",{"k":null}]"#, #"{"runs":[],"other":1}"#, #"{"runs":[],"imageGlyphs":{}}"#, #"{"runs":[],"runs":[]}"#,
            #"{"attributeTable":[]}"#, #"{"runs":["a",0]}"#, #"{"runs":["a",2],"attributeTable":[{}]}"#, #"{"runs":["a",-1]}"#,
            #"{"runs":["a",01],"attributeTable":[{}]}"#, #"{"runs":["a",0.0],"attributeTable":[{}]}"#, #"{"runs":["a",0e0]}"#,
            #"["a",{"bold":true,"bold":false}]"#, #"["a",{"bold":1}]"#, #"["a",{}"#, #"["a",{},]"#, #"["a",{}] x"#, #"["a"]"#,
            #"["a\x",{}]"#, #"["\ud800",{}]"#, #"["\udc00",{}]"#, #"["\ud800\u0041",{}]"#, #"["\u12G4",{}]"#, "[\"a\u{1}\",{}]", "",
            #"["a",{"k":{"a":1}x}]"#, #"["a",{"k":[1,2}]}]"#, #"["a",{"k":"unterminated]"#,
        ]
        for json in cases { check(Array(json.utf8), json) }
        for bytes: [UInt8] in [[0x22, 0xC3, 0x22], [0x22, 0xED, 0xA0, 0x80, 0x22], [0x22, 0xF4, 0x90, 0x80, 0x80, 0x22], [0x22, 0xE2, 0x82]] {
            XCTAssertFalse(check(bytes))
        }
    }

    /// A dictionary decoded in one document is reused by the next (`NativeJSONAttributeMemo`), but only under the
    /// same schema and limits: each document still decodes as the token reader decodes it on its own.
    func testDictionariesFromEarlierDocumentsDecodeAsTheTokenReaderDoesUnderEachSchema() {
        let json = ##"["a",{"foregroundColor":"#34C759","ingredient":"milk"},"b",{"foregroundColor":"#FF3B30"}]"##
        let plain = NativeJSONSchema.standard.adding(NativeJSONSchema.Key(AttributeKeyDescriptor(name: "foregroundColor"), codec: .json))
        for schema in [NativeJSONSchema.standard, plain, .standard, .standard, plain] {
            XCTAssertTrue(check(Array(json.utf8), schema: schema))
        }
        let colored = NativeJSONFastReader.read(Array(json.utf8), schema: .standard, limits: JSONReader.Limits(maxDepth: 256))!.decoded()
        let uncolored = NativeJSONFastReader.read(Array(json.utf8), schema: plain, limits: JSONReader.Limits(maxDepth: 256))!.decoded()
        XCTAssertNotEqual(colored.document, uncolored.document)
        // The same bytes in the flat form (one container deep) and in a table (two) under a depth limit that
        // admits only the first.
        let nested = #"["a",{"k":[[1]]}]"#, table = #"{"runs":["a",0],"attributeTable":[{"k":[[1]]}]}"#
        XCTAssertTrue(check(Array(nested.utf8), limits: JSONReader.Limits(maxDepth: 4)))
        XCTAssertFalse(check(Array(table.utf8), limits: JSONReader.Limits(maxDepth: 4)))
    }

    /// The same dictionary read in the flat form (one container deep) and in a table (two) is remembered once at
    /// each depth: documents of both forms in turn find their sets, rather than each replacing the other's.
    func testADictionaryIsRememberedAtEachDepthItIsReadAt() {
        let dictionary = ##"{"foregroundColor":"#34C759","ingredient":"memo-depth"}"##
        let flat = #"["a","# + dictionary + "]", table = #"{"runs":["a",0],"attributeTable":["# + dictionary + "]}"
        let limits = JSONReader.Limits(maxDepth: 256)
        for bytes in [flat, table, flat, table].map({ Array($0.utf8) }) { XCTAssertTrue(check(bytes, limits: limits)) }
        let memo = NativeJSONAttributeMemo.shared
        let generation = memo.generation(for: NativeJSONAttributeMemo.Context(keys: NativeJSONSchema.standard.keys, maxDepth: limits.maxDepth,
                                                                            maxStringBytes: limits.maxStringBytes))
        let raw = Array(dictionary.utf8)
        raw.withUnsafeBufferPointer { bytes in
            let hash = RawAttributeCache.hash(bytes.baseAddress!, bytes.count)
            XCTAssertNotNil(memo.set(for: bytes, depth: 1, hash: hash, generation: generation), "flat form")
            XCTAssertNotNil(memo.set(for: bytes, depth: 2, hash: hash, generation: generation), "table form")
        }
    }

    func testLimitsAreKept() {
        // Depth: the flat form's dictionaries are one container deep, the table form's two.
        let nested = #"["a",{"k":[[1]]},"b",{"k":[[1]]}]"#
        XCTAssertTrue(check(Array(nested.utf8), limits: JSONReader.Limits(maxDepth: 4)))
        XCTAssertFalse(check(Array(nested.utf8), limits: JSONReader.Limits(maxDepth: 3)))
        let table = #"{"runs":["a",{"k":[1]}],"attributeTable":[{"k":[1]}]}"#
        XCTAssertTrue(check(Array(table.utf8), limits: JSONReader.Limits(maxDepth: 4)))
        XCTAssertFalse(check(Array(table.utf8), limits: JSONReader.Limits(maxDepth: 3)))
        // String length: decoded bytes, in run text and in attribute values.
        XCTAssertTrue(check(Array(#"["abcd",{"k":"wxyz"}]"#.utf8), limits: JSONReader.Limits(maxStringBytes: 4)))
        XCTAssertFalse(check(Array(#"["abcde",{}]"#.utf8), limits: JSONReader.Limits(maxStringBytes: 4)))
        XCTAssertTrue(check(Array(#"["ab\ncd",{}]"#.utf8), limits: JSONReader.Limits(maxStringBytes: 5)))
        XCTAssertFalse(check(Array(#"["a",{"k":"vwxyz"}]"#.utf8), limits: JSONReader.Limits(maxStringBytes: 4)))
        XCTAssertFalse(check(Array(#"["ab\ncde",{}]"#.utf8), limits: JSONReader.Limits(maxStringBytes: 5)))
        // Hostile nesting inside a dictionary: the skim keeps no stack, the token reader stops at the limit.
        let deep = "[\"a\",{\"k\":" + String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000) + "}]"
        XCTAssertFalse(check(Array(deep.utf8)))
        XCTAssertFalse(check(Array(("[\"a\",{\"k\":" + String(repeating: "[", count: 100_000)).utf8)))
    }

    func testErrorsKeepTheirExactLocations() {
        let bytes = Array("[\"a\",{\"bold\":true},\n \"b\",{\"bold\":true},\"é\",{\"bold\":tru}]".utf8)
        XCTAssertThrowsError(try NativeJSONDecoder().decode(bytes)) { error in
            XCTAssertEqual((error as? DocumentError)?.location, JSONLocation(line: 2, column: 35, byteOffset: 55))
        }
    }

    func testRandomDocumentsAndTheirMutationsAgree() throws {
        let seed = propertySeed(#function)
        var generator = DocumentGenerator(rng: SeededGenerator(seed: seed))
        var rng = SeededGenerator(seed: seed ^ 0x5EED)
        let encoder = NativeJSONEncoder()
        let schema = DocumentGenerator.schema
        var fastCount = 0
        for iteration in 0..<300 {
            let (document, images) = generator.document(maxPieces: iteration % 5 == 0 ? 40 : 12)
            let bytes = try encoder.encode(document, images: images)
            if check(bytes, schema: schema, "seed \(seed) iteration \(iteration)") { fastCount += 1 }
            // Byte mutations: flip, delete, duplicate, insert structural or special bytes.
            let specials: [UInt8] = [0x22, 0x5C, 0x7B, 0x7D, 0x5B, 0x5D, 0x2C, 0x3A, 0x20, 0x0A, 0x00, 0x80, 0xC3, 0xFF, 0x30, 0x6E]
            for m in 0..<6 where !bytes.isEmpty {
                var mutated = bytes
                let at = Int.random(in: 0..<mutated.count, using: &rng)
                switch m % 3 {
                case 0: mutated[at] = specials[Int.random(in: 0..<specials.count, using: &rng)]
                case 1: mutated.remove(at: at)
                default: mutated.insert(specials[Int.random(in: 0..<specials.count, using: &rng)], at: at)
                }
                check(mutated, schema: schema, "seed \(seed) iteration \(iteration) mutation \(m)")
            }
        }
        XCTAssertGreaterThan(fastCount, 100, "most generated documents should take the fast path")
    }
}
