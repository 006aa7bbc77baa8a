import XCTest
import RichText
@testable import RichTextFormats

/// The writer's mapping, one behaviour per test: what each attribute and each kind of text becomes.
final class RTFWriterTests: XCTestCase {
    let header = "{\\rtf1\\ansi\\ansicpg1252\\cocoartf2822\n\\cocoatextscaling0\\cocoaplatform0"

    func entry(_ name: String, _ value: AttributeValue) -> AttributeEntry {
        AttributeEntry(name: name, value: value, behavior: RTFRoundTripSupport.behavior(of: name))
    }

    func set(_ entries: (String, AttributeValue)...) -> AttributeSet {
        AttributeSet(entries.map { entry($0.0, $0.1) })
    }

    func rtf(_ document: RichString, images: ImageStore = ImageStore(), asPackage: Bool = false) -> String {
        String(decoding: RTFWriter().write(document, images: images, asPackage: asPackage).rtf, as: UTF8.self)
    }

    /// A document of one U+FFFC for each object, carrying its reference under its key, and the store of the
    /// objects' bytes.
    func imageDocument(_ objects: (key: String, reference: ImageGlyphReference, data: Data)...) -> (document: RichString, images: ImageStore) {
        var images = ImageStore()
        for object in objects { images.insert(object.data, for: object.reference) }
        let document = RichString(concatenating: objects.map { RichString("\u{FFFC}", attributes: set(($0.key, .imageGlyph($0.reference)))) })
        return (document, images)
    }

    /// The body: what follows the three header lines.
    func body(_ document: RichString, images: ImageStore = ImageStore(), asPackage: Bool = false) -> String {
        let whole = rtf(document, images: images, asPackage: asPackage)
        let lines = whole.split(separator: "\n", maxSplits: 4, omittingEmptySubsequences: false)
        return lines.count > 4 ? String(lines[4]) : ""
    }

    func testAnEmptyDocumentIsTheHeaderWithEmptyTables() {
        XCTAssertEqual(rtf(RichString("")), header + "{\\fonttbl}\n{\\colortbl;}\n{\\*\\expandedcolortbl;}\n}")
        XCTAssertEqual(RTFWriter().write(RichString(""), images: ImageStore(), asPackage: true).files, [:])
    }

    func testPlainTextGetsOnePardAndNoDefaultFontOrSize() {
        XCTAssertEqual(rtf(RichString("Hello")), header + "{\\fonttbl}\n{\\colortbl;}\n{\\*\\expandedcolortbl;}\n\\pard\nHello}")
    }

    func testBackslashAndBracesAreEscaped() {
        XCTAssertEqual(body(RichString("a\\b{c}d")), "\\pard\na\\\\b\\{c\\}d}")
    }

    func testNewlineIsCocoasParagraphEndAndLineTabPageAreControlWords() {
        XCTAssertEqual(body(RichString("a\nb\u{2028}c\td\u{0C}e")), "\\pard\na\\\nb\\line c\\tab d\\page e}")
    }

    func testNonASCIIIsUc0AndSignedUTF16Units() {
        XCTAssertEqual(body(RichString("é€")), "\\pard\n\\uc0\\u233 \\u8364 }")
        // U+1F600 is the surrogate pair D83D DE00, written as signed 16-bit numbers.
        XCTAssertEqual(body(RichString("😀x")), "\\pard\n\\uc0\\u-10179 \\u-8704 x}")
        // A BMP scalar above 32767 is negative too; U+FFFC without a graphic is plain text.
        XCTAssertEqual(body(RichString("\u{E000}\u{FFFC}")), "\\pard\n\\uc0\\u-8192 \\u-4 }")
    }

    func testControlCharactersAndCRAreUnicodeEscapes() {
        XCTAssertEqual(body(RichString("\u{1}\r\u{7F}\u{2029}")), "\\pard\n\\uc0\\u1 \\u13 \\u127 \\u8233 }")
    }

    func testTextAfterAControlWordGetsOneDelimiterSpace() {
        let document = RichString(concatenating: [RichString("a"), RichString(" b", attributes: set(("bold", .bool(true))))])
        XCTAssertEqual(body(document), "\\pard\na\\b  b}")
    }

