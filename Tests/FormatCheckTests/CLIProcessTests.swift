import Foundation
import XCTest

/// Runs the built `fmtcheck` as a process and checks what it prints and its exit code.
final class CLIProcessTests: XCTestCase {
    /// Runs the built `fmtcheck` in the package root.
    private func run(_ arguments: [String]) throws -> FmtcheckProcess.Result {
        try FmtcheckProcess.run(arguments)
    }

    /// Runs `fmtcheck arguments` and checks its exit code and everything it printed.
    private func assertRun(_ arguments: [String], exits status: Int32, out: String, err: String,
                           file: StaticString = #filePath, line: UInt = #line) throws {
        let result = try run(arguments)
        XCTAssertEqual(result.status, status, file: file, line: line)
        XCTAssertEqual(result.out, out, file: file, line: line)
        XCTAssertEqual(result.err, err, file: file, line: line)
    }

    private func temporaryFile(_ text: String) throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("fmtcheck-\(UUID().uuidString).json")
        try text.write(to: url, atomically: true, encoding: .utf8)
        addTeardownBlock { try? FileManager.default.removeItem(at: url) }
        return url.path
    }

    func testCheckingAGoodDefinitionPrintsOkAndExitsZero() throws {
        try assertRun(["definition", "check", "Definitions/recipe.json"], exits: 0,
                      out: "Definitions/recipe.json: ok: definition 'recipe', 3 attributes, 1 constraint\n", err: "")
    }

    func testCheckingEveryShippedDefinitionExitsZero() throws {
        let paths = ShippedDefinitionTests.names.map { "Definitions/\($0).json" }
        let result = try run(["definition", "check"] + paths)
        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertEqual(result.out.split(separator: "\n").count, paths.count)
    }

    func testCheckingABadDefinitionPrintsLocatedErrorsAndExitsTwo() throws {
        let path = try temporaryFile("""
        {"name": "recipe",
         "attributes": {"foregroundColor": {"type": "color"}, "ingredient": {"type": "string"}},
         "scope": ["foregroundColor", "ingredent"],
         "constraints": [{"name": "IngredientsAreGreen", "key": "foregroundColor",
                          "rules": [{"when": {"present": "ingredient"}, "set": "green"}], "otherwise": "remove"}]}
        """)
        let result = try run(["definition", "check", path])
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.out, "")
        XCTAssertTrue(result.err.contains("\(path):3:31: error definition-unknown-attribute: the scope names 'ingredent', which is not a declared attribute\n  at $.scope[1]\n  hint: did you mean 'ingredient'?\n"), result.err)
        XCTAssertTrue(result.err.contains("\(path):5:72: error definition-wrong-type: the value set on 'foregroundColor' must be a color, and \"green\" is not one\n  at $.constraints[0].rules[0].set\n"), result.err)
        XCTAssertTrue(result.err.hasSuffix("\(path): invalid definition: 2 errors\n"), result.err)
    }

    func testCheckingAMissingFileExitsTwo() throws {
        let result = try run(["definition", "check", "no-such-definition.json"])
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.err.hasPrefix("no-such-definition.json: error definition-unreadable: no such file\n"))
    }

    func testWarningsGoToStandardErrorAndStillExitZero() throws {
        let path = try temporaryFile(#"{"name": "x", "attributes": {"a": {"type": "bool"}}, "scope": []}"#)
        let result = try run(["definition", "check", path])
        XCTAssertEqual(result.status, 0)
        XCTAssertTrue(result.err.hasPrefix("\(path):1:30: warning definition-unused-attribute:"), result.err)
        XCTAssertTrue(result.out.hasSuffix(", 1 warning\n"))
    }

    func testExplainPrintsTheRecipeInWords() throws {
        let result = try run(["definition", "explain", "Definitions/recipe.json"])
        XCTAssertEqual(result.status, 0)
        XCTAssertEqual(result.err, "")
        XCTAssertTrue(result.out.hasPrefix("Definition 'recipe' (Definitions/recipe.json)\n"))
        XCTAssertTrue(result.out.contains("  1. IngredientsAreGreen: foregroundColor is set to #34c759 when ingredient is present; otherwise it is removed.\n"))
    }

    func testAUsageErrorExitsTwoWithAHint() throws {
        try assertRun(["definition", "chek", "Definitions/recipe.json"], exits: 2, out: "",
                      err: "fmtcheck: error: unknown subcommand 'definition chek'\n  hint: did you mean 'check'?\nRun 'fmtcheck --help' for usage.\n")
    }

    func testVersionAndHelpExitZero() throws {
        let version = try run(["--version"])
        XCTAssertEqual(version.status, 0)
        XCTAssertTrue(version.out.hasPrefix("fmtcheck "))
        let help = try run(["--help"])
        XCTAssertEqual(help.status, 0)
        XCTAssertTrue(help.out.contains("definition check FILE"))
    }
}
