import Foundation
import RichText
import XCTest
@testable import RichTextFormats

/// RTF as programs other than Cocoa write it (issue 42): `\*` in the middle of a group, list definitions
/// outside `\listtable`, list labels built from the list tables, Symbol and Wingdings text, footnotes.
final class RTFReaderOtherWritersTests: XCTestCase {
    private func read(_ rtf: String) throws -> DecodedDocument { try RTFReaderTestSupport.read(rtf) }

    // MARK: \* marks a destination only as its group's first word

    func testAStarInTheMiddleOfAGroupKeepsTheGroupsText() throws {
        let read = try read("{\\rtf1 {\\b\\*\\cs7 hidden?} world}")
        XCTAssertEqual(read.document.string, "hidden? world")
        XCTAssertEqual(RTFReaderTestSupport.attributes(of: "hidden?", in: read.document)?["bold"], .bool(true))
        XCTAssertFalse(read.warnings.contains { $0.message.contains("destination") }, "\(read.warnings)")
    }

    func testWordsCharacterStyleAfterOtherWordsKeepsTheSentence() throws {
        let read = try read("{\\rtf1{\\fonttbl{\\f2 Arial;}}{\\loch\\f2 \\*\\cs7\\cf0 The quick brown fox.}\\par}")
        XCTAssertEqual(read.document.string, "The quick brown fox.\n")
    }

    func testAStarFirstInItsGroupStillSkipsAnUnknownDestination() throws {
        let read = try read("{\\rtf1 a{\\*\\cs7 style name;}b}")
        XCTAssertEqual(read.document.string, "ab")
    }

    // MARK: {\list …} outside \listtable

    func testAListDefinitionOutsideTheListTableIsNotText() throws {
        let read = try read("""
            {\\rtf1\\ansi{\\fonttbl{\\f0 Calibri;}}
            {\\list\\listtemplateid67698707
            {\\listlevel\\levelnfc0\\levelfollow0\\levelstartat1{\\leveltext \\'02\\'00.}{\\levelnumbers \\'01}}
            {\\listname List1382206859_1;}\\listid1382206859}
            {\\listoverride\\listid1382206859\\listoverridecount0\\ls1}
            \\pard\\ls1 First\\par Second\\par}
            """)
        XCTAssertEqual(read.document.string, "1.\tFirst\n2.\tSecond\n")
    }

    // MARK: List labels from \listtable

    static let wordLists = """
        {\\rtf1\\ansi{\\fonttbl{\\f0 Times;}{\\f3\\fcharset2 Symbol;}{\\f10\\fcharset2 Wingdings;}}
        {\\*\\listtable
        {\\list\\listtemplateid1{\\listlevel\\levelnfc23\\levelfollow0\\levelstartat1{\\leveltext\\leveltemplateid1\\'01\\u-3913 ?;}{\\levelnumbers;}\\f3\\fi-360\\li720}
        {\\listlevel\\levelnfc23\\levelfollow0\\levelstartat1{\\leveltext\\'01\\'a7;}{\\levelnumbers;}\\f10}{\\listname ;}\\listid10}
        {\\list\\listtemplateid2{\\listlevel\\levelnfc0\\levelfollow0\\levelstartat1{\\leveltext\\'02\\'00.;}{\\levelnumbers\\'01;}}
        {\\listlevel\\levelnfc4\\levelfollow1\\levelstartat1{\\leveltext\\'04\\'00.\\'01);}{\\levelnumbers\\'01\\'03;}}
        {\\listlevel\\levelnfc2\\levelfollow2\\levelstartat3{\\leveltext\\'02\\'02.;}{\\levelnumbers\\'01;}}\\listid20}}
        {\\*\\listoverridetable{\\listoverride\\listid10\\listoverridecount0\\ls1}{\\listoverride\\listid20\\listoverridecount0\\ls2}}

        """

