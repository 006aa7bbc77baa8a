import Foundation
import RichText
import XCTest
@testable import RichTextFormats

/// Code pages: the document's, a font's `\fcharset` over it, double-byte pairs, `\mac` / `\pc` / `\pca`.
final class RTFReaderCharacterSetTests: XCTestCase {
    private func text(_ rtf: String) throws -> String {
        try RTFReaderTestSupport.read(rtf).document.string
    }

    func testAnsiCodePagePicksTheDocumentCodePage() throws {
        XCTAssertEqual(try text("{\\rtf1\\ansi\\ansicpg1250 \\'ea\\'b9}"), "ęą")
        XCTAssertEqual(try text("{\\rtf1\\ansi\\ansicpg1251 \\'c4\\'e0}"), "Да")
        XCTAssertEqual(try text("{\\rtf1\\ansi\\ansicpg874 \\'a1}"), "ก")
    }

    func testDoubleByteCodePagesJoinLeadAndTrail() throws {
        XCTAssertEqual(try text("{\\rtf1\\ansi\\ansicpg932 \\'82\\'a0}"), "あ")
        XCTAssertEqual(try text("{\\rtf1\\ansi\\ansicpg936 \\'d6\\'d0}"), "中")
        XCTAssertEqual(try text("{\\rtf1\\ansi\\ansicpg949 \\'c7\\'d1}"), "한")
        XCTAssertEqual(try text("{\\rtf1\\ansi\\ansicpg950 \\'a4\\'a4}"), "中")
    }

    func testTrailByteMayBeALiteralOrEscapedCharacter() throws {
        // Shift-JIS ソ is 0x83 0x5C: the trail byte is a backslash, written \\ (or as \'5c).
        XCTAssertEqual(try text("{\\rtf1\\ansi\\ansicpg932 \\'83\\\\\\'83\\'5c}"), "ソソ")
        // 表 is 0x95 0x5C; ア is 0x83 0x41 with the trail written as a literal "A".
        XCTAssertEqual(try text("{\\rtf1\\ansi\\ansicpg932 \\'83A}"), "ア")
    }

    func testALeadByteWithoutTrailIsReplacementWithAWarning() throws {
        let read = try RTFReaderTestSupport.read("{\\rtf1\\ansi\\ansicpg932 \\'82}")
        XCTAssertEqual(read.document.string, "\u{FFFD}")
        XCTAssertEqual(read.warnings.count, 1)
    }

    func testFontCharsetOverridesTheDocumentCodePage() throws {
        let rtf = "{\\rtf1\\ansi\\ansicpg1252{\\fonttbl\\f0\\fnil\\fcharset0 Helvetica;\\f1\\fnil\\fcharset128 HiraKakuProN-W3;}"
            + "\\f0 \\'e9\\f1 \\'82\\'a0\\f0 \\'e9}"
        XCTAssertEqual(try text(rtf), "éあé")
    }

    func testAnsiFontInADoubleByteDocumentReadsSingleBytes() throws {
        // cocoa-rtfpk-big5-950: \ansicpg950 with a \fcharset0 font makes \'a9 a cp1252 "©", not a Big5 lead byte.
        XCTAssertEqual(try text("{\\rtf1\\ansi\\ansicpg950{\\fonttbl\\f0\\fswiss\\fcharset0 Helvetica;}\\f0 \\'a9 2004}"), "© 2004")
    }

    func testDefaultCharsetFollowsTheDocument() throws {
        XCTAssertEqual(try text("{\\rtf1\\ansi\\ansicpg1251{\\fonttbl{\\f0\\fcharset1 Arial;}}\\f0 \\'c4}"), "Д")
    }

    func testGroupEndRestoresTheFontsCodePage() throws {
        let rtf = "{\\rtf1\\ansi{\\fonttbl\\f0\\fcharset0 A;\\f1\\fcharset238 B;}\\f0 {\\f1 \\'b9}\\'b9}"
        XCTAssertEqual(try text(rtf), "ą¹")
    }

    func testMacPcAndPcaCharsets() throws {
        XCTAssertEqual(try text("{\\rtf1\\mac \\'8e}"), "é")
        XCTAssertEqual(try text("{\\rtf1\\pc \\'82}"), "é")
        XCTAssertEqual(try text("{\\rtf1\\pca \\'d5}"), "ı")
        XCTAssertEqual(try text("{\\rtf1\\mac\\ansicpg10001 \\'82\\'a0}"), "あ")
    }

    func testSymbolFontCharactersAreTheSymbolsTheFontShows() throws {
        // Every byte of a symbol font is a symbol (Windows: U+F000 + byte), mapped to Unicode by the font's name.
        XCTAssertEqual(try text("{\\rtf1{\\fonttbl{\\f3\\fcharset2 Symbol;}}\\f3 \\'b7a b\\'a3}"), "•α β≤")
    }

    func testRawEightBitBytesReadInTheCodePage() throws {
        XCTAssertEqual(try text("{\\rtf1\\ansi caf\u{E9}}"), "café")
        XCTAssertEqual(try text("{\\rtf1\\ansi\\ansicpg932 \u{82}\u{A0}}"), "あ")
    }

    func testUnsupportedCodePageWarnsAndReadsReplacement() throws {
        let read = try RTFReaderTestSupport.read("{\\rtf1\\ansi\\ansicpg99 a\\'e9}")
        XCTAssertEqual(read.document.string, "a\u{FFFD}")
        XCTAssertTrue(read.warnings.contains { $0.message.contains("code page 99 is not supported") })
    }

    func testFontNamesDecodeInTheirCharset() throws {
        let document = try RTFReaderTestSupport.read(
            "{\\rtf1\\ansi{\\fonttbl{\\f0\\fnil\\fcharset128 \\'82\\'6c\\'82\\'72 \\'96\\'be\\'92\\'a9;}}\\f0 x}").document
        XCTAssertEqual(RTFReaderTestSupport.attributes(of: "x", in: document)?["font"], .string("ＭＳ 明朝"))
    }

    func testUprUsesTheFirstFontTableOnly() throws {
        let document = try RTFReaderTestSupport.read(
            "{\\rtf1{\\upr{\\fonttbl{\\f0\\fnil Ansi Name;}}{\\*\\ud{\\fonttbl{\\f0\\fnil Unicode Name;}}}}\\f0 x}").document
        XCTAssertEqual(document.string, "x")
        XCTAssertEqual(RTFReaderTestSupport.attributes(of: "x", in: document)?["font"], .string("Ansi Name"))
    }
}
