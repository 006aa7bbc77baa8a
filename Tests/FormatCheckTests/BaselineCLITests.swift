import Foundation
import XCTest

/// `--write-baseline`, `--baseline` and `--prune-baseline` (issue 20), SwiftLint's and ESLint's models: a run
/// reports only findings the baseline does not record, matched by fingerprints that survive unrelated edits.
final class BaselineCLITests: XCTestCase {
    let recipe = ##"["Pancakes\n",{},"Whisk the ",{},"milk",{"ingredient":"milk"}," with ",{},"flour",{"ingredient":"flour","foregroundColor":"#34c759"},".\n",{}]"##

    func corpus() throws -> URL {
        let root = try temporaryFolder(self)
        try FileManager.default.createDirectory(at: root.appendingPathComponent("docs"), withIntermediateDirectories: true)
        try write(#"{"definition":"\#(shippedDefinition("recipe"))"}"#, to: ".fmtcheck.json", in: root)
        try write(recipe, to: "docs/pancakes.json", in: root)
        try write(#"["salt",{"ingredient":"salt"}]"#, to: "docs/salt.json", in: root)
        return root
    }

    func lines(_ text: String) -> [String] { text.split(separator: "\n").map(String.init) }

    func testAWrittenBaselineLeavesTodaysFindingsOutAndANewViolationShows() throws {
        let root = try corpus()
        let written = try FmtcheckProcess.run([".", "--write-baseline", "baseline.json"], in: root)
        XCTAssertEqual(written.status, 0, written.err)
        XCTAssertEqual(written.out, "", "what is recorded is not reported")
        XCTAssertTrue(written.err.contains("baseline.json: note: wrote the baseline of 2 findings"), written.err)
        let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(contentsOf: root.appendingPathComponent("baseline.json"))) as? [String: Any])
        let findings = try XCTUnwrap(object["findings"] as? [[String: String]])
        XCTAssertEqual(findings.map { $0["file"]! }, ["docs/pancakes.json", "docs/salt.json"], "paths relative to the baseline's folder")

        var result = try FmtcheckProcess.run([".", "--baseline", "baseline.json"], in: root)
        XCTAssertEqual(result.status, 0, result.out + result.err)
        XCTAssertTrue(result.err.contains("no problems in 2 files; 2 findings in the baseline not shown"), result.err)
        XCTAssertTrue(result.err.contains("1 skipped"), "the baseline is not linted as a document: \(result.err)")

        // A paragraph added at the top moves every finding; none comes back. A new violation shows.
        try write(#"["A new first paragraph.\n",{},"#  + recipe.dropFirst() .replacingOccurrences(of: #"".\n",{}]"#, with: #"" and ",{},"sugar",{"ingredient":"sugar"},".\n",{}]"#),
                  to: "docs/pancakes.json", in: root)
        result = try FmtcheckProcess.run([".", "--baseline", "baseline.json"], in: root)
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(lines(result.out).count, 1, result.out)
        XCTAssertTrue(result.out.contains("IngredientsAreGreen: foregroundColor is nil but IngredientsAreGreen requires #34c759 on \"sugar\""), result.out)
        // Without the baseline every finding shows.
        let all = try FmtcheckProcess.run(["."], in: root)
        XCTAssertEqual(lines(all.out).count, 3, all.out)
    }

