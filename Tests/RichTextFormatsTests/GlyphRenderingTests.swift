import Foundation
import XCTest
@testable import RichTextFormats

/// The fixture made by Scripts/make-heic-render-fixture.sh: renditions of 64 and 32 pixels of four quadrants.
enum QuadrantsFixture {
    static let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/HEICRender/quadrants.heic")
    static func data() throws -> Data { try Data(contentsOf: url) }
    /// Top-left, top-right, bottom-left, bottom-right, as the script draws them.
    static let colours: [(r: Int, g: Int, b: Int)] = [(0xE0, 0x20, 0x20), (0x20, 0xC0, 0x30), (0x20, 0x40, 0xE0), (0xF0, 0xD0, 0x20)]

    /// Decodes with the platform's decoder, or skips saying why it cannot here.
    static func decode(nearestHeight height: Int) throws -> RGBAImage {
        let bytes = try data()
        do {
            return try PlatformGlyphDecoder().decode(bytes, contentType: "public.heic", nearestHeight: height)
        } catch {
            throw error.skipsWithoutADecoder
        }
    }

    /// Asserts each quadrant's centre area is its colour, within `tolerance` per channel (HEIC is lossy).
    static func assertQuadrants(_ image: RGBAImage, tolerance: Int = 24, file: StaticString = #filePath, line: UInt = #line) {
        let w = image.width, h = image.height
        for (index, colour) in colours.enumerated() {
            let left = index % 2 == 0 ? 0 : w / 2, top = index < 2 ? 0 : h / 2
            // Stay a quarter of a quadrant away from its edges, where chroma blurs.
            for y in (top + h / 8)..<(top + h / 2 - h / 8) {
                for x in (left + w / 8)..<(left + w / 2 - w / 8) {
                    let p = image.pixel(x: x, y: y)
                    let ok = abs(Int(p.r) - colour.r) <= tolerance && abs(Int(p.g) - colour.g) <= tolerance
                        && abs(Int(p.b) - colour.b) <= tolerance && p.a == 255
                    if !ok {
                        XCTFail("quadrant \(index) pixel (\(x), \(y)) is \(p), expected about \(colour)", file: file, line: line)
                        return
                    }
                }
            }
        }
    }
}

/// Glyph images decode to pixels through the platform's decoder (libheif at run time on Linux), at the rendition
/// nearest the size asked for, and are scaled by our own filter; every failure is a reason, never a trap.
final class GlyphRenderingTests: XCTestCase {
    func testTheFixtureDecodesToItsQuadrantColours() throws {
        let image = try QuadrantsFixture.decode(nearestHeight: 64)
        XCTAssertEqual(image.width, 64)
        XCTAssertEqual(image.height, 64)
        QuadrantsFixture.assertQuadrants(image)
    }

    func testTheRenditionNearestTheHeightIsDecoded() throws {
        QuadrantsFixture.assertQuadrants(try QuadrantsFixture.decode(nearestHeight: 32))
        XCTAssertEqual(try QuadrantsFixture.decode(nearestHeight: 32).height, 32)
        XCTAssertEqual(try QuadrantsFixture.decode(nearestHeight: 20).height, 32, "the smallest rendition at least as tall")
        XCTAssertEqual(try QuadrantsFixture.decode(nearestHeight: 33).height, 64)
        XCTAssertEqual(try QuadrantsFixture.decode(nearestHeight: 500).height, 64, "the tallest when none is tall enough")
    }

    func testTheFallbackImageIsScaledToTheHeightAskedFor() throws {
        _ = try QuadrantsFixture.decode(nearestHeight: 64)
        let data = try QuadrantsFixture.data()
        let small = try PlatformGlyphDecoder().fallbackImage(data, contentType: "public.heic", height: 24)
        XCTAssertEqual([small.width, small.height], [24, 24])
        QuadrantsFixture.assertQuadrants(small)
        let large = try PlatformGlyphDecoder().fallbackImage(data, contentType: "public.heic", height: 100)
        XCTAssertEqual([large.width, large.height], [100, 100])
        QuadrantsFixture.assertQuadrants(large)
    }

