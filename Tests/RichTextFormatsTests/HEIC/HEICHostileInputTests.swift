import XCTest
@testable import RichTextFormats

/// Cut-short and hostile box trees: every one is a typed error (or a clean read), never a trap, a huge
/// allocation or an endless loop.
final class HEICHostileInputTests: XCTestCase {
    func error(_ bytes: [UInt8], limits: HEICLimits = HEICLimits(), file: StaticString = #filePath, line: UInt = #line) -> HEICError? {
        switch GlyphImageContent.read(Data(bytes), limits: limits) {
        case .success: XCTFail("read without error", file: file, line: line); return nil
        case .failure(let error): return error
        }
    }

    func testEveryPrefixOfTheGenmojiIsATypedErrorAtAnOffsetInsideIt() throws {
        let bytes = [UInt8](try HEICFixtures.genmoji)
        for length in 0..<bytes.count {
            switch GlyphImageContent.read(Data(bytes[0..<length])) {
            case .success: XCTFail("a prefix of \(length) bytes read"); return
            case .failure(let error):
                XCTAssertLessThanOrEqual(error.byteOffset, max(length, 1), "\(length): \(error)")
                XCTAssertFalse(error.message.isEmpty)
            }
        }
    }

    func testEmptyAndForeignFilesAreNotHEIF() {
        XCTAssertEqual(error([])?.kind, .notHEIF)
        XCTAssertEqual(error(Box.box("moov", []) + Box.file())?.kind, .notHEIF)
        XCTAssertEqual(error(Box.box("ftyp", Array("isom".utf8) + Box.u32(0) + Array("mp41".utf8)))?.kind, .notHEIF)
        XCTAssertEqual(error(Box.box("ftyp", Array("heic".utf8) + Box.u32(0) + [1, 2]))?.kind, .malformed)
    }

    func testHugeSizesAreTruncationNotAllocation() {
        var huge32 = Box.file()
        let meta = Box.ftyp.count
        huge32.replaceSubrange(meta..<(meta + 4), with: Box.u32(0xFFFF_FFF0))
        XCTAssertEqual(error(huge32)?.kind, .truncated)

        for size in [UInt64.max, UInt64(Int.max), UInt64(Int.max) + 1] {
            let large = Box.ftyp + Box.u32(1) + Array("meta".utf8) + Box.u64(size) + [0, 0, 0, 0]
            let found = error(large)
            XCTAssertEqual(found?.kind, .truncated, "\(size)")
            XCTAssertEqual(found?.byteOffset, Box.ftyp.count)
        }
        let tooSmall = Box.ftyp + Box.u32(1) + Array("meta".utf8) + Box.u64(15)
        XCTAssertEqual(error(tooSmall)?.kind, .malformed)
        for size: UInt32 in [2, 7] {
            XCTAssertEqual(error(Box.ftyp + Box.u32(size) + Array("free".utf8))?.kind, .malformed, "\(size)")
        }
        // A huge entry count in iloc, ipma or iref is checked against the bytes left before anything is reserved.
        let iloc = Box.full("iloc", version: 1, [0x44, 0] + Box.u16(4000))
        XCTAssertEqual(error(Box.file(extraMeta: []).replacing(Box.iloc([(1, 0, [(0, 0)])]), with: iloc))?.kind, .truncated)
        let ipma = Box.full("ipma", Box.u32(0xFFFF_FFFF))
        XCTAssertEqual(error(Box.file().replacing(Box.ipma([(1, [1])]), with: ipma))?.kind, .limitExceeded)
        let iref = Box.full("iref", Box.box("dimg", Box.u16(1) + Box.u16(0xFFFF) + Box.u16(1)))
        XCTAssertEqual(error(Box.file(extraMeta: iref))?.kind, .truncated)
    }

