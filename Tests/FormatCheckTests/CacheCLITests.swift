import Foundation
import XCTest

/// `--cache` (issue 20): a document whose bytes, definition, options and fmtcheck are unchanged is not read
/// again, and the output is byte for byte an uncached run's; a damaged or foreign cache is ignored with a warning.
final class CacheCLITests: XCTestCase {
    func corpus() throws -> URL {
        let root = try temporaryFolder(self)
        try FileManager.default.copyItem(atPath: shippedDefinition("recipe"), toPath: root.appendingPathComponent("recipe.json").path)
        try FileManager.default.createDirectory(at: root.appendingPathComponent("docs"), withIntermediateDirectories: true)
        try write(#"{"definition":"recipe.json"}"#, to: ".fmtcheck.json", in: root)
        try write(#"["milk",{"ingredient":"milk","bold":true}," and ",{},"salt",{"ingredient":"salt"}]"#, to: "docs/a.json", in: root)
        try write(#"["flour",{"ingredient":7}]"#, to: "docs/b.json", in: root)
        try write(#"["broken", {"#, to: "docs/c.json", in: root)
        return root
    }

    func cacheLine(_ result: FmtcheckProcess.Result) -> String? {
        // Under --format github the line is a workflow command's message.
        result.err.split(separator: "\n").first { $0.contains("fmtcheck: cache ") }
            .map { String($0[$0.range(of: "fmtcheck: cache ")!.lowerBound...]) }
    }

    func testASecondRunReadsNothingAndPrintsExactlyWhatAnUncachedRunPrints() throws {
        let root = try corpus()
        for format in ["default", "json", "sarif", "github"] {
            // Each format starts from no cache (`testRunsOfEveryReportFormatShareOneCache` shares one).
            try? FileManager.default.removeItem(at: root.appendingPathComponent(".fmtcheck-cache"))
            let uncached = try FmtcheckProcess.run(["docs", "--format", format], in: root)
            let first = try FmtcheckProcess.run(["docs", "--format", format, "--cache", "--verbose"], in: root)
            let second = try FmtcheckProcess.run(["docs", "--format", format, "--cache", "--verbose"], in: root)
            XCTAssertEqual(second.out, uncached.out, format)
            XCTAssertEqual(first.out, uncached.out, format)
            XCTAssertEqual(second.status, uncached.status)
            XCTAssertEqual(cacheLine(first), "fmtcheck: cache .fmtcheck-cache: 0 documents from the cache, unread; 3 linted", format)
            XCTAssertEqual(cacheLine(second), "fmtcheck: cache .fmtcheck-cache: 3 documents from the cache, unread; 0 linted", format)
        }
    }

    func testRunsOfEveryReportFormatShareOneCache() throws {
        // Issue 39: the cache kept one format's findings; a JSON run after a default one linted everything again.
        let root = try corpus()
        _ = try FmtcheckProcess.run(["docs", "--cache"], in: root)
        for format in ["json", "sarif", "jsonl", "github", "default"] {
            let cached = try FmtcheckProcess.run(["docs", "--format", format, "--cache", "--verbose"], in: root)
            XCTAssertEqual(cacheLine(cached), "fmtcheck: cache .fmtcheck-cache: 3 documents from the cache, unread; 0 linted", format)
            let uncached = try FmtcheckProcess.run(["docs", "--format", format], in: root)
            XCTAssertEqual(cached.out, uncached.out, format)
        }
    }

    func testAChangedDocumentDefinitionOrOptionIsLintedAgain() throws {
        let root = try corpus()
        _ = try FmtcheckProcess.run(["docs", "--cache"], in: root)
        // A changed document: only it is read.
        try write(#"["flour",{"ingredient":"flour"}]"#, to: "docs/b.json", in: root)
        var result = try FmtcheckProcess.run(["docs", "--cache", "--verbose"], in: root)
        XCTAssertEqual(cacheLine(result), "fmtcheck: cache .fmtcheck-cache: 2 documents from the cache, unread; 1 linted")
        XCTAssertEqual(result.out, try FmtcheckProcess.run(["docs"], in: root).out)
        // Other rules: every document is linted under them.
        result = try FmtcheckProcess.run(["docs", "--cache", "--verbose", "--select", "IngredientsAreGreen"], in: root)
        XCTAssertEqual(cacheLine(result), "fmtcheck: cache .fmtcheck-cache: 0 documents from the cache, unread; 3 linted")
        XCTAssertEqual(result.out, try FmtcheckProcess.run(["docs", "--select", "IngredientsAreGreen"], in: root).out)
        // Another severity.
        result = try FmtcheckProcess.run(["docs", "--cache", "--verbose", "--rule", "IngredientsAreGreen=warning"], in: root)
        XCTAssertEqual(cacheLine(result), "fmtcheck: cache .fmtcheck-cache: 0 documents from the cache, unread; 3 linted")
        // A changed definition: its bytes are part of the key.
        let definition = root.appendingPathComponent("recipe.json")
        let text = try String(contentsOf: definition, encoding: .utf8)
        try (text + "\n").write(to: definition, atomically: true, encoding: .utf8)
        result = try FmtcheckProcess.run(["docs", "--cache", "--verbose"], in: root)
        XCTAssertEqual(cacheLine(result), "fmtcheck: cache .fmtcheck-cache: 0 documents from the cache, unread; 3 linted")
    }

    func testADamagedOrForeignCacheIsIgnoredWithAWarningAndReplaced() throws {
        let root = try corpus()
        let expected = try FmtcheckProcess.run(["docs"], in: root).out
        _ = try FmtcheckProcess.run(["docs", "--cache", "--cache-location", "cache.bin"], in: root)
        let cacheFile = root.appendingPathComponent("cache.bin")
        let good = try Data(contentsOf: cacheFile)
        var flipped = good
        flipped[flipped.count / 2] ^= 0x01
        for (bytes, reason) in [(Data("{\"not\": \"a cache\"}".utf8), "it is not an fmtcheck cache"), (good.prefix(good.count - 3), "checksum"),
                                (flipped, "its checksum does not match")] {
            try bytes.write(to: cacheFile)
            let result = try FmtcheckProcess.run(["docs", "--cache", "--cache-location", "cache.bin", "--verbose"], in: root)
            XCTAssertEqual(result.out, expected)
            XCTAssertTrue(result.err.contains("fmtcheck: warning: the cache cache.bin is ignored and will be rewritten: "), result.err)
            XCTAssertTrue(result.err.contains(reason), result.err)
            XCTAssertEqual(cacheLine(result), "fmtcheck: cache cache.bin: 0 documents from the cache, unread; 3 linted")
            let again = try FmtcheckProcess.run(["docs", "--cache", "--cache-location", "cache.bin", "--verbose"], in: root)
            XCTAssertFalse(again.err.contains("fmtcheck: warning"), "rewritten: \(again.err)")
            XCTAssertEqual(cacheLine(again), "fmtcheck: cache cache.bin: 3 documents from the cache, unread; 0 linted")
        }
    }

    func testAFolderLocationKeepsTheCacheInItAndFixIgnoresTheCache() throws {
        let root = try corpus()
        try FileManager.default.createDirectory(at: root.appendingPathComponent("ci"), withIntermediateDirectories: true)
        _ = try FmtcheckProcess.run(["docs", "--cache", "--cache-location", "ci"], in: root)
        XCTAssertTrue(FileManager.default.fileExists(atPath: root.appendingPathComponent("ci/.fmtcheck-cache").path))
        let fixed = try FmtcheckProcess.run(["docs/a.json", "--fix", "--cache", "--cache-location", "ci", "--verbose"], in: root)
        XCTAssertTrue(fixed.err.contains("fixed 2 problems in 1 file"), fixed.err)
        XCTAssertNil(cacheLine(fixed), "--fix reads every document: \(fixed.err)")
        // The fixed document is read again: its bytes changed.
        let after = try FmtcheckProcess.run(["docs", "--cache", "--cache-location", "ci"], in: root)
        XCTAssertEqual(after.out, try FmtcheckProcess.run(["docs"], in: root).out)
    }
}
