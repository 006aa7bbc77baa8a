import XCTest
import RichText
@testable import RichTextFormats
import struct FormattingTesting.SeededGenerator

/// Plain text + attachments: decompose, recompose, and the folder form, exactly.
final class PlainTextWithAttachmentsTests: XCTestCase {
    let cat = ImageGlyphReference(contentIdentifier: "cat", contentDescription: "a cat")

    func glyphSet(_ glyph: ImageGlyphReference) -> AttributeSet {
        AttributeSet([AttributeEntry(name: "adaptiveImageGlyph", value: .imageGlyph(glyph), behavior: StandardAttributes.adaptiveImageGlyph.behavior)])
    }

    func temporaryFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("formats-\(UUID().uuidString)", isDirectory: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: url) }
        return url
    }

    func testDecomposeGivesTextRangesAndEachImageOnce() {
        var images = ImageStore()
        images.insert(Data([1, 2]), for: cat)
        let document = RichString(concatenating: [
            RichString("Hi 👨‍👩‍👧 "), RichString("\u{FFFC}", attributes: glyphSet(cat)), RichString(" and "),
            RichString("\u{FFFC}", attributes: glyphSet(cat)), RichString("!", attributes: AttributeSet([AttributeEntry(name: "bold", value: .bool(true))])),
        ])
        let (plain, dropped) = PlainTextWithAttachments.decompose(document, images: images)
        XCTAssertEqual(plain.text, "Hi 👨‍👩‍👧 \u{FFFC} and \u{FFFC}!")
        XCTAssertEqual(plain.attachments, [GlyphAttachment(range: 9..<10, contentIdentifier: "cat"),
                                           GlyphAttachment(range: 15..<16, contentIdentifier: "cat")])
        XCTAssertEqual(plain.images.count, 1)
        XCTAssertEqual(dropped, ["bold"])
    }

    func testRandomGlyphDocumentsRecomposeExactly() throws {
        let seed = propertySeed(#function)
        var generator = DocumentGenerator(rng: SeededGenerator(seed: seed))
        for iteration in 0..<300 {
            let (document, images) = generator.glyphDocument()
            let (plain, dropped) = PlainTextWithAttachments.decompose(document, images: images)
            XCTAssertEqual(dropped, [], "seed \(seed) iteration \(iteration)")
            let back = try plain.recompose()
            guard back.document == document else {
                return XCTFail("seed \(seed) iteration \(iteration): expected\n\(document)\ngot\n\(back.document)")
            }
            XCTAssertEqual(back.adjustments, [], "seed \(seed) iteration \(iteration)")
            XCTAssertEqual(back.images, usedImages(document, images), "seed \(seed) iteration \(iteration)")
        }
    }

    func testRandomGlyphDocumentsRoundTripThroughTheFolderForm() throws {
        let seed = propertySeed(#function)
        var generator = DocumentGenerator(rng: SeededGenerator(seed: seed))
        for iteration in 0..<25 {
            let (document, images) = generator.glyphDocument()
            let folder = try temporaryFolder()
            let (plain, _) = PlainTextWithAttachments.decompose(document, images: images)
            try plain.write(to: folder)
            let read = try PlainTextWithAttachments.read(from: folder)
            XCTAssertEqual(read, plain, "seed \(seed) iteration \(iteration)")
            XCTAssertEqual(try read.recompose().document, document, "seed \(seed) iteration \(iteration)")
        }
    }

    func testFolderLayoutIsTextSideTableAndOneFilePerImage() throws {
        var images = ImageStore()
        images.insert(Data([1, 2]), for: cat)
        images.insert(Data([3]), for: ImageGlyphReference(contentIdentifier: "../evil/../id", contentDescription: "x", contentType: "public.png"))
        let plain = PlainTextWithAttachments(
            text: "a\u{FFFC}\r\n\u{FFFC}",
            attachments: [GlyphAttachment(range: 1..<2, contentIdentifier: "cat"),
                          GlyphAttachment(range: 4..<5, contentIdentifier: "../evil/../id")],
            images: images)
        let folder = try temporaryFolder()
        try plain.write(to: folder)
        XCTAssertEqual(try Data(contentsOf: folder.appendingPathComponent("text.txt")), Data("a\u{FFFC}\r\n\u{FFFC}".utf8))
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("images").path).sorted()
        XCTAssertEqual(files.count, 2)
        XCTAssertTrue(files.contains("cat.heic"))
        XCTAssertTrue(files.allSatisfy { !$0.contains("/") && !$0.hasPrefix(".") }, "\(files)")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted(), ["attachments.json", "images", "text.txt"])
        XCTAssertEqual(try PlainTextWithAttachments.read(from: folder), plain)
    }

    func testRangesOutsideTheTextOrOverlappingAreErrors() {
        let store = ImageStore()
        let past = PlainTextWithAttachments(text: "ab", attachments: [GlyphAttachment(range: 1..<3, contentIdentifier: "c")], images: store)
        XCTAssertThrowsError(try past.recompose()) { XCTAssertEqual(($0 as? DocumentError)?.kind, .invalidAttachment) }
        let overlap = PlainTextWithAttachments(text: "abc", attachments: [GlyphAttachment(range: 0..<2, contentIdentifier: "c"),
                                                                          GlyphAttachment(range: 1..<3, contentIdentifier: "c")], images: store)
        XCTAssertThrowsError(try overlap.recompose()) { XCTAssertEqual(($0 as? DocumentError)?.kind, .invalidAttachment) }
    }

    func testSideTableErrorsCarryTheirLocation() throws {
        let folder = try temporaryFolder()
        try PlainTextWithAttachments(text: "x", attachments: [], images: ImageStore()).write(to: folder)
        try Data("{\n  \"attachments\": [{\"contentIdentifier\": \"c\", \"range\": [2, 1]}]\n}".utf8)
            .write(to: folder.appendingPathComponent("attachments.json"))
        XCTAssertThrowsError(try PlainTextWithAttachments.read(from: folder)) { error in
            let e = error as? DocumentError
            XCTAssertEqual(e?.location?.line, 2)
            XCTAssertEqual(e?.location?.column, 55) // the range's '['
        }
        try Data("{\"images\":{\"c\":{\"file\":\"../../etc/passwd\"}}}".utf8).write(to: folder.appendingPathComponent("attachments.json"))
        XCTAssertThrowsError(try PlainTextWithAttachments.read(from: folder)) { error in
            XCTAssertEqual((error as? DocumentError)?.kind, .invalidAttachment)
        }
        try Data([0x61, 0xC3]).write(to: folder.appendingPathComponent("text.txt"))
        XCTAssertThrowsError(try PlainTextWithAttachments.read(from: folder)) { error in
            XCTAssertEqual((error as? DocumentError)?.location?.byteOffset, 1)
        }
    }

    /// PlainFolderFuzz: `AtomicFile.read` went through Foundation's `Data(contentsOf:)`, which leaks a 4 KiB buffer
    /// on every empty file (seen only under LeakSanitizer; `Fuzz/Seeds/PlainFolderFuzz/other-key` has an empty
    /// image). Empty files read as empty, and a missing file or a folder is an error naming the path.
    func testEmptyFilesReadAsEmptyAndMissingOnesAreErrors() throws {
        let folder = try temporaryFolder()
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("images"), withIntermediateDirectories: true)
        try Data().write(to: folder.appendingPathComponent("text.txt"))
        try Data(#"{"images": {"e": {"file": "e.png"}}}"#.utf8).write(to: folder.appendingPathComponent("attachments.json"))
        try Data().write(to: folder.appendingPathComponent("images/e.png"))
        let read = try PlainTextWithAttachments.read(from: folder)
        XCTAssertEqual(read.text, "")
        XCTAssertEqual(read.images["e"]?.data, Data())
        for url in [folder.appendingPathComponent("gone.txt"), folder.appendingPathComponent("images")] {
            XCTAssertThrowsError(try AtomicFile.read(url)) { error in
                XCTAssertEqual((error as? DocumentError)?.kind, .fileSystem)
                XCTAssertTrue((error as? DocumentError)?.message.hasPrefix("cannot read \(url.path): ") == true, "\(error)")
            }
        }
    }

    func testAtomicWriteLeavesNoTemporaryFiles() throws {
        let folder = try temporaryFolder()
        let file = folder.appendingPathComponent("f.txt")
        try AtomicFile.write(Data("one".utf8), to: file)
        try AtomicFile.write(Data("two".utf8), to: file)
        XCTAssertEqual(try String(contentsOf: file, encoding: .utf8), "two")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), ["f.txt"])
    }
}
