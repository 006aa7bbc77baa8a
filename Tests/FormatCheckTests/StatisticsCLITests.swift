import Foundation
import XCTest

/// `--statistics` (issue 20): one line per rule with its count and what is fixable, most found first, as ruff
/// prints it; the JSON report carries the same counts.
final class StatisticsCLITests: XCTestCase {
    /// Three IngredientsAreGreen findings (safe fixes), two undeclared `bold` (unsafe), one wrong-typed value.
    func corpus() throws -> URL {
        let root = try temporaryFolder(self)
        try write(#"{"definition":"\#(shippedDefinition("recipe"))"}"#, to: ".fmtcheck.json", in: root)
        try write(#"["milk",{"ingredient":"milk","bold":true}," and ",{},"salt",{"ingredient":"salt"}]"#, to: "a.json", in: root)
        try write(#"["egg",{"ingredient":"egg","bold":true}," and ",{},"flour",{"ingredient":7}]"#, to: "b.json", in: root)
        return root
    }

    func testTheTableHasALinePerRuleMostFoundFirstWithWhatIsFixable() throws {
        let root = try corpus()
        let result = try FmtcheckProcess.run([".", "--statistics"], in: root)
        XCTAssertEqual(result.status, 1, "findings still fail the run")
        XCTAssertEqual(result.out, """
        3  IngredientsAreGreen   3 fixable
        2  undeclared-attribute  2 fixable with --unsafe-fixes
        1  wrong-type            1 fixable with --unsafe-fixes

        """)
    }

    func testTheJSONReportCarriesTheSameCounts() throws {
        let root = try corpus()
        let report = try FmtcheckProcess.run([".", "--format", "json"], in: root)
        let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(report.out.utf8)) as? [String: Any])
        let statistics = try XCTUnwrap(object["statistics"] as? [[String: Any]])
        XCTAssertEqual(statistics.map { $0["rule"] as? String }, ["IngredientsAreGreen", "undeclared-attribute", "wrong-type"])
        XCTAssertEqual(statistics.map { $0["count"] as? Int }, [3, 2, 1])
        XCTAssertEqual(statistics.map { $0["fixable"] as? Int }, [3, 0, 0])
        XCTAssertEqual(statistics.map { $0["unsafeFixable"] as? Int }, [0, 2, 1])
        // The counts are the findings' own.
        let violations = try XCTUnwrap(object["violations"] as? [[String: Any]])
        for entry in statistics {
            XCTAssertEqual(violations.filter { $0["rule"] as? String == entry["rule"] as? String }.count, entry["count"] as? Int)
        }
        let alone = try FmtcheckProcess.run([".", "--format", "json", "--statistics"], in: root)
        let array = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(alone.out.utf8)) as? [[String: Any]])
        XCTAssertEqual(array.map { $0["count"] as? Int }, [3, 2, 1])
    }

    func testStatisticsWithAReportThatCannotCarryThemIsAUsageError() throws {
        let root = try corpus()
        for extra in [["--format", "sarif"], ["--format", "html"], ["--diff"]] {
            let result = try FmtcheckProcess.run([".", "--statistics"] + extra, in: root)
            XCTAssertEqual(result.status, 2, extra.joined(separator: " "))
            XCTAssertTrue(result.err.contains("--statistics prints counts per rule"), result.err)
            XCTAssertEqual(result.out, "")
        }
    }
}