    func testRenditionChoicePrefersShrinkingAndSkipsAbsurdSizes() {
        let sizes = [(width: 160, height: 160), (96, 96), (64, 64), (40, 40)]
        XCTAssertEqual(GlyphRenditionChoice.index(among: sizes, forHeight: 64), 2)
        XCTAssertEqual(GlyphRenditionChoice.index(among: sizes, forHeight: 65), 1)
        XCTAssertEqual(GlyphRenditionChoice.index(among: sizes, forHeight: 10), 3)
        XCTAssertEqual(GlyphRenditionChoice.index(among: sizes, forHeight: 1000), 0)
        XCTAssertEqual(GlyphRenditionChoice.index(among: [(100_000, 100_000), (40, 40)], forHeight: 1000), 1)
        XCTAssertNil(GlyphRenditionChoice.index(among: [(100_000, 100_000), (0, 5), (-1, -1)], forHeight: 10))
    }

    func testBoxShrinkAveragesAndKeepsTransparencyFromTintingColour() throws {
        // Two columns: opaque red, transparent green. Shrunk to one pixel: half-transparent pure red.
        let image = try XCTUnwrap(RGBAImage(width: 2, height: 1, pixels: [255, 0, 0, 255, 0, 255, 0, 0]))
        let one = image.resized(width: 1, height: 1)
        XCTAssertEqual(one.pixels, [255, 0, 0, 128])
        // A 3 → 2 shrink covers the middle pixel half by each output pixel.
        let grey = try XCTUnwrap(RGBAImage(width: 3, height: 1, pixels: [0, 0, 0, 255, 90, 90, 90, 255, 180, 180, 180, 255]))
        XCTAssertEqual(grey.resized(width: 2, height: 1).pixels, [30, 30, 30, 255, 150, 150, 150, 255])
        // Enlarging a flat image keeps it flat.
        let flat = try XCTUnwrap(RGBAImage(width: 2, height: 2, pixels: Array(repeating: [10, 20, 30, 255], count: 4).flatMap { $0 }))
        XCTAssertEqual(Set(flat.resized(width: 7, height: 5).pixels), [10, 20, 30, 255])
    }

    func testBadBytesAreReasonsNotCrashes() throws {
        _ = try QuadrantsFixture.decode(nearestHeight: 64)
        let decoder = PlatformGlyphDecoder()
        let whole = try QuadrantsFixture.data()
        var inputs: [Data] = [Data(), Data("heic".utf8), Data(repeating: 0xFF, count: 4096)]
        for cut in stride(from: 0, to: whole.count, by: 37) { inputs.append(whole.prefix(cut)) }
        var flipped = whole
        for i in stride(from: 16, to: flipped.count, by: 53) { flipped[i] ^= 0x5A }
        inputs.append(flipped)
        for input in inputs {
            do {
                let image = try decoder.decode(input, contentType: "public.heic", nearestHeight: 32)
                XCTAssertEqual(image.pixels.count, image.width * image.height * 4)
            } catch {
                XCTAssertFalse(error.description.isEmpty)
            }
        }
        XCTAssertThrowsError(try LibheifGlyphDecoder().decode(Data("GIF89a".utf8), contentType: "com.compuserve.gif", nearestHeight: 16)) {
            XCTAssertEqual($0 as? GlyphRenderingFailure, .unsupportedContentType("com.compuserve.gif"))
        }
    }

