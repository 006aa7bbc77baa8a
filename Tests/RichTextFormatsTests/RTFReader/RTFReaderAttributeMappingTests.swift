import Foundation
import RichText
import XCTest
@testable import RichTextFormats

/// README's RTF attribute table, one behaviour per test.
final class RTFReaderAttributeMappingTests: XCTestCase {
    private let header = "{\\rtf1\\ansi\\ansicpg1252{\\fonttbl\\f0\\fswiss\\fcharset0 Helvetica;{\\f1\\fnil\\fcharset0  Times New Roman ;}}"
        + "{\\colortbl;\\red255\\green0\\blue0;\\red0\\green0\\blue255;}"

    private func read(_ body: String) throws -> DecodedDocument {
        try RTFReaderTestSupport.read(header + body + "}")
    }

    private func attributes(_ body: String, of fragment: String) throws -> [String: AttributeValue] {
        let document = try read(body).document
        return try XCTUnwrap(RTFReaderTestSupport.attributes(of: fragment, in: document), "no run holds \(fragment)")
    }

    func testFontNameComesFromTheFontTableTrimmedWithoutSemicolon() throws {
        XCTAssertEqual(try attributes("\\f0 a\\f1 b", of: "a")["font"], .string("Helvetica"))
        XCTAssertEqual(try attributes("\\f0 a\\f1 b", of: "b")["font"], .string("Times New Roman"))
    }

    func testFontSizeIsHalfPoints() throws {
        XCTAssertEqual(try attributes("\\fs25 a", of: "a")["fontSize"], .number(12.5))
    }

    func testToggleWordsAndTheirZeroParameter() throws {
        let attributes = try self.attributes("\\b\\i\\strike\\caps\\scaps a\\b0\\i0\\strike0\\caps0\\scaps0 b", of: "a")
        XCTAssertEqual(attributes["bold"], .bool(true))
        XCTAssertEqual(attributes["italic"], .bool(true))
        XCTAssertEqual(attributes["strikethrough"], .bool(true))
        XCTAssertEqual(attributes["allCaps"], .bool(true))
        XCTAssertEqual(attributes["smallCaps"], .bool(true))
        XCTAssertEqual(try self.attributes("\\b\\i\\strike\\caps\\scaps a\\b0\\i0\\strike0\\caps0\\scaps0 b", of: "b"), [:])
    }

    func testUnderlineAndItsOffForms() throws {
        XCTAssertEqual(try attributes("\\ul a", of: "a"), ["underline": .bool(true)])
        XCTAssertEqual(try attributes("\\ul a\\ulnone b", of: "b"), [:])
        XCTAssertEqual(try attributes("\\ul a\\ul0 b", of: "b"), [:])
        XCTAssertEqual(try attributes("\\ulw a", of: "a"), ["underline": .bool(true)])
    }

    func testUnderlineStyles() throws {
        let styles = ["uldb": "double", "ulth": "thick", "uld": "dot", "uldash": "dash", "uldashd": "dashDot",
                      "uldashdd": "dashDotDot", "ulwave": "wave"]
        for (word, style) in styles {
            XCTAssertEqual(try attributes("\\\(word) a", of: "a"),
                           ["underline": .bool(true), "underlineStyle": .string(style)], word)
        }
    }

    func testDoubleStrikethrough() throws {
        XCTAssertEqual(try attributes("\\striked1 a", of: "a"),
                       ["strikethrough": .bool(true), "strikethroughStyle": .string("double")])
    }

    func testSuperAndSubscript() throws {
        let body = "\\super a\\sub b\\nosupersub c"
        XCTAssertEqual(try attributes(body, of: "a")["superscript"], .integer(1))
        XCTAssertEqual(try attributes(body, of: "b")["superscript"], .integer(-1))
        XCTAssertNil(try attributes(body, of: "c")["superscript"])
    }

    func testBaselineOffsetFromUpAndDown() throws {
        XCTAssertEqual(try attributes("\\up6 a", of: "a")["baselineOffset"], .number(3))
        XCTAssertEqual(try attributes("\\dn4 a", of: "a")["baselineOffset"], .number(-2))
    }

    func testForegroundAndBackgroundColours() throws {
        let red = AttributeValue.color(RichColor(red: 1, green: 0, blue: 0))
        let blue = AttributeValue.color(RichColor(red: 0, green: 0, blue: 1))
        XCTAssertEqual(try attributes("\\cf1 a", of: "a"), ["foregroundColor": red])
        XCTAssertEqual(try attributes("\\cb2 a", of: "a"), ["backgroundColor": blue])
        XCTAssertEqual(try attributes("\\highlight1 a", of: "a"), ["backgroundColor": red])
    }