    func testBulletLabelsComeFromTheLevelsTextInItsFont() throws {
        let read = try read(Self.wordLists + "\\pard\\ls1 one\\par\\pard\\ls1\\ilvl1 two\\par\\pard plain\\par}")
        XCTAssertEqual(read.document.string, "•\tone\n▪\ttwo\nplain\n")
        XCTAssertTrue(read.warnings.contains { $0.message.contains("list labels") }, "\(read.warnings)")
    }

    func testNumberedLabelsCountPerLevelAndRestartBelowAHigherLevel() throws {
        let body = "\\pard\\ls2 a\\par\\pard\\ls2\\ilvl1 b\\par\\pard\\ls2\\ilvl1 c\\par\\pard\\ls2\\ilvl2 d\\par"
            + "\\pard\\ls2 e\\par\\pard\\ls2\\ilvl1 f\\par}"
        let read = try read(Self.wordLists + body)
        XCTAssertEqual(read.document.string, "1.\ta\n1.a) b\n1.b) c\niii.d\n2.\te\n2.a) f\n")
    }

    func testAParagraphWithListTextIsNotLabelledTwice() throws {
        // Word writes {\listtext} before \pard…\ls; Cocoa after \ls. Either way the file's label is the label.
        let word = try read(Self.wordLists + "{\\listtext\\pard\\plain\\f3 \\'b7\\tab}\\pard\\ls1 one\\par}")
        XCTAssertEqual(word.document.string, "•\tone\n")
        let cocoa = try read(Self.wordLists + "\\pard\\ls2\\ilvl0 {\\listtext\t7.\t}one\\par}")
        XCTAssertEqual(cocoa.document.string, "\t7.\tone\n")
    }

    func testAnEmptyListParagraphStillShowsItsLabel() throws {
        let read = try read(Self.wordLists + "\\pard\\ls2 \\par\\pard\\ls2 x\\par}")
        XCTAssertEqual(read.document.string, "1.\t\n2.\tx\n")
    }

    func testCocoasLevelMarkerNamesTheBullet() throws {
        let read = try read("""
            {\\rtf1\\mac\\ansicpg10001\\cocoartf824
            {\\*\\listtable{\\list\\listtemplateid1\\listhybrid{\\listlevel\\levelnfc23\\levelnfcn23\\leveljc2\\levelfollow0\\levelstartat1{\\*\\levelmarker \\{disc\\}}{\\leveltext\\leveltemplateid0\\'02\\'05.;}{\\levelnumbers\\'01;}}{\\listname ;}\\listid1}}
            {\\*\\listoverridetable{\\listoverride\\listid1\\listoverridecount0\\ls1}}
            \\pard\\ls1\\ilvl0 Read me}
            """)
        XCTAssertEqual(read.document.string, "•\tRead me")
    }

    func testABulletLevelWithANumberPlaceholderShowsABullet() throws {
        let read = try read("""
            {\\rtf1{\\*\\listtable{\\list{\\listlevel\\levelnfc23{\\leveltext\\'02\\'05.;}{\\levelnumbers\\'01;}}\\listid1}}
            {\\*\\listoverridetable{\\listoverride\\listid1\\ls1}}\\pard\\ls1 x\\par\\pard\\ls0 y\\par}
            """)
        XCTAssertEqual(read.document.string, "•\tx\ny\n", "\\ls0 is no list")
    }

    func testAListTableThatDoesNotReadGivesNoLabelsAndSaysWhere() throws {
        // List tables are read only when a paragraph needs a label; one with a bad \'hh is a warning then.
        let read = try read("{\\rtf1{\\*\\listtable{\\list{\\listlevel{\\leveltext\\'zz;}}\\listid1}}\n\\pard\\ls1 x\\par}")
        XCTAssertEqual(read.document.string, "x\n")
        let warning = try XCTUnwrap(read.warnings.first { $0.message.contains("list table could not be read") }, "\(read.warnings)")
        XCTAssertEqual(warning.location?.column, 10, "at \\listtable")
    }