    func testOnlyAMissingDecoderOrCodecIsTheMachinesLimitation() {
        XCTAssertTrue(GlyphRenderingFailure.decoderUnavailable("libheif.so.1 not found").isMachineLimitation)
        XCTAssertTrue(GlyphRenderingFailure.missingSymbol(library: "libheif.so.1", symbol: "heif_init").isMachineLimitation)
        XCTAssertFalse(GlyphRenderingFailure.undecodable(decoder: "libheif 1.15", message: "Invalid input: No 'ftyp' box").isMachineLimitation)
        // A corrupt HEVC stream is the image's fault, though libheif's message names its plugin.
        XCTAssertFalse(GlyphRenderingFailure.undecodable(decoder: "libheif 1.15", message: "Decoder plugin generated an error").isMachineLimitation)
        XCTAssertFalse(GlyphRenderingFailure.unsupportedContentType("com.compuserve.gif").isMachineLimitation)
        XCTAssertFalse(GlyphRenderingFailure.noImage.isMachineLimitation)
        XCTAssertFalse(GlyphRenderingFailure.tooLarge(width: 5_000, height: 5_000).isMachineLimitation)
    }

    func testTooLargeSaysSoWithTheLimit() {
        let reason = GlyphRenderingFailure.tooLarge(width: 100_000, height: 20)
        XCTAssertEqual(reason.description, "the image is 100000×20 pixels, more than the 4096-pixel side or 16-megapixel limit")
    }
}

extension GlyphRenderingFailure {
    /// An XCTSkip when the failure says this machine has no HEIC decoder (no libheif, or libheif without its HEVC
    /// plugin), else the failure itself.
    var skipsWithoutADecoder: any Error {
        isMachineLimitation ? XCTSkip("this machine cannot decode HEIC glyphs (\(self)); .ci/run installs libheif1 and its HEVC plugin when it can") : self
    }
}

#if os(Linux) && (arch(x86_64) || arch(arm64))
/// What loading libheif says when it cannot: the reasons an export's warning carries.
final class LibheifLoadingTests: XCTestCase {
    func testAMissingLibraryIsUnavailableAndNamesTheFile() {
        guard case .failure(.decoderUnavailable(let why)) = Libheif.load("libheif-not-here.so.1") else {
            return XCTFail("a missing library loaded")
        }
        XCTAssertTrue(why.hasPrefix("libheif-not-here.so.1 not found ("), why)
        XCTAssertTrue(why.hasSuffix("); install libheif1"), why)
    }

    func testALibraryWithoutLibheifsFunctionsNamesTheMissingOne() {
        guard case .failure(let reason) = Libheif.load("libc.so.6") else { return XCTFail("libc passed for libheif") }
        XCTAssertEqual(reason, .missingSymbol(library: "libc.so.6", symbol: "heif_get_version"))
        XCTAssertEqual(reason.description, "libc.so.6 has no function heif_get_version")
    }

    /// libheif's error code and subcode, not its message, say whose failure it is: no HEVC plugin or a plugin that
    /// did not load is this machine's; a decoder plugin's error on the stream, or bad input, is the image's.
    func testLibheifsErrorCodesSayWhetherTheMachineOrTheImageFailed() {
        func words(_ code: Int32, _ subcode: Int32) -> Libheif.ErrorWords {
            ldiv_t(quot: Int(UInt32(bitPattern: code)) | (Int(subcode) << 32), rem: 0)
        }
        XCTAssertNil(Libheif.failure(words(0, 0), decoder: "libheif 1.15"))
        XCTAssertEqual(Libheif.failure(words(4, 3000), decoder: "libheif 1.15")?.isMachineLimitation, true)
        XCTAssertEqual(Libheif.failure(words(11, 0), decoder: "libheif 1.15")?.isMachineLimitation, true)
        XCTAssertEqual(Libheif.failure(words(7, 0), decoder: "libheif 1.15")?.isMachineLimitation, false)
        XCTAssertEqual(Libheif.failure(words(4, 3001), decoder: "libheif 1.15")?.isMachineLimitation, false)
        XCTAssertEqual(Libheif.failure(words(2, 102), decoder: "libheif 1.15"), .undecodable(decoder: "libheif 1.15", message: "libheif error 2"))
    }

    func testTheInstalledLibraryNamesItsVersion() throws {
        guard case .success(let library) = Libheif.shared else { throw XCTSkip("libheif1 is not installed here") }
        XCTAssertTrue(library.name.hasPrefix("libheif 1."), library.name)
    }
}
#endif