    func testSizeZeroRunsToTheEndOfItsContainer() throws {
        // The last box of the file with size 0 (as an mdat often is) reads; an ftyp with size 0 swallows the rest.
        let endless = Box.file(xmp: "<a/>") + Box.u32(0) + Array("mdat".utf8) + [1, 2, 3]
        XCTAssertNoThrow(try GlyphImageContent(imageContent: Data(endless)))
        let alone = Box.u32(0) + Array(Box.ftyp.dropFirst(4))
        XCTAssertEqual(error(alone)?.kind, .missingBox("meta"))
        // An ftyp of size 0 takes the meta box after it as brands, which are then not a whole number of codes.
        XCTAssertEqual(error(alone + Box.file(xmp: "<abc/>").dropFirst(Box.ftyp.count))?.kind, .malformed)
    }

    func testDeepNestingIsBoundedAndNeverRecursesUnbounded() {
        var nested: [UInt8] = Box.box("ipco", Box.ispe(1, 1))
        for _ in 0..<20_000 { nested = Box.box("iprp", nested) }
        let bytes = Box.file(extraMeta: nested)
        XCTAssertEqual(error(bytes)?.kind, .malformed, "two iprp boxes in meta")
        XCTAssertEqual(error(Box.file(), limits: HEICLimits(maxDepth: 2))?.kind, .limitExceeded)
        XCTAssertEqual(error(Box.file(extraMeta: [UInt8](repeating: 0, count: 0) + Array(repeating: Box.box("free", []), count: 50).flatMap { $0 }),
                             limits: HEICLimits(maxChildren: 20))?.kind, .limitExceeded)
    }

    func testReferenceLoopsAreRecordedNotFollowed() throws {
        let loops = Box.full("iref", Box.box("cdsc", Box.u16(1) + Box.u16(1) + Box.u16(1))
                             + Box.box("thmb", Box.u16(1) + Box.u16(2) + Box.u16(1) + Box.u16(1)))
        let content = try GlyphImageContent(imageContent: Data(Box.file(extraMeta: loops)))
        XCTAssertEqual(content.renditions.count, 1)
        let cycle = Box.full("iref", Box.box("dimg", Box.u16(1) + Box.u16(1) + Box.u16(1)))
        XCTAssertEqual(error(Box.file(extraMeta: cycle))?.kind, .noRendition, "an image that is its own input is not shown")
    }

    func testExtentsOutsideTheirSourceOrOverlappingAreErrors() {
        let xmp = "<a/>"
        func withXMPExtents(_ extents: [(UInt32, UInt32)], method: Int = 1) -> [UInt8] {
            Box.file(xmp: xmp).replacing(Box.iloc([(1, 0, [(0, 0)]), (2, 1, [(0, UInt32(xmp.utf8.count))])]),
                                         with: Box.iloc([(1, 0, [(0, 0)]), (2, method, extents)]))
        }
        XCTAssertEqual(error(withXMPExtents([(0, 2), (1, 2)]))?.kind, .invalidExtent)
        XCTAssertEqual(error(withXMPExtents([(2, 100)]))?.kind, .invalidExtent)
        XCTAssertEqual(error(withXMPExtents([(UInt32.max, UInt32.max)]))?.kind, .invalidExtent)
        XCTAssertEqual(error(withXMPExtents([(0, 4)], method: 2))?.kind, .unsupported)
        XCTAssertEqual(error(withXMPExtents([(0, 4)], method: 7))?.kind, .unsupported)
        // A 64-bit base offset plus an extent offset that overflows.
        let overflow = Box.full("iloc", version: 1, [0x44, 0x80] + Box.u16(1) + Box.u16(2) + Box.u16(0) + Box.u16(0)
                                + Box.u64(UInt64.max) + Box.u16(1) + Box.u32(2) + Box.u32(1))
        XCTAssertEqual(error(Box.file(xmp: xmp).replacing(Box.iloc([(1, 0, [(0, 0)]), (2, 1, [(0, 4)])]), with: overflow))?.kind,
                       .invalidExtent)
        // An XMP item larger than the limit is refused before it is copied.
        XCTAssertEqual(error(Box.file(xmp: String(repeating: " ", count: 100) + "<a/>"), limits: HEICLimits(maxItemBytes: 50))?.kind,
                       .limitExceeded)
    }

