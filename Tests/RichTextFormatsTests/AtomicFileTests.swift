import Foundation
import RichTextFormats
import XCTest
import SafeWrite

/// `AtomicFile` writes through the one atomic writer (`AtomicWriter`): the mode of a file it replaces stays, a
/// symbolic link is written where it points and stays a link, and no temporary file is left.
final class AtomicFileTests: XCTestCase {
    func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("atomic-file-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: url) }
        return url
    }

    func testAReplacedFileKeepsItsModeAndNoTemporaryFileIsLeft() throws {
        let root = try folder()
        let file = root.appendingPathComponent("page.html")
        try AtomicFile.write(Data("one".utf8), to: file)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: file.path)
        try AtomicFile.write(Data("two".utf8), to: file)
        XCTAssertEqual(try String(contentsOf: file, encoding: .utf8), "two")
        XCTAssertEqual((try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? NSNumber)?.intValue, 0o600)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: root.path), ["page.html"])
    }

    func testALinkIsWrittenWhereItPointsAndStaysALink() throws {
        let root = try folder()
        let target = root.appendingPathComponent("real.html")
        try Data("old".utf8).write(to: target)
        let link = root.appendingPathComponent("link.html")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: target)
        try AtomicFile.write(Data("new".utf8), to: link)
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: link.path), target.path)
        XCTAssertEqual(try String(contentsOf: target, encoding: .utf8), "new")
    }

    func testANewFileInANewFolderIsMade() throws {
        let file = try folder().appendingPathComponent("a/b/c.txt")
        try AtomicFile.write(Data("x".utf8), to: file)
        XCTAssertEqual(try String(contentsOf: file, encoding: .utf8), "x")
    }
}
