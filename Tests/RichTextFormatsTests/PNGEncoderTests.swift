import XCTest
@testable import RichTextFormats

/// The PNG writer's output is well formed: chunk CRCs, a zlib stream of stored blocks, and the pixels back.
final class PNGEncoderTests: XCTestCase {
    func testChecksumsMatchKnownValues() {
        XCTAssertEqual(Checksums.crc32(Array("123456789".utf8)), 0xCBF4_3926)
        XCTAssertEqual(Checksums.adler32(Array("Wikipedia".utf8)), 0x11E6_0398)
        XCTAssertEqual(Checksums.adler32([UInt8](repeating: 0xFF, count: 100_000)), adlerSlow([UInt8](repeating: 0xFF, count: 100_000)))
    }

    func adlerSlow(_ bytes: [UInt8]) -> UInt32 {
        var a: UInt32 = 1, b: UInt32 = 0
        for x in bytes { a = (a + UInt32(x)) % 65521; b = (b + a) % 65521 }
        return (b << 16) | a
    }

    func testEncodedImageDecodesBackToItsPixels() throws {
        // Big enough to need several stored blocks.
        let width = 200, height = 120
        let rgba = (0..<(width * height * 4)).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        let png = PNGEncoder.encode(width: width, height: height, rgba: rgba)
        XCTAssertTrue(PNGEncoder.isPNG(png))
        var chunks: [(String, [UInt8])] = []
        var i = 8
        while i < png.count {
            let length = Int(png[i]) << 24 | Int(png[i + 1]) << 16 | Int(png[i + 2]) << 8 | Int(png[i + 3])
            let type = String(decoding: png[(i + 4)..<(i + 8)], as: UTF8.self)
            let data = Array(png[(i + 8)..<(i + 8 + length)])
            let crc = png[(i + 8 + length)..<(i + 12 + length)].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
            XCTAssertEqual(crc, Checksums.crc32(Array(png[(i + 4)..<(i + 8 + length)])), type)
            chunks.append((type, data))
            i += 12 + length
        }
        XCTAssertEqual(chunks.map(\.0), ["IHDR", "IDAT", "IEND"])
        let zlib = chunks[1].1
        XCTAssertEqual(zlib[0], 0x78)
        XCTAssertEqual((Int(zlib[0]) << 8 | Int(zlib[1])) % 31, 0)
        var raw: [UInt8] = []
        var p = 2
        while true {
            let final = zlib[p] & 1
            XCTAssertEqual(zlib[p] & 6, 0) // stored
            let length = Int(zlib[p + 1]) | Int(zlib[p + 2]) << 8
            let complement = Int(zlib[p + 3]) | Int(zlib[p + 4]) << 8
            XCTAssertEqual(length ^ 0xFFFF, complement)
            raw += zlib[(p + 5)..<(p + 5 + length)]
            p += 5 + length
            if final == 1 { break }
        }
        XCTAssertEqual(zlib[p...].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }, Checksums.adler32(raw))
        var pixels: [UInt8] = []
        for row in 0..<height {
            let stride: Int = width * 4 + 1
            let start: Int = row * stride
            XCTAssertEqual(raw[start], 0)
            pixels += raw[(start + 1)..<(start + stride)]
        }
        XCTAssertEqual(pixels, rgba)
    }
}