    func testAutoColourIsAbsent() throws {
        XCTAssertEqual(try attributes("\\cf0\\highlight0 a", of: "a"), [:])
    }

    func testExpandedColourTableWinsWithAlphaAndGray() throws {
        let document = try RTFReaderTestSupport.read(
            "{\\rtf1{\\colortbl;\\red255\\green0\\blue0;\\red0\\green0\\blue0;\\red0\\green0\\blue0;}"
            + "{\\*\\expandedcolortbl;;\\csgenericrgb\\c50000\\c25000\\c0\\c80000;\\csgray\\c50000;}"
            + "\\cf1 a\\cf2 b\\cf3 c}").document
        XCTAssertEqual(RTFReaderTestSupport.attributes(of: "a", in: document)?["foregroundColor"],
                       .color(RichColor(red: 1, green: 0, blue: 0)), "an empty expanded entry keeps \\colortbl's")
        XCTAssertEqual(RTFReaderTestSupport.attributes(of: "b", in: document)?["foregroundColor"],
                       .color(RichColor(red: 0.5, green: 0.25, blue: 0, alpha: 0.8)))
        XCTAssertEqual(RTFReaderTestSupport.attributes(of: "c", in: document)?["foregroundColor"],
                       .color(RichColor(red: 0.5, green: 0.5, blue: 0.5)))
    }

    func testHyperlinkFieldLinksItsResultText() throws {
        let document = try read("{\\field{\\*\\fldinst{HYPERLINK \"https://example.com/a b\"}}{\\fldrslt{\\ul link}}} after").document
        XCTAssertEqual(document.string, "link after")
        XCTAssertEqual(RTFReaderTestSupport.attributes(of: "link", in: document),
                       ["link": .url(URL(string: "https://example.com/a%20b")!), "underline": .bool(true)])
        XCTAssertEqual(RTFReaderTestSupport.attributes(of: "after", in: document), [:])
    }

    func testHyperlinkWithAnchorSwitch() throws {
        let document = try read("{\\field{\\*\\fldinst HYPERLINK \\\\l \"top\"}{\\fldrslt up}}").document
        XCTAssertEqual(RTFReaderTestSupport.attributes(of: "up", in: document)?["link"], .url(URL(string: "#top")!))
    }

    func testOtherFieldsKeepTheirResultWithoutALink() throws {
        let document = try read("{\\field{\\*\\fldinst PAGE}{\\fldrslt 3}}").document
        XCTAssertEqual(document.string, "3")
        XCTAssertEqual(RTFReaderTestSupport.attributes(of: "3", in: document), [:])
    }

    func testAlignmentWords() throws {
        let names = ["ql": "left", "qc": "center", "qr": "right", "qj": "justified", "qnatural": "natural"]
        for (word, name) in names {
            XCTAssertEqual(try attributes("\\pard\\\(word) a\\par", of: "a"), ["alignment": .string(name)], word)
        }
        XCTAssertEqual(try attributes("\\qc a\\par\\pard b\\par", of: "b"), [:], "\\pard resets")
    }

    func testWritingDirection() throws {
        XCTAssertEqual(try attributes("\\rtlpar a\\par", of: "a"), ["writingDirection": .string("rightToLeft")])
        XCTAssertEqual(try attributes("\\ltrpar a\\par", of: "a"), ["writingDirection": .string("leftToRight")])
    }

    func testIndentsInPoints() throws {
        XCTAssertEqual(try attributes("\\li720\\ri360\\fi-180 a\\par", of: "a"), [
            "headIndent": .number(36), "tailIndent": .number(18), "firstLineHeadIndent": .number(-9),
        ])
    }

    func testLineSpacingMultipleAndPoints() throws {
        XCTAssertEqual(try attributes("\\sl360\\slmult1 a\\par", of: "a"), ["lineHeight": .number(1.5)])
        XCTAssertEqual(try attributes("\\sl-240\\slmult0 a\\par", of: "a"), ["lineHeightPoints": .number(-12)])
        XCTAssertEqual(try attributes("\\sl280 a\\par", of: "a"), ["lineHeightPoints": .number(14)])
    }

    func testParagraphSpacing() throws {
        XCTAssertEqual(try attributes("\\sb120\\sa240 a\\par", of: "a"),
                       ["paragraphSpacingBefore": .number(6), "paragraphSpacingAfter": .number(12)])
    }

