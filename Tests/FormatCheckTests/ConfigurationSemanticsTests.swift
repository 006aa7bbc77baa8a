import Foundation
import XCTest

/// Configuration as CI teams expect it from ruff (issue 19): `--print-config FILE` is FILE's from any folder,
/// command-line rule options combine with the configuration's, run-wide options come from one place and a nested
/// value that is ignored is said, and a misspelled definition key hides nothing under it.
final class ConfigurationSemanticsTests: XCTestCase {
    /// `root/.fmtcheck.json` (recipe, ignoring wrong-type, JSON format) and `root/sub/.fmtcheck.json` (selecting
    /// IngredientsAreGreen, a warning limit), with a document in `sub`.
    func layout() throws -> (root: URL, sub: URL) {
        let root = try temporaryFolder(self)
        let sub = root.appendingPathComponent("sub")
        try FileManager.default.createDirectory(at: sub, withIntermediateDirectories: true)
        try write(#"{"definition":"\#(shippedDefinition("recipe"))","ignore":["wrong-type"],"format":"json"}"#, to: ".fmtcheck.json", in: root)
        try write(#"{"select":["IngredientsAreGreen","wrong-type"],"maxWarnings":3}"#, to: ".fmtcheck.json", in: sub)
        try write(#"["milk",{"ingredient":"milk","bold":true}," salt",{"ingredient":5}]"#, to: "doc.json", in: sub)
        return (root, sub)
    }

    func printed(_ arguments: [String], in folder: URL) throws -> [String: Any] {
        let result = try FmtcheckProcess.run(arguments + ["--print-config"], in: folder)
        XCTAssertEqual(result.status, 0, result.err)
        return try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any])
    }

    func testPrintConfigShowsTheConfigurationOfTheFileNamedFromAnyFolder() throws {
        let (root, sub) = try layout()
        for (folder, path) in [(root, "sub/doc.json"), (sub, "doc.json"), (root.deletingLastPathComponent(), root.lastPathComponent + "/sub/doc.json")] {
            let config = try printed([path], in: folder)
            XCTAssertEqual(config["select"] as? [String], ["IngredientsAreGreen", "wrong-type"], "\(folder.path): \(config)")
            XCTAssertEqual((config["sources"] as? [String])?.map { ($0 as NSString).lastPathComponent }, [".fmtcheck.json", ".fmtcheck.json"])
        }
    }

    func testCommandLineRuleOptionsCombineWithTheConfigurationAsRuffDoes() throws {
        let (root, _) = try layout()
        // --select replaces the configuration's select and its ignore.
        var config = try printed(["--select", "wrong-type", "sub/doc.json"], in: root)
        XCTAssertEqual(config["select"] as? [String], ["wrong-type"])
        XCTAssertEqual(config["ignore"] as? [String], [])
        // --ignore adds to the ignore in effect.
        config = try printed(["--ignore", "undeclared-attribute"], in: root)
        XCTAssertEqual(config["ignore"] as? [String], ["undeclared-attribute", "wrong-type"])
        // --extend-select adds to the select in effect.
        config = try printed(["--extend-select", "undeclared-attribute", "sub/doc.json"], in: root)
        XCTAssertEqual(config["select"] as? [String], ["IngredientsAreGreen", "undeclared-attribute", "wrong-type"])
        // And linting follows it: the configuration's select is replaced, its wrong-type ignore gone.
        let linted = try FmtcheckProcess.run(["--select", "wrong-type", "--format", "default", "sub/doc.json"], in: root)
        XCTAssertEqual(linted.out.split(separator: "\n").map { $0.contains(" wrong-type: ") }, [true], linted.out)
        let extended = try FmtcheckProcess.run(["--extend-select", "undeclared-attribute", "--format", "default", "sub/doc.json"], in: root)
        XCTAssertTrue(extended.out.contains(" undeclared-attribute: "), extended.out)
        XCTAssertTrue(extended.out.contains(" IngredientsAreGreen: "), extended.out)
    }

    func testANestedRunWideOptionThatIsIgnoredIsSaid() throws {
        let (root, _) = try layout()
        let result = try FmtcheckProcess.run(["."], in: root)
        // The format is the root configuration's (JSON), the nested warning limit is not used, and it says so.
        XCTAssertNotNil(try? JSONSerialization.jsonObject(with: Data(result.out.utf8)), result.out)
        XCTAssertTrue(result.err.contains("sub/.fmtcheck.json: warning: \"maxWarnings\" is ignored here: run-wide options come from the configuration"), result.err)
    }

    func testAMisspelledTopLevelKeyDoesNotHideTheErrorsUnderIt() throws {
        let folder = try temporaryFolder(self)
        let path = try write(#"{"name":"x","atributes":{"a":{"type":"strin"}},"scope":["a"],"constrains":[{"name":"C","key":"a","allowed":1}]}"#,
                             to: "bad.json", in: folder)
        let result = try FmtcheckProcess.run(["definition", "check", path])
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.out.contains("unknown field 'atributes' in a definition") || result.err.contains("unknown field 'atributes' in a definition"), result.out + result.err)
        let all = result.out + result.err
        XCTAssertTrue(all.contains("unknown type \"strin\""), all)
        XCTAssertTrue(all.contains("at $.atributes.a.type"), all)
        XCTAssertTrue(all.contains("at $.constrains[0]"), "the misspelled constraints are read too: \(all)")
        XCTAssertFalse(all.contains("needs a 'attributes' field"), "the misspelling stands for the field: \(all)")
    }
}
