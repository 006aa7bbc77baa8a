import XCTest
import RichText
@testable import RichTextFormats

/// Reading the real HEIC fixtures (heif-enc renditions, exiftool XMP) as `NSAdaptiveImageGlyph(imageContent:)`.
final class HEICFixtureTests: XCTestCase {
    func testGenmojiGivesIdentifierDescriptionSizesAndProvenance() throws {
        let data = try HEICFixtures.genmoji
        let content = try GlyphImageContent(imageContent: data)
        XCTAssertEqual(content.contentIdentifier, HEICFixtures.identifier)
        XCTAssertEqual(content.contentDescription, HEICFixtures.description)
        XCTAssertEqual(content.renditions.map(\.width), [160, 96, 64, 40])
        XCTAssertEqual(content.renditions.map(\.height), [160, 96, 64, 40])
        XCTAssertEqual(content.renditions.first?.itemID, content.primaryItemID)
        XCTAssertEqual(content.creatorTool, "Apple TextKit")
        XCTAssertEqual(content.credit, "Apple Image Playground")
        XCTAssertEqual(content.digitalSourceType, "http://cv.iptc.org/newscodes/digitalsourcetype/trainedAlgorithmicMedia")
        XCTAssertTrue(content.isGeneratedByTrainedAlgorithm)
        XCTAssertTrue(content.hasXMP)
        XCTAssertEqual(content.imageContent, data, "the bytes are kept exactly")
    }

    func testGenmojiMakesAGlyphReferenceAndAStoredImage() throws {
        let content = try GlyphImageContent(imageContent: HEICFixtures.genmoji)
        XCTAssertEqual(content.imageGlyphReference,
                       ImageGlyphReference(contentIdentifier: HEICFixtures.identifier, contentDescription: HEICFixtures.description,
                                           contentType: "public.heic"))
        XCTAssertEqual(content.imageGlyphReference(fallbackIdentifier: "rtf-id").contentIdentifier, HEICFixtures.identifier)
        XCTAssertEqual(content.storedImage.data, content.imageContent)
        XCTAssertEqual(content.storedImage.contentDescription, HEICFixtures.description)
    }

    func testBoxTreeOfTheGenmojiAsHeifEncWritesIt() throws {
        let file = try HEICFile(HEICFixtures.genmoji)
        XCTAssertEqual(file.majorBrand, "heic")
        XCTAssertTrue(file.compatibleBrands.contains("mif1"))
        XCTAssertEqual(file.handlerType, "pict")
        // heif-enc writes each rendition with an alpha plane (auxl), and the 40 px one as a grid over a hidden
        // tile, with the grid's description in idat: all of them are items, only four are renditions.
        XCTAssertTrue(file.items.contains { $0.type == "grid" && $0.construction == .idat })
        XCTAssertTrue(file.items.contains { $0.references.contains { $0.type == "auxl" } })
        let xmp = try XCTUnwrap(file.items.first(where: \.isXMP))
        XCTAssertTrue(xmp.isHidden)
        let packet = String(decoding: try file.data(of: xmp), as: UTF8.self)
        XCTAssertTrue(packet.contains("<tiff:DocumentName>\(HEICFixtures.identifier)</tiff:DocumentName>"))
    }

    func testWithoutXMPTheImageHasSizesButNoIdentity() throws {
        let content = try GlyphImageContent(imageContent: HEICFixtures.data("genmoji-no-xmp.heic"))
        XCTAssertFalse(content.hasXMP)
        XCTAssertNil(content.contentIdentifier)
        XCTAssertNil(content.contentDescription)
        XCTAssertNil(content.creatorTool)
        XCTAssertFalse(content.isGeneratedByTrainedAlgorithm)
        XCTAssertEqual(content.renditions.map(\.width), [160, 96, 64, 40])
        XCTAssertNil(content.imageGlyphReference)
        XCTAssertEqual(content.imageGlyphReference(fallbackIdentifier: "rtf-id"),
                       ImageGlyphReference(contentIdentifier: "rtf-id", contentDescription: ""))
    }