    func testParagraphFormattingAtTheParagraphEndAppliesToTheWholeParagraph() throws {
        let decoded = try read("\\pard a\\qc b\\par\\pard c")
        XCTAssertEqual(decoded.document.string, "ab\nc")
        XCTAssertEqual(RTFReaderTestSupport.runs(decoded.document).map(\.0), ["ab\n", "c"])
        XCTAssertEqual(RTFReaderTestSupport.attributes(of: "ab", in: decoded.document), ["alignment": .string("center")])
        XCTAssertEqual(decoded.adjustments, [])
    }

    func testPlainResetsCharacterFormatting() throws {
        XCTAssertEqual(try attributes("\\b\\i\\f0\\fs30 a\\plain b", of: "b"), [:])
    }

    func testGroupsRestoreFormatting() throws {
        XCTAssertEqual(try attributes("{\\b a}b", of: "b"), [:])
    }

    /// Reads `rtf` with `name` holding `data` in its package, and checks that it reads as `text` whose U+FFFC
    /// carries just `reference` under `key`, and that the images hold `data` under the reference's identifier.
    @discardableResult
    private func assertNeXTGraphic(_ rtf: String, with name: String, _ data: Data, readsAs text: String, key: String,
                                   _ reference: ImageGlyphReference, file: StaticString = #filePath, line: UInt = #line) throws -> DecodedDocument {
        let decoded = try RTFReaderTestSupport.read(rtf, attachments: [name: data])
        XCTAssertEqual(decoded.document.string, text, file: file, line: line)
        XCTAssertEqual(RTFReaderTestSupport.attributes(of: "\u{FFFC}", in: decoded.document), [key: .imageGlyph(reference)], file: file, line: line)
        XCTAssertEqual(decoded.images[reference.contentIdentifier]?.data, data, file: file, line: line)
        return decoded
    }

    func testNeXTGraphicIsAnAttachmentOnObjectReplacement() throws {
        let decoded = try assertNeXTGraphic(
            "{\\rtf1 a{{\\NeXTGraphic my file.png \\width240 \\height240 \\appleattachmentpadding0}\u{AC}}b}",
            with: "my file.png", Data([0x89, 0x50, 0x4E, 0x47]), readsAs: "a\u{FFFC}b",
            key: "attachment", ImageGlyphReference(contentIdentifier: "my file.png", contentDescription: "", contentType: "public.png"))
        XCTAssertEqual(decoded.warnings, [])
    }

    func testNeXTGraphicWithAppleEmojiImageIsAnAdaptiveImageGlyph() throws {
        try assertNeXTGraphic(
            "{\\rtf1 {{\\NeXTGraphic AdaptiveImageGlyph-abc123.heic \\width400 \\height400 \\appleemojiimage abc123}\u{AC}}}",
            with: "AdaptiveImageGlyph-abc123.heic", Data([1, 2, 3]), readsAs: "\u{FFFC}",
            key: "adaptiveImageGlyph", ImageGlyphReference(contentIdentifier: "abc123", contentDescription: "", contentType: "public.heic"))
    }

    func testNeXTGraphicNameMayHoldUnicodeAndHexEscapes() throws {
        // The writer escapes a non-ASCII file name as \uc0\uN (RTFReaderFuzz round-trip finding).
        let decoded = try RTFReaderTestSupport.read(
            "{\\rtf1 {{\\NeXTGraphic a\\uc0\\u402 b\\'83.png \\width400 \\height400}\u{AC}}}",
            attachments: ["aƒbƒ.png": Data([1])])
        XCTAssertEqual(RTFReaderTestSupport.attributes(of: "\u{FFFC}", in: decoded.document)?["attachment"],
                       .imageGlyph(ImageGlyphReference(contentIdentifier: "aƒbƒ.png", contentDescription: "", contentType: "public.png")))
        XCTAssertEqual(decoded.images["aƒbƒ.png"]?.data, Data([1]))
    }

    func testNeXTGraphicWithoutItsFileWarns() throws {
        let decoded = try RTFReaderTestSupport.read("{\\rtf1 {{\\NeXTGraphic gone.gif \\width1 \\height1}\u{AC}}}")
        XCTAssertEqual(decoded.document.string, "\u{FFFC}")
        XCTAssertEqual(decoded.warnings.map(\.message), ["the attachment gone.gif has no file in the package"])
    }

