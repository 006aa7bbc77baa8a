import Foundation
import XCTest

/// Rules per file and severities per rule (issue 20): `perFileIgnores` and `--per-file-ignores` as ruff has them,
/// `severities` per folder and `--rule NAME=off|warning|error` as ESLint has them.
final class PerFileIgnoresAndSeverityTests: XCTestCase {
    /// `legacy/old.json` and `new.json`, each with an IngredientsAreGreen finding and an undeclared `bold`.
    func corpus(configuration: String = "") throws -> URL {
        let root = try temporaryFolder(self)
        try FileManager.default.createDirectory(at: root.appendingPathComponent("legacy"), withIntermediateDirectories: true)
        try write(#"{"definition":"\#(shippedDefinition("recipe"))"\#(configuration)}"#, to: ".fmtcheck.json", in: root)
        let document = #"["milk",{"ingredient":"milk","bold":true}]"#
        try write(document, to: "legacy/old.json", in: root)
        try write(document, to: "new.json", in: root)
        return root
    }

    /// "path rule severity" per finding, sorted.
    func findings(_ result: FmtcheckProcess.Result) -> [String] {
        result.out.split(separator: "\n").map { line in
            let parts = line.split(separator: " ")
            return "\(line.split(separator: ":")[0]) \(parts[2].dropLast()) \(parts[1])"
        }.sorted()
    }

    func testPerFileIgnoresInTheConfigurationAndOnTheCommandLine() throws {
        let root = try corpus(configuration: #","perFileIgnores":{"legacy/**":["IngredientsAreGreen"]}"#)
        var result = try FmtcheckProcess.run(["."], in: root)
        XCTAssertEqual(findings(result), ["./legacy/old.json undeclared-attribute error",
                                          "./new.json IngredientsAreGreen error", "./new.json undeclared-attribute error"], result.out)
        // --print-config of a document lists its per-file ignores in its ignore list.
        let printed = try FmtcheckProcess.run(["--print-config", "legacy/old.json"], in: root)
        let config = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(printed.out.utf8)) as? [String: Any])
        XCTAssertEqual(config["ignore"] as? [String], ["IngredientsAreGreen"], printed.out)
        let other = try FmtcheckProcess.run(["--print-config", "new.json"], in: root)
        XCTAssertEqual((try JSONSerialization.jsonObject(with: Data(other.out.utf8)) as? [String: Any])?["ignore"] as? [String], [])
        // --per-file-ignores replaces the configuration's; an item without a pattern adds to the one before.
        result = try FmtcheckProcess.run([".", "--per-file-ignores", "new.json:IngredientsAreGreen,undeclared-attribute"], in: root)
        XCTAssertEqual(findings(result), ["./legacy/old.json IngredientsAreGreen error", "./legacy/old.json undeclared-attribute error"], result.out)
        // --extend-per-file-ignores adds to them.
        result = try FmtcheckProcess.run([".", "--extend-per-file-ignores", "new.json:undeclared-attribute"], in: root)
        XCTAssertEqual(findings(result), ["./legacy/old.json undeclared-attribute error", "./new.json IngredientsAreGreen error"], result.out)
        // A negated pattern ignores the rules everywhere else.
        result = try FmtcheckProcess.run([".", "--per-file-ignores", "!legacy/**:undeclared-attribute"], in: root)
        XCTAssertEqual(findings(result), ["./legacy/old.json IngredientsAreGreen error", "./legacy/old.json undeclared-attribute error",
                                          "./new.json IngredientsAreGreen error"], result.out)
    }

    func testSeveritiesPerFolderAndFromTheCommandLine() throws {
        let root = try corpus(configuration: #","severities":{"undeclared-attribute":"warning"}"#)
        try write(#"{"severities":{"IngredientsAreGreen":"off"}}"#, to: "legacy/.fmtcheck.json", in: root)
        var result = try FmtcheckProcess.run(["."], in: root)
        XCTAssertEqual(findings(result), ["./legacy/old.json undeclared-attribute warning",
                                          "./new.json IngredientsAreGreen error", "./new.json undeclared-attribute warning"], result.out)
        XCTAssertEqual(result.status, 1)
        // --rule wins over the configuration, and turns a rule that was off back on.
        result = try FmtcheckProcess.run([".", "--rule", "IngredientsAreGreen=warning", "--rule", "undeclared-attribute=off"], in: root)
        XCTAssertEqual(findings(result), ["./legacy/old.json IngredientsAreGreen warning", "./new.json IngredientsAreGreen warning"], result.out)
        XCTAssertEqual(result.status, 0, "warnings alone pass")
        result = try FmtcheckProcess.run([".", "--rule", "IngredientsAreGreen=warning,undeclared-attribute=off", "--max-warnings", "1"], in: root)
        XCTAssertEqual(result.status, 1, "two warnings exceed the limit")
        // --select does not bring back a rule set off by --rule.
        result = try FmtcheckProcess.run([".", "--select", "IngredientsAreGreen", "--rule", "IngredientsAreGreen=off"], in: root)
        XCTAssertEqual(result.status, 2, "nothing would be reported")
    }

    func testAnUnknownRuleOrSeverityIsAnErrorWithASuggestion() throws {
        let root = try corpus(configuration: #","severities":{"IngredientsAreGren":"warning"}"#)
        var result = try FmtcheckProcess.run(["."], in: root)
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.err.contains(#""severities" names 'IngredientsAreGren', which is not a rule of definition 'recipe' (did you mean 'IngredientsAreGreen'?)"#), result.err)
        let clean = try corpus()
        result = try FmtcheckProcess.run([".", "--rule", "IngredientsAreGreen=warn"], in: clean)
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.err.contains("'warn' is not a severity"), result.err)
        result = try FmtcheckProcess.run([".", "--per-file-ignores", "x.json:undeclared-atribute"], in: clean)
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.err.contains("--per-file-ignores: error: 'undeclared-atribute' is not a rule of any definition in this run (did you mean 'undeclared-attribute'?)"), result.err)
        try write(#"{"definition":"\#(shippedDefinition("recipe"))","severities":{"scope":"loud"}}"#, to: ".fmtcheck.json", in: clean)
        result = try FmtcheckProcess.run(["."], in: clean)
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.err.contains(#""severities" sets 'scope' to "off", "warning" or "error""#), result.err)
    }
}