    func testAnUnknownListIsAWarningAndNoLabel() throws {
        let read = try read("{\\rtf1 \\pard\\ls9 item\\par}")
        XCTAssertEqual(read.document.string, "item\n")
        XCTAssertTrue(read.warnings.contains { $0.message.contains("\\ls9") }, "\(read.warnings)")
    }

    func testNumberFormats() {
        XCTAssertEqual((1...5).map { RTFNumberFormat.upperRoman.text($0) }, ["I", "II", "III", "IV", "V"])
        XCTAssertEqual(RTFNumberFormat.lowerRoman.text(1994), "mcmxciv")
        XCTAssertEqual([1, 26, 27, 53].map { RTFNumberFormat.lowerLetter.text($0) }, ["a", "z", "aa", "aaa"])
        XCTAssertEqual([1, 2, 3, 4, 11, 12, 13, 21, 112].map { RTFNumberFormat.ordinal.text($0) },
                       ["1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "112th"])
        XCTAssertEqual([1, 4, 5].map { RTFNumberFormat.chicago.text($0) }, ["*", "§", "**"])
        XCTAssertEqual(RTFNumberFormat.decimalZero.text(7), "07")
        XCTAssertEqual(RTFNumberFormat.upperRoman.text(0), "0", "no Roman zero: decimal")
    }

    // MARK: Symbol and Wingdings

    func testWingdingsBulletsAndChecksAreTheirUnicodeCharacters() throws {
        let read = try read("{\\rtf1{\\fonttbl{\\f0 Times;}{\\f1\\fcharset2 Wingdings;}}\\f0 A{\\f1 l\\'a7\\'fc\\'d8 v}B{\\f1\\u-3929 ?}}")
        XCTAssertEqual(read.document.string, "A●▪✓➢ ❖B▪")
        XCTAssertEqual(read.warnings, [])
    }

    func testPrivateUseBulletsInAnOrdinaryFontAreWordsBullets() throws {
        XCTAssertEqual(try read("{\\rtf1 \\u-3913 ?\\u-3929 ?\\u-3844 ?}").document.string, "•▪✓")
    }

    func testSymbolsWithNoUnicodeCharacterStayAndAreSaidOnce() throws {
        let read = try read("{\\rtf1{\\fonttbl{\\f1\\fcharset2 Wingdings;}{\\f2\\fcharset2 Marlett;}}{\\f1 \\'29}{\\f2 ab}}")
        XCTAssertEqual(read.document.string, "\u{F029}\u{F061}\u{F062}")
        let warnings = read.warnings.filter { $0.message.contains("symbol-font") }
        XCTAssertEqual(warnings.count, 1)
        XCTAssertEqual(warnings.first?.location?.column, 72, "at the first one, the \\'29")
    }

    func testAFontNamedSymbolWithNoCharacterSetIsASymbolFont() throws {
        // pandoc's legacy lists: {\f3 Symbol;} and {\pntext\f3 \'b7\tab}.
        let read = try read("{\\rtf1\\ansi{\\fonttbl{\\f0 Helvetica;}{\\f3 Symbol;}}{\\pntext\\f3 \\'b7\\tab}A\\par}")
        XCTAssertEqual(read.document.string, "•\tA\n")
    }

    func testAFontNamedSymbolIsMappedInTheFontTableNotItsName() throws {
        let read = try read("{\\rtf1{\\fonttbl{\\f3\\fnil\\fcharset2 Symbol;}}{\\f3 p}}")
        XCTAssertEqual(read.document.string, "π")
        XCTAssertEqual(RTFReaderTestSupport.attributes(of: "π", in: read.document)?["font"], .string("Symbol"))
    }

    // MARK: Footnotes

    func testAFootnoteIsKeptOnItsNumberWithAWarning() throws {
        let read = try read("{\\rtf1 Text{\\super\\chftn {\\footnote\\pard\\plain {\\super\\chftn } The note.\\par}} more.\\par}")
        XCTAssertEqual(read.document.string, "Text1 more.\n")
        let mark = try XCTUnwrap(RTFReaderTestSupport.attributes(of: "1", in: read.document))
        XCTAssertEqual(mark["footnote"], .string("The note."))
        XCTAssertEqual(mark["superscript"], .integer(1))
        XCTAssertNil(RTFReaderTestSupport.attributes(of: " more", in: read.document)?["footnote"])
        let warning = try XCTUnwrap(read.warnings.first { $0.message.contains("footnote") })
        XCTAssertEqual(warning.location?.column, 27, "at \\footnote")
    }

    func testFootnotesAndEndnotesNumberApartInTheirFormats() throws {
        let read = try read("{\\rtf1\\aftnnar\\ftnnalc a\\chftn{\\footnote one}b\\chftn{\\footnote\\ftnalt two}c\\chftn{\\footnote three}}")
        XCTAssertEqual(read.document.string, "aab1cb")
        XCTAssertEqual(RTFReaderTestSupport.runs(read.document).compactMap { $0.1["endnote"] }, [.string("two")])
        XCTAssertEqual(RTFReaderTestSupport.runs(read.document).compactMap { $0.1["footnote"] }, [.string("one"), .string("three")])
    }

    func testEndnotesDefaultToLowerRoman() throws {
        XCTAssertEqual(try read("{\\rtf1 x{\\super\\chftn {\\footnote\\ftnalt\\pard e}}}").document.string, "xi")
    }

    func testACustomMarkIsTheTextOfTheGroupAroundTheFootnote() throws {
        let read = try read("{\\rtf1 See{\\super **{\\footnote\\pard Starred.}} here.}")
        XCTAssertEqual(read.document.string, "See** here.")
        XCTAssertEqual(RTFReaderTestSupport.attributes(of: "**", in: read.document)?["footnote"], .string("Starred."))
    }

    func testAFootnoteAfterSeparateMarkGroupsTakesTheNumber() throws {
        // pandoc: {\super\chftn}{\*\footnote\chftn\~…}; the group around the footnote is the paragraph.
        let read = try read("{\\rtf1 {\\pard Here is a note,{\\super\\chftn}{\\*\\footnote\\chftn\\~\\plain\\pard {\\pard Note {\\i text}.\\par}} done.\\par}}")
        XCTAssertEqual(read.document.string, "Here is a note,1 done.\n")
        XCTAssertEqual(RTFReaderTestSupport.attributes(of: "1", in: read.document)?["footnote"], .string("Note text."))
        XCTAssertNil(RTFReaderTestSupport.attributes(of: "note,", in: read.document)?["footnote"])
    }

    func testAHiddenFootnoteIsHiddenText() throws {
        let read = try read("{\\rtf1 a{\\v\\chftn{\\footnote secret}}b}")
        XCTAssertEqual(read.document.string, "ab")
        XCTAssertTrue(RTFReaderTestSupport.runs(read.document).allSatisfy { $0.1["footnote"] == nil })
        XCTAssertTrue(read.warnings.contains { $0.message.contains("hidden") })
    }

    func testAFootnoteWithNoMarkIsDroppedWithAWarning() throws {
        let read = try read("{\\rtf1 {\\footnote orphan}\\par}")
        XCTAssertEqual(read.document.string, "\n")
        XCTAssertTrue(read.warnings.contains { $0.message.contains("no reference mark") }, "\(read.warnings)")
    }

    func testAFootnotesFieldResultStaysInTheFootnote() throws {
        let read = try read("{\\rtf1 a\\chftn{\\footnote See {\\field{\\*\\fldinst HYPERLINK \"https://x.y\"}{\\fldrslt x.y}}.}b}")
        XCTAssertEqual(read.document.string, "a1b")
        XCTAssertEqual(RTFReaderTestSupport.attributes(of: "1", in: read.document)?["footnote"], .string("See x.y."))
    }
}
