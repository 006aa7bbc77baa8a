@testable import FormatCheck
import Foundation
import XCTest

/// `fmtcheck lint --watch`: lints, then lints again when documents, configurations or definitions change (only
/// the changed documents are read again), until Ctrl+C, which exits 0 and leaves nothing behind.
final class WatchCLITests: XCTestCase {
    /// A running `fmtcheck --watch`, its output read as it comes.
    final class Watching: @unchecked Sendable {
        let process = Process()
        private let lock = NSLock()
        private var outData = Data(), errData = Data()
        var out: String { lock.lock(); defer { lock.unlock() }; return String(decoding: outData, as: UTF8.self) }
        var err: String { lock.lock(); defer { lock.unlock() }; return String(decoding: errData, as: UTF8.self) }

        init(_ arguments: [String], in folder: URL) throws {
            process.executableURL = try FmtcheckProcess.binary()
            process.arguments = arguments
            process.currentDirectoryURL = folder
            process.environment = ProcessInfo.processInfo.environment.filter { !["FORCE_COLOR", "NO_COLOR"].contains($0.key) }
            let out = Pipe(), err = Pipe()
            process.standardOutput = out
            process.standardError = err
            process.standardInput = FileHandle.nullDevice
            out.fileHandleForReading.readabilityHandler = { [weak self] handle in
                let data = handle.availableData
                self?.lock.lock(); self?.outData.append(data); self?.lock.unlock()
            }
            err.fileHandleForReading.readabilityHandler = { [weak self] handle in
                let data = handle.availableData
                self?.lock.lock(); self?.errData.append(data); self?.lock.unlock()
            }
            try process.run()
        }

        /// Waits until the watch has finished `rounds` rounds (it says it is watching once per round); a hang
        /// guard, not a timing assertion.
        func waitForRound(_ rounds: Int, file: StaticString = #filePath, line: UInt = #line) {
            let deadline = Date().addingTimeInterval(60)
            while err.components(separatedBy: "watching for changes").count - 1 < rounds && Date() < deadline && process.isRunning {
                Thread.sleep(forTimeInterval: 0.02)
            }
            XCTAssertEqual(err.components(separatedBy: "watching for changes").count - 1, rounds, "stderr:\n\(err)\nstdout:\n\(out)", file: file, line: line)
        }

        /// What the last round printed on stdout.
        var lastRound: String { out }

        func interrupt() -> Int32 {
            kill(process.processIdentifier, SIGINT)
            let deadline = Date().addingTimeInterval(30)
            while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
            if process.isRunning { process.terminate() }
            process.waitUntilExit()
            return process.terminationStatus
        }
    }

