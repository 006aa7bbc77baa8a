import XCTest
import RichTextFormats

/// The RTF reader's code pages: known characters, lead bytes, unmapped bytes, the `\fcharset` table, and
/// seeded samples of every page checked against Python's codecs (RTFCodePageSamples.generated.swift).
final class RTFCodePageTests: XCTestCase {
    private func page(_ number: Int, file: StaticString = #filePath, line: UInt = #line) throws -> RTFCodePage {
        try XCTUnwrap(RTFCodePage(number: number), "code page \(number)", file: file, line: line)
    }

    private func single(_ number: Int, _ byte: UInt8) throws -> Character? {
        try page(number).scalar(for: byte).map(Character.init)
    }

    private func double(_ number: Int, _ lead: UInt8, _ trail: UInt8) throws -> Character? {
        let page = try page(number)
        XCTAssertTrue(page.isLeadByte(lead), "0x\(String(lead, radix: 16)) leads in \(number)")
        return page.scalar(lead: lead, trail: trail).map(Character.init)
    }

    func testSingleBytePagesMapTheirKnownCharacters() throws {
        XCTAssertEqual(try single(1252, 0x93), "\u{201C}")
        XCTAssertEqual(try single(1252, 0x80), "€")
        XCTAssertEqual(try single(1250, 0xEA), "ę")
        XCTAssertEqual(try single(1251, 0xC0), "А")
        XCTAssertEqual(try single(1253, 0xE1), "α")
        XCTAssertEqual(try single(1254, 0xF0), "ğ")
        XCTAssertEqual(try single(1255, 0xF9), "ש")
        XCTAssertEqual(try single(1256, 0xC7), "ا")
        XCTAssertEqual(try single(1257, 0xE0), "ą")
        XCTAssertEqual(try page(1258).scalar(for: 0xD2), "\u{0309}")
        XCTAssertEqual(try single(874, 0xA1), "ก")
        XCTAssertEqual(try single(437, 0x82), "é")
        XCTAssertEqual(try single(850, 0x9B), "ø")
        XCTAssertEqual(try single(10000, 0xA9), "©")
        XCTAssertEqual(try single(10006, 0xE1), "α")
        XCTAssertEqual(try single(10007, 0x80), "А")
        XCTAssertEqual(try single(10029, 0x84), "Ą")
    }

    func testDoubleBytePagesMapTheirKnownCharacters() throws {
        XCTAssertEqual(try double(932, 0x82, 0xA0), "あ")
        XCTAssertEqual(try double(936, 0xD3, 0xA1), "印")
        XCTAssertEqual(try double(936, 0xD6, 0xD0), "中")
        XCTAssertEqual(try double(949, 0xB0, 0xA1), "가")
        XCTAssertEqual(try double(949, 0xC7, 0xD1), "한")
        XCTAssertEqual(try double(950, 0xA4, 0x40), "一")
        XCTAssertEqual(try double(1361, 0x88, 0x61), "가")
        XCTAssertEqual(try double(10001, 0x82, 0xA0), "あ")
        XCTAssertEqual(try double(10002, 0xA4, 0x40), "一")
        XCTAssertEqual(try double(10003, 0xB0, 0xA1), "가")
        XCTAssertEqual(try double(10008, 0xD6, 0xD0), "中")
    }

    func testASCIIIsTheSameInEveryPageButSymbol() throws {
        for number in RTFCodePage.supportedNumbers where number != RTFCodePage.symbolPageNumber {
            let page = try page(number)
            for byte in UInt8(0)..<0x80 {
                XCTAssertEqual(page.scalar(for: byte), Unicode.Scalar(byte), "page \(number) byte \(byte)")
                XCTAssertFalse(page.isLeadByte(byte), "page \(number) byte \(byte)")
            }
        }
    }

