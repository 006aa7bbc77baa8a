import Foundation
import XCTest

/// `fmtcheck replay` and `fmtcheck trace-to-script` run as processes.
final class ReplayCLITests: XCTestCase {
    func testAScriptIsAppliedThroughTheEngine() throws {
        let folder = try temporaryFolder(self)
        let script = try write("""
        {"op":"insert","at":0,"text":"milk and eggs"}
        {"op":"set","from":0,"to":4,"key":"ingredient","value":"milk"}
        {"op":"insertAttributed","at":13,"document":[" and ",{},"flour",{"ingredient":"flour"}]}
        {"op":"setRanges","ranges":[[9,13]],"key":"ingredient","value":"egg"}
        {"op":"replace","from":0,"to":1,"text":"M"}
        {"op":"delete","from":4,"to":8,"unit":"utf16"}

        """, to: "script.jsonl", in: folder)
        let result = try FmtcheckProcess.run(["replay", "--definition", shippedDefinition("recipe"), "--script", script])
        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertEqual(result.err, "")
        XCTAssertEqual(result.out, ##"["Milk ",{},"eggs",{"foregroundColor":"#34c759","ingredient":"egg"}," and ",{},"flour",{"foregroundColor":"#34c759","ingredient":"flour"}]"## + "\n")
    }

    func testAdjustmentsGoToStandardErrorOnePerLine() throws {
        let folder = try temporaryFolder(self)
        let script = try write("""
        {"op":"insert","at":0,"text":"milk"}
        {"op":"set","from":0,"to":4,"key":"ingredient","value":"milk"}
        """, to: "script.jsonl", in: folder)
        let result = try FmtcheckProcess.run(["replay", "--definition", shippedDefinition("recipe"), "--script", script, "--adjustments"])
        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertEqual(result.out, ##"["milk",{"foregroundColor":"#34c759","ingredient":"milk"}]"## + "\n")
        let lines = result.err.split(separator: "\n")
        XCTAssertEqual(lines.count, 1)
        let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any])
        XCTAssertEqual(object["rule"] as? String, "IngredientsAreGreen")
        XCTAssertEqual(object["line"] as? Int, 2)
        XCTAssertEqual(object["new"] as? String, "#34c759")
    }

    func testABadLineIsNamedExitsTwoAndWritesNothing() throws {
        let folder = try temporaryFolder(self)
        let cases: [(String, String)] = [
            (#"{"op":"cut","at":0,"text":"x"}"#, #"unknown op "cut""#),
            (#"{"op":"paste","at":0,"text":"x"}"#, #""document" is missing"#),
            (#"{"op":"delete","from":1,"to":99}"#, "offset 99 is out of range: the document has 2 Unicode scalars"),
            (#"{"op":"insert","at":"zero","text":"x"}"#, #""at" must be an offset"#),
            (#"not json"#, "not JSON"),
        ]
        for (line, message) in cases {
            let script = try write(#"{"op":"insert","at":0,"text":"ab"}"# + "\n" + line + "\n", to: "bad.jsonl", in: folder)
            let result = try FmtcheckProcess.run(["replay", "--definition", shippedDefinition("recipe"), "--script", script])
            XCTAssertEqual(result.status, 2, line)
            XCTAssertEqual(result.out, "", line)
            XCTAssertTrue(result.err.contains("\(script):2: error: \(message)"), "\(line): \(result.err)")
        }
    }

    func testReplayStartsFromADocument() throws {
        let folder = try temporaryFolder(self)
        let script = try write(#"{"op":"insert","at":4,"text":"y"}"#, to: "s.jsonl", in: folder)
        let result = try FmtcheckProcess.run(["replay", "--definition", shippedDefinition("recipe"), "--script", script,
                                              "Examples/recipes/pancakes.json"])
        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertTrue(result.out.hasPrefix(#"["Pancyakes\nWhisk ",{},"flour""#), result.out)
    }

    func testReplayingATraceGivesItsEndContent() throws {
        let trace = try Self.trace("rustcode")
        let result = try FmtcheckProcess.run(["replay", "--trace", trace.path])
        XCTAssertEqual(result.status, 0, result.err)
        let end = try Self.endContent(of: trace)
        let decoded = try JSONSerialization.jsonObject(with: Data(result.out.utf8), options: .fragmentsAllowed) as? String
        XCTAssertEqual(decoded?.unicodeScalars.count, end.unicodeScalars.count)
        XCTAssertTrue(decoded == end, "the replayed trace differs from its endContent")
    }

    func testTraceToScriptWritesAnEditScript() throws {
        let trace = try Self.trace("rustcode")
        let result = try FmtcheckProcess.run(["trace-to-script", trace.path])
        XCTAssertEqual(result.status, 0, result.err)
        let first = try XCTUnwrap(result.out.split(separator: "\n").first)
        let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(first.utf8)) as? [String: Any])
        XCTAssertNotNil(object["op"] as? String)
    }

    /// A trace in `../shared/traces` (or `$FMTCHECK_SHARED/traces`); skips with the reason when absent.
    static func trace(_ name: String) throws -> URL {
        var folders: [URL] = []
        if let shared = ProcessInfo.processInfo.environment["FMTCHECK_SHARED"], !shared.isEmpty {
            folders.append(URL(fileURLWithPath: shared).appendingPathComponent("traces"))
        }
        folders.append(packageRoot.deletingLastPathComponent().appendingPathComponent("shared/traces"))
        for folder in folders {
            let file = folder.appendingPathComponent("\(name).json.gz")
            if FileManager.default.fileExists(atPath: file.path) { return file }
        }
        throw XCTSkip("trace \(name).json.gz not found in \(folders.map(\.path)); set FMTCHECK_SHARED")
    }

    /// The trace's `endContent`, decompressed with `gzip -dc`.
    static func endContent(of trace: URL) throws -> String {
        let data = try TraceInputTests.gzip(["-dc", trace.path])
        let root = try XCTUnwrap(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        return try XCTUnwrap(root["endContent"] as? String)
    }
}
