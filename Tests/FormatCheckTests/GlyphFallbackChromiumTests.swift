import Foundation
import RichText
import RichTextFormats
import XCTest

/// An RTFD package holding a glyph's HEIC, converted to HTML by `fmtcheck convert` and rendered in headless
/// Chromium, which cannot show HEIC: the screenshot shows the glyph's own pixels, from the fallback `<img>`.
final class GlyphFallbackChromiumTests: XCTestCase {
    /// Converts the glyph document (as an RTFD package) to HTML, renders it, and returns the screenshot's pixels.
    func screenshot(environment: [String: String] = [:], keep name: String? = nil) throws -> (PNGPixels, stderr: String) {
        let folder = try temporaryFolder(self)
        let (text, images) = try QuadrantGlyph.document(fontSize: 24) // 32 CSS px, 64 device pixels at scale 2
        let written = RTFWriter().write(text, images: images, asPackage: true)
        let package = folder.appendingPathComponent("note.rtfd")
        try RTFDPackage(rtf: written.rtf, files: written.files).write(to: package)
        let page = folder.appendingPathComponent("note.html")
        let run = try FmtcheckProcess.run(["convert", package.path, page.path], environment: environment)
        XCTAssertEqual(run.status, 0, run.err)

        return (try Self.render(page, in: folder, keep: name), run.err)
    }

    /// `page` rendered by headless Chromium, as pixels. A 400 × 300 CSS-pixel window at 2 device pixels each: a
    /// glyph's 64-pixel PNG lands 1:1 on the screen. (Chromium 156's headless screenshot of a window only 120 high
    /// came out cut off below 33 CSS pixels.) FMTCHECK_KEEP_SCREENSHOTS=FOLDER keeps the screenshot as `name`.
    static func render(_ page: URL, in folder: URL, keep name: String?) throws -> PNGPixels {
        let shot = folder.appendingPathComponent("shot.png")
        try Chromium.run(["--hide-scrollbars", "--force-device-scale-factor=2", "--window-size=400,300", "--screenshot=\(shot.path)",
                          page.absoluteString], profileIn: folder)
        let data = try Data(contentsOf: shot)
        if let name, let keep = ProcessInfo.processInfo.environment["FMTCHECK_KEEP_SCREENSHOTS"] {
            try data.write(to: URL(fileURLWithPath: keep).appendingPathComponent(name))
        }
        return try XCTUnwrap(PNGPixels(data), "the screenshot is not a PNG this test reads")
    }

    /// The bounding box and count of the pixels near `colour`.
    func region(of colour: (name: String, r: Int, g: Int, b: Int), in shot: PNGPixels) -> (count: Int, minX: Int, minY: Int, maxX: Int, maxY: Int) {
        var count = 0, minX = Int.max, minY = Int.max, maxX = -1, maxY = -1
        for y in 0..<shot.height {
            for x in 0..<shot.width where QuadrantGlyph.matches(shot.pixel(x, y), colour, tolerance: 40) {
                count += 1
                minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y)
            }
        }
        return (count, minX, minY, maxX, maxY)
    }

    func testChromiumShowsTheGlyphsOwnPixelsWhereItCannotShowHEIC() throws {
        try QuadrantGlyph.requireDecoder()
        let (shot, stderr) = try screenshot(keep: "glyph-fallback.png")
        // (The fixture has no XMP packet, which reading says; no warning about decoding the glyph.)
        XCTAssertFalse(stderr.split(separator: "\n").contains { $0.contains("warning") && !$0.contains("no XMP packet") }, stderr)
        XCTAssertEqual([shot.width, shot.height], [800, 600])
        let regions = QuadrantGlyph.colours.map { region(of: $0, in: shot) }
        for (colour, found) in zip(QuadrantGlyph.colours, regions) {
            // Each quadrant is 32 × 32 device pixels; allow for its blurred edges.
            XCTAssertGreaterThan(found.count, 32 * 32 * 6 / 10, "\(colour.name): \(found)")
            XCTAssertLessThan(found.count, 32 * 32 * 13 / 10, "\(colour.name): \(found)")
            XCTAssertLessThanOrEqual(found.maxX - found.minX, 34, "\(colour.name) is one square: \(found)")
            XCTAssertLessThanOrEqual(found.maxY - found.minY, 34, "\(colour.name) is one square: \(found)")
        }
        let (red, green, blue, yellow) = (regions[0], regions[1], regions[2], regions[3])
        // Laid out as drawn: red left of green and above blue, yellow below green and right of blue.
        XCTAssertLessThan(red.maxX, green.minX)
        XCTAssertLessThan(red.maxY, blue.minY)
        XCTAssertLessThan(blue.maxX, yellow.minX)
        XCTAssertLessThan(green.maxY, yellow.minY)
        XCTAssertLessThanOrEqual(abs(red.minX - blue.minX), 2)
        XCTAssertLessThanOrEqual(abs(red.minY - green.minY), 2)
    }

    func testWithoutADecoderTheScreenshotShowsThePlaceholderNotTheGlyph() throws {
        let (shot, stderr) = try screenshot(environment: ["FMTCHECK_NO_LIBHEIF": "1"], keep: "glyph-placeholder.png")
        XCTAssertTrue(stderr.contains("warning: glyph quadrants: glyph decoding is turned off"), stderr)
        for colour in QuadrantGlyph.colours {
            XCTAssertLessThan(region(of: colour, in: shot).count, 20, "\(colour.name) appears without the glyph")
        }
        // The placeholder's light grey tile is there instead.
        let grey = region(of: ("placeholder grey", 0xE5, 0xE5, 0xE5), in: shot)
        XCTAssertGreaterThan(grey.count, 0)
    }
}

