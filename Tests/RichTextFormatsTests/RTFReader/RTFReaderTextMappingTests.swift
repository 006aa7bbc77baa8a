import Foundation
import RichText
import XCTest
@testable import RichTextFormats

/// README's RTF text table, one behaviour per test.
final class RTFReaderTextMappingTests: XCTestCase {
    private func text(_ body: String, file: StaticString = #filePath, line: UInt = #line) throws -> String {
        try RTFReaderTestSupport.read("{\\rtf1\\ansi " + body + "}").document.string
    }

    func testParAndSectEndParagraphs() throws {
        XCTAssertEqual(try text("one\\par two\\sect three"), "one\ntwo\nthree")
    }

    func testCocoaBackslashNewlineEndsAParagraphForLFCRAndCRLF() throws {
        XCTAssertEqual(try text("a\\\nb\\\rc\\\r\nd"), "a\nb\nc\nd")
    }

    func testLineIsALineSeparator() throws {
        XCTAssertEqual(try text("a\\line b"), "a\u{2028}b")
    }

    func testTabWordAndLiteralTabByteAreTabs() throws {
        XCTAssertEqual(try text("a\\tab b\tc"), "a\tb\tc")
    }

    func testCellsEndInTabsAndRowsInParagraphBreaks() throws {
        XCTAssertEqual(try text("\\trowd\\cellx100\\cellx200 a\\cell b\\cell\\row c\\nestcell\\nestrow"), "a\tb\t\nc\t\n")
    }

    func testPageBreakIsFormFeed() throws {
        XCTAssertEqual(try text("a\\page b"), "a\u{0C}b")
    }

    func testSpecialSpacesAndHyphenSymbols() throws {
        XCTAssertEqual(try text("a\\~b\\-c\\_d"), "a\u{A0}b\u{AD}c\u{2011}d")
    }

    func testPunctuationWords() throws {
        XCTAssertEqual(try text("\\bullet\\emdash\\endash\\lquote\\rquote\\ldblquote\\rdblquote"), "•—–‘’“”")
    }

    func testSpaceAndJoinerWords() throws {
        XCTAssertEqual(try text("\\emspace\\enspace\\qmspace\\zwj\\zwnj\\ltrmark\\rtlmark"),
                       "\u{2003}\u{2002}\u{2005}\u{200D}\u{200C}\u{200E}\u{200F}")
    }

    func testLiteralLineEndsInTheBodyAreNotText() throws {
        XCTAssertEqual(try text("a\r\nb\nc\rd"), "abcd")
    }

    func testOneSpaceAfterAControlWordIsItsDelimiter() throws {
        XCTAssertEqual(try text("\\b  bold\\b0 x"), " boldx")
    }

    func testParameterDirectlyFollowedByText() throws {
        XCTAssertEqual(try text("{\\colortbl;\\red255\\green0\\blue0;}\\highlight0Normal"), "Normal")
    }

    func testEscapedBracesAndBackslash() throws {
        XCTAssertEqual(try text("\\{x\\}\\\\"), "{x}\\")
    }

    func testHexEscapeInTheDocumentCodePage() throws {
        XCTAssertEqual(try text("caf\\'e9 \\'80"), "café €")
    }

    func testUnicodeWithFallbackSkipping() throws {
        XCTAssertEqual(try text("\\u8364?x"), "€x", "\\uc1 is the default: one fallback character")
        XCTAssertEqual(try text("\\uc2\\u8364??x"), "€x")
        XCTAssertEqual(try text("\\uc0\\u8364 x"), "€x")
        XCTAssertEqual(try text("\\u26580\\'3fx"), "柔x", "a \\'hh fallback counts as one character")
        XCTAssertEqual(try text("\\uc2\\u8364\\'80\\par x"), "€x", "a control word counts as one fallback character")
        XCTAssertEqual(try text("\\uc3{\\u8364?}x"), "€x", "skipping stops at the group's end")
    }

    func testNegativeUnicodeIsAUTF16Unit() throws {
        XCTAssertEqual(try text("\\u-3913?"), "\u{2022}", "U+F0B7, Word's Symbol bullet, is mapped")
        XCTAssertEqual(try text("\\u-3915?"), "\u{F0B5}", "a private-use character with no common meaning stays")
    }

