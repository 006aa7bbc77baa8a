import Foundation
import XCTest

/// Where fmtcheck writes what it is asked to, and how it counts (issue 39, defect 5): a baseline or report in a
/// folder that does not exist yet is written there, as ESLint's and ruff's output files are; one of a count is
/// said in the singular.
final class OutputFoldersAndWordingTests: XCTestCase {
    func folderWithADocument() throws -> URL {
        let root = try temporaryFolder(self)
        try write(#"{"definition":"\#(shippedDefinition("recipe"))"}"#, to: ".fmtcheck.json", in: root)
        try write(#"["salt",{"ingredient":"salt"}]"#, to: "salt.json", in: root)
        return root
    }

    func testABaselineOrReportInAFolderThatDoesNotExistIsWrittenThere() throws {
        let root = try folderWithADocument()
        let baseline = try FmtcheckProcess.run(["salt.json", "--write-baseline", "ci/baselines/x.json"], in: root)
        XCTAssertEqual(baseline.status, 0, baseline.err)
        XCTAssertTrue(FileManager.default.fileExists(atPath: root.appendingPathComponent("ci/baselines/x.json").path))
        XCTAssertEqual(try FmtcheckProcess.run(["salt.json", "--baseline", "ci/baselines/x.json"], in: root).status, 0)

        let report = try FmtcheckProcess.run(["salt.json", "--format", "sarif", "-o", "out/sarif/report.sarif"], in: root)
        XCTAssertEqual(report.status, 1, report.err)
        XCTAssertTrue(try String(contentsOf: root.appendingPathComponent("out/sarif/report.sarif"), encoding: .utf8).contains("\"2.1.0\""))

        let part = try FmtcheckProcess.run(["salt.json", "--format", "json", "-o", "parts/1.json"], in: root)
        XCTAssertEqual(part.status, 1, part.err)
        let merged = try FmtcheckProcess.run(["merge-reports", "parts/1.json", "-o", "merged/all.json"], in: root)
        XCTAssertEqual(merged.status, 0, merged.err)
        XCTAssertEqual(try Data(contentsOf: root.appendingPathComponent("merged/all.json")), try Data(contentsOf: root.appendingPathComponent("parts/1.json")))

        try write(#"{"id":"1","document":["salt",{"ingredient":"salt"}]}"# + "\n", to: "records.jsonl", in: root)
        let records = try FmtcheckProcess.run(["--records", "records.jsonl", "-o", "records/out.txt"], in: root)
        XCTAssertEqual(records.status, 1, records.err)
        XCTAssertTrue(try String(contentsOf: root.appendingPathComponent("records/out.txt"), encoding: .utf8).contains("IngredientsAreGreen"))

        // A path through a file is still an error, and nothing is left behind.
        try write("a note", to: "notes.txt", in: root)
        let blocked = try FmtcheckProcess.run(["salt.json", "--write-baseline", "notes.txt/x.json"], in: root)
        XCTAssertEqual(blocked.status, 2, blocked.err)
        XCTAssertTrue(blocked.err.contains("fmtcheck: error: cannot write the baseline notes.txt/x.json: ") && blocked.err.contains("Not a directory"), blocked.err)
        XCTAssertEqual(try String(contentsOf: root.appendingPathComponent("notes.txt"), encoding: .utf8), "a note")
    }

    func testOneOfACountIsSaidInTheSingular() throws {
        let root = try temporaryFolder(self)
        let definition = try write(#"{"name": "tiny", "attributes": {"a": {"type": "bool"}, "b": {"type": "bool"}}, "scope": ["a"], "severities": {"scope": "warning"}}"#,
                                   to: "tiny.definition.json", in: root)
        try write(#"["x",{"b":true}]"#, to: "doc.json", in: root)
        let over = try FmtcheckProcess.run(["--definition", definition, "--max-warnings", "0", "doc.json"], in: root)
        XCTAssertEqual(over.status, 1)
        XCTAssertTrue(over.err.contains("fmtcheck: 1 warning exceeds the limit of 0 (--max-warnings)"), over.err)
        try write(#"{"id":"1","document":["x",{"b":true}]}"# + "\n", to: "records.jsonl", in: root)
        let records = try FmtcheckProcess.run(["--definition", definition, "--max-warnings", "0", "--records", "records.jsonl"], in: root)
        XCTAssertTrue(records.err.contains("fmtcheck: 1 warning exceeds the limit of 0 (--max-warnings)"), records.err)

        _ = try FmtcheckProcess.run(["--definition", definition, "doc.json", "--write-baseline", "baseline.json"], in: root)
        try write(#"["x",{}]"#, to: "doc.json", in: root)
        let stale = try FmtcheckProcess.run(["--definition", definition, "doc.json", "--baseline", "baseline.json"], in: root)
        XCTAssertTrue(stale.err.contains("1 baseline entry no longer matches (--prune-baseline removes it)"), stale.err)
        let pruned = try FmtcheckProcess.run(["--definition", definition, "doc.json", "--baseline", "baseline.json", "--prune-baseline"], in: root)
        XCTAssertTrue(pruned.err.contains("1 baseline entry that no longer matches removed"), pruned.err)
    }
}