    func testEachCharacterAttributeIsItsControlWord() {
        let cases: [(AttributeSet, String)] = [
            (set(("bold", .bool(true))), "\\b"),
            (set(("italic", .bool(true))), "\\i"),
            (set(("strikethrough", .bool(true))), "\\strike"),
            (set(("strikethrough", .bool(true)), ("strikethroughStyle", .string("double"))), "\\striked1"),
            (set(("allCaps", .bool(true))), "\\caps"),
            (set(("smallCaps", .bool(true))), "\\scaps"),
            (set(("underline", .bool(true))), "\\ul"),
            (set(("underline", .bool(true)), ("underlineStyle", .string("double"))), "\\uldb"),
            (set(("underline", .bool(true)), ("underlineStyle", .string("thick"))), "\\ulth"),
            (set(("underline", .bool(true)), ("underlineStyle", .string("dot"))), "\\uld"),
            (set(("underline", .bool(true)), ("underlineStyle", .string("dash"))), "\\uldash"),
            (set(("underline", .bool(true)), ("underlineStyle", .string("dashDot"))), "\\uldashd"),
            (set(("underline", .bool(true)), ("underlineStyle", .string("dashDotDot"))), "\\uldashdd"),
            (set(("underline", .bool(true)), ("underlineStyle", .string("wave"))), "\\ulwave"),
            (set(("superscript", .integer(1))), "\\super"),
            (set(("superscript", .integer(-1))), "\\sub"),
            (set(("baselineOffset", .number(3))), "\\up6"),
            (set(("baselineOffset", .number(-1.5))), "\\dn3"),
            (set(("fontSize", .number(12))), "\\fs24"),
            (set(("fontSize", .number(10.5))), "\\fs21"),
            (set(("font", .string("Menlo-Regular"))), "\\f0"),
            (set(("foregroundColor", .color(RichColor(red: 1, green: 0, blue: 0)))), "\\cf1"),
            (set(("backgroundColor", .color(RichColor(red: 1, green: 0, blue: 0)))), "\\cb1"),
        ]
        for (attributes, word) in cases {
            let output = RTFWriter().write(RichString("x", attributes: attributes), images: ImageStore(), asPackage: false)
            XCTAssertEqual(body(RichString("x", attributes: attributes)), "\\pard\n\(word) x}", "\(attributes)")
            XCTAssertEqual(output.warnings, [], "\(attributes)")
        }
    }

    func testAttributesTurnOffWithTheirOffWords() {
        let on = set(("bold", .bool(true)), ("italic", .bool(true)), ("underline", .bool(true)), ("strikethrough", .bool(true)),
                     ("allCaps", .bool(true)), ("smallCaps", .bool(true)), ("superscript", .integer(1)),
                     ("foregroundColor", .color(RichColor(red: 0, green: 0, blue: 1))),
                     ("backgroundColor", .color(RichColor(red: 0, green: 1, blue: 0))))
        let document = RichString(concatenating: [RichString("a", attributes: on), RichString("b")])
        XCTAssertEqual(body(document), "\\pard\n\\b\\i\\ul\\strike\\caps\\scaps\\super\\cf2\\cb1 a\\b0\\i0\\ulnone\\strike0\\caps0\\scaps0\\nosupersub\\cf0\\cb0 b}")
    }

    func testRemovingFontSizeOrBaselineResetsWithPlainAndRewritesTheRest() {
        let document = RichString(concatenating: [
            RichString("a", attributes: set(("fontSize", .number(12)), ("bold", .bool(true)))),
            RichString("b", attributes: set(("bold", .bool(true)))),
        ])
        XCTAssertEqual(body(document), "\\pard\n\\fs24\\b a\\plain\\b b}")
    }

    func testFontTableListsOnlyUsedFontsInFirstUseOrder() {
        let document = RichString(concatenating: [
            RichString("a", attributes: set(("font", .string("Zapfino")))),
            RichString("b", attributes: set(("font", .string("Helvetica")))),
            RichString("c", attributes: set(("font", .string("Zapfino")))),
        ])
        let output = rtf(document)
        XCTAssertTrue(output.contains("{\\fonttbl\\f0\\fnil\\fcharset0 Zapfino;\\f1\\fnil\\fcharset0 Helvetica;}\n"), output)
        XCTAssertTrue(output.hasSuffix("\\pard\n\\f0 a\\f1 b\\f0 c}"), output)
    }