    func testSurrogatePairsJoinAndLoneSurrogatesBecomeReplacement() throws {
        XCTAssertEqual(try text("\\u-10179?\\u-9047?"), "💩")
        let lone = try RTFReaderTestSupport.read("{\\rtf1 \\u-10179?x\\u-9047?}")
        XCTAssertEqual(lone.document.string, "\u{FFFD}x\u{FFFD}")
        XCTAssertTrue(lone.warnings.contains { $0.message.contains("surrogate") })
    }

    func testUnicodeOutOfRangeIsReplacementWithAWarning() throws {
        let read = try RTFReaderTestSupport.read("{\\rtf1 \\u99999999?x\\u-40000?y}")
        XCTAssertEqual(read.document.string, "\u{FFFD}x\u{FFFD}y")
        XCTAssertEqual(read.warnings.filter { $0.message.contains("outside -32768...65535") }.count, 1)
    }

    func testListTextAndPNTextAreKept() throws {
        XCTAssertEqual(try text("{\\listtext\t\\uc0\\u8226 \t}one\\par{\\pntext 1.\\tab}two"), "\t•\tone\n1.\ttwo")
    }

    func testHiddenTextIsDroppedWithAWarning() throws {
        let read = try RTFReaderTestSupport.read("{\\rtf1 shown {\\v secret} shown\\v more\\v0 !}")
        XCTAssertEqual(read.document.string, "shown  shown!")
        XCTAssertEqual(read.warnings.filter { $0.message.contains("hidden") }.count, 1)
    }

    func testHeadersFootersAndAnnotationsAreDroppedAndFootnotesKeptWithWarnings() throws {
        let read = try RTFReaderTestSupport.read(
            "{\\rtf1 {\\header head}{\\footerl foot}a{\\super\\chftn{\\footnote\\pard\\plain\\chftn note}}b{\\*\\atnid x}{\\annotation c}\\par}")
        XCTAssertEqual(read.document.string, "a1b\n")
        XCTAssertEqual(RTFReaderTestSupport.attributes(of: "1", in: read.document)?["footnote"], .string("note"))
        let messages = read.warnings.map(\.message)
        XCTAssertEqual(messages.filter { $0.contains("headers and footers") }.count, 1)
        XCTAssertEqual(messages.filter { $0.contains("footnotes") }.count, 1)
        XCTAssertEqual(messages.filter { $0.contains("annotations") }.count, 1)
    }

    func testKnownNonTextDestinationsAreSkippedSilently() throws {
        let read = try RTFReaderTestSupport.read(
            "{\\rtf1{\\info{\\title T}}{\\stylesheet{\\s1 Heading;}}{\\*\\generator Word;}{\\pnseclvl1{\\pntxta .}}{\\*\\themedata 0a0b}x}")
        XCTAssertEqual(read.document.string, "x")
        XCTAssertEqual(read.warnings, [])
    }

    func testBinDataIsSkippedExactlyEvenWithBraces() throws {
        XCTAssertEqual(try text("a{\\*\\blob \\bin4 }{\\\\}b"), "ab")
        XCTAssertEqual(try text("a\\bin3 }{xb"), "ab", "\\bin data outside a picture is not text")
    }

    func testTrailingWhitespaceAndNULAfterTheDocumentAreFine() throws {
        let bytes = RTFReaderTestSupport.bytes("{\\rtf1 a}\r\n \u{0}")
        XCTAssertEqual(try RTFReader().read(bytes).document.string, "a")
    }

    func testUnmodelledControlWordsAreWarnedOncePerWord() throws {
        let read = try RTFReaderTestSupport.read("{\\rtf1 a\\kerning1 b\\kerning0 c\\expnd2 d}")
        XCTAssertEqual(read.document.string, "abcd")
        XCTAssertEqual(read.warnings.map(\.message), [
            "the control word \\kerning has no attribute here; its formatting is not kept",
            "the control word \\expnd has no attribute here; its formatting is not kept",
        ])
        XCTAssertEqual(read.warnings.first?.location?.column, 9)
    }

    func testUnmodelledWordWarningsAreCapped() throws {
        let words = (0..<40).map { "\\zzword\(String(UnicodeScalar(UInt8(97 + $0 % 26))))\(String(UnicodeScalar(UInt8(97 + $0 / 26)))) " }
        let read = try RTFReaderTestSupport.read("{\\rtf1 a" + words.joined() + "}")
        XCTAssertEqual(read.warnings.count, RTFWarningLog.unmodelledWordCap + 1)
        XCTAssertEqual(read.warnings.last?.message, "\(40 - RTFWarningLog.unmodelledWordCap) more control words have no attribute here; their formatting is not kept")
    }
}
