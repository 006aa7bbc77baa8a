import Foundation
import RichText
import XCTest
@testable import RichTextFormats

/// What native JSON reads comes back when written: images no glyph uses, and numbers (or a located warning
/// for each number whose written spelling would change its value).
final class NativeJSONKeepsWhatItReadTests: XCTestCase {
    static let unusedImage = #"{"attributeTable":[{"b":true}],"imageGlyphs":{"spare":{"contentDescription":"a dog","contentType":"public.heic","data":"AQID"}},"runs":["x",0]}"#

    func testAnImageNoGlyphUsesIsWrittenBack() throws {
        let decoded = try NativeJSONDecoder().decode(Self.unusedImage)
        XCTAssertTrue(decoded.warnings.contains { $0.message.contains("not used by any glyph; kept") }, "\(decoded.warnings)")
        let written = try NativeJSONEncoder().encode(decoded.document, images: decoded.images)
        let again = try NativeJSONDecoder().decode(written)
        XCTAssertEqual(again.images["spare"]?.data, Data([1, 2, 3]), String(decoding: written, as: UTF8.self))
        XCTAssertEqual(again.images["spare"]?.contentDescription, "a dog")
        XCTAssertEqual(again.document.string, "x")
    }

    func testADocumentWithoutImagesKeepsFoundationsLayout() throws {
        let written = try NativeJSONEncoder().encodeString(RichString("plain"), images: ImageStore())
        XCTAssertEqual(written, #""plain""#)
    }

    /// The warnings about numbers that would not be written back as read, as "line:column number".
    func numberWarnings(_ json: String, schema: NativeJSONSchema = .standard) throws -> [String] {
        try NativeJSONDecoder(schema: schema).decode(json).warnings.filter(\.changesOnRewrite).map {
            "\($0.location?.line ?? 0):\($0.location?.column ?? 0) \($0.message)"
        }
    }

    func testANumberTooLongForADoubleIsALocatedWarning() throws {
        let warnings = try numberWarnings("[\"x\",\n {\"n\":123456789012345678901234567890}]")
        XCTAssertEqual(warnings, ["2:7 the number 123456789012345678901234567890 would be written back as 1.2345678901234568e+29, another value"])
    }

    func testAnUnderflowingNumberAndNegativeZeroAreLocatedWarnings() throws {
        XCTAssertEqual(try numberWarnings(#"["x",{"m":1e-999}]"#), ["1:11 the number 1e-999 would be written back as 0, another value"])
        XCTAssertEqual(try numberWarnings(#"["x",{"z":-0}]"#), ["1:11 the number -0 would be written back as 0: the sign of zero is not kept"])
        XCTAssertEqual(try numberWarnings(#"["x",{"z":[1,-0.0]}]"#), ["1:14 the number -0.0 would be written back as 0: the sign of zero is not kept"])
        XCTAssertEqual(try numberWarnings(#"["x",{"f":0.1000000000000000000001}]"#).count, 1)
    }

    func testNumbersWrittenBackWithTheSameValueRaiseNoWarning() throws {
        XCTAssertEqual(try numberWarnings(#"["x",{"a":1.50,"b":2E3,"c":1e20,"d":0.1,"e":-2.5e-3,"f":0,"g":0.0,"h":9223372036854775807,"i":[1e-300]}]"#), [])
        let written = try NativeJSONEncoder().encodeString(try NativeJSONDecoder().decode(#"["x",{"a":1.50,"b":2E3,"c":1e20}]"#).document)
        XCTAssertEqual(written, #"["x",{"a":1.5,"b":2000,"c":1e+20}]"#)
    }

    func testAnIntegerANumberAttributeCannotHoldExactlyIsALocatedWarning() throws {
        let schema = NativeJSONSchema([NativeJSONSchema.Key(AttributeKeyDescriptor(name: "size"), codec: .number)])
        XCTAssertEqual(try numberWarnings(#"["x",{"size":9007199254740993}]"#, schema: schema),
                       ["1:14 the number 9007199254740993 would be written back as 9007199254740992, another value"])
        XCTAssertEqual(try numberWarnings(#"["x",{"size":12}]"#, schema: schema), [])
    }
}