    func testPictureHexBecomesAnAttachmentWithItsBytes() throws {
        let decoded = try RTFReaderTestSupport.read(
            "{\\rtf1 a{\\pict{\\pngblip\\picw10\\pich10}89504e47\r\n0d0a}b{\\pict\\jpegblip ffd8}{\\pict\\wmetafile8 0100}{\\pict\\emfblip 01}{\\pict\\macpict 02}}")
        XCTAssertEqual(decoded.document.string, "a\u{FFFC}b\u{FFFC}\u{FFFC}\u{FFFC}\u{FFFC}")
        XCTAssertEqual(decoded.images["picture-1.png"]?.data, Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A]))
        XCTAssertEqual(decoded.images["picture-1.png"]?.contentType, "public.png")
        XCTAssertEqual(decoded.images["picture-2.jpg"]?.contentType, "public.jpeg")
        XCTAssertEqual(decoded.images["picture-3.wmf"]?.contentType, "com.microsoft.wmf")
        XCTAssertEqual(decoded.images["picture-4.emf"]?.contentType, "com.microsoft.emf")
        XCTAssertEqual(decoded.images["picture-5.pict"]?.contentType, "com.apple.pict")
        let reference = ImageGlyphReference(contentIdentifier: "picture-1.png", contentDescription: "", contentType: "public.png")
        XCTAssertEqual(RTFReaderTestSupport.attributes(of: "\u{FFFC}", in: decoded.document), ["attachment": .imageGlyph(reference)])
    }

    func testPictureBinaryData() throws {
        let decoded = try RTFReaderTestSupport.read("{\\rtf1 {\\pict\\pngblip\\bin3 {}\\}}")
        XCTAssertEqual(decoded.images["picture-1.png"]?.data, Data([0x7B, 0x7D, 0x5C]))
    }

    func testShapePictureIsKeptAndItsNonShapeFallbackSkipped() throws {
        let decoded = try RTFReaderTestSupport.read("{\\rtf1 {\\*\\shppict{\\pict\\pngblip 00}}{\\nonshppict{\\pict\\wmetafile8 00}}}")
        XCTAssertEqual(decoded.document.string, "\u{FFFC}")
        XCTAssertEqual(decoded.images.identifiers, ["picture-1.png"])
    }

    func testOneGlyphIdentifierHasOneContentType() throws {
        // RTFReaderFuzz round-trip finding: one \\appleemojiimage ID under two file extensions gave two references.
        let decoded = try RTFReaderTestSupport.read(
            "{\\rtf1 {{\\NeXTGraphic g.heic \\appleemojiimage abc}\u{AC}}{{\\NeXTGraphic g.png \\appleemojiimage abc}\u{AC}}}",
            attachments: ["g.png": Data([2])])
        let reference = ImageGlyphReference(contentIdentifier: "abc", contentDescription: "", contentType: "public.heic")
        XCTAssertEqual(RTFReaderTestSupport.runs(decoded.document).map(\.1), [["adaptiveImageGlyph": .imageGlyph(reference)]])
        XCTAssertEqual(decoded.images["abc"]?.contentType, "public.heic")
    }

    func testPicturesAreNumberedPastAttachmentsOfTheSameName() throws {
        let decoded = try RTFReaderTestSupport.read(
            "{\\rtf1 {{\\NeXTGraphic picture-1.png \\width1}\u{AC}}{\\pict\\pngblip 01}}", attachments: ["picture-1.png": Data([9])])
        XCTAssertEqual(decoded.images.identifiers, ["picture-1.png", "picture-2.png"])
        XCTAssertEqual(decoded.images["picture-1.png"]?.data, Data([9]))
        XCTAssertEqual(decoded.images["picture-2.png"]?.data, Data([1]))
    }

    func testHiddenPicturesAndAttachmentsStoreNoImage() throws {
        // RTFReaderFuzz round-trip finding: a hidden picture's bytes were stored with no glyph showing them.
        let decoded = try RTFReaderTestSupport.read(
            "{\\rtf1 a{\\v{\\pict\\pngblip 0102}{{\\NeXTGraphic x.png \\width1}\u{AC}}}b}", attachments: ["x.png": Data([1])])
        XCTAssertEqual(decoded.document.string, "ab")
        XCTAssertTrue(decoded.images.isEmpty)
        XCTAssertEqual(decoded.warnings.map(\.message), ["hidden text (\\v) is not kept"])
    }

    func testPictureOfAnUnkeptKindIsDroppedWithAWarning() throws {
        let decoded = try RTFReaderTestSupport.read("{\\rtf1 a{\\pict\\dibitmap0 00}b}")
        XCTAssertEqual(decoded.document.string, "ab")
        XCTAssertEqual(decoded.warnings.count, 1)
    }
}