    func testFontNamesAreEscapedIncludingTheSemicolon() {
        let output = rtf(RichString("a", attributes: set(("font", .string("A;B{é}")))))
        XCTAssertTrue(output.contains("{\\fonttbl\\f0\\fnil\\fcharset0 A\\uc0\\u59 B\\{\\uc0\\u233 \\};}"), output)
    }

    func testColourTablesHoldUsedColoursWithExpandedComponentsAndAlpha() {
        let document = RichString(concatenating: [
            RichString("a", attributes: set(("foregroundColor", .color(RichColor(red: 0.5, green: 0.25, blue: 1))))),
            RichString("b", attributes: set(("backgroundColor", .color(RichColor(red: 0.123_45, green: 0, blue: 0, alpha: 0.5))))),
            RichString("c", attributes: set(("foregroundColor", .color(RichColor(red: 0.5, green: 0.25, blue: 1))))),
        ])
        let output = rtf(document)
        XCTAssertTrue(output.contains("{\\colortbl;\\red128\\green64\\blue255;\\red31\\green0\\blue0;}\n"
                                      + "{\\*\\expandedcolortbl;\\csgenericrgb\\c50000\\c25000\\c100000;\\csgenericrgb\\c12345\\c0\\c0\\c50000;}\n"), output)
        XCTAssertTrue(output.hasSuffix("\\pard\n\\cf1 a\\cf0\\cb2 b\\cf1\\cb0 c}"), output)
    }

    func testAColourExactIn255thsGetsAnEmptyExpandedEntryLikeCocoasOwn() {
        let output = rtf(RichString("a", attributes: set(("foregroundColor", .color(RichColor(red: 47.0 / 255, green: 1, blue: 0))))))
        XCTAssertTrue(output.contains("{\\colortbl;\\red47\\green255\\blue0;}\n{\\*\\expandedcolortbl;;}\n"), output)
    }

    func testALinkIsAHyperlinkFieldOverItsText() {
        let link = set(("link", .url(URL(string: "https://swift.org/a?b=c")!)))
        let document = RichString(concatenating: [RichString("see "), RichString("here", attributes: link), RichString(".")])
        XCTAssertEqual(body(document), "\\pard\nsee {\\field{\\*\\fldinst{HYPERLINK \"https://swift.org/a?b=c\"}}{\\fldrslt here}}.}")
    }

    func testFormattingInsideALinkStaysInsideTheFieldResult() {
        let url = AttributeValue.url(URL(string: "https://a.example")!)
        let document = RichString(concatenating: [
            RichString("x", attributes: set(("link", url))),
            RichString("y", attributes: set(("link", url), ("bold", .bool(true)))),
            RichString("z"),
        ])
        // The group's end undoes the \b, so "z" needs no \b0.
        XCTAssertEqual(body(document), "\\pard\n{\\field{\\*\\fldinst{HYPERLINK \"https://a.example\"}}{\\fldrslt x\\b y}}z}")
    }

    func testAnAnchorLinkUsesTheEscapedLSwitch() {
        let document = RichString("top", attributes: set(("link", .url(URL(string: "#intro")!))))
        XCTAssertEqual(body(document), "\\pard\n{\\field{\\*\\fldinst{HYPERLINK \\\\l \"intro\"}}{\\fldrslt top}}}")
    }

    func testParagraphAttributesFollowPardAndChangeOnlyWhenTheyDiffer() {
        let centered = set(("alignment", .string("center")))
        var document = RichString(concatenating: [
            RichString("a\n", attributes: centered), RichString("b\n", attributes: centered), RichString("c"),
        ])
        document.enforceBehaviors()
        XCTAssertEqual(body(document), "\\pard\\qc\na\\\nb\\\n\\pard\nc}")
    }