    func testMacJapaneseUsesAppleSingleBytesAndJISForms() throws {
        XCTAssertEqual(try single(10001, 0x80), "\\")
        XCTAssertEqual(try single(10001, 0xA0), "\u{00A0}")
        XCTAssertEqual(try single(10001, 0xFD), "©")
        XCTAssertEqual(try single(10001, 0xFE), "™")
        XCTAssertEqual(try single(10001, 0xFF), "…")
        XCTAssertEqual(try single(10001, 0xB1), "ｱ")
        XCTAssertEqual(try single(10001, 0x5C), "\\", "0x5C stays ASCII in RTF")
        XCTAssertEqual(try double(10001, 0x81, 0x60), "\u{301C}")
        XCTAssertEqual(try double(932, 0x81, 0x60), "\u{FF5E}")
        XCTAssertEqual(try double(10001, 0x81, 0x7C), "\u{2212}")
        XCTAssertEqual(try double(10001, 0x81, 0x91), "¢")
        XCTAssertEqual(try double(932, 0x81, 0x91), "\u{FFE0}")
    }

    func testWindowsAdditionsToPythonCodecs() throws {
        XCTAssertEqual(try single(936, 0x80), "€")
        XCTAssertEqual(try page(932).scalar(for: 0xA0), Unicode.Scalar(0xF8F0))
    }

    func testLeadBytesFollowWindowsRanges() throws {
        let shiftJIS = try page(932)
        XCTAssertTrue(shiftJIS.isDoubleByte)
        XCTAssertEqual((0...255).filter { shiftJIS.isLeadByte(UInt8($0)) }, Array(0x81...0x9F) + Array(0xE0...0xFC))
        for number in [936, 949, 950] {
            let page = try page(number)
            XCTAssertEqual((0...255).filter { page.isLeadByte(UInt8($0)) }, Array(0x81...0xFE), "page \(number)")
        }
        let johab = try page(1361)
        XCTAssertEqual((0...255).filter { johab.isLeadByte(UInt8($0)) },
                       Array(0x84...0xD3) + Array(0xD8...0xDE) + Array(0xE0...0xF9))
        for number in [1252, 10000, 42] {
            let page = try page(number)
            XCTAssertFalse(page.isDoubleByte, "page \(number)")
            XCTAssertFalse((0...255).contains { page.isLeadByte(UInt8($0)) }, "page \(number)")
        }
    }

    func testLeadBytesAloneAndUnmappedCellsGiveNil() throws {
        XCTAssertNil(try page(932).scalar(for: 0x82), "a lead byte is not a character alone")
        XCTAssertNil(try page(936).scalar(for: 0xD3))
        XCTAssertNil(try page(936).scalar(for: 0xFF))
        XCTAssertNil(try page(932).scalar(lead: 0x82, trail: 0x20), "trail below the range")
        XCTAssertNil(try page(932).scalar(lead: 0x82, trail: 0xFF), "trail above the range")
        XCTAssertNil(try page(932).scalar(lead: 0x85, trail: 0x40), "empty row")
        XCTAssertNil(try page(950).scalar(lead: 0x81, trail: 0x40), "user-defined row")
        XCTAssertNil(try page(932).scalar(lead: 0x41, trail: 0x41), "not a lead byte")
        XCTAssertNil(try page(1252).scalar(lead: 0x93, trail: 0x93), "single-byte page")
        for byte: UInt8 in [0x81, 0x8D, 0x8F, 0x90, 0x9D] {
            XCTAssertNil(try page(1252).scalar(for: byte), "cp1252 0x\(String(byte, radix: 16))")
        }
    }

    func testSymbolPageMapsToPrivateUse() throws {
        let symbol = try page(RTFCodePage.symbolPageNumber)
        XCTAssertEqual(symbol.number, 42)
        XCTAssertEqual(symbol.scalar(for: 0x61), Unicode.Scalar(0xF061))
        XCTAssertEqual(symbol.scalar(for: 0xB7), Unicode.Scalar(0xF0B7))
        XCTAssertEqual(symbol.scalar(for: 0x20), Unicode.Scalar(0xF020))
        XCTAssertEqual(symbol.scalar(for: 0x09), "\t")
        XCTAssertNil(symbol.scalar(lead: 0xB7, trail: 0x41))
    }

