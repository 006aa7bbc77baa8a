@testable import FormatCheck
import FormattingTesting
import Foundation
import XCTest

/// Bad traces are errors that name the file and the place in it, for `replay --trace` and `trace-to-script`
/// alike; a gzip bomb stops at the size limit; gzip's failures are one clean line.
final class TraceInputTests: XCTestCase {
    /// What `gzip arguments` writes to standard output.
    static func gzip(_ arguments: [String]) throws -> Data {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["gzip"] + arguments
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return data
    }

    /// Compresses `data` with `gzip -c` into `name` in `folder`.
    func gzipped(_ data: Data, to name: String, in folder: URL) throws -> String {
        let plain = folder.appendingPathComponent(name + ".plain")
        try data.write(to: plain)
        let path = folder.appendingPathComponent(name).path
        try Self.gzip(["-c", plain.path]).write(to: URL(fileURLWithPath: path))
        return path
    }

    func testANegativePatchPositionOrDeleteCountIsALocatedErrorForBothCommands() throws {
        let folder = try temporaryFolder(self)
        let negativeCount = """
            {"startContent": "ab",
             "endContent": "",
             "txns": [{"patches": [[0, 1, ""]]},
                      {"patches": [[1, -1, "x"]]}]}
            """
        let negativePosition = #"{"startContent": "ab", "endContent": "", "txns": [{"patches": [[-1, 0, "x"]]}]}"#
        let huge = #"{"startContent": "", "endContent": "", "txns": [{"patches": [[1, 9223372036854775807, ""]]}]}"#
        let cases: [(String, String)] = [
            (try write(negativeCount, to: "count.json", in: folder), ":4:28: error: $.txns[1].patches[0][1]: the delete count -1 is negative"),
            (try gzipped(Data(negativeCount.utf8), to: "count.json.gz", in: folder), ":4:28: error: $.txns[1].patches[0][1]: the delete count -1 is negative"),
            (try write(negativePosition, to: "position.json", in: folder), ":1:65: error: $.txns[0].patches[0][0]: the position -1 is negative"),
            (try write(huge, to: "huge.json", in: folder), ":1:63: error: $.txns[0].patches[0][0]: the position 1 is past the end of the text (the text there has 0 Unicode scalars)"),
        ]
        for (trace, message) in cases { try assertBothCommandsRefuse(trace, saying: message) }
    }

    /// `replay --trace` and `trace-to-script` both exit 2 on `trace` with nothing on stdout, and `trace` then
    /// `message` (from its line and column) on stderr.
    func assertBothCommandsRefuse(_ trace: String, saying message: String, file: StaticString = #filePath, line: UInt = #line) throws {
        for arguments in [["replay", "--trace", trace], ["trace-to-script", trace]] {
            let result = try FmtcheckProcess.run(arguments)
            XCTAssertEqual(result.status, 2, "\(arguments): \(result.err)", file: file, line: line)
            XCTAssertEqual(result.out, "", "\(arguments)", file: file, line: line)
            XCTAssertEqual(result.err, trace + message + "\n", "\(arguments)", file: file, line: line)
        }
    }

    func testAGzipBombStopsAtTheSizeLimit() throws {
        let folder = try temporaryFolder(self)
        // 2 MiB of zeros compress to about 2 KiB.
        let bomb = try gzipped(Data(count: 2 << 20), to: "bomb.json.gz", in: folder)
        XCTAssertThrowsError(try TraceConversion.load(path: bomb, maxSize: 1 << 20)) { error in
            XCTAssertEqual("\(error)", "\(bomb): error: the trace decompresses to more than 1 MiB, the limit for a trace; it was not read")
        }
        XCTAssertEqual(TraceConversion.defaultMaxSize, 256 << 20)
    }

    func testAGzipFailureIsOneCleanLineNamingTheFile() throws {
        let folder = try temporaryFolder(self)
        let notGzip = try write("{\"startContent\": \"\u{1B}[31m\"}", to: "plain.json.gz", in: folder)
        let truncated = try gzipped(Data(repeating: 0x61, count: 4096), to: "truncated.json.gz", in: folder)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: truncated))
        try bytes.prefix(bytes.count / 2).write(to: URL(fileURLWithPath: truncated))
        for (trace, reason) in [(notGzip, "not in gzip format"), (truncated, "unexpected end of file")] {
            for arguments in [["replay", "--trace", trace], ["trace-to-script", trace]] {
                let result = try FmtcheckProcess.run(arguments)
                XCTAssertEqual(result.status, 2, "\(arguments): \(result.err)")
                XCTAssertEqual(result.err, "\(trace): error: cannot decompress the trace: \(reason)\n", "\(arguments)")
            }
        }
    }

    func testAPatchPastTheEndOfItsTextIsAnErrorAtThePatchForBothCommands() throws {
        // Issue 39: trace-to-script took a position of 9223372036854775807, and replay --trace then named a line
        // of the script it converted the trace to, which the user never saw.
        let folder = try temporaryFolder(self)
        let traces: [(String, String)] = [
            ("""
             {"startContent": "héllo", "endContent": "",
              "txns": [{"patches": [[5, 0, "!"]]},
                       {"patches": [[0, 1, ""], [9223372036854775807, 0, "x"]]}]}
             """, ":3:37: error: $.txns[1].patches[1][0]: the position 9223372036854775807 is past the end of the text (the text there has 5 Unicode scalars)"),
            (#"{"startContent": "ab", "endContent": "", "txns": [{"patches": [[1, 2, ""]]}]}"#,
             ":1:68: error: $.txns[0].patches[0][1]: the delete count 2 reaches past the end of the text from position 1 (the text there has 2 Unicode scalars)"),
            (#"{"startContent": "", "endContent": "", "txns": [{"patches": [[0, 0, "a"]]}, 7]}"#,
             ":1:77: error: $.txns[1]: a transaction is an object with \"patches\""),
        ]
        for (n, (text, message)) in traces.enumerated() {
            try assertBothCommandsRefuse(try write(text, to: "trace\(n).json", in: folder), saying: message)
        }
    }

    func testAnErrorApplyingAStepIsToldAtItsPatchInTheTrace() throws {
        let text = """
            {"startContent": "ab", "endContent": "",
             "txns": [{"patches": [[0, 0, ""], [2, 0, "c"]]},
                      {"patches": [[1, 1, "x"]]}]}
            """
        let trace = try TraceConversion.parse(Array(text.utf8), path: "t.json")
        let (script, patches) = TraceConversion.steps(for: trace)
        XCTAssertEqual(script.steps.count, 3, "the start content, then the two patches that change something")
        let second = TraceConversion.failure(EditScriptError(line: 3, message: "the range 1..<2 is out of bounds"), in: trace, path: "t.json", patches: patches)
        XCTAssertEqual(second.description, "t.json:3:24: error: $.txns[1].patches[0]: the range 1..<2 is out of bounds")
        let start = TraceConversion.failure(EditScriptError(line: 1, message: "no room"), in: trace, path: "t.json", patches: patches)
        XCTAssertEqual(start.description, "t.json: error: $.startContent: no room")
    }
}