/// A Genmoji as TextEdit saves it (an RTFD package whose `TXT.rtf` carries only the id, with the HEIC that holds
/// the description in its XMP), converted to HTML by `fmtcheck convert`: `alt` is the image's description, and
/// Chromium, which cannot show HEIC, shows the face's own orange pixels from the fallback `<img>`.
final class GenmojiFromAppleFilesChromiumTests: XCTestCase {
    static let heic = packageRoot.appendingPathComponent("Tests/RichTextFormatsTests/Fixtures/HEIC/genmoji.heic")
    static let id = "F2A5C4D1-7B3E-4E8A-9C61-0D4B2E8F5A17"

    func testAnRTFDGenmojiExportsWithItsImagesDescriptionAndItsOwnPixels() throws {
        let bytes = try Data(contentsOf: Self.heic)
        do {
            _ = try PlatformGlyphDecoder().decode(bytes, contentType: "public.heic", nearestHeight: 32)
        } catch {
            throw XCTSkip("this machine cannot decode HEIC (\(error)); .ci/run installs libheif1 when it can")
        }
        let folder = try temporaryFolder(self)
        let name = "AdaptiveImageGlyph-\(Self.id).heic"
        let rtf = "{\\rtf1\\ansi\\ansicpg1252\\cocoartf2822\n{\\fonttbl\\f0\\fswiss\\fcharset0 Helvetica;}\n\\f0\\fs48 Soup {{\\NeXTGraphic \(name) \\width800 \\height800 \\appleemojiimage \(Self.id)}\u{AC}} is ready.}"
        let package = folder.appendingPathComponent("soup.rtfd")
        try RTFDPackage(rtf: Array(rtf.utf8), files: [name: bytes]).write(to: package)
        let page = folder.appendingPathComponent("soup.html")
        let run = try FmtcheckProcess.run(["convert", package.path, page.path])
        XCTAssertEqual(run.status, 0, run.err)
        let html = try String(contentsOf: page, encoding: .utf8)
        XCTAssertTrue(html.contains("alt=\"a smiling orange face\""), html)

        let pixels = try GlyphFallbackChromiumTests.render(page, in: folder, keep: "genmoji-from-rtfd.png")
        var orange = 0
        for y in 0..<pixels.height {
            for x in 0..<pixels.width {
                let p = pixels.pixel(x, y)
                if p.r > 200, (90...200).contains(p.g), p.b < 90 { orange += 1 }
            }
        }
        XCTAssertGreaterThan(orange, 200, "the face's orange pixels are on the page")
    }
}
