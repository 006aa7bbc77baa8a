@testable import FormatCheck
import Foundation
import XCTest

/// `--records` (issue 22): JSON Lines in, a line per finding out, in input order, the same findings as file
/// mode, a bad record never stopping the stream, and `--fix` writing the records back.
final class RecordsCLITests: XCTestCase {
    func objects(_ out: String) throws -> [[String: Any]] {
        try out.split(separator: "\n").map { try XCTUnwrap(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
    }

    /// What a finding says, wherever it is: all but its place in the file.
    func essence(_ finding: [String: Any]) -> String {
        var kept = finding
        for key in ["file", "id", "line", "column", "endLine", "endColumn", "byteOffset", "byteLength"] { kept[key] = nil }
        let data = try! JSONSerialization.data(withJSONObject: kept, options: [.sortedKeys])
        return String(decoding: data, as: UTF8.self)
    }

    /// Every document of Examples/ as a record (the file's bytes on one line), a stream per folder read in that
    /// folder (so its configuration applies, as to its files), gives the findings file mode gives, in order, at
    /// the same bytes.
    func testRecordsFindWhatFileModeFindsInTheExamples() throws {
        let fileRun = try FmtcheckProcess.run(["Examples", "--format", "jsonl"])
        XCTAssertEqual(fileRun.status, 1, fileRun.err)
        let fileFindings = try objects(fileRun.out).filter { $0["error"] == nil }
        let documents = Array(Set(fileFindings.compactMap { $0["file"] as? String })).sorted()
        XCTAssertGreaterThan(documents.count, 3)
        let folders = Array(Set(documents.map { ($0 as NSString).deletingLastPathComponent })).sorted()
        var recordFindings: [[String: Any]] = []
        var streams: [String: [[UInt8]]] = [:]
        for folder in folders {
            var lines: [String] = []
            for document in documents where (document as NSString).deletingLastPathComponent == folder {
                let bytes = try [UInt8](Data(contentsOf: packageRoot.appendingPathComponent(document)))
                let id = try String(decoding: JSONSerialization.data(withJSONObject: document, options: .fragmentsAllowed), as: UTF8.self)
                if document.hasSuffix(".rtf") {
                    let rtf = try String(decoding: JSONSerialization.data(withJSONObject: String(decoding: bytes, as: UTF8.self), options: .fragmentsAllowed), as: UTF8.self)
                    lines.append(#"{"id": \#(id), "format": "rtf", "document": \#(rtf)}"#)
                } else {
                    lines.append(#"{"id": \#(id), "document": "# + String(decoding: bytes.map { $0 == 0x0A ? 0x20 : $0 }, as: UTF8.self) + "}")
                }
            }
            streams[folder] = lines.map { Array($0.utf8) }
            let run = try FmtcheckProcess.run(["lint", "--records", "-", "--format", "jsonl"], in: packageRoot.appendingPathComponent(folder),
                                              input: Data((lines.joined(separator: "\n") + "\n").utf8))
            XCTAssertEqual(run.status, 1, run.err)
            recordFindings += try objects(run.out).map { var o = $0; o["folder"] = folder; return o }
        }
        XCTAssertEqual(recordFindings.map { $0["id"] as? String }, fileFindings.map { $0["file"] as? String }, "input order, document order")
        XCTAssertEqual(recordFindings.map { var o = $0; o["folder"] = nil; return essence(o) }, fileFindings.map(essence))
        for (record, file) in zip(recordFindings, fileFindings) {
            let document = try XCTUnwrap(file["file"] as? String)
            let folder = try XCTUnwrap(record["folder"] as? String)
            let number = try XCTUnwrap(record["line"] as? Int)
            let line = try XCTUnwrap(streams[folder]?[number - 1])
            let parsed = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(line)) as? [String: Any])
            XCTAssertEqual(parsed["id"] as? String, document, "line \(number) is the document's record")
            XCTAssertEqual(record["endLine"] as? Int, number)
            guard document.hasSuffix(".json") else { continue }
            let text = try [UInt8](Data(contentsOf: packageRoot.appendingPathComponent(document))).map { $0 == 0x0A ? 0x20 : $0 }
            let offset = record["byteOffset"] as! Int, length = record["byteLength"] as! Int
            let fileOffset = file["byteOffset"] as! Int, fileLength = file["byteLength"] as! Int
            XCTAssertEqual(Array(line[offset..<(offset + length)]), Array(text[fileOffset..<(fileOffset + fileLength)]),
                           "the record's position holds what the file's does: \(record)")
            // Columns count the scalars of the line before the position.
            XCTAssertEqual(record["column"] as? Int, String(decoding: line[..<offset], as: UTF8.self).unicodeScalars.count + 1)
        }
    }

    /// A bad record in the middle: its own line with its line number, in order; the stream goes on; exit 2.
    func testABadRecordInTheMiddleOfAStreamNeverStopsIt() throws {
        let root = try temporaryFolder(self)
        try write(#"{"definition":"\#(shippedDefinition("recipe"))"}"#, to: ".fmtcheck.json", in: root)
        let good = { (id: String) in #"{"id": "\#(id)", "document": ["milk", {"ingredient": "milk"}]}"# }
        let stream = [
            good("first"),
            #"{"id": "cut", "document": ["milk", {"ingredient""#,
            "",
            "not json at all",
            good("after-garbage"),
            #"{"id": "no-document"}"#,
            #"{"id": "twice", "id": "again", "document": []}"#,
            #"{"id": 7, "definition": "/no/such/definition.json", "document": []}"#,
            #"{"id": "long", "document": ["\#(String(repeating: "x", count: 5000))", {}]}"#,
            #"{"id": "malformed", "document": ["milk", 12]}"#,
            good("last"),
        ].joined(separator: "\n")
        let result = try FmtcheckProcess.run(["lint", "--records", "-", "--format", "jsonl", "--max-file-size", "4K"], in: root, input: Data(stream.utf8))
        XCTAssertEqual(result.status, 2, "unreadable records fail the run at the end")
        let lines = try objects(result.out)
        let summary = lines.map { ($0["id"].map { "\($0)" } ?? "-") + "@" + "\($0["line"] ?? "?")" + ":" + (($0["error"] ?? $0["rule"]) as? String ?? "?") }
        XCTAssertEqual(summary, [
            "first@1:IngredientsAreGreen",
            "cut@2:invalid-record",
            "<null>@4:invalid-record",
            "after-garbage@5:IngredientsAreGreen",
            "no-document@6:invalid-record",
            "twice@7:invalid-record",
            "7@8:no-definition",
            "<null>@9:too-large",
            "malformed@10:malformed-document",
            "last@11:IngredientsAreGreen",
        ])
        XCTAssertTrue((lines[1]["message"] as? String ?? "").contains("ends inside"), "\(lines[1])")
        XCTAssertTrue(result.err.contains("in 4 of 4 records"), result.err)
        XCTAssertTrue(result.err.contains("6 records not linted; 1 record malformed"), result.err)
        // The default format says the same, as FILE:LINE:COLUMN lines.
        let text = try FmtcheckProcess.run(["lint", "--records", "-", "--max-file-size", "4K"], in: root, input: Data(stream.utf8))
        XCTAssertEqual(text.status, 2)
        XCTAssertTrue(text.out.hasPrefix("<stdin>:1:"), text.out)
        XCTAssertTrue(text.err.contains("<stdin>:4:1: error: a record is a JSON object"), text.err)
    }

    /// The all-cores run writes what a run on one thread writes, byte for byte, whatever the batches.
    func testAllCoresWriteWhatOneCoreWrites() throws {
        let root = try temporaryFolder(self)
        var stream = ""
        for k in 0..<2_000 {
            switch k % 7 {
            case 3: stream += "garbage \(k)\n"
            case 5: stream += #"{"id": \#(k), "document": ["flour \#(k)", {"ingredient": \#(k)}, " and ", {"bold": true}]}"# + "\n"
            default: stream += #"{"id": "r\#(k)", "document": ["milk \#(k)", {"ingredient": "milk"}, " and water", {}]}"# + "\n"
            }
        }
        let path = try write(stream, to: "records.jsonl", in: root)
        func output(parallel: Bool, batch: Int) -> (String, RecordLintRun.Summary) {
            var run = RecordLintRun(LintRequest(paths: [], definition: shippedDefinition("recipe")), source: path)
            run.parallel = parallel
            run.batchRecords = batch
            let box = TextBox()
            let summary = run.run(output: { box.append($0) }, diagnostics: { _ in })
            return (box.text, summary)
        }
        let (serial, serialSummary) = output(parallel: false, batch: 256)
        XCTAssertEqual(serialSummary.records, 2_000)
        XCTAssertEqual(serialSummary.unreadable, 286)
        for batch in [1, 7, 300] {
            let (parallel, summary) = output(parallel: true, batch: batch)
            XCTAssertEqual(parallel, serial, "batches of \(batch)")
            XCTAssertEqual(summary.errors, serialSummary.errors)
            XCTAssertEqual(summary.statistics, serialSummary.statistics)
        }
    }

    /// `--fix --records` writes every record: fixed where it can be, as it was otherwise (bad lines byte for
    /// byte), members it does not know kept; the fixed stream has nothing left that --fix fixes.
    func testFixWritesTheRecordsBackFixed() throws {
        let root = try temporaryFolder(self)
        try write(#"{"definition":"\#(shippedDefinition("recipe"))"}"#, to: ".fmtcheck.json", in: root)
        let rtf = #"{\\rtf1\\ansi {\\colortbl;\\red0\\green0\\blue255;}\\cf1 blue\\cf0  text\\par}"#
        let lines = [
            #"{"id": "a", "meta": {"owner": "ann", "tags": ["x"]}, "document": ["Use ", {}, "milk", {"ingredient": "milk"}, " now", {}]}"#,
            "not a record {",
            #"{"id": "clean", "document": ["plain", {}]}"#,
            #"{"id": "unsafe", "document": ["bold", {"bold": true}]}"#,
            #"{"id": "r", "format": "rtf", "document": "\#(rtf)"}"#,
        ]
        let input = lines.joined(separator: "\n") + "\n"
        let result = try FmtcheckProcess.run(["lint", "--records", "-", "--fix"], in: root, input: Data(input.utf8))
        XCTAssertEqual(result.status, 2, "the bad line fails the run; \(result.err)")
        let out = result.out.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        XCTAssertEqual(out.count, lines.count + 1)
        XCTAssertEqual(out[1], lines[1], "a bad line is written back as it was")
        XCTAssertEqual(out[2], lines[2], "a clean record is written back as it was")
        XCTAssertEqual(out[3], lines[3], "an unsafe fix is not applied without --unsafe-fixes")
        XCTAssertTrue(out[0].hasPrefix(#"{"id": "a", "meta": {"owner": "ann", "tags": ["x"]}, "document": "#), out[0])
        XCTAssertTrue(out[0].contains("#34c759"), out[0])
        XCTAssertTrue(result.err.contains("<stdin>:2:1: error:"), result.err)
        // -o writes the same stream, atomically; the records file itself is refused as the output.
        let streamed = try FmtcheckProcess.run(["lint", "--records", "-", "--fix", "-o", "fixed.jsonl"], in: root, input: Data(input.utf8))
        XCTAssertEqual(streamed.status, 2)
        XCTAssertEqual(try String(contentsOf: root.appendingPathComponent("fixed.jsonl"), encoding: .utf8), result.out)
        XCTAssertTrue(streamed.err.contains("written to fixed.jsonl"), streamed.err)
        let itself = try FmtcheckProcess.run(["lint", "--records", "fixed.jsonl", "--fix", "-o", "fixed.jsonl"], in: root)
        XCTAssertEqual(itself.status, 2)
        XCTAssertEqual(try String(contentsOf: root.appendingPathComponent("fixed.jsonl"), encoding: .utf8), result.out, "untouched")
        let again = try FmtcheckProcess.run(["lint", "--records", "-", "--format", "jsonl"], in: root, input: Data(result.out.utf8))
        let left = try objects(again.out)
        XCTAssertFalse(left.contains { $0["fix"] as? String == "safe" }, "nothing --fix fixes is left: \(left)")
        XCTAssertTrue(left.contains { $0["id"] as? String == "unsafe" && $0["rule"] as? String == "undeclared-attribute" })
    }

    /// The stream into `-o FILE` lends the atomic writer to the run's threads; a worker that still held it when
    /// the write ended trapped the process (exit 132) in about two runs of three. Run it often enough to see that.
    func testStreamingIntoAFileNeverOutlivesTheWriter() throws {
        let root = try temporaryFolder(self)
        try write(#"{"definition":"\#(shippedDefinition("recipe"))"}"#, to: ".fmtcheck.json", in: root)
        let input = [
            #"{"id": "a", "document": ["Use ", {}, "milk", {"ingredient": "milk"}, " now", {}]}"#,
            "not a record {",
            #"{"id": "clean", "document": ["plain", {}]}"#,
        ].joined(separator: "\n") + "\n"
        for round in 1...12 {
            let result = try FmtcheckProcess.run(["lint", "--records", "-", "--fix", "-o", "fixed.jsonl"], in: root, input: Data(input.utf8))
            XCTAssertEqual(result.status, 2, "round \(round): \(result.err)")
            let fixed = try String(contentsOf: root.appendingPathComponent("fixed.jsonl"), encoding: .utf8)
            XCTAssertEqual(fixed.split(separator: "\n").count, 3, "round \(round)")
            XCTAssertTrue(fixed.contains("#34c759"), "round \(round): \(fixed)")
        }
    }

    func testRecordsCannotBeCombinedWithFilesOrWholeRunReports() throws {
        for (arguments, said) in [(["--records", "-", "Examples"], "takes no paths"), (["--records", "-", "--format", "sarif"], "one line at a time"),
                                  (["--records", "-", "--shard", "1/2"], "--shard"), (["--records", "-", "--cache"], "--cache")] {
            let result = try FmtcheckProcess.run(["lint"] + arguments, input: Data())
            XCTAssertEqual(result.status, 2, "\(arguments)")
            XCTAssertTrue(result.err.contains(said), result.err)
        }
        let missing = try FmtcheckProcess.run(["lint", "--records", "/no/such/records.jsonl", "--definition", shippedDefinition("recipe")])
        XCTAssertEqual(missing.status, 2)
        XCTAssertTrue(missing.err.contains("/no/such/records.jsonl: error: no such file"), missing.err)
    }
}

/// Output collected from the run's writer (called one batch at a time, in order).
final class TextBox: @unchecked Sendable {
    private(set) var text = ""
    func append(_ bytes: [UInt8]) { text += String(decoding: bytes, as: UTF8.self) }
}
