import Foundation
import XCTest

/// `lint --records --fix` gives back every line of the stream, fixed or exactly as read (issue 39, defects 6 and
/// 7): blank lines, CRLF endings, a byte order mark, a last line without a newline, and a record over
/// `--max-file-size`, which is not linted but goes through as it was; and what a killed `-o` run left beside its
/// output, the next run removes.
final class RecordsFixKeepsEveryLineTests: XCTestCase {
    func recordsFolder() throws -> URL {
        let root = try temporaryFolder(self)
        try write(#"{"definition":"\#(shippedDefinition("recipe"))"}"#, to: ".fmtcheck.json", in: root)
        return root
    }

    let fixable = #"{"id": "a", "document": ["Use ", {}, "milk", {"ingredient": "milk"}, " now", {}]}"#

    func testEveryLineComesOutFixedOrExactlyAsRead() throws {
        let root = try recordsFolder()
        let big = #"{"id": "big", "document": [""# + String(repeating: "x", count: 3_000_000) + #"", {"ingredient": "salt"}]}"#
        // Enough records before the big one that several batches are in flight when it is met.
        let before = (0..<700).map { #"{"id": "\#($0)", "document": ["salt", {}]}"# }
        let pieces: [(line: String, end: String)] = [(fixable, "\r\n"), ("", "\n"), ("   ", "\r\n"), ("not a record {", "\n")]
            + before.map { ($0, "\n") }
            + [(big, "\r\n"), ("", "\n"), (#"{"id": "clean", "document": ["plain", {}]}"#, "\n"), (fixable, "")]
        let input = Data([0xEF, 0xBB, 0xBF]) + Data(pieces.map { $0.line + $0.end }.joined().utf8)
        try input.write(to: root.appendingPathComponent("records.jsonl"))
        let result = try FmtcheckProcess.run(["--records", "records.jsonl", "--fix", "--max-file-size", "100000", "-o", "fixed.jsonl"], in: root)
        XCTAssertEqual(result.status, 2, "the big record and the bad line were not linted: \(result.err)")
        XCTAssertTrue(result.err.contains("records.jsonl:705:1: error: the record is 2.9 MiB, over the limit of 97.7 KiB (--max-file-size); it was not read; it is in the output as it was [too-large]"), result.err)
        let output = try Data(contentsOf: root.appendingPathComponent("fixed.jsonl"))
        // Line by line, with each line's own ending: the fixable ones fixed, every other one as it was.
        var rest = output[...]
        for (n, piece) in pieces.enumerated() {
            let end = Data(piece.end.utf8)
            let range = end.isEmpty ? rest.endIndex..<rest.endIndex : try XCTUnwrap(rest.firstRange(of: end), "line \(n + 1) and its ending")
            var line = Data(rest[rest.startIndex..<range.lowerBound])
            rest = rest[range.upperBound...]
            if n == 0 {
                XCTAssertEqual(Array(line.prefix(3)), [0xEF, 0xBB, 0xBF], "the byte order mark stays")
                line = line.dropFirst(3)
            }
            let text = String(decoding: line, as: UTF8.self)
            if piece.line == fixable {
                XCTAssertTrue(text.contains("#34c759"), "line \(n + 1): \(text)")
            } else {
                XCTAssertEqual(text.count, piece.line.count, "line \(n + 1)")
                XCTAssertTrue(text == piece.line, "line \(n + 1) is exactly as read")
            }
        }
        XCTAssertTrue(rest.isEmpty, "nothing more, and no line break added after the last line")
    }

    func testStandardOutputGetsTheSameLines() throws {
        let root = try recordsFolder()
        let input = "\n" + fixable + "\n\n" + #"{"id": "b", "document": ["x", {}]}"# + "\n"
        let stdout = try FmtcheckProcess.run(["--records", "-", "--fix"], in: root, input: Data(input.utf8))
        XCTAssertEqual(stdout.status, 0, stdout.err)
        XCTAssertEqual(stdout.out.components(separatedBy: "\n").count, input.components(separatedBy: "\n").count, stdout.out)
        XCTAssertTrue(stdout.out.hasPrefix("\n{"), "the blank first line stays: \(stdout.out)")
        XCTAssertTrue(stdout.out.hasSuffix("\n\n" + #"{"id": "b", "document": ["x", {}]}"# + "\n"), stdout.out)
    }

    func testWhatAKilledRecordsFixLeftBesideItsOutputTheNextRunRemoves() throws {
        let root = try recordsFolder()
        // The run streams into `.fixed.jsonl.fmtcheck-ID.tmp` while it waits for more records on its input.
        let process = Process()
        process.executableURL = try FmtcheckProcess.binary()
        process.arguments = ["--records", "-", "--fix", "-o", "fixed.jsonl"]
        process.currentDirectoryURL = root
        let input = Pipe()
        process.standardInput = input
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        input.fileHandleForWriting.write(Data((fixable + "\n").utf8))
        func leftovers() throws -> [String] {
            try FileManager.default.contentsOfDirectory(atPath: root.path).filter { $0.hasPrefix(".fixed.jsonl.fmtcheck-") }
        }
        var waited = 0
        while try leftovers().isEmpty, waited < 3000 { usleep(20_000); waited += 1 }
        XCTAssertEqual(try leftovers().count, 1, "the run has its temporary file")
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        try? input.fileHandleForWriting.close()
        XCTAssertEqual(try leftovers().count, 1, "kill -9 leaves it")
        XCTAssertFalse(FileManager.default.fileExists(atPath: root.appendingPathComponent("fixed.jsonl").path), "nothing replaced")

        let next = try FmtcheckProcess.run(["--records", "-", "--fix", "-o", "fixed.jsonl"], in: root, input: Data((fixable + "\n").utf8))
        XCTAssertEqual(next.status, 0, next.err)
        XCTAssertTrue(next.err.contains("fixed.jsonl: note: removed ./.fixed.jsonl.fmtcheck-") || next.err.contains("fixed.jsonl: note: removed .fixed.jsonl.fmtcheck-"), next.err)
        XCTAssertTrue(next.err.contains("left by an interrupted fmtcheck"), next.err)
        XCTAssertEqual(try leftovers(), [])
    }

    func testReportsBaselinesAndTheCacheCleanWhatAnInterruptedWriteLeft() throws {
        let root = try recordsFolder()
        try write(#"["salt",{"ingredient":"salt"}]"#, to: "salt.json", in: root)
        for name in [".report.json.fmtcheck-1a2b.tmp", ".baseline.json.fmtcheck-3c4d.tmp", "..fmtcheck-cache.fmtcheck-5e6f.tmp", ".other.fmtcheck-7a8b.tmp"] {
            try write("half", to: name, in: root)
        }
        let run = try FmtcheckProcess.run(["salt.json", "--format", "json", "-o", "report.json", "--cache", "--write-baseline", "baseline.json"], in: root)
        XCTAssertEqual(run.status, 0, run.err)
        for name in ["report.json", "baseline.json", ".fmtcheck-cache"] {
            XCTAssertTrue(run.err.contains("\(name): note: removed"), "\(name): \(run.err)")
        }
        let hidden = try FileManager.default.contentsOfDirectory(atPath: root.path).filter { $0.contains(".fmtcheck-") && $0.hasSuffix(".tmp") }
        XCTAssertEqual(hidden, [".other.fmtcheck-7a8b.tmp"], "only what belongs to no output of the run stays")
    }
}