    func corpus() throws -> URL {
        let folder = try temporaryFolder(self)
        try FileManager.default.copyItem(atPath: shippedDefinition("recipe"), toPath: folder.appendingPathComponent("recipe.json").path)
        try write(#"{"definition": "recipe.json"}"#, to: ".fmtcheck.json", in: folder)
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("docs"), withIntermediateDirectories: true)
        try write(#"["Milk",{"ingredient":"milk"}]"#, to: "docs/a.json", in: folder)
        try write(#"["Water",{}]"#, to: "docs/b.json", in: folder)
        return folder
    }

    /// Saves as editors do: a new file renamed over the old one.
    func save(_ text: String, to name: String, in folder: URL) throws {
        let temporary = folder.appendingPathComponent(name + ".swp~")
        try Data(text.utf8).write(to: temporary)
        XCTAssertEqual(rename(temporary.path, folder.appendingPathComponent(name).path), 0)
    }

    func testAChangedDocumentIsLintedAgainAloneAndCtrlCExitsCleanly() throws {
        let folder = try corpus()
        let watching = try Watching(["--watch", "docs", "--verbose"], in: folder)
        watching.waitForRound(1)
        assertContains(watching.out, ["docs/a.json:1:3: error IngredientsAreGreen"])
        assertContains(watching.err, ["fmtcheck: linting docs", "1 problem (1 error, 0 warnings) in 1 of 2 files"])

        // Fixed in an editor: one change, one document read again, the other from the cache.
        try save(##"["Milk",{"foregroundColor":"#34c759","ingredient":"milk"}]"##, to: "docs/a.json", in: folder)
        watching.waitForRound(2)
        assertContains(watching.err, ["fmtcheck: 1 change (docs/a.json); linting again", "1 document from the cache, unread; 1 linted",
                                      "no problems in 2 files"])

        // A new folder and a document in it.
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("docs/more"), withIntermediateDirectories: true)
        watching.waitForRound(3)
        try write(#"["Tea",{"ingredient":"tea"}]"#, to: "docs/more/c.json", in: folder)
        watching.waitForRound(4)
        assertContains(watching.out, ["docs/more/c.json:1:3: error IngredientsAreGreen"])

        // A file that is no document (an editor's swap file) changes nothing.
        try write("x", to: "docs/notes.txt", in: folder)
        let status = watching.interrupt()
        XCTAssertEqual(status, 0, watching.err)
        XCTAssertEqual(watching.err.components(separatedBy: "watching for changes").count - 1, 4, watching.err)
        assertContains(watching.err, ["fmtcheck: stopped watching\n"])
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: NSTemporaryDirectory()).filter { $0.hasPrefix("fmtcheck-watch-\(watching.process.processIdentifier)-") }
        XCTAssertEqual(leftovers, [], "the watch's cache is removed")
    }

    func testADefinitionOutsideTheWatchedFolderIsWatchedToo() throws {
        let folder = try corpus()
        let watching = try Watching(["--watch", "docs"], in: folder)
        watching.waitForRound(1)
        let definition = folder.appendingPathComponent("recipe.json")
        let text = try String(contentsOf: definition, encoding: .utf8).replacingOccurrences(of: "#34C759", with: "#00FF00")
        try save(text, to: "recipe.json", in: folder)
        watching.waitForRound(2)
        assertContains(watching.err, ["1 change (recipe.json)"])
        assertContains(watching.out, ["requires #00ff00"])
        XCTAssertEqual(watching.interrupt(), 0)
    }

    /// A burst of changes waiting when the watcher looks is one change.
    func testABurstOfChangesIsOneRound() throws {
        let folder = try temporaryFolder(self)
        let watcher = try FileWatcher()
        watcher.watchTree(folder.path)
        for n in 0..<5 { try write("[\"x\(n)\",{}]", to: "d\(n).json", in: folder) }
        try write("not a document", to: "notes.txt", in: folder)
        var ends: [Int32] = [-1, -1]
        XCTAssertEqual(pipe(&ends), 0)
        defer { close(ends[0]); close(ends[1]) }
        let changes = try XCTUnwrap(watcher.nextChanges(interrupt: ends[0]))
        XCTAssertEqual(Set(changes.map { ($0 as NSString).lastPathComponent }), Set((0..<5).map { "d\($0).json" }))
        // An interrupt ends the wait.
        var byte: UInt8 = 1
        XCTAssertEqual(write(ends[1], &byte, 1), 1)
        XCTAssertNil(watcher.nextChanges(interrupt: ends[0]))
    }

    func testWatchRefusesWhatItCannotRepeat() throws {
        for arguments in [["--watch", "--fix", "Examples"], ["--watch", "-"], ["--watch", "Examples", "-o", "/tmp/x"], ["--watch", "--records", "-"]] {
            let result = try FmtcheckProcess.run(arguments, input: Data())
            XCTAssertEqual(result.status, 2, "\(arguments)")
            assertContains(result.err, ["--watch cannot be combined with"])
        }
        let sarif = try FmtcheckProcess.run(["--watch", "Examples", "--format", "sarif"])
        XCTAssertEqual(sarif.status, 2)
        assertContains(sarif.err, ["--watch prints findings as they change"])
    }
}
