import Foundation
import XCTest
import RichText
@testable import RichTextFormats

/// The folder readers (RTFD packages, plain text with attachments) never follow a symbolic link inside the
/// folder, so a document cannot pull in a file from outside it, and they look at each file's type and size
/// before reading it.
final class DocumentFolderLinkTests: XCTestCase {
    var root: URL!

    override func setUpWithError() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("folder-links-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        let root = root!
        addTeardownBlock { try? FileManager.default.removeItem(at: root) }
    }

    /// A file outside every document folder, standing for /etc/passwd.
    func secret() throws -> URL {
        let url = root.appendingPathComponent("secret.txt")
        try Data("root:x:0:0".utf8).write(to: url)
        return url
    }

    func link(_ url: URL, to target: URL) throws {
        try FileManager.default.createSymbolicLink(at: url, withDestinationURL: target)
    }

    func assertRefusedAsALink(_ body: @autoclosure () throws -> some Any, naming name: String, line: UInt = #line) {
        XCTAssertThrowsError(try body(), line: line) { error in
            let error = error as? DocumentError
            XCTAssertEqual(error?.kind, .malformed, line: line)
            XCTAssertTrue(error?.message.contains(name) == true && error?.message.contains("symbolic link") == true,
                          error?.message ?? "", line: line)
        }
    }

    func testAnRTFDPackageWithALinkedFileOrFolderIsRefused() throws {
        let secret = try secret()
        for linked in ["TXT.rtf", "image.png", "sub"] {
            let package = root.appendingPathComponent("\(linked).rtfd")
            try RTFDPackage(rtf: Array("{\\rtf1 hi}".utf8), files: ["keep.png": Data([1])]).write(to: package)
            let at = package.appendingPathComponent(linked)
            try? FileManager.default.removeItem(at: at)
            try link(at, to: linked == "sub" ? root : secret)
            assertRefusedAsALink(try RTFDPackage.read(directory: package), naming: linked)
            assertRefusedAsALink(try RTFDPackage.list(directory: package), naming: linked)
        }
    }

    func testAnRTFDPackageIsWeighedBeforeItIsRead() throws {
        let package = root.appendingPathComponent("big.rtfd")
        try RTFDPackage(rtf: Array("{\\rtf1 hi}".utf8), files: ["a.png": Data(count: 600), "b.png": Data(count: 600)]).write(to: package)
        let listing = try RTFDPackage.list(directory: package)
        XCTAssertEqual(listing.files, ["TXT.rtf", "a.png", "b.png"])
        XCTAssertEqual(listing.byteCount, 1210)
        XCTAssertThrowsError(try RTFDPackage.read(directory: package, maxSize: 1024)) { error in
            XCTAssertEqual((error as? DocumentError)?.kind, .limitExceeded)
        }
        XCTAssertEqual(try RTFDPackage.read(directory: package, maxSize: 1210).files.count, 2)
    }

    func testThePlainFolderReaderRefusesLinksInsteadOfEmbeddingWhatTheyPointAt() throws {
        let secret = try secret()
        var images = ImageStore()
        images.insert(ImageStore.Image(data: Data([1, 2, 3]), contentType: "public.png", contentDescription: "a cat"), for: "cat")
        let plain = PlainTextWithAttachments(text: "a\u{FFFC}", attachments: [GlyphAttachment(range: 1..<2, contentIdentifier: "cat")],
                                             images: images)
        for linked in ["text.txt", "attachments.json", "images/cat.png", "images"] {
            let folder = root.appendingPathComponent(linked.replacingOccurrences(of: "/", with: "-"))
            try plain.write(to: folder)
            XCTAssertEqual(try PlainTextWithAttachments.read(from: folder), plain, "the folder reads before the link is made")
            let at = folder.appendingPathComponent(linked)
            try FileManager.default.removeItem(at: at)
            if linked == "images" {
                let elsewhere = root.appendingPathComponent("elsewhere")
                try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
                try link(elsewhere.appendingPathComponent("cat.png"), to: secret)
                try link(at, to: elsewhere)
            } else {
                try link(at, to: secret)
            }
            assertRefusedAsALink(try PlainTextWithAttachments.read(from: folder), naming: linked)
        }
    }

    func testThePlainFolderReaderChecksTypeAndSizeBeforeReading() throws {
        let folder = root.appendingPathComponent("plain")
        try PlainTextWithAttachments(text: String(repeating: "x", count: 4096), attachments: [], images: ImageStore()).write(to: folder)
        XCTAssertThrowsError(try PlainTextWithAttachments.read(from: folder, maxSize: 1024)) { error in
            XCTAssertEqual((error as? DocumentError)?.kind, .limitExceeded)
            XCTAssertTrue((error as? DocumentError)?.message.contains("text.txt") == true)
        }
        // A FIFO blocks whoever opens it for reading; it is refused for its type, unopened.
        let text = folder.appendingPathComponent("text.txt")
        try FileManager.default.removeItem(at: text)
        XCTAssertEqual(mkfifo(text.path, 0o644), 0)
        XCTAssertThrowsError(try PlainTextWithAttachments.read(from: folder)) { error in
            XCTAssertEqual((error as? DocumentError)?.kind, .malformed)
            XCTAssertTrue((error as? DocumentError)?.message.contains("text.txt in \(folder.path) is not a regular file") == true,
                          (error as? DocumentError)?.message ?? "")
        }
    }
}