    func testDocumentNameThatDisagreesWithTheRTFIsReadAsTheImageSaysIt() throws {
        let content = try GlyphImageContent(imageContent: HEICFixtures.data("genmoji-documentname-disagrees-with-rtf.heic"))
        XCTAssertEqual(content.contentIdentifier, "0000-NOT-THE-RTF-ID")
        XCTAssertEqual(content.contentDescription, HEICFixtures.description)
        let package = HEICFixtures.folder.appendingPathComponent("documentname-disagrees-with-rtf.rtfd")
        let rtf = String(decoding: try Data(contentsOf: package.appendingPathComponent("TXT.rtf")), as: UTF8.self)
        XCTAssertTrue(rtf.contains("\\appleemojiimage \(HEICFixtures.identifier)"))
        XCTAssertEqual(try Data(contentsOf: package.appendingPathComponent("AdaptiveImageGlyph-\(HEICFixtures.identifier).heic")),
                       try HEICFixtures.data("genmoji-documentname-disagrees-with-rtf.heic"))
    }

    func testTruncatedFixturesGiveTypedErrors() throws {
        for name in ["genmoji-truncated-in-meta.heic", "genmoji-truncated-in-mdat.heic"] {
            switch GlyphImageContent.read(try HEICFixtures.data(name)) {
            case .success: XCTFail("\(name) read")
            case .failure(let error):
                XCTAssertEqual(error.kind, .truncated, "\(name): \(error)")
                XCTAssertFalse(error.description.isEmpty)
            }
        }
    }

    func testErrorsNameTheBoxTheItemAndTheByte() {
        var bytes = Box.file(xmp: "<x/>")
        // Point the XMP item's extent past the end of idat.
        let iloc = bytes.indices.first { bytes[$0...].starts(with: Array("iloc".utf8)) }!
        let entry = iloc + 4 + 4 + 2 + 2 + 14 // the second entry: after version/flags, sizes, count, entry 1
        bytes[entry + 8 + 3] = 200 // its first extent's offset
        guard case .failure(let error) = GlyphImageContent.read(Data(bytes)) else { return XCTFail("read") }
        XCTAssertEqual(error.kind, .invalidExtent)
        XCTAssertEqual(error.box, "meta/iloc")
        XCTAssertEqual(error.itemID, 2)
        XCTAssertTrue(error.description.hasPrefix("byte "), error.description)
        XCTAssertEqual(error.documentError.kind, .malformed)
    }

    func testXMPInRDFAttributeFormAndWithoutXDefault() throws {
        let xmp = """
        <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
        <rdf:Description rdf:about="" xmlns:T="http://ns.adobe.com/tiff/1.0/" xmlns:d="http://purl.org/dc/elements/1.1/"
          xmlns:xmp="http://ns.adobe.com/xap/1.0/" T:DocumentName="id-7" xmp:CreatorTool="Apple TextKit">
        <d:description><rdf:Alt><rdf:li xml:lang="fr">un chat</rdf:li><rdf:li xml:lang="x-default">a cat &amp; a hat</rdf:li></rdf:Alt></d:description>
        </rdf:Description></rdf:RDF></x:xmpmeta>
        """
        let content = try GlyphImageContent(imageContent: Data(Box.file(xmp: xmp)))
        XCTAssertEqual(content.contentIdentifier, "id-7")
        XCTAssertEqual(content.creatorTool, "Apple TextKit")
        XCTAssertEqual(content.contentDescription, "a cat & a hat")
        XCTAssertEqual(content.renditions, [GlyphImageContent.Rendition(itemID: 1, width: 64, height: 64)])
    }

    func testXMPWithADocumentTypeOrBrokenXMLIsAnError() {
        let entities = Array(#"<!DOCTYPE x [<!ENTITY a "aaaa">]><x>&a;</x>"#.utf8)
        // Foundation's XMLParser on Linux traps on a processing instruction whose target is not UTF-8 (found by
        // the mutation test): such a packet must be refused before it reaches the parser.
        let badTarget = Array("<?xpacke".utf8) + [0xF4] + Array(" begin=''?><x/>".utf8)
        for xmp in [entities, Array("<x:xmpmeta><unclosed>".utf8), badTarget, Array("<x>\u{0}</x>".utf8) + [0]] {
            guard case .failure(let error) = GlyphImageContent.read(Data(Box.file(xmpBytes: xmp))) else { XCTFail("\(xmp)"); continue }
            XCTAssertEqual(error.kind, .invalidXMP, "\(error)")
            XCTAssertEqual(error.itemID, 2)
            let packetStart = Box.file(xmpBytes: xmp).count - xmp.count // idat is the last box of meta, meta the last box
            XCTAssertEqual(error.byteOffset, packetStart - Box.box("iprp", Box.box("ipco", Box.ispe(64, 64)) + Box.ipma([(1, [1])])).count)
        }
    }
}
