import XCTest
import RichText
@testable import RichTextFormats
import struct FormattingTesting.SeededGenerator

/// Random documents with every value kind, glyphs and Unicode edge cases come back exactly from native JSON.
final class NativeJSONRoundTripPropertyTests: XCTestCase {
    func testRandomDocumentsRoundTripExactlyThroughNativeJSON() throws {
        let seed = propertySeed(#function)
        var generator = DocumentGenerator(rng: SeededGenerator(seed: seed))
        let decoder = NativeJSONDecoder(schema: DocumentGenerator.schema)
        let encoder = NativeJSONEncoder()
        for iteration in 0..<400 {
            let (document, images) = generator.document(maxPieces: iteration % 5 == 0 ? 40 : 12)
            let bytes = try encoder.encode(document, images: images)
            let text = String(decoding: bytes, as: UTF8.self)
            let decoded: DecodedDocument
            do {
                decoded = try decoder.decode(bytes)
            } catch {
                return XCTFail("seed \(seed) iteration \(iteration): \(error)\n\(text)")
            }
            guard decoded.document == document else {
                return XCTFail("seed \(seed) iteration \(iteration): document differs\n\(text)\nexpected:\n\(document)\ngot:\n\(decoded.document)")
            }
            // Every image comes back, the ones no glyph uses too (each with a warning saying it is kept).
            XCTAssertEqual(decoded.images, images, "seed \(seed) iteration \(iteration)")
            XCTAssertEqual(decoded.adjustments, [], "seed \(seed) iteration \(iteration)")
            let unused = Set(images.identifiers).subtracting(usedImages(document, images).identifiers).count
            XCTAssertEqual(decoded.warnings.filter { $0.message.hasSuffix("is not used by any glyph; kept") }.count, unused)
            XCTAssertEqual(decoded.warnings.filter { !$0.message.hasSuffix("is not used by any glyph; kept") }, [],
                           "seed \(seed) iteration \(iteration): \(text)")
            XCTAssertEqual(try encoder.encode(decoded.document, images: decoded.images), bytes, "seed \(seed) iteration \(iteration)")
        }
    }

    func testFormIsChosenByRunCountAndGlyphs() throws {
        let encoder = NativeJSONEncoder()
        let bold = AttributeSet([AttributeEntry(name: "bold", value: .bool(true))])
        func document(runs: Int) -> RichString {
            RichString(concatenating: (0..<runs).map { i in RichString("r\(i)", attributes: i % 2 == 0 ? bold : .empty) })
        }
        XCTAssertEqual(try encoder.encodeString(RichString("only text")), #""only text""#)
        XCTAssertTrue(try encoder.encodeString(document(runs: 10)).hasPrefix("["))
        let table = try encoder.encodeString(document(runs: 11))
        XCTAssertTrue(table.hasPrefix(#"{"attributeTable":[{"bold":true}],"runs":["r0",0,"r1",{},"#), table)
        let glyph = ImageGlyphReference(contentIdentifier: "cat", contentDescription: "a cat")
        var images = ImageStore()
        images.insert(Data([1, 2, 3]), for: glyph)
        let withGlyph = RichString("\u{FFFC}", attributes: AttributeSet([AttributeEntry(name: "adaptiveImageGlyph", value: .imageGlyph(glyph))]))
        XCTAssertEqual(
            try encoder.encodeString(withGlyph, images: images),
            #"{"attributeTable":[{"adaptiveImageGlyph":{"contentDescription":"a cat","contentIdentifier":"cat","contentType":"public.heic"}}],"imageGlyphs":{"cat":{"contentDescription":"a cat","contentType":"public.heic","data":"AQID"}},"runs":["\#u{FFFC}",0]}"#)
    }

    func testAGlyphThatAppearsManyTimesStoresItsImageOnce() throws {
        let glyph = ImageGlyphReference(contentIdentifier: "cat", contentDescription: "a cat")
        var images = ImageStore()
        images.insert(Data(repeating: 7, count: 300), for: glyph)
        let set = AttributeSet([AttributeEntry(name: "adaptiveImageGlyph", value: .imageGlyph(glyph), behavior: StandardAttributes.adaptiveImageGlyph.behavior)])
        var document = RichString("\u{FFFC} and \u{FFFC}", attributes: .empty)
        // A copy and paste of the glyph carries the same reference.
        document.setAttributes(set, in: document.range(0, 1, in: .scalars))
        let copy = document[document.range(0, 1, in: .scalars)].richString
        document.append(copy)
        let text = try NativeJSONEncoder().encodeString(document, images: images)
        XCTAssertEqual(text.components(separatedBy: Data(repeating: 7, count: 300).base64EncodedString()).count, 2, text)
        let decoded = try NativeJSONDecoder().decode(text)
        XCTAssertEqual(decoded.images.count, 1)
        XCTAssertEqual(decoded.document, document)
    }

    func testNonFiniteNumbersAreAnEncodingErrorNotACrash() {
        let doc = RichString("x", attributes: AttributeSet([AttributeEntry(name: "n", value: .number(.nan))]))
        XCTAssertThrowsError(try NativeJSONEncoder().encode(doc)) { error in
            XCTAssertEqual((error as? DocumentError)?.kind, .unencodable)
        }
    }
}