    func testHugeRenditionSizesSortWithoutOverflow() throws {
        // Found by HEICReaderFuzz: two renditions of 2³² − 1 squared pixels overflowed `width * height` in the sort.
        let entries = Box.iinf([Box.infe(1, "hvc1"), Box.infe(2, "hvc1"), Box.infe(3, "hvc1")])
        let properties = Box.box("iprp", Box.box("ipco", Box.ispe(64, 64)) + Box.ipma([(1, [1])]))
        let huge = Box.box("iprp", Box.box("ipco", Box.ispe(.max, .max) + Box.ispe(.max, .max - 1))
                           + Box.ipma([(1, [1]), (2, [2]), (3, [1])]))
        let bytes = Box.file().replacing(Box.iinf([Box.infe(1, "hvc1")]), with: entries).replacing(properties, with: huge)
        let content = try GlyphImageContent(imageContent: Data(bytes))
        XCTAssertEqual(content.renditions.map(\.itemID), [1, 3, 2])
        XCTAssertEqual(content.renditions.first?.pixelCount, UInt64(UInt32.max) * UInt64(UInt32.max))
    }

    func testMalformedTablesAreErrors() {
        let badSizes = Box.full("iloc", version: 1, [0x33, 0] + Box.u16(0))
        XCTAssertEqual(error(Box.file().replacing(Box.iloc([(1, 0, [(0, 0)])]), with: badSizes))?.kind, .malformed)
        XCTAssertEqual(error(Box.file().replacing(Box.iloc([(1, 0, [(0, 0)])]), with: Box.full("iloc", version: 3, [])))?.kind,
                       .unsupportedVersion(3))
        let oldInfe = Box.full("infe", version: 0, Box.u16(1) + Box.u16(0) + [0, 0])
        XCTAssertEqual(error(Box.file().replacing(Box.infe(1, "hvc1"), with: oldInfe))?.kind, .unsupportedVersion(0))
        let twice = Box.iinf([Box.infe(1, "hvc1"), Box.infe(1, "hvc1")])
        XCTAssertEqual(error(Box.file().replacing(Box.iinf([Box.infe(1, "hvc1")]), with: twice))?.kind, .malformed)
        XCTAssertEqual(error(Box.file().replacing(Box.ipma([(1, [1])]), with: Box.ipma([(1, [9])])))?.kind, .malformed)
        XCTAssertEqual(error(Box.file().replacing(Box.ispe(64, 64), with: Box.full("ispe", [1, 2])))?.kind, .truncated)
        XCTAssertEqual(error(Box.file().replacing(Box.hdlr, with: Box.box("free", [])))?.kind, .missingBox("hdlr"))
        XCTAssertEqual(error(Box.file().replacing(Box.ispe(64, 64), with: Box.ispe(0, 64)))?.kind, .noRendition)
    }
}

extension Array where Element == UInt8 {
    /// The bytes with the first occurrence of `old` replaced by `new`, and the sizes of the boxes that enclose it
    /// (the top-level box, `meta`, `iinf`, `iprp`, …) grown or shrunk to match.
    func replacing(_ old: [UInt8], with new: [UInt8]) -> [UInt8] {
        guard let start = indices.first(where: { self[$0...].starts(with: old) }) else { fatalError("test bytes not found") }
        var result = self
        result.replaceSubrange(start..<(start + old.count), with: new)
        // Every box that enclosed the replaced bytes grows or shrinks by the difference.
        let delta = new.count - old.count
        var offset = 0
        var end = count
        while offset + 8 <= end {
            let size = Int(self[offset]) << 24 | Int(self[offset + 1]) << 16 | Int(self[offset + 2]) << 8 | Int(self[offset + 3])
            guard size >= 8, offset + size <= end else { break }
            if offset < start, start + old.count <= offset + size {
                let fixed = Swift.max(0, size + delta)
                for (i, byte) in Box.u32(UInt32(fixed)).enumerated() { result[offset + i] = byte }
                // Descend into the enclosing box: skip its header, and a full box's version and flags.
                let type = String(decoding: self[(offset + 4)..<(offset + 8)], as: UTF8.self)
                end = offset + size
                offset += ["meta", "iinf", "iref"].contains(type) ? (type == "iinf" ? 14 : 12) : 8
            } else {
                offset += size
            }
        }
        return result
    }
}
