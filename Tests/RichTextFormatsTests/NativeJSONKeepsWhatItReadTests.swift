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
}