    func testEachParagraphAttributeIsItsControlWord() {
        let cases: [((String, AttributeValue), String)] = [
            (("alignment", .string("left")), "\\ql"), (("alignment", .string("center")), "\\qc"),
            (("alignment", .string("right")), "\\qr"), (("alignment", .string("justified")), "\\qj"),
            (("alignment", .string("natural")), "\\qnatural"),
            (("writingDirection", .string("rightToLeft")), "\\rtlpar"), (("writingDirection", .string("leftToRight")), "\\ltrpar"),
            (("headIndent", .number(36)), "\\li720"), (("tailIndent", .number(18.5)), "\\ri370"),
            (("firstLineHeadIndent", .number(-9)), "\\fi-180"),
            (("lineHeight", .number(1.5)), "\\sl360\\slmult1"), (("lineHeightPoints", .number(14)), "\\sl280\\slmult0"),
            (("lineHeightPoints", .number(-14)), "\\sl-280\\slmult0"),
            (("paragraphSpacingBefore", .number(6)), "\\sb120"), (("paragraphSpacingAfter", .number(12)), "\\sa240"),
        ]
        for (attribute, words) in cases {
            let document = RichString("x", attributes: set(attribute))
            XCTAssertEqual(body(document), "\\pard\(words)\nx}", "\(attribute)")
            XCTAssertEqual(RTFWriter().write(document, images: ImageStore(), asPackage: false).warnings, [], "\(attribute)")
        }
    }

    func testAGlyphIsWrittenExactlyAsApplesNeXTGraphicGroup() {
        let glyph = ImageGlyphReference(contentIdentifier: "0A1B2C3D4E", contentDescription: "", contentType: "public.heic")
        let (document, images) = imageDocument(("adaptiveImageGlyph", glyph, Data("not really heic".utf8)))
        let output = RTFWriter().write(document, images: images, asPackage: true)
        let expected: [UInt8] = Array("\\pard\n{{\\NeXTGraphic AdaptiveImageGlyph-0A1B2C3D4E.heic \\width400 \\height400 \\appleemojiimage 0A1B2C3D4E}".utf8)
            + [0xAC] + Array("}}".utf8)
        XCTAssertEqual(Array(output.rtf.suffix(expected.count)), expected)
        XCTAssertEqual(output.files, ["AdaptiveImageGlyph-0A1B2C3D4E.heic": Data("not really heic".utf8)])
        XCTAssertEqual(output.warnings, [])
    }

    func testGraphicSizesComeFromTheImageHeader() {
        let png = Data(PNGEncoder.placeholder(size: 3))
        let reference = ImageGlyphReference(contentIdentifier: "dot.png", contentDescription: "", contentType: "public.png")
        let (document, images) = imageDocument(("attachment", reference, png))
        XCTAssertTrue(rtf(document, images: images, asPackage: true).contains("{{\\NeXTGraphic dot.png \\width60 \\height60}"))
    }

    func testTheCorpusPNGGetsTextEditsSizeFromItsResolution() throws {
        let url = URL(fileURLWithPath: "/work/shared/corpus/rtf/cocoa-texshop-about402.rtfd/unknown.png")
        guard let data = try? Data(contentsOf: url) else { throw XCTSkip("the RTF corpus is not at \(url.path)") }
        let size = try XCTUnwrap(RTFImageSize.of(data))
        XCTAssertEqual(size.twips.width, 12380)
        XCTAssertEqual(size.twips.height, 6280)
    }

