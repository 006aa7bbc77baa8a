import Foundation
import RichText
import XCTest
@testable import RichTextFormats

/// The `<img>` inside a glyph's `<picture>` is the glyph itself, decoded and scaled to an em of its text; without
/// a decoder it is the placeholder, and the export says why.
final class HTMLGlyphFallbackTests: XCTestCase {
    let glyph = ImageGlyphReference(contentIdentifier: "quadrants", contentDescription: "four \"coloured\" squares")

    func document(fontSize: Double?) throws -> (RichString, ImageStore) {
        var images = ImageStore()
        images.insert(try QuadrantsFixture.data(), for: glyph)
        var entries = [AttributeEntry(name: "adaptiveImageGlyph", value: .imageGlyph(glyph))]
        if let fontSize { entries.append(AttributeEntry(name: StandardAttributes.fontSize.name, value: .number(fontSize))) }
        let attributes = AttributeSet(entries)
        return (RichString(concatenating: [RichString("Hi "), RichString("\u{FFFC}", attributes: attributes)]), images)
    }

    func testTheFallbackIsTheDecodedGlyphAnEmTall() throws {
        _ = try QuadrantsFixture.decode(nearestHeight: 64)
        let (text, images) = try document(fontSize: 24)
        let export = HTMLExporter(fullDocument: false).export(text, images: images)
        XCTAssertEqual(export.warnings, [])
        // 24 pt is 32 CSS px; at 2 pixels per CSS pixel the PNG is the 64-pixel rendition.
        XCTAssertEqual(export.html, """
            <p>Hi <picture><source srcset="images/quadrants.heic" type="image/x-apple-adaptive-glyph">\
            <img src="images/quadrants-64px.png" width="32" height="32" alt="four &quot;coloured&quot; squares"></picture></p>

            """)
        XCTAssertEqual(Set(export.files.keys), ["images/quadrants.heic", "images/quadrants-64px.png"])
        XCTAssertEqual(export.files["images/quadrants.heic"], try QuadrantsFixture.data())
        let png = try XCTUnwrap(export.files["images/quadrants-64px.png"])
        XCTAssertTrue(PNGEncoder.isPNG(png))
        XCTAssertEqual(Array(png[16..<24]), [0, 0, 0, 64, 0, 0, 0, 64], "IHDR width and height")
    }

    func testEachFontSizeGetsItsOwnPictureOnce() throws {
        _ = try QuadrantsFixture.decode(nearestHeight: 64)
        let (big, images) = try document(fontSize: 9)
        let (small, _) = try document(fontSize: nil)
        let text = RichString(concatenating: [big, small, big])
        let export = HTMLExporter(imagePolicy: .dataURLs, fullDocument: false).export(text, images: images)
        XCTAssertEqual(export.warnings, [])
        XCTAssertEqual(export.html.components(separatedBy: #"width="12" height="12""#).count - 1, 2, export.html)
        XCTAssertEqual(export.html.components(separatedBy: #"width="16" height="16""#).count - 1, 1, export.html)
        XCTAssertEqual(export.html.components(separatedBy: #"<img src="data:image/png;base64,iVBORw0KGgo"#).count - 1, 3)
        XCTAssertFalse(export.html.contains("placeholder"))
    }

    func testWithoutADecoderTheFallbackIsThePlaceholderAndTheExportSaysWhy() throws {
        let (text, images) = try document(fontSize: 24)
        let reason = GlyphRenderingFailure.decoderUnavailable("libheif.so.1 not found")
        let export = HTMLExporter(fullDocument: false, glyphDecoder: UnavailableGlyphDecoder(reason: reason))
            .export(RichString(concatenating: [text, text]), images: images)
        XCTAssertEqual(export.html, """
            <p>Hi <picture><source srcset="images/quadrants.heic" type="image/x-apple-adaptive-glyph">\
            <img src="images/placeholder.png" alt="four &quot;coloured&quot; squares"></picture>\
            Hi <picture><source srcset="images/quadrants.heic" type="image/x-apple-adaptive-glyph">\
            <img src="images/placeholder.png" alt="four &quot;coloured&quot; squares"></picture></p>

            """)
        XCTAssertEqual(export.files["images/placeholder.png"], Data(PNGEncoder.placeholder()))
        XCTAssertEqual(export.warnings, [HTMLExportWarning(contentIdentifier: "quadrants", reason: reason)], "once per glyph")
        XCTAssertEqual(export.warnings.first?.description, "glyph quadrants: libheif.so.1 not found; its fallback image is a placeholder")
    }

    func testAnUndecodableImageIsThePlaceholderWithTheDecodersReason() throws {
        var images = ImageStore()
        images.insert(Data("not a heic".utf8), for: glyph)
        let text = RichString("\u{FFFC}", attributes: AttributeSet([AttributeEntry(name: "adaptiveImageGlyph", value: .imageGlyph(glyph))]))
        let export = HTMLExporter(imagePolicy: .dataURLs, fullDocument: false).export(text, images: images)
        XCTAssertTrue(export.html.contains(#"<img src="data:image/png;base64,"#), export.html)
        XCTAssertFalse(export.html.contains("width="), export.html)
        XCTAssertEqual(export.warnings.count, 1)
        XCTAssertTrue(export.warnings[0].description.hasPrefix("glyph quadrants: "), export.warnings[0].description)
        XCTAssertTrue(export.warnings[0].description.hasSuffix("; its fallback image is a placeholder"))
    }
}
