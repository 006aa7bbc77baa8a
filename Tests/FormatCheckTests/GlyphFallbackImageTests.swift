import Foundation
import RichText
import RichTextFormats
import XCTest

/// The HEIC made by Scripts/make-heic-render-fixture.sh (renditions of 64 and 32 pixels, four quadrants) and the
/// documents the glyph-fallback tests export.
enum QuadrantGlyph {
    static let heic = packageRoot.appendingPathComponent("Tests/RichTextFormatsTests/Fixtures/HEICRender/quadrants.heic")
    static let glyph = ImageGlyphReference(contentIdentifier: "quadrants", contentDescription: "four coloured squares")
    /// Top-left red, top-right green, bottom-left blue, bottom-right yellow.
    static let colours: [(name: String, r: Int, g: Int, b: Int)] = [
        ("red", 0xE0, 0x20, 0x20), ("green", 0x20, 0xC0, 0x30), ("blue", 0x20, 0x40, 0xE0), ("yellow", 0xF0, 0xD0, 0x20),
    ]

    /// "Genmoji: ◻︎ done." with the glyph at `fontSize` points, and its image.
    static func document(fontSize: Double) throws -> (RichString, ImageStore) {
        var images = ImageStore()
        images.insert(try Data(contentsOf: heic), for: glyph)
        let size = AttributeEntry(name: StandardAttributes.fontSize.name, value: .number(fontSize))
        let text = RichString(concatenating: [
            RichString("Genmoji: ", attributes: AttributeSet([size])),
            RichString("\u{FFFC}", attributes: AttributeSet([size, AttributeEntry(name: "adaptiveImageGlyph", value: .imageGlyph(glyph))])),
            RichString(" done.", attributes: AttributeSet([size])),
        ])
        return (text, images)
    }

    /// Skips unless this machine decodes HEIC (a skip that says why: no libheif, or no HEVC decoder in it).
    static func requireDecoder() throws {
        let bytes = try Data(contentsOf: heic)
        do {
            _ = try PlatformGlyphDecoder().decode(bytes, contentType: "public.heic", nearestHeight: 32)
        } catch {
            guard error.isMachineLimitation else { throw error }
            throw XCTSkip("this machine cannot decode HEIC glyphs (\(error)); .ci/run installs libheif1 and its HEVC plugin when it can")
        }
    }

    /// Whether the pixel is the quadrant colour, within `tolerance` per channel.
    static func matches(_ p: (r: Int, g: Int, b: Int, a: Int), _ colour: (name: String, r: Int, g: Int, b: Int), tolerance: Int) -> Bool {
        abs(p.r - colour.r) <= tolerance && abs(p.g - colour.g) <= tolerance && abs(p.b - colour.b) <= tolerance
    }

    /// The `src` of every `<img>` in `html`.
    static func imageSources(_ html: String) -> [String] {
        html.components(separatedBy: "<img src=\"").dropFirst().map { String($0.prefix { $0 != "\"" }) }
    }
}