    func testEqualEntriesCoverAsManyEqualFindings() throws {
        let root = try corpus()
        try write(#"["salt",{"ingredient":"salt"}]"#, to: "docs/salt.json", in: root)
        _ = try FmtcheckProcess.run(["docs/salt.json", "--write-baseline", "baseline.json"], in: root)
        // The same finding twice in one paragraph's text is two findings with one fingerprint each... and a second
        // paragraph with the same text and context is another equal finding.
        try write(#"["salt",{"ingredient":"salt"},"\n",{},"salt",{"ingredient":"salt"}]"#, to: "docs/salt.json", in: root)
        let result = try FmtcheckProcess.run(["docs/salt.json", "--baseline", "baseline.json"], in: root)
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(lines(result.out).count, 1, "one recorded, the second is new: \(result.out)")
        XCTAssertTrue(result.err.contains("1 finding in the baseline not shown"), result.err)
    }

    func testPruneListsAndRemovesTheEntriesThatNoLongerMatchAndKeepsThoseOfDocumentsNotLinted() throws {
        let root = try corpus()
        try write(#"["egg",{"ingredient":"egg"}]"#, to: "docs/egg.json", in: root)
        _ = try FmtcheckProcess.run([".", "--write-baseline", "baseline.json"], in: root)
        // salt is fixed; egg is deleted; pancakes is not linted in the pruning run.
        try write(##"["salt",{"ingredient":"salt","foregroundColor":"#34c759"}]"##, to: "docs/salt.json", in: root)
        try FileManager.default.removeItem(at: root.appendingPathComponent("docs/egg.json"))
        var result = try FmtcheckProcess.run(["docs/salt.json", "--baseline", "baseline.json"], in: root)
        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertTrue(result.err.contains("2 baseline entries no longer match (--prune-baseline removes them)"), result.err)
        result = try FmtcheckProcess.run(["docs/salt.json", "--baseline", "baseline.json", "--prune-baseline"], in: root)
        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertTrue(result.err.contains("removed the baseline entry for IngredientsAreGreen in docs/salt.json"), result.err)
        XCTAssertTrue(result.err.contains("removed the baseline entry for IngredientsAreGreen in docs/egg.json"), result.err)
        XCTAssertTrue(result.err.contains("2 baseline entries that no longer match removed"), result.err)
        let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(contentsOf: root.appendingPathComponent("baseline.json"))) as? [String: Any])
        XCTAssertEqual((object["findings"] as? [[String: String]])?.map { $0["file"]! }, ["docs/pancakes.json"])
        // Pruning again finds nothing stale.
        result = try FmtcheckProcess.run([".", "--baseline", "baseline.json", "--prune-baseline"], in: root)
        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertFalse(result.err.contains("removed"), result.err)
    }

    func testAMalformedDocumentIsNeverBaselined() throws {
        let root = try corpus()
        try write(#"["broken", {"#, to: "docs/broken.json", in: root)
        let written = try FmtcheckProcess.run([".", "--write-baseline", "baseline.json"], in: root)
        XCTAssertEqual(written.status, 2, "an input error is not a finding to live with")
        let result = try FmtcheckProcess.run([".", "--baseline", "baseline.json"], in: root)
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.out.contains("docs/broken.json:1:13: error malformed-document"), result.out)
    }

    func testABadBaselineIsAnErrorAtItsPlaceAndBadCombinationsAreUsageErrors() throws {
        let root = try corpus()
        try write("{\"version\": 1, \"tool\": \"fmtcheck\",\n \"findings\": [{\"file\": \"a.json\", \"rule\": 3}]}", to: "bad.json", in: root)
        var result = try FmtcheckProcess.run([".", "--baseline", "bad.json"], in: root)
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.err.contains("bad.json:2:42: error baseline: \"rule\" must be a string"), result.err)
        XCTAssertEqual(result.out, "", "nothing is linted under a baseline that cannot be read")
        result = try FmtcheckProcess.run([".", "--baseline", "missing.json"], in: root)
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.err.contains("missing.json: error baseline: no such file"), result.err)
        result = try FmtcheckProcess.run([".", "--prune-baseline"], in: root)
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.err.contains("--prune-baseline removes the entries of a baseline"), result.err)
        result = try FmtcheckProcess.run([".", "--fix", "--write-baseline", "b.json"], in: root)
        XCTAssertEqual(result.status, 2)
        result = try FmtcheckProcess.run([".", "--write-baseline", "docs/salt.json"], in: root)
        XCTAssertEqual(result.status, 2, "a baseline never replaces a document")
        XCTAssertTrue(result.err.contains("cannot write the baseline to docs/salt.json"), result.err)
    }

    func testALargeBaselineInTheLintedFolderIsPassedOverByItsContentsAndPrunes() throws {
        // Issue 39: a baseline whose "tool" member comes after 64 KiB of findings was linted as a malformed
        // document, and --prune-baseline refused to write it. It is told by its first finding's shape.
        let root = try corpus()
        for n in 0..<100 {
            try write(#"["salt",{"ingredient":"salt"}," and ",{},"pepper",{"ingredient":"pepper"}," and ",{},"milk",{"ingredient":"milk"}," and ",{},"egg",{"ingredient":"egg"}]"#,
                      to: "docs/dish\(n).json", in: root)
        }
        let written = try FmtcheckProcess.run([".", "--write-baseline", "bl.json"], in: root)
        XCTAssertEqual(written.status, 0, written.err)
        let size = try XCTUnwrap(try FileManager.default.attributesOfItem(atPath: root.appendingPathComponent("bl.json").path)[.size] as? Int)
        XCTAssertGreaterThan(size, 64 << 10, "the baseline is larger than what is read to tell it")
        for arguments in [["."], [".", "--baseline", "bl.json"]] {
            let result = try FmtcheckProcess.run(arguments + ["--verbose"], in: root)
            XCTAssertFalse(result.out.contains("bl.json"), "\(arguments): \(result.out)")
            let reason = arguments.count == 1 ? "an fmtcheck baseline" : "the baseline this run reads (--baseline)"
            XCTAssertTrue(result.err.contains("bl.json: skipped: \(reason)"), "\(arguments): \(result.err)")
            XCTAssertEqual(result.status, arguments.count == 1 ? 1 : 0, result.err)
        }
        try FileManager.default.removeItem(at: root.appendingPathComponent("docs/dish7.json"))
        let pruned = try FmtcheckProcess.run([".", "--baseline", "bl.json", "--prune-baseline"], in: root)
        XCTAssertEqual(pruned.status, 0, pruned.err)
        XCTAssertTrue(pruned.err.contains("4 baseline entries that no longer match removed"), pruned.err)
    }

    func testABaselineNamedByBaselineIsPassedOverWhateverItsContentsLookLike() throws {
        // No "tool" member and no finding to tell it by: the run reads it as its baseline, so it is no document.
        let root = try corpus()
        try write(#"{"findings": [], "version": 1}"#, to: "empty-baseline.json", in: root)
        let result = try FmtcheckProcess.run([".", "--baseline", "empty-baseline.json", "--verbose"], in: root)
        XCTAssertEqual(result.status, 1, result.err)
        XCTAssertFalse(result.out.contains("empty-baseline.json"), result.out)
        XCTAssertTrue(result.err.contains("empty-baseline.json: skipped: the baseline this run reads (--baseline)"), result.err)
    }

    func testReportsWrittenIntoTheLintedFolderArePassedOverNextRun() throws {
        // A JSON or SARIF report with a .json name in the folder it reports on is fmtcheck's own file, not a
        // malformed document.
        let root = try corpus()
        XCTAssertEqual(try FmtcheckProcess.run([".", "--format", "json", "-o", "report.json"], in: root).status, 1)
        XCTAssertEqual(try FmtcheckProcess.run([".", "--format", "sarif", "-o", "report.sarif.json"], in: root).status, 1)
        let next = try FmtcheckProcess.run([".", "--verbose"], in: root)
        XCTAssertEqual(next.status, 1, next.out + next.err)
        XCTAssertTrue(next.err.contains("report.json: skipped: an fmtcheck report"), next.err)
        XCTAssertTrue(next.err.contains("report.sarif.json: skipped: a SARIF report"), next.err)
        XCTAssertFalse(next.out.contains("malformed-document"), next.out)
    }
}
