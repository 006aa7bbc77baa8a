import Foundation
import RichText
@testable import RichTextFormats
import XCTest

/// Readers take a Genmoji's identity from its image: an RTFD package holding a real HEIC (heif-enc renditions,
/// exiftool XMP) converts with the image's description, and back with the HEIC unchanged byte for byte.
final class GlyphIdentityFromImagesTests: XCTestCase {
    private let id = HEICFixtures.identifier

    /// An RTFD package as TextEdit saves a Genmoji: the image as `AdaptiveImageGlyph-<id>.heic`, only the id in
    /// `\appleemojiimage`.
    private func package(heic: Data, rtfID: String? = nil) -> RTFDPackage {
        let named = rtfID ?? id
        let name = "AdaptiveImageGlyph-\(named).heic"
        let rtf = "{\\rtf1\\ansi\\ansicpg1252\\cocoartf2822\n{\\fonttbl\\f0\\fswiss\\fcharset0 Helvetica;}\n\\f0\\fs24 Soup {{\\NeXTGraphic \(name) \\width800 \\height800 \\appleemojiimage \(named)}\u{AC}}}"
        return RTFDPackage(rtf: Array(rtf.utf8), files: [name: heic])
    }

    private func glyph(_ document: RichString) -> ImageGlyphReference? {
        for run in document.runs {
            if case .imageGlyph(let reference)? = run.attributes[StandardAttributes.adaptiveImageGlyph.name] { return reference }
        }
        return nil
    }

    func testAnRTFDGenmojiTakesItsDescriptionFromItsImage() throws {
        let heic = try HEICFixtures.genmoji
        let package = package(heic: heic)
        let decoded = try RTFReader().read(package.rtf, attachments: package.files)
        XCTAssertEqual(glyph(decoded.document)?.contentIdentifier, id)
        XCTAssertEqual(glyph(decoded.document)?.contentDescription, HEICFixtures.description)
        XCTAssertEqual(decoded.images[id]?.contentDescription, HEICFixtures.description)
        XCTAssertFalse(decoded.warnings.contains { $0.message.contains("XMP") || $0.message.contains("tiff:DocumentName") }, "\(decoded.warnings)")

        // Native JSON, plain text with attachments and HTML carry the image's description.
        let json = try NativeJSONEncoder().write(decoded.document, images: decoded.images)
        XCTAssertEqual(json.warnings, [])
        let fromJSON = try NativeJSONDecoder().decode(json.bytes)
        XCTAssertEqual(glyph(fromJSON.document)?.contentDescription, HEICFixtures.description)
        XCTAssertEqual(fromJSON.images[id]?.data, heic)
        let (plain, _) = PlainTextWithAttachments.decompose(decoded.document, images: decoded.images)
        let attachment = try XCTUnwrap(plain.attachments.first)
        XCTAssertEqual(plain.glyph(for: attachment).contentDescription, HEICFixtures.description, "the image's description rides with its image")
        XCTAssertEqual(glyph(try plain.recompose().document)?.contentDescription, HEICFixtures.description)
        let html = HTMLExporter().export(decoded.document, images: decoded.images).html
        XCTAssertTrue(html.contains("alt=\"\(HEICFixtures.description)\""), html)

        // Back to RTFD: the HEIC byte for byte.
        let written = RTFWriter().write(decoded.document, images: decoded.images, asPackage: true)
        XCTAssertEqual(written.files.values.filter { $0 == heic }.count, 1, "the HEIC is written back unchanged")
        XCTAssertFalse(written.warnings.contains { $0.message.contains("its image says") })
    }

    func testAnImageWithoutXMPIsAReaderWarningAndTheRTFValueStands() throws {
        let package = package(heic: try HEICFixtures.data("genmoji-no-xmp.heic"))
        let decoded = try RTFReader().read(package.rtf, attachments: package.files)
        XCTAssertEqual(glyph(decoded.document)?.contentIdentifier, id)
        XCTAssertEqual(glyph(decoded.document)?.contentDescription, "")
        let warning = try XCTUnwrap(decoded.warnings.first { $0.message.contains("no XMP packet") }, "\(decoded.warnings)")
        XCTAssertTrue(warning.message.contains("AdaptiveImageGlyph-\(id).heic"), "names the file: \(warning.message)")
    }

    func testAnIdentifierTheImageDoesNotShareIsAReaderWarningNamingTheFileAndItem() throws {
        let folder = HEICFixtures.folder.appendingPathComponent("documentname-disagrees-with-rtf.rtfd")
        let package = try RTFDPackage.read(directory: folder)
        let decoded = try RTFReader().read(package.rtf, attachments: package.files)
        let warning = try XCTUnwrap(decoded.warnings.first { $0.message.contains("tiff:DocumentName") }, "\(decoded.warnings)")
        XCTAssertTrue(warning.message.contains(".heic"), warning.message)
        XCTAssertTrue(warning.message.contains("XMP item"), warning.message)
        XCTAssertEqual(glyph(decoded.document)?.contentIdentifier, "F2A5C4D1-7B3E-4E8A-9C61-0D4B2E8F5A17", "the RTF's id stands")
    }

    func testADescriptionEditedInTheDocumentIsKeptAndEveryWriterSaysTheImageDiffers() throws {
        let heic = try HEICFixtures.genmoji
        var images = ImageStore()
        images.insert(ImageStore.Image(data: heic, contentType: "public.heic", contentDescription: HEICFixtures.description), for: id)
        let edited = ImageGlyphReference(contentIdentifier: id, contentDescription: "a grinning pumpkin", contentType: "public.heic")
        let document = RichString("\u{FFFC}", attributes: AttributeSet([AttributeEntry(
            name: StandardAttributes.adaptiveImageGlyph.name, value: .imageGlyph(edited), behavior: StandardAttributes.adaptiveImageGlyph.behavior)]))
        let json = try NativeJSONEncoder().write(document, images: images)
        XCTAssertTrue(json.warnings.contains { $0.message.contains("its image says") }, "\(json.warnings)")
        // Read back: the document's edited description stands, and the reader says the image differs.
        let back = try NativeJSONDecoder().decode(json.bytes)
        XCTAssertEqual(glyph(back.document)?.contentDescription, "a grinning pumpkin")
        XCTAssertTrue(back.warnings.contains { $0.message.contains("the document's description stands") }, "\(back.warnings)")
        XCTAssertEqual(back.images[id]?.data, heic, "the image is not rewritten")
        let rtfd = RTFWriter().write(document, images: images, asPackage: true)
        XCTAssertTrue(rtfd.warnings.contains { $0.message.contains("its image says") }, "\(rtfd.warnings)")
    }
}
