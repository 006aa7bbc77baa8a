import FormatCheck
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
            (try write(huge, to: "huge.json", in: folder), ":1:66: error: $.txns[0].patches[0][1]: the delete count 9223372036854775807 reaches past any document"),
        ]
        for (trace, message) in cases {
            for arguments in [["replay", "--trace", trace], ["trace-to-script", trace]] {
                let result = try FmtcheckProcess.run(arguments)
                XCTAssertEqual(result.status, 2, "\(arguments): \(result.err)")
                XCTAssertEqual(result.out, "", "\(arguments)")
                XCTAssertEqual(result.err, trace + message + "\n", "\(arguments)")
            }
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
}
