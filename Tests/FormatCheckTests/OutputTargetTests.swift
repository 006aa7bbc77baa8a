import Foundation
import XCTest

/// `-o FILE` and `convert IN OUT` write only regular files (or folders, for folder formats) and new paths, and
/// never one of the documents the run reads: devices, FIFOs and symbolic links stay what they are, and a
/// document named as the output (by any name) is refused with exit 2, untouched.
final class OutputTargetTests: XCTestCase {
    /// A document with one fixable finding under `FixKeepsDataTests.tinyDefinition`.
    static let document = #"["x",{"a":true,"b":true}]"#

    func kind(_ path: String) -> FileAttributeType? {
        (try? FileManager.default.attributesOfItem(atPath: path))?[.type] as? FileAttributeType
    }

    func testTheReportIsNotWrittenOverAFIFO() throws {
        let folder = try temporaryFolder(self)
        let definition = try write(FixKeepsDataTests.tinyDefinition, to: "tiny.definition.json", in: folder)
        let document = try write(Self.document, to: "doc.json", in: folder)
        let fifo = folder.appendingPathComponent("report.fifo").path
        XCTAssertEqual(mkfifo(fifo, 0o644), 0)
        let result = try FmtcheckProcess.run(["--definition", definition, "-o", fifo, document])
        XCTAssertEqual(result.status, 2, result.err)
        XCTAssertTrue(result.err.contains("report.fifo is a FIFO, not a regular file"), result.err)
        var info = stat()
        XCTAssertEqual(lstat(fifo, &info), 0)
        XCTAssertEqual(info.st_mode & S_IFMT, S_IFIFO)
    }

    func testTheReportIsNotWrittenOverADeviceNode() throws {
        guard getuid() == 0 else { throw XCTSkip("making a device node needs root") }
        let folder = try temporaryFolder(self)
        let definition = try write(FixKeepsDataTests.tinyDefinition, to: "tiny.definition.json", in: folder)
        let document = try write(Self.document, to: "doc.json", in: folder)
        let device = folder.appendingPathComponent("full").path
        guard mknod(device, mode_t(S_IFCHR | 0o666), 0x107) == 0 else { throw XCTSkip("mknod is not allowed here") } // like /dev/full (1, 7)
        let result = try FmtcheckProcess.run(["--definition", definition, "-o", device, document])
        XCTAssertEqual(result.status, 2, result.err)
        XCTAssertTrue(result.err.contains("is a character device, not a regular file"), result.err)
        XCTAssertEqual(kind(device), .typeCharacterSpecial)
    }

    func testTheReportIsNotWrittenThroughOrOverASymbolicLink() throws {
        let folder = try temporaryFolder(self)
        let definition = try write(FixKeepsDataTests.tinyDefinition, to: "tiny.definition.json", in: folder)
        let document = try write(Self.document, to: "doc.json", in: folder)
        let target = try write("keep me", to: "target.txt", in: folder)
        let link = folder.appendingPathComponent("report.txt").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
        let result = try FmtcheckProcess.run(["--definition", definition, "-o", link, document])
        XCTAssertEqual(result.status, 2, result.err)
        XCTAssertTrue(result.err.contains("report.txt is a symbolic link"), result.err)
        XCTAssertEqual(kind(link), .typeSymbolicLink)
        XCTAssertEqual(try String(contentsOfFile: target, encoding: .utf8), "keep me")
    }

    func testTheReportCannotReplaceADocumentOfTheRunByAnyName() throws {
        let folder = try temporaryFolder(self)
        let definition = try write(FixKeepsDataTests.tinyDefinition, to: "tiny.definition.json", in: folder)
        let document = try write(Self.document, to: "doc.json", in: folder)
        let alias = folder.appendingPathComponent("alias.json").path
        XCTAssertEqual(link(document, alias), 0)
        for (output, paths) in [(document, [document]), (alias, [document]), (document, [folder.path])] {
            let result = try FmtcheckProcess.run(["--definition", definition, "--fix", "-o", output] + paths)
            XCTAssertEqual(result.status, 2, "\(output) \(paths): \(result.err)")
            XCTAssertTrue(result.err.contains("one of the documents this run reads"), result.err)
            XCTAssertEqual(try String(contentsOfFile: document, encoding: .utf8), Self.document, "neither fixed nor replaced by the report")
        }
    }

    func testConvertRefusesAnOutputThatIsItsInput() throws {
        let folder = try temporaryFolder(self)
        let input = try write(Self.document, to: "in.json", in: folder)
        let alias = folder.appendingPathComponent("alias.json").path
        XCTAssertEqual(link(input, alias), 0)
        let result = try FmtcheckProcess.run(["convert", input, alias])
        XCTAssertEqual(result.status, 2, result.err)
        XCTAssertTrue(result.err.contains("one of the documents this run reads"), result.err)
        var info = stat()
        XCTAssertEqual(stat(input, &info), 0)
        XCTAssertEqual(info.st_nlink, 2, "the hard link was not replaced")
    }

    func testConvertRefusesToReplaceAFolderHoldingItsInput() throws {
        let folder = try temporaryFolder(self)
        let notes = folder.appendingPathComponent("notes")
        try FileManager.default.createDirectory(at: notes, withIntermediateDirectories: true)
        let input = try write(Self.document, to: "in.json", in: notes)
        let result = try FmtcheckProcess.run(["convert", input, notes.path, "--to", "plain"])
        XCTAssertEqual(result.status, 2, result.err)
        XCTAssertTrue(result.err.contains("replacing the folder would remove it"), result.err)
        XCTAssertEqual(try String(contentsOfFile: input, encoding: .utf8), Self.document)
    }

    func testConvertDoesNotReplaceASymbolicLinkOrAFIFO() throws {
        let folder = try temporaryFolder(self)
        let input = try write(Self.document, to: "in.json", in: folder)
        let target = try write("keep me", to: "target.json", in: folder)
        let link = folder.appendingPathComponent("out.json").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
        let linked = try FmtcheckProcess.run(["convert", input, link])
        XCTAssertEqual(linked.status, 2, linked.err)
        XCTAssertEqual(kind(link), .typeSymbolicLink)
        XCTAssertEqual(try String(contentsOfFile: target, encoding: .utf8), "keep me")
        let fifo = folder.appendingPathComponent("out.rtf").path
        XCTAssertEqual(mkfifo(fifo, 0o644), 0)
        let piped = try FmtcheckProcess.run(["convert", input, fifo])
        XCTAssertEqual(piped.status, 2, piped.err)
        var info = stat()
        XCTAssertEqual(lstat(fifo, &info), 0)
        XCTAssertEqual(info.st_mode & S_IFMT, S_IFIFO)
    }
}
