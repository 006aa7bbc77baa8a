import Foundation
import Formatting
import RichText
import RichTextFormats
import XCTest

/// A Genmoji pasted into a session is saved with its image; a writer without the image says so.
final class ImagesTravelWithTheDocumentTests: XCTestCase {
    private let glyphKey = AttributeKeyDescriptor(name: "adaptiveImageGlyph", behavior: AttributeBehavior(
        inheritedByAddedText: false, runBoundaries: .character("\u{FFFC}")))
    private let cat = ImageGlyphReference(contentIdentifier: "cat", contentDescription: "a cat", contentType: "public.heic")

    private func engine() throws -> FormattingEngine {
        FormattingEngine(try FormattingDefinition(name: "glyphs", scope: [glyphKey]) {})
    }

    private func genmoji() -> RichString {
        RichString("\u{FFFC}", attributes: AttributeSet([AttributeEntry(name: glyphKey.name, value: .imageGlyph(cat), behavior: glyphKey.behavior)]))
    }

    func testAGenmojiPastedIntoASessionIsSavedAndReloadedWithItsImage() throws {
        var session = EditingSession(document: RichString("Soup "), engine: try engine())
        var pasted = ImageStore()
        pasted.insert(ImageStore.Image(data: Data([1, 2, 3]), contentType: "public.heic", contentDescription: "a cat"), for: "cat")
        session.paste(genmoji(), images: pasted)
        XCTAssertEqual(session.images["cat"]?.data, Data([1, 2, 3]))

        let saved = try NativeJSONEncoder().write(session.document, images: session.images)
        XCTAssertEqual(saved.warnings, [])
        let reloaded = try NativeJSONDecoder().decode(saved.bytes)
        XCTAssertEqual(reloaded.images["cat"]?.data, Data([1, 2, 3]))
        XCTAssertEqual(reloaded.document.string, "Soup \u{FFFC}")

        let rtfd = RTFWriter().write(session.document, images: session.images, asPackage: true)
        XCTAssertFalse(rtfd.warnings.contains(DocumentWarning.imageWithoutBytes("cat")))
        XCTAssertTrue(rtfd.files.values.contains(Data([1, 2, 3])), "the package holds the image")
    }

    func testUndoingAPasteKeepsItsImageForRedo() throws {
        var session = EditingSession(document: RichString("Soup "), engine: try engine())
        var pasted = ImageStore()
        pasted.insert(ImageStore.Image(data: Data([9]), contentType: "public.heic", contentDescription: "a cat"), for: "cat")
        session.paste(genmoji(), images: pasted)
        XCTAssertTrue(session.undo())
        XCTAssertTrue(session.redo())
        XCTAssertEqual(try NativeJSONEncoder().write(session.document, images: session.images).warnings, [])
    }

    func testTheJSONWriterSaysWhichGlyphsItWritesWithoutAnImage() throws {
        let output = try NativeJSONEncoder().write(RichString("Soup ") + genmoji(), images: ImageStore())
        XCTAssertEqual(output.warnings, [DocumentWarning.imageWithoutBytes("cat")])
        XCTAssertEqual(output.bytes, try NativeJSONEncoder().encode(RichString("Soup ") + genmoji()))
        let rtfd = RTFWriter().write(RichString("Soup ") + genmoji(), images: ImageStore(), asPackage: true)
        XCTAssertTrue(rtfd.warnings.contains(DocumentWarning.imageWithoutBytes("cat")), "both writers say it alike")
    }
}