    func testJPEGAndHEICSizesAreRead() {
        let jpeg: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x04, 0x00, 0x00, 0xFF, 0xC0, 0x00, 0x0B, 0x08, 0x00, 0x20, 0x00, 0x30, 0x01, 0x01, 0x11, 0x00]
        XCTAssertEqual(RTFImageSize.of(Data(jpeg)), RTFImageSize(width: 48, height: 32))
        func box(_ type: String, _ payload: [UInt8]) -> [UInt8] {
            let size = UInt32(payload.count + 8)
            return [UInt8(size >> 24), UInt8(size >> 16 & 0xFF), UInt8(size >> 8 & 0xFF), UInt8(size & 0xFF)] + Array(type.utf8) + payload
        }
        let ispe = box("ispe", [0, 0, 0, 0, 0, 0, 0, 160, 0, 0, 0, 120])
        let heic = box("ftyp", Array("heic".utf8) + [0, 0, 0, 0]) + box("meta", [0, 0, 0, 0] + box("iprp", box("ipco", ispe)))
        XCTAssertEqual(RTFImageSize.of(Data(heic)), RTFImageSize(width: 160, height: 120))
        XCTAssertNil(RTFImageSize.of(Data([0xFF, 0xD8, 0xFF])))
        XCTAssertNil(RTFImageSize.of(Data(Array(heic.prefix(30)))))
    }

    func testIdenticalGlyphImagesAreOneFileNamedForBoth() {
        let a = ImageGlyphReference(contentIdentifier: "a", contentDescription: "")
        let b = ImageGlyphReference(contentIdentifier: "b", contentDescription: "")
        let (document, images) = imageDocument(("adaptiveImageGlyph", a, Data("same".utf8)), ("adaptiveImageGlyph", b, Data("same".utf8)))
        let output = RTFWriter().write(document, images: images, asPackage: true)
        XCTAssertEqual(output.files, ["AdaptiveImageGlyph-a.heic": Data("same".utf8)])
        let text = String(decoding: output.rtf, as: UTF8.self)
        XCTAssertTrue(text.contains("\\NeXTGraphic AdaptiveImageGlyph-a.heic \\width400 \\height400 \\appleemojiimage a}"), text)
        XCTAssertTrue(text.contains("\\NeXTGraphic AdaptiveImageGlyph-a.heic \\width400 \\height400 \\appleemojiimage b}"), text)
    }

    func testAttachmentsKeepTheirOwnFileNamesEvenWithIdenticalBytes() {
        let x = ImageGlyphReference(contentIdentifier: "x.png", contentDescription: "", contentType: "public.png")
        let y = ImageGlyphReference(contentIdentifier: "y.png", contentDescription: "", contentType: "public.png")
        let (document, images) = imageDocument(("attachment", x, Data("same".utf8)), ("attachment", y, Data("same".utf8)))
        let output = RTFWriter().write(document, images: images, asPackage: true)
        XCTAssertEqual(output.files, ["x.png": Data("same".utf8), "y.png": Data("same".utf8)])
    }

    func testPlainRTFEmbedsPNGAttachmentsAsPictHex() {
        let png = Data(PNGEncoder.placeholder(size: 2))
        let reference = ImageGlyphReference(contentIdentifier: "picture-1.png", contentDescription: "", contentType: "public.png")
        let (document, images) = imageDocument(("attachment", reference, png))
        let output = RTFWriter().write(document, images: images, asPackage: false)
        let text = String(decoding: output.rtf, as: UTF8.self)
        let hex = png.map { String(format: "%02x", $0) }.joined()
        XCTAssertTrue(text.contains("{\\pict\\pngblip\\picw2\\pich2\\picwgoal40\\pichgoal40\n"), text)
        XCTAssertEqual(text.filter { $0.isHexDigit || $0 == "\n" }.contains(hex.prefix(40)), true)
        XCTAssertEqual(text.replacingOccurrences(of: "\n", with: "").contains(hex), true)
        XCTAssertEqual(output.files, [:])
        XCTAssertEqual(output.warnings, [])
    }

    func testPlainRTFEmbedsWordsPictureTypesByContentType() {
        let wmf = ImageGlyphReference(contentIdentifier: "picture-1.wmf", contentDescription: "", contentType: "com.microsoft.wmf")
        let emf = ImageGlyphReference(contentIdentifier: "picture-2.emf", contentDescription: "", contentType: "com.microsoft.emf")
        let (document, images) = imageDocument(("attachment", wmf, Data([1, 2, 0xAB])), ("attachment", emf, Data([4])))
        let output = RTFWriter().write(document, images: images, asPackage: false)
        XCTAssertEqual(body(document, images: images), "\\pard\n{\\pict\\wmetafile8\n0102ab}{\\pict\\emfblip\n04}}")
        XCTAssertEqual(output.warnings, [])
    }

    func testPlainRTFWarnsThatGlyphBytesAndOtherAttachmentsAreNotKept() {
        let glyph = ImageGlyphReference(contentIdentifier: "g", contentDescription: "")
        let pdf = ImageGlyphReference(contentIdentifier: "doc.pdf", contentDescription: "", contentType: "com.adobe.pdf")
        let (document, images) = imageDocument(("adaptiveImageGlyph", glyph, Data([1])), ("attachment", pdf, Data([2])))
        let output = RTFWriter().write(document, images: images, asPackage: false)
        XCTAssertEqual(output.files, [:])
        XCTAssertEqual(output.warnings.count, 1, "\(output.warnings)")
        XCTAssertTrue(output.warnings[0].message.contains("are not kept in .rtf; write .rtfd"), output.warnings[0].message)
        let text = String(decoding: output.rtf, as: UTF8.self)
        XCTAssertTrue(text.contains("{{\\NeXTGraphic doc.pdf \\width400 \\height400}"), text)
    }

    func testKeysWithoutAnRTFFormAreWarnedOncePerKey() {
        let document = RichString(concatenating: [
            RichString("a", attributes: set(("ingredient", .string("milk")))),
            RichString("b", attributes: set(("ingredient", .string("egg")), ("NSLink", .url(URL(string: "https://x")!)))),
        ])
        let output = RTFWriter().write(document, images: ImageStore(), asPackage: false)
        XCTAssertEqual(output.warnings.map(\.message), [
            "the attribute \"ingredient\" has no RTF form; it is not written",
            "the attribute \"NSLink\" has no RTF form; it is not written",
        ])
        XCTAssertEqual(body(document), "\\pard\nab}")
    }

    /// Found by the RTFD round-trip property test (seed 8801866251771968413): `\sl0` is automatic spacing, read
    /// back as no line height, so a line height of 0 points was lost in silence.
    func testALineHeightOfZeroPointsIsNotWrittenAndSaysSo() {
        let document = RichString("a", attributes: set(("lineHeightPoints", .number(0))))
        let output = RTFWriter().write(document, images: ImageStore(), asPackage: false)
        XCTAssertEqual(output.warnings.map(\.message), [
            "a line height of 0 points has no RTF form (\\sl0 means automatic spacing); it is not written",
        ])
        XCTAssertFalse(String(decoding: output.rtf, as: UTF8.self).contains("\\sl0"))
    }

    func testValuesRTFCannotHoldExactlyAreWarned() {
        let document = RichString("a", attributes: set(("fontSize", .number(12.3)), ("bold", .bool(false)),
                                                         ("superscript", .integer(2)), ("alignment", .string("middle"))))
        let messages = RTFWriter().write(document, images: ImageStore(), asPackage: false).warnings.map(\.message)
        XCTAssertEqual(messages.count, 4, "\(messages)")
        XCTAssertTrue(messages.contains { $0.contains("fontSize values are rounded") }, "\(messages)")
        XCTAssertTrue(messages.contains { $0.contains("bold = false") }, "\(messages)")
    }

    func testALinkOverAParagraphEndIsOneFieldWhoseResultHoldsTheParagraphEnd() throws {
        let link = set(("link", .url(URL(string: "https://a.example")!)))
        let document = RichString("a\nb", attributes: link)
        let output = RTFWriter().write(document, images: ImageStore(), asPackage: false)
        XCTAssertEqual(body(document), "\\pard\n{\\field{\\*\\fldinst{HYPERLINK \"https://a.example\"}}{\\fldrslt a\\\nb}}}")
        XCTAssertEqual(output.warnings, [])
        XCTAssertEqual(try RTFReader().read(output.rtf).document, document)
    }

    func testAParagraphBegunInsideALinkIsStatedAgainAfterTheFieldCloses() throws {
        var document = RichString(concatenating: [
            RichString("a\nb", attributes: set(("link", .url(URL(string: "https://a.example")!)))),
            RichString("c\n", attributes: .empty),
        ])
        document.setAttribute(StandardAttributes.alignment, to: .string("center"), in: RangeSet(document.index(document.startIndex, offsetBy: 2, in: .characters)..<document.endIndex))
        document.enforceBehaviors()
        let output = RTFWriter().write(document, images: ImageStore(), asPackage: false)
        XCTAssertEqual(try RTFReader().read(output.rtf).document, document, String(decoding: output.rtf, as: UTF8.self))
    }
}
