import Foundation
import RichTextFormats
import XCTest

/// `--fix` when something else happens: what an interrupted run left is cleaned (or reported) by the next one,
/// two runs on one package take turns, and a save made by another program while the fix runs is kept. The
/// kills themselves are in Scripts/crash-safety.sh; these tests set up what a kill leaves, and use the test
/// pause (`FMTCHECK_TEST_PAUSE_BEFORE_RENAME`) to act inside the fix's window.
final class FixInterruptionTests: XCTestCase {
    /// The hidden entries of `folder`.
    func hidden(_ folder: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix(".") }.sorted()
    }

    func package(_ name: String, in folder: URL, text: String = FixKeepsDataTests.linkedNote) throws -> URL {
        let package = folder.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: package, withIntermediateDirectories: true)
        _ = try write(text, to: "TXT.rtf", in: package)
        return package
    }

    func testTheNextFixRemovesWhatAnInterruptedFixLeft() throws {
        let folder = try temporaryFolder(self)
        let note = try package("note.rtfd", in: folder)
        let document = try write(OutputTargetTests.document, to: "doc.json", in: folder)
        _ = try write("half", to: ".doc.json.fmtcheck-1a2b.tmp", in: folder)
        _ = try self.package(".note.rtfd.fmtcheck-3c4d.tmp", in: folder)
        _ = try self.package(".note.rtfd.5e6f.old", in: folder) // an earlier version's name for the old package
        _ = try write("unrelated", to: ".other.json.fmtcheck-7a8b.tmp", in: folder)
        let fixed = try FmtcheckProcess.run(["--definition", shippedDefinition("notes"), "--fix", note.path])
        XCTAssertEqual(fixed.status, 0, fixed.out + fixed.err)
        XCTAssertTrue(fixed.err.contains("note.rtfd: warning: removed"), fixed.err)
        let tiny = try write(FixKeepsDataTests.tinyDefinition, to: "tiny.definition.json", in: folder)
        XCTAssertEqual(try FmtcheckProcess.run(["--definition", tiny, "--fix", "--unsafe-fixes", document]).status, 0)
        XCTAssertEqual(try hidden(folder), [".other.json.fmtcheck-7a8b.tmp"], "only the leftover of a document not fixed stays")
    }

    func testALintRunReportsWhatAnInterruptedFixLeftAndTouchesNothing() throws {
        let folder = try temporaryFolder(self)
        let tiny = try write(FixKeepsDataTests.tinyDefinition, to: "tiny.definition.json", in: folder)
        let document = try write(OutputTargetTests.document, to: "doc.json", in: folder)
        _ = try write("half", to: ".doc.json.fmtcheck-1a2b.tmp", in: folder)
        let result = try FmtcheckProcess.run(["--definition", tiny, document])
        XCTAssertEqual(result.status, 1, result.err)
        XCTAssertTrue(result.err.contains("doc.json: warning: \(folder.path)/.doc.json.fmtcheck-1a2b.tmp was left by an interrupted fmtcheck --fix"), result.err)
        XCTAssertEqual(try hidden(folder), [".doc.json.fmtcheck-1a2b.tmp"])
    }

    func testTheNextFixCompletesAnInterruptedInPlaceRewrite() throws {
        let folder = try temporaryFolder(self)
        let tiny = try write(FixKeepsDataTests.tinyDefinition, to: "tiny.definition.json", in: folder)
        // Killed half-way through writing the new content over a hard-linked document: the journal holds it whole.
        let document = try write(#"["y",{"a":tr"#, to: "doc.json", in: folder)
        _ = try write(#"["y",{"a":true}]"#, to: ".doc.json.fmtcheck-1a2b.inplace", in: folder)
        let fixed = try FmtcheckProcess.run(["--definition", tiny, "--fix", document])
        XCTAssertEqual(fixed.status, 0, fixed.out + fixed.err)
        XCTAssertTrue(fixed.err.contains("completed the rewrite an interrupted fmtcheck --fix began"), fixed.err)
        XCTAssertEqual(try String(contentsOfFile: document, encoding: .utf8), #"["y",{"a":true}]"#)
        XCTAssertEqual(try hidden(folder), [])
    }

    func testTheNextFixPutsBackAPackageTheTwoRenameSwapLeftAside() throws {
        let folder = try temporaryFolder(self)
        // Killed between the fallback's two renames: the old package is aside and note.rtfd is missing.
        _ = try package(".note.rtfd.fmtcheck-1a2b.old", in: folder)
        let note = folder.appendingPathComponent("note.rtfd")
        let fixed = try FmtcheckProcess.run(["--definition", shippedDefinition("notes"), "--fix", note.path])
        XCTAssertEqual(fixed.status, 0, fixed.out + fixed.err)
        XCTAssertTrue(try String(contentsOf: note.appendingPathComponent("TXT.rtf"), encoding: .utf8).contains(#"\ul"#), "put back, then fixed")
        XCTAssertEqual(try hidden(folder), [])
    }

    func testASecondFixOfAPackageWaitsForTheFirstAndFindsNothingToFix() throws {
        let folder = try temporaryFolder(self)
        let note = try package("note.rtfd", in: folder)
        let first = try RunningFmtcheck(["--definition", shippedDefinition("notes"), "--fix", note.path],
                                        environment: ["FMTCHECK_TEST_PAUSE_BEFORE_RENAME": "1"])
        XCTAssertTrue(first.waitForError(containing: "test pause before rename"), first.errorText)
        let second = try FmtcheckProcess.run(["--definition", shippedDefinition("notes"), "--fix", note.path])
        let firstResult = first.finish()
        XCTAssertEqual(firstResult.status, 0, firstResult.err)
        XCTAssertEqual(second.status, 0, second.out + second.err)
        XCTAssertFalse(second.err.contains("error"), second.err)
        XCTAssertTrue(second.err.contains("no problems") || second.err.contains("0 problems"), "the second run read the first one's fix: \(second.err)")
        XCTAssertEqual(try hidden(folder), [])
    }

    func testASaveMadeWhileTheFixRunsIsKeptAndTheFixReportsIt() throws {
        let folder = try temporaryFolder(self)
        let tiny = try write(FixKeepsDataTests.tinyDefinition, to: "tiny.definition.json", in: folder)
        let document = try write(OutputTargetTests.document, to: "doc.json", in: folder)
        let note = try package("note.rtfd", in: folder)
        for (path, definition, save) in [
            (document, tiny, { try Data(#"["saved by the editor",{"b":true}]"#.utf8).write(to: URL(fileURLWithPath: document)) }),
            (note.path, shippedDefinition("notes"), { try Data(#"{\rtf1 saved by the editor\par}"#.utf8).write(to: note.appendingPathComponent("TXT.rtf")) }),
        ] as [(String, String, () throws -> Void)] {
            let fix = try RunningFmtcheck(["--definition", definition, "--fix", "--unsafe-fixes", path], environment: ["FMTCHECK_TEST_PAUSE_BEFORE_RENAME": "1"])
            XCTAssertTrue(fix.waitForError(containing: "test pause before rename"), fix.errorText)
            try save()
            let result = fix.finish()
            XCTAssertEqual(result.status, 2, result.err)
            XCTAssertTrue(result.err.contains("the document changed while --fix ran"), result.err)
            let kept = path == document ? try String(contentsOfFile: document, encoding: .utf8)
                : try String(contentsOf: note.appendingPathComponent("TXT.rtf"), encoding: .utf8)
            XCTAssertTrue(kept.contains("saved by the editor"), kept)
        }
        XCTAssertEqual(try hidden(folder), [])
    }
}

/// `fmtcheck` running in the background with extra environment, its standard error in a file to wait on.
final class RunningFmtcheck {
    let process = Process()
    let output: URL
    let error: URL

    init(_ arguments: [String], environment: [String: String]) throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("fmtcheck-run-\(UUID().uuidString)")
        output = base.appendingPathExtension("out")
        error = base.appendingPathExtension("err")
        _ = FileManager.default.createFile(atPath: output.path, contents: nil)
        _ = FileManager.default.createFile(atPath: error.path, contents: nil)
        process.executableURL = try FmtcheckProcess.binary()
        process.arguments = arguments
        process.currentDirectoryURL = packageRoot
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        process.standardOutput = try FileHandle(forWritingTo: output)
        process.standardError = try FileHandle(forWritingTo: error)
        process.standardInput = FileHandle.nullDevice
        try process.run()
    }

    /// What it wrote to standard error so far.
    var errorText: String { (try? String(contentsOf: error, encoding: .utf8)) ?? "" }

    /// Waits (up to a minute, a bound rather than a timing) until standard error holds `text`.
    func waitForError(containing text: String) -> Bool {
        for _ in 0..<3000 {
            if errorText.contains(text) { return true }
            if !process.isRunning { return errorText.contains(text) }
            usleep(20_000)
        }
        return false
    }

    /// Waits for the exit; its status and output.
    func finish() -> (status: Int32, out: String, err: String) {
        process.waitUntilExit()
        defer {
            try? FileManager.default.removeItem(at: output)
            try? FileManager.default.removeItem(at: error)
        }
        return (process.terminationStatus, (try? String(contentsOf: output, encoding: .utf8)) ?? "", errorText)
    }
}

extension FixInterruptionTests {
    func testALintRunSaysWhereAnInterruptedSwapLeftAMissingPackage() throws {
        let folder = try temporaryFolder(self)
        _ = try package(".note.rtfd.fmtcheck-1a2b.old", in: folder)
        let note = folder.appendingPathComponent("note.rtfd")
        let result = try FmtcheckProcess.run(["--definition", shippedDefinition("notes"), note.path])
        XCTAssertEqual(result.status, 2, result.err)
        XCTAssertEqual(result.err.components(separatedBy: "note.rtfd: error:").count, 2, "one error for the package: \(result.err)")
        XCTAssertTrue(result.err.contains("the package is missing: an interrupted fmtcheck --fix left it at \(folder.path)/.note.rtfd.fmtcheck-1a2b.old"), result.err)
        XCTAssertEqual(try hidden(folder), [".note.rtfd.fmtcheck-1a2b.old"], "a lint run moves nothing")
    }
}
