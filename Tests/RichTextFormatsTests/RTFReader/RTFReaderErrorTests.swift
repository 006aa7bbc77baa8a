import Foundation
import RichText
import StreamingJSON
import XCTest
@testable import RichTextFormats

/// Malformed and hostile input: each is a located error (or, for `\u` out of range, a warning), never a crash.
final class RTFReaderErrorTests: XCTestCase {
    private func error(_ bytes: [UInt8], limits: RTFReader.Limits = RTFReader.Limits(),
                       file: StaticString = #filePath, line: UInt = #line) -> DocumentError? {
        do {
            _ = try RTFReader(limits: limits).read(bytes)
            XCTFail("expected an error", file: file, line: line)
            return nil
        } catch {
            return error
        }
    }

    private func error(_ rtf: String, limits: RTFReader.Limits = RTFReader.Limits(),
                       file: StaticString = #filePath, line: UInt = #line) -> DocumentError? {
        error(RTFReaderTestSupport.bytes(rtf), limits: limits, file: file, line: line)
    }

    func testAnExtraClosingBraceIsAWarningAtWhatFollowsIt() throws {
        let read = try RTFReaderTestSupport.read("{\\rtf1 a}\n}")
        XCTAssertEqual(read.document.string, "a")
        XCTAssertEqual(read.warnings.map(\.message), ["the document's group closes early (line 1, column 9); what follows it is read as part of the document"])
        XCTAssertEqual(read.warnings.first?.location, JSONLocation(line: 2, column: 1, byteOffset: 10))
    }

    func testTextAfterTheDocumentIsReadWithAWarningWhereItStarts() throws {
        let read = try RTFReaderTestSupport.read("{\\rtf1 a} b")
        XCTAssertEqual(read.document.string, "a b")
        XCTAssertEqual(read.warnings.first?.location, JSONLocation(line: 1, column: 11, byteOffset: 10))
    }

    func testAStrayBraceThenMoreParagraphsKeepsThem() throws {
        // Word and Outlook files: a `}` too many, then more text and the real end.
        let read = try RTFReaderTestSupport.read("{\\rtf1 {\\b one}\\par}}\r\n\\line two\\par}")
        XCTAssertEqual(read.document.string, "one\n\u{2028}two\n")
        XCTAssertEqual(read.warnings.count, 1)
        XCTAssertEqual(read.warnings.first?.location?.line, 1)
        XCTAssertEqual(read.warnings.first?.location?.column, 21, "at the second }")
    }

    func testGroupsLeftOpenAfterTheDocumentEndWithTheInput() throws {
        // A list definition closed the document too early; the override table after it is cut off.
        let read = try RTFReaderTestSupport.read("{\\rtf1 a\\par{\\list\\listid1}}\n}\n{\\*\\listoverridetable{\\listoverride\\listid1")
        XCTAssertEqual(read.document.string, "a\n")
        XCTAssertEqual(read.warnings.count, 1, "\(read.warnings)")
        XCTAssertEqual(read.warnings.first?.location?.line, 2)
    }

    func testConcatenatedDocumentsAreBothRead() throws {
        let read = try RTFReaderTestSupport.read("{\\rtf1\\ansi first\\par}\n{\\rtf1\\ansi second\\par}")
        XCTAssertEqual(read.document.string, "first\nsecond\n")
        XCTAssertEqual(read.warnings.first?.location, JSONLocation(line: 2, column: 1, byteOffset: 23))
    }

    func testBinaryPaddingAfterTheDocumentIsNotReadAndSaidSo() throws {
        let read = try RTFReaderTestSupport.read("{\\rtf1 a}\u{0}\u{0}\u{11}\u{FF}$\u{EF}\u{BF}\u{BD}\u{0E}")
        XCTAssertEqual(read.document.string, "a")
        XCTAssertEqual(read.warnings.map(\.message), ["binary data follows the } that closes the document (line 1, column 9); its 7 bytes are not read"])
        XCTAssertEqual(read.warnings.first?.location?.byteOffset, 11)
    }

    func testPaddingAfterTheDocumentIsNoWarning() throws {
        let read = try RTFReaderTestSupport.read("{\\rtf1 a}\r\n\u{0}\u{1A} \t")
        XCTAssertEqual(read.document.string, "a")
        XCTAssertEqual(read.warnings, [])
    }

    func testMissingClosingBraceIsMalformedAtTheEnd() {
        let error = error("{\\rtf1 {\\b a}\r\nbc")
        XCTAssertEqual(error?.kind, .malformed)
        XCTAssertEqual(error?.location, JSONLocation(line: 2, column: 3, byteOffset: 17))
        XCTAssertTrue(error?.message.contains("1 group(s) still open") ?? false, error?.message ?? "")
    }

