import Foundation
import XCTest

/// FIFOs and devices are never opened: opening a FIFO for reading blocks until something writes to it, so a
/// stray one in a linted folder, or one named on the command line, hung `fmtcheck`. Every run here is a child
/// process killed after a timeout, so a regression fails instead of hanging the suite.
final class SpecialFileTests: XCTestCase {
    static let timeout: TimeInterval = 60

    /// A FIFO at `name` in `folder`.
    func fifo(_ name: String, in folder: URL) throws -> String {
        let path = folder.appendingPathComponent(name).path
        guard mkfifo(path, 0o644) == 0 else { throw XCTSkip("mkfifo failed: \(String(cString: strerror(errno)))") }
        return path
    }

    func testAFIFONamedLikeADocumentInALintedFolderIsReportedNotOpened() throws {
        let folder = try temporaryFolder(self)
        try write(#"["plain",{}]"#, to: "good.json", in: folder)
        let fifo = try fifo("x.json", in: folder)
        let result = try FmtcheckProcess.run(["lint", "--definition", shippedDefinition("plain"), folder.path], timeout: Self.timeout)
        XCTAssertFalse(result.timedOut, "linting a folder holding a FIFO hung")
        XCTAssertEqual(result.status, 2, result.err)
        XCTAssertTrue(result.err.contains("\(fifo): error: not a regular file (a FIFO); it was not opened"), result.err)
        XCTAssertTrue(result.err.contains("no problems in 1 file; 1 file not linted"), "the good file is still linted: \(result.err)")
    }

    func testAFIFONamedOnTheCommandLineIsRefusedByEveryCommand() throws {
        let folder = try temporaryFolder(self)
        let json = try fifo("fifo.json", in: folder)
        let gz = try fifo("fifo.json.gz", in: folder)
        let rtf = try fifo("fifo.rtf", in: folder)
        let out = folder.appendingPathComponent("out.json").path
        let script = try write("", to: "empty.jsonl", in: folder)
        let commands: [[String]] = [
            ["lint", "--definition", shippedDefinition("plain"), json],
            ["lint", "--definition", shippedDefinition("plain"), rtf],
            ["convert", json, out],
            ["convert", rtf, out],
            ["replay", "--trace", json],
            ["replay", "--trace", gz],
            ["trace-to-script", json],
            ["trace-to-script", gz],
            ["replay", "--definition", shippedDefinition("plain"), "--script", script, json],
        ]
        for arguments in commands {
            let result = try FmtcheckProcess.run(arguments, timeout: Self.timeout)
            XCTAssertFalse(result.timedOut, "\(arguments) hung on a FIFO")
            XCTAssertEqual(result.status, 2, "\(arguments): \(result.err)")
            XCTAssertTrue(result.err.contains("not a regular file"), "\(arguments): \(result.err)")
        }
    }

    func testADeviceNamedOnTheCommandLineIsRefusedUnread() throws {
        // /dev/zero never ends: reading it would fill memory up to the limit.
        for arguments in [["lint", "--definition", shippedDefinition("plain"), "/dev/zero"], ["trace-to-script", "/dev/zero"]] {
            let result = try FmtcheckProcess.run(arguments, timeout: Self.timeout)
            XCTAssertFalse(result.timedOut, "\(arguments) hung")
            XCTAssertEqual(result.status, 2, "\(arguments): \(result.err)")
            XCTAssertTrue(result.err.contains("/dev/zero: error: not a regular file (a character device); it was not opened"), "\(arguments): \(result.err)")
        }
    }
}