    func testUnsupportedNumbersGiveNoPage() {
        for number in [0, 1, 65001, 1200, 10005, 10021, 99999, -1] {
            XCTAssertNil(RTFCodePage(number: number), "\(number)")
        }
        for number in RTFCodePage.supportedNumbers {
            XCTAssertEqual(RTFCodePage(number: number)?.number, number)
        }
    }

    func testCharsetTableRows() {
        let rows: [(charset: Int, page: Int?)] = [
            (0, 1252), (1, nil), (2, 42), (3, nil),
            (77, 10000), (78, 10001), (79, 10003), (80, 10008), (81, 10002), (82, nil), (83, 10005),
            (84, 10004), (85, 10006), (86, 10081), (87, 10021), (88, 10029), (89, 10007),
            (128, 932), (129, 949), (130, 1361), (134, 936), (136, 950),
            (161, 1253), (162, 1254), (163, 1258), (177, 1255), (178, 1256), (179, nil), (180, nil), (181, nil),
            (186, 1257), (204, 1251), (222, 874), (238, 1250), (254, 437), (255, 850), (256, nil), (-1, nil),
        ]
        for row in rows {
            XCTAssertEqual(RTFCodePage.number(forCharset: row.charset), row.page, "\\fcharset\(row.charset)")
        }
        let unsupported: Set<Int> = [10005, 10021]
        for charset in 0...255 {
            guard let number = RTFCodePage.number(forCharset: charset), !unsupported.contains(number) else { continue }
            XCTAssertNotNil(RTFCodePage(number: number), "\\fcharset\(charset) → \(number)")
        }
    }

    /// Every page against ~200 byte sequences drawn (seeded, by the generator) straight from Python's codecs.
    func testSampledBytesMatchPythonCodecs() throws {
        XCTAssertEqual(Set(codePageSamples.keys), Set(RTFCodePage.supportedNumbers).subtracting([42]))
        for (number, samples) in codePageSamples.sorted(by: { $0.key < $1.key }) {
            let page = try page(number)
            var checked = 0
            for entry in samples.split(whereSeparator: \.isWhitespace) {
                let parts = entry.split(separator: "=")
                let bytes = try XCTUnwrap(UInt32(parts[0], radix: 16))
                let expected = parts[1] == "-" ? nil : try XCTUnwrap(UInt32(parts[1], radix: 16).flatMap(Unicode.Scalar.init))
                let actual: Unicode.Scalar?
                if parts[0].count == 4 {
                    let lead = UInt8(bytes >> 8), trail = UInt8(bytes & 0xFF)
                    XCTAssertTrue(page.isLeadByte(lead), "page \(number): \(parts[0]) lead")
                    actual = page.scalar(lead: lead, trail: trail)
                } else {
                    XCTAssertFalse(page.isLeadByte(UInt8(bytes)), "page \(number): \(parts[0]) is single")
                    actual = page.scalar(for: UInt8(bytes))
                }
                XCTAssertEqual(actual, expected, "page \(number) bytes \(parts[0]) (generator seed 20240601)")
                checked += 1
            }
            XCTAssertGreaterThanOrEqual(checked, 200, "page \(number)")
        }
    }

    func testPagesAreUsableFromManyThreadsAtOnce() throws {
        let numbers = RTFCodePage.supportedNumbers
        DispatchQueue.concurrentPerform(iterations: 64) { index in
            let page = RTFCodePage(number: numbers[index % numbers.count])
            _ = page?.scalar(for: 0xA4)
            _ = page?.scalar(lead: 0xA4, trail: 0xA4)
        }
        XCTAssertEqual(try double(950, 0xA4, 0x40), "一")
    }
}
