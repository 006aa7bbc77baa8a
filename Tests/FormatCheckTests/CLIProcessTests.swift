import Foundation
import XCTest

/// Runs the built `fmtcheck` as a process and checks what it prints and its exit code.
final class CLIProcessTests: XCTestCase {
    /// The `fmtcheck` binary: next to the test bundle in `.build/debug`, else under the package root.
    private func binary() throws -> URL {
        var candidates: [URL] = []
        if let bundle = Bundle.allBundles.first(where: { $0.bundlePath.hasSuffix(".xctest") }) {
            candidates.append(bundle.bundleURL.deletingLastPathComponent().appendingPathComponent("fmtcheck"))
        }
        candidates.append(URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("fmtcheck"))
        candidates.append(packageRoot.appendingPathComponent(".build/debug/fmtcheck"))
        guard let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0.path) }) else {
            throw XCTSkip("fmtcheck is not built (looked in \(candidates.map(\.path)))")
        }
        return found
    }

    private func run(_ arguments: [String]) throws -> (status: Int32, out: String, err: String) {
        let process = Process()
        process.executableURL = try binary()
        process.arguments = arguments
        process.currentDirectoryURL = packageRoot
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: outData, as: UTF8.self), String(decoding: errData, as: UTF8.self))
    }

    private func temporaryFile(_ text: String) throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("fmtcheck-\(UUID().uuidString).json")
        try text.write(to: url, atomically: true, encoding: .utf8)
        addTeardownBlock { try? FileManager.default.removeItem(at: url) }
        return url.path
    }

    func testCheckingAGoodDefinitionPrintsOkAndExitsZero() throws {
        let result = try run(["definition", "check", "Definitions/recipe.json"])
        XCTAssertEqual(result.status, 0)
        XCTAssertEqual(result.out, "Definitions/recipe.json: ok: definition 'recipe', 3 attributes, 1 constraint\n")
        XCTAssertEqual(result.err, "")
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
        let result = try run(["definition", "chek", "Definitions/recipe.json"])
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.out, "")
        XCTAssertEqual(result.err, "fmtcheck: error: unknown subcommand 'definition chek'\n  hint: did you mean 'check'?\nRun 'fmtcheck --help' for usage.\n")
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