    func testTruncatedInsideAControlWordOrHexEscape() {
        XCTAssertEqual(error("{\\rtf1 a\\").map { [$0.kind, $0.location] as [AnyHashable?] },
                       [DocumentError.Kind.malformed, JSONLocation(line: 1, column: 9, byteOffset: 8)])
        XCTAssertEqual(error("{\\rtf1 a\\'4").map { [$0.kind, $0.location] as [AnyHashable?] },
                       [DocumentError.Kind.malformed, JSONLocation(line: 1, column: 9, byteOffset: 8)])
    }

    func testBadHexDigitIsMalformedAtTheEscape() {
        let error = error("{\\rtf1\nab\\'g1}")
        XCTAssertEqual(error?.kind, .malformed)
        XCTAssertEqual(error?.location, JSONLocation(line: 2, column: 3, byteOffset: 9))
        XCTAssertEqual(error?.expected, "two hex digits (0-9, a-f)")
    }

    func testNotRTF() {
        XCTAssertEqual(error("")?.kind, .malformed)
        XCTAssertEqual(error("hello")?.kind, .malformed)
        XCTAssertEqual(error("{\\pard x}")?.location, JSONLocation(line: 1, column: 2, byteOffset: 1))
    }

    func testBinLengthPastTheEndIsTruncated() {
        let error = error("{\\rtf1 {\\pict\\bin100 abc}}")
        XCTAssertEqual(error?.kind, .malformed)
        XCTAssertEqual(error?.location, JSONLocation(line: 1, column: 14, byteOffset: 13))
        XCTAssertTrue(error?.message.contains("truncated") ?? false)
    }

    func testGiganticBinLengthExceedsTheLimitWithoutAllocating() {
        let error = error("{\\rtf1 \\bin2000000000 x}")
        XCTAssertEqual(error?.kind, .limitExceeded)
        XCTAssertEqual(error?.location, JSONLocation(line: 1, column: 8, byteOffset: 7))
    }

    func testBinLengthWithAbsurdDigitsExceedsTheLimit() {
        XCTAssertEqual(error("{\\rtf1 \\bin99999999999999999999999999999 x}")?.kind, .limitExceeded)
    }

    func testNegativeBinLengthIsMalformed() {
        XCTAssertEqual(error("{\\rtf1 \\bin-5 x}")?.kind, .malformed)
    }

    func testHundredThousandNestedGroupsExceedTheDepthLimit() {
        let depth = 100_000
        let bytes = Array("{\\rtf1 ".utf8) + [UInt8](repeating: 0x7B, count: depth) + Array("x".utf8)
            + [UInt8](repeating: 0x7D, count: depth) + [0x7D]
        let error = error(bytes)
        XCTAssertEqual(error?.kind, .limitExceeded)
        // The document's group is depth 1, so the 10,000th of the nested braces is the first too deep.
        XCTAssertEqual(error?.location?.byteOffset, 7 + 9_999)
    }

    func testDeepNestingInsideASkippedDestinationAlsoStops() {
        let bytes = Array("{\\rtf1 {\\*\\junk ".utf8) + [UInt8](repeating: 0x7B, count: 50_000)
        XCTAssertEqual(error(bytes)?.kind, .limitExceeded)
    }

    func testNestingWithinTheLimitReads() throws {
        let depth = 5_000
        let bytes = Array("{\\rtf1 ".utf8) + [UInt8](repeating: 0x7B, count: depth) + Array("x".utf8)
            + [UInt8](repeating: 0x7D, count: depth) + [0x7D]
        XCTAssertEqual(try RTFReader().read(bytes).document.string, "x")
    }

    func testASmallerDepthLimit() {
        XCTAssertEqual(error("{\\rtf1 {{x}}}", limits: RTFReader.Limits(maxGroupDepth: 2))?.kind, .limitExceeded)
    }

    func testPictureLargerThanTheLimit() {
        let error = error("{\\rtf1 {\\pict\\pngblip 0102030405}}", limits: RTFReader.Limits(maxPictureBytes: 4))
        XCTAssertEqual(error?.kind, .limitExceeded)
        XCTAssertEqual(error?.location?.byteOffset, 8)
    }

    func testUnicodeOutOfRangeIsAWarningNotAnError() throws {
        let read = try RTFReaderTestSupport.read("{\\rtf1 \\u99999999 x}")
        XCTAssertEqual(read.document.string, "\u{FFFD}")
        XCTAssertEqual(read.warnings.first?.location, JSONLocation(line: 1, column: 8, byteOffset: 7))
    }

    func testErrorDescriptionNamesLineColumnAndByte() {
        XCTAssertEqual(error("{\\rtf1 \\'zz}")?.description,
                       "line 1, column 8 (byte 7): \\' is not followed by two hex digits")
    }

    func testWordClosingItsDocumentBeforeTrailingGroupsIsAWarning() throws {
        let read = try RTFReaderTestSupport.read("{\\rtf1 text}{\\*\\themedata 00}{\\*\\datastore 00}}")
        XCTAssertEqual(read.document.string, "text")
        XCTAssertEqual(read.warnings.count, 1)
    }
}
