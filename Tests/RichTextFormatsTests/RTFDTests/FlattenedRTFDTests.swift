import XCTest
@testable import RichTextFormats
import struct FormattingTesting.SeededGenerator

/// Flattened RTFD: the exact layout, decode(encode(p)) == p, and hostile inputs that must fail cleanly.
final class FlattenedRTFDTests: XCTestCase {
    func u32(_ value: UInt32) -> [UInt8] {
        [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value >> 16 & 0xFF), UInt8(value >> 24)]
    }

    func file(_ bytes: [UInt8]) -> [UInt8] { u32(1) + u32(UInt32(bytes.count)) + bytes }

    /// A dictionary value from (name, value bytes) pairs, in the order given.
    func folder(_ entries: [(String, [UInt8])]) -> [UInt8] {
        var out = u32(3) + u32(UInt32(entries.count))
        for (name, _) in entries { out += u32(UInt32(name.utf8.count)) + Array(name.utf8) }
        for (_, value) in entries { out += u32(UInt32(value.count)) }
        for (_, value) in entries { out += value }
        return out
    }

    func flattened(_ root: [UInt8]) -> [UInt8] { Array("rtfd".utf8) + u32(0) + root }

    func testEncodingIsTheSerializedFileWrapperLayoutByteForByte() {
        let package = RTFDPackage(rtf: Array("{\\rtf1 x}".utf8), files: ["image.png": Data([1, 2, 3])])
        // "TXT.rtf" sorts before "image.png" (upper case first, by bytes).
        let expected = Array("rtfd".utf8) + u32(0) + u32(3) + u32(2)
            + u32(7) + Array("TXT.rtf".utf8) + u32(9) + Array("image.png".utf8)
            + u32(8 + 9) + u32(8 + 3)
            + u32(1) + u32(9) + Array("{\\rtf1 x}".utf8)
            + u32(1) + u32(3) + [1, 2, 3]
        XCTAssertEqual(FlattenedRTFD.encode(package), expected)
        XCTAssertEqual(try FlattenedRTFD.decode(expected), package)
    }

    func testFilesInSubfoldersNestAsDictionaries() throws {
        let package = RTFDPackage(rtf: [0x7B, 0x7D], files: ["pics/a.png": Data([9]), "pics/b.png": Data([8])])
        let expected = flattened(folder([
            ("TXT.rtf", file([0x7B, 0x7D])),
            ("pics", folder([("a.png", file([9])), ("b.png", file([8]))])),
        ]))
        XCTAssertEqual(FlattenedRTFD.encode(package), expected)
        XCTAssertEqual(try FlattenedRTFD.decode(expected), package)
    }

    func testPreferredNamesAndDotEntriesAreMetadataNotFiles() throws {
        let bytes = flattened(folder([
            (".", file([1, 2, 3, 4])),
            ("TXT.rtf", file(Array("{}".utf8))),
            ("__@PreferredName@__", file(Array("Doc.rtfd".utf8))),
            ("__@UTF8PreferredName@__", file(Array("Doc.rtfd".utf8))),
        ]))
        XCTAssertEqual(try FlattenedRTFD.decode(bytes), RTFDPackage(rtf: Array("{}".utf8), files: [:]))
    }

    func testAnEmptyNamedFolderHasNoTextAndIsRejectedNamingTXTrtf() {
        // The empty folder "Test1" as NSFileWrapper serializes it (Rodriguez 2015).
        let bytes = flattened(folder([("__@PreferredName@__", file(Array("Test1".utf8))), ("__@UTF8PreferredName@__", file(Array("Test1".utf8)))]))
        XCTAssertThrowsError(try FlattenedRTFD.decode(bytes)) { error in
            let error = error as! DocumentError
            XCTAssertEqual(error.kind, .malformed)
            XCTAssertTrue(error.message.contains("TXT.rtf"), error.message)
        }
    }

    func testARegularFileSerializedAsItsOwnWrapperIsReadFromDotDot() throws {
        let wrapped = folder([("..", file([5, 6])), ("__@UTF8PreferredName@__", file(Array("a.png".utf8)))])
        let bytes = flattened(folder([("TXT.rtf", file([0x7B, 0x7D])), ("a.png", wrapped)]))
        XCTAssertEqual(try FlattenedRTFD.decode(bytes), RTFDPackage(rtf: [0x7B, 0x7D], files: ["a.png": Data([5, 6])]))
    }

    func testPageAlignedValuesSkipTheirPadding() throws {
        let padded = u32(1) + u32(0x8000_0000) + u32(3) + u32(5) + [0, 0, 0, 0, 0] + [7, 8, 9]
        let bytes = flattened(folder([("TXT.rtf", file([0x7B, 0x7D])), ("big.bin", padded)]))
        XCTAssertEqual(try FlattenedRTFD.decode(bytes), RTFDPackage(rtf: [0x7B, 0x7D], files: ["big.bin": Data([7, 8, 9])]))
    }

    func testRandomPackagesDecodeToWhatWasEncoded() throws {
        let seed = propertySeed(#function)
        var rng = SeededGenerator(seed: seed)
        let parts = ["a", "b.png", "TXT.rtf", "Genmoji", "odd #$!@%.png", "é", "x y", "__@PreferredName@", "dir"]
        for iteration in 0..<400 {
            var files: [String: Data] = [:]
            for _ in 0..<Int.random(in: 0...6, using: &rng) {
                let depth = Int.random(in: 1...3, using: &rng)
                let name = (0..<depth).map { _ in parts.randomElement(using: &rng)! }.joined(separator: "/")
                guard name != RTFDPackage.textFileName else { continue }
                files[name] = Data((0..<Int.random(in: 0...40, using: &rng)).map { _ in UInt8.random(in: 0...255, using: &rng) })
            }
            let package = RTFDPackage(rtf: (0..<Int.random(in: 0...60, using: &rng)).map { _ in UInt8.random(in: 0...255, using: &rng) }, files: files)
            let bytes = FlattenedRTFD.encode(package)
            XCTAssertEqual(try FlattenedRTFD.decode(bytes), package, "seed \(seed) iteration \(iteration): \(files.keys.sorted())")
        }
    }

    func assertMalformed(_ bytes: [UInt8], _ kind: DocumentError.Kind = .malformed, containing text: String? = nil,
                         file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertThrowsError(try FlattenedRTFD.decode(bytes), file: file, line: line) { error in
            guard let error = error as? DocumentError else { return XCTFail("\(error)", file: file, line: line) }
            XCTAssertEqual(error.kind, kind, error.description, file: file, line: line)
            XCTAssertNotNil(error.location, file: file, line: line)
            if let text { XCTAssertTrue(error.message.contains(text), error.message, file: file, line: line) }
        }
    }

    func testNotRTFDAndUnknownVersionsAreRejected() {
        assertMalformed([], containing: "rtfd")
        assertMalformed(Array("{\\rtf1}".utf8), containing: "rtfd")
        assertMalformed(Array("rtfd".utf8) + u32(1) + folder([]), containing: "version")
    }

    func testALengthPastTheEndIsAnErrorAtItsOffset() throws {
        let bytes = flattened(folder([("TXT.rtf", u32(1) + u32(1_000_000) + [1, 2])]))
        XCTAssertThrowsError(try FlattenedRTFD.decode(bytes)) { error in
            let error = error as! DocumentError
            XCTAssertEqual(error.kind, .malformed)
            XCTAssertTrue(error.message.contains("1000000"), error.message)
            XCTAssertEqual(error.location?.column, error.location.map { $0.byteOffset + 1 })
        }
    }

    func testHugePaddingIsRejectedWithoutAllocating() {
        let padded = u32(1) + u32(0x8000_0000) + u32(4) + u32(0xFFFF_FFF0) + [1, 2, 3, 4]
        assertMalformed(flattened(folder([("TXT.rtf", padded)])), containing: "padding")
    }

    func testAnEntryCountTheBytesCannotHoldIsRejected() {
        assertMalformed(Array("rtfd".utf8) + u32(0) + u32(3) + u32(0xFFFF_FFFF) + [0, 0, 0, 0], containing: "entries")
    }

    func testNameLengthsPastTheEndAreRejected() {
        assertMalformed(Array("rtfd".utf8) + u32(0) + u32(3) + u32(1) + u32(0x7FFF_FFFF) + [0, 0, 0, 0])
    }

    func testHundredThousandDeepNestingIsALimitNotACrash() {
        // Each level: a folder with one entry "d" whose value is the next level; sizes are the rest.
        var bytes = Array("rtfd".utf8) + u32(0)
        let levels = 100_000
        bytes.reserveCapacity(levels * 17 + 8)
        for level in 0..<levels {
            let remaining = UInt32((levels - level - 1) * 17 + 8)
            bytes += u32(3) + u32(1) + u32(1) + [UInt8(ascii: "d")] + u32(remaining)
        }
        bytes += u32(3) + u32(0)
        assertMalformed(bytes, .limitExceeded)
    }

    func testAKeyWithASlashBesideAFolderOfTheSamePathIsRejected() {
        let bytes = flattened(folder([("TXT.rtf", file([1])), ("a", folder([("b", file([2]))])), ("a/b", file([3]))]))
        assertMalformed(bytes, containing: "a/b")
    }

    func testUnknownTypesAndDuplicateNamesAreRejected() {
        assertMalformed(flattened(folder([("TXT.rtf", u32(2) + u32(0))])), containing: "type 2")
        assertMalformed(flattened(folder([("TXT.rtf", file([1])), ("TXT.rtf", file([2]))])), containing: "twice")
    }

    func testEveryTruncationAndRandomCorruptionFailsCleanly() {
        let package = RTFDPackage(rtf: Array("{\\rtf1 hello}".utf8), files: ["a.png": Data([1, 2, 3]), "d/b.heic": Data(repeating: 7, count: 20)])
        let bytes = FlattenedRTFD.encode(package)
        for length in 0..<bytes.count {
            XCTAssertThrowsError(try FlattenedRTFD.decode(Array(bytes.prefix(length))), "prefix \(length)")
        }
        let seed = propertySeed(#function)
        var rng = SeededGenerator(seed: seed)
        for _ in 0..<3000 {
            var corrupt = bytes
            for _ in 0..<Int.random(in: 1...4, using: &rng) {
                corrupt[Int.random(in: 0..<corrupt.count, using: &rng)] = UInt8.random(in: 0...255, using: &rng)
            }
            _ = try? FlattenedRTFD.decode(corrupt) // must not trap
        }
    }
}