/// The fallback `<img>` of an exported glyph is a PNG of the glyph's own pixels; `fmtcheck convert` says when it
/// cannot be.
final class GlyphFallbackImageTests: XCTestCase {
    func testTheImgIsAPNGOfTheGlyphsPixels() throws {
        try QuadrantGlyph.requireDecoder()
        let (text, images) = try QuadrantGlyph.document(fontSize: 18) // 24 CSS px, a 48-pixel PNG from the 64 one
        let export = HTMLExporter(imagePolicy: .dataURLs, fullDocument: false).export(text, images: images)
        XCTAssertEqual(export.warnings, [])
        XCTAssertTrue(export.html.contains(#" width="24" height="24" alt="four coloured squares">"#), export.html)
        let source = try XCTUnwrap(QuadrantGlyph.imageSources(export.html).first)
        XCTAssertTrue(source.hasPrefix("data:image/png;base64,"))
        let png = try XCTUnwrap(PNGPixels(try XCTUnwrap(Data(base64Encoded: String(source.dropFirst("data:image/png;base64,".count))))))
        XCTAssertEqual([png.width, png.height], [48, 48])
        // The same pixels as decoding and scaling the glyph directly.
        let expected = try PlatformGlyphDecoder().fallbackImage(try Data(contentsOf: QuadrantGlyph.heic), contentType: "public.heic", height: 48)
        XCTAssertEqual(png.rgba, expected.pixels)
        // And they are the quadrants: sample the middle of each.
        for (index, colour) in QuadrantGlyph.colours.enumerated() {
            let x = index % 2 == 0 ? 12 : 36, y = index < 2 ? 12 : 36
            XCTAssertTrue(QuadrantGlyph.matches(png.pixel(x, y), colour, tolerance: 24), "\(colour.name): \(png.pixel(x, y))")
            XCTAssertEqual(png.pixel(x, y).a, 255)
        }
    }

    /// Writes the glyph document as a plain-text-with-attachments folder (which keeps the HEIC, not the size).
    func plainFolder() throws -> String {
        let folder = try temporaryFolder(self)
        let (text, images) = try QuadrantGlyph.document(fontSize: 12)
        let (plain, _) = PlainTextWithAttachments.decompose(text, images: images)
        let path = folder.appendingPathComponent("note").path
        try plain.write(to: URL(fileURLWithPath: path, isDirectory: true))
        return path
    }

    func testConvertWithoutLibheifKeepsThePlaceholderAndSaysWhy() throws {
        let input = try plainFolder()
        let output = URL(fileURLWithPath: input).deletingLastPathComponent().appendingPathComponent("note.html").path
        let run = try FmtcheckProcess.run(["convert", input, output], environment: ["FMTCHECK_NO_LIBHEIF": "1"])
        XCTAssertEqual(run.status, 0, run.err)
        XCTAssertTrue(run.err.contains("\(input): warning: glyph quadrants: glyph decoding is turned off (FMTCHECK_NO_LIBHEIF=1); its fallback image is a placeholder"), run.err)
        let page = try String(contentsOfFile: output, encoding: .utf8)
        let source = try XCTUnwrap(QuadrantGlyph.imageSources(page).first)
        XCTAssertEqual(source, "data:image/png;base64," + Data(PNGEncoder.placeholder()).base64EncodedString())
        XCTAssertTrue(page.contains(#"type="image/x-apple-adaptive-glyph"><img src="data:image/png;base64,"#), page)
        XCTAssertTrue(page.contains(#"alt="four coloured squares""#), page)
    }

    func testConvertWithADecoderWritesTheGlyphWithoutAWarning() throws {
        try QuadrantGlyph.requireDecoder()
        let input = try plainFolder()
        let output = URL(fileURLWithPath: input).deletingLastPathComponent().appendingPathComponent("note.html").path
        let run = try FmtcheckProcess.run(["convert", input, output])
        XCTAssertEqual(run.status, 0, run.err)
        // (The fixture has no XMP packet, which reading says; no warning about decoding the glyph.)
        XCTAssertFalse(run.err.split(separator: "\n").contains { $0.contains("warning") && !$0.contains("no XMP packet") }, run.err)
        let page = try String(contentsOfFile: output, encoding: .utf8)
        // 12 pt is 16 CSS px: a 32-pixel PNG, the 32-pixel rendition.
        XCTAssertTrue(page.contains(#" width="16" height="16" alt="four coloured squares">"#), page)
        let source = try XCTUnwrap(QuadrantGlyph.imageSources(page).first)
        let png = try XCTUnwrap(PNGPixels(try XCTUnwrap(Data(base64Encoded: String(source.dropFirst("data:image/png;base64,".count))))))
        XCTAssertEqual([png.width, png.height], [32, 32])
        XCTAssertTrue(QuadrantGlyph.matches(png.pixel(8, 8), QuadrantGlyph.colours[0], tolerance: 24), "\(png.pixel(8, 8))")
        XCTAssertTrue(QuadrantGlyph.matches(png.pixel(24, 24), QuadrantGlyph.colours[3], tolerance: 24), "\(png.pixel(24, 24))")
    }
}
