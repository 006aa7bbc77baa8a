import Foundation
import XCTest

/// `fmtcheck lint` run as a process: the Examples corpus, formats, options, exit codes, fixing and bad input.
final class LintCLITests: XCTestCase {
    /// Every finding in Examples/, in path order, as README's first command prints them: each at its place in
    /// the file (the JSON files are one line each; the RTF's link text is on its line 11).
    static let exampleFindings = """
    Examples/exports/release-notes.rtf:5:1: warning reader-warning: page and section layout (paper size, margins, columns) is not kept
    Examples/exports/release-notes.rtf:6:6: warning reader-warning: tab stops (\\tx) are not kept
    Examples/exports/release-notes.rtf:11:102: error LinksAreBlue: foregroundColor is nil but LinksAreBlue requires #007aff on "the builds page"
    Examples/exports/release-notes.rtf:11:102: error LinksAreUnderlined: underline is nil but LinksAreUnderlined requires true on "the builds page"
    Examples/notes/meeting.json:1:54: error LinksAreUnderlined: underline is nil but LinksAreUnderlined requires true on "the shared doc"
    Examples/notes/meeting.json:1:149: error CodeIsNeverBold: bold is true but CodeIsNeverBold requires no bold on "make test"
    Examples/paragraph-styles/letter.json:1:102: error paragraph-boundary: alignment is "center" but its paragraph starts with "justified"; alignment must not change inside a paragraph, on "lovely letter."
    Examples/paragraph-styles/letter.json:1:207: error LineHeightInRange: lineHeight is 5.0 but LineHeightInRange requires 3.0 on "Yours, Charles"
    Examples/recipes/bread.json:1:22: error wrong-type: ingredient is 500 (integer) but must be a string on "500 g of flour"
    Examples/recipes/bread.json:1:22: error IngredientsAreGreen: foregroundColor is #34c759 but IngredientsAreGreen requires no foregroundColor on "500 g of flour"
    Examples/recipes/smoothie.json:1:118: error IngredientsAreGreen: foregroundColor is nil but IngredientsAreGreen requires #34c759 on "milk"
    Examples/recipes/tomato-salad.json:1:3: error undeclared-attribute: bold is true but definition 'recipe' declares no attribute 'bold' on "Tomato salad\\n"
    Examples/recipes/tomato-salad.json:1:201: error IngredientsAreGreen: foregroundColor is #ff3b30 but IngredientsAreGreen requires no foregroundColor on "immediately"

    """

    func testTheExamplesCorpusNeedsNoFlagsAndPrintsItsFindings() throws {
        let result = try FmtcheckProcess.run(["Examples"])
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.out, Self.exampleFindings)
        XCTAssertTrue(result.err.hasPrefix("13 problems (11 errors, 2 warnings) in 6 of 9 files; 9 fixable with --fix (2 more with --unsafe-fixes) ("), result.err)
    }

    func testTheLintCommandNameIsOptional() throws {
        let result = try FmtcheckProcess.run(["lint", "Examples"])
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.out, Self.exampleFindings)
    }

    func testACleanFileExitsZero() throws {
        let result = try FmtcheckProcess.run(["Examples/recipes/pancakes.json", "Examples/notes/shopping-list.json", "Examples/paragraph-styles/poem.json"])
        XCTAssertEqual(result.status, 0, result.out + result.err)
        XCTAssertEqual(result.out, "")
        XCTAssertTrue(result.err.hasPrefix("no problems in 3 files"), result.err)
    }

    func testSelectAndIgnoreChooseRules() throws {
        let selected = try FmtcheckProcess.run(["Examples", "--select", "IngredientsAreGreen"])
        XCTAssertEqual(selected.status, 1)
        XCTAssertEqual(selected.out.split(separator: "\n").count, 3)
        XCTAssertTrue(selected.out.split(separator: "\n").allSatisfy { $0.contains(" IngredientsAreGreen: ") })
        let ignored = try FmtcheckProcess.run(["Examples/recipes", "--ignore", "IngredientsAreGreen,undeclared-attribute,wrong-type"])
        XCTAssertEqual(ignored.status, 0, ignored.out)
        XCTAssertEqual(ignored.out, "")
        let unknown = try FmtcheckProcess.run(["Examples/recipes", "--select", "IngredientsAreGren"])
        XCTAssertTrue(unknown.err.contains("did you mean 'IngredientsAreGreen'?"), unknown.err)
    }

    func testJSONReportHasTheDocumentedFields() throws {
        let result = try FmtcheckProcess.run(["Examples", "--format", "json"])
        XCTAssertEqual(result.status, 1)
        let root = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any])
        XCTAssertEqual(root["version"] as? Int, 2)
        let violations = try XCTUnwrap(root["violations"] as? [[String: Any]])
        XCTAssertEqual(violations.count, 13)
        let milk = try XCTUnwrap(violations.first { ($0["file"] as? String) == "Examples/recipes/smoothie.json" })
        XCTAssertEqual(milk["rule"] as? String, "IngredientsAreGreen")
        XCTAssertEqual(milk["severity"] as? String, "error")
        // In the file: the one line of smoothie.json, the "milk" of its fourth string token.
        XCTAssertEqual(milk["line"] as? Int, 1)
        XCTAssertEqual(milk["column"] as? Int, 118)
        XCTAssertEqual(milk["endLine"] as? Int, 1)
        XCTAssertEqual(milk["endColumn"] as? Int, 122)
        XCTAssertEqual(milk["byteOffset"] as? Int, 117)
        XCTAssertEqual(milk["byteLength"] as? Int, 4)
        XCTAssertEqual((milk["fingerprint"] as? String)?.count, 16)
        // In the text: "Banana smoothie\nBlend one banana with a cup of " comes first.
        let text = try XCTUnwrap(milk["textRange"] as? [String: Int])
        XCTAssertEqual(text, ["utf8Offset": 47, "utf8Length": 4, "utf16Offset": 47, "utf16Length": 4])
        XCTAssertEqual(milk["key"] as? String, "foregroundColor")
        XCTAssertEqual(milk["expected"] as? String, "#34c759")
        XCTAssertTrue(milk["actual"] is NSNull)
        XCTAssertNotNil(milk["message"] as? String)
        let summary = try XCTUnwrap(root["summary"] as? [String: Any])
        XCTAssertEqual(summary["errors"] as? Int, 11)
        XCTAssertEqual(summary["warnings"] as? Int, 2)
        XCTAssertEqual(summary["files"] as? Int, 9)
    }

    func testSARIFListsEveryRuleAndResult() throws {
        let result = try FmtcheckProcess.run(["Examples", "--format", "sarif"])
        XCTAssertEqual(result.status, 1)
        let root = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any])
        XCTAssertEqual(root["version"] as? String, "2.1.0")
        let run = try XCTUnwrap((root["runs"] as? [[String: Any]])?.first)
        let driver = try XCTUnwrap((run["tool"] as? [String: Any])?["driver"] as? [String: Any])
        let rules = try XCTUnwrap(driver["rules"] as? [[String: Any]]).compactMap { $0["id"] as? String }
        for rule in ["IngredientsAreGreen", "LinksAreBlue", "LinksAreUnderlined", "CodeIsNeverBold", "LineHeightInRange", "scope",
                     "undeclared-attribute", "wrong-type", "paragraph-boundary", "character-boundary", "malformed-document", "reader-warning"] {
            XCTAssertTrue(rules.contains(rule), "missing rule \(rule) in \(rules)")
        }
        let results = try XCTUnwrap(run["results"] as? [[String: Any]])
        XCTAssertEqual(results.count, 13)
        for entry in results {
            let id = try XCTUnwrap(entry["ruleId"] as? String)
            XCTAssertEqual(rules[try XCTUnwrap(entry["ruleIndex"] as? Int)], id)
        }
    }

    func testGitHubFormatWritesWorkflowCommands() throws {
        let result = try FmtcheckProcess.run(["Examples/recipes/smoothie.json", "--format", "github"])
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.out, "::error file=Examples/recipes/smoothie.json,line=1,col=118,endColumn=122,title=IngredientsAreGreen::foregroundColor is nil but IngredientsAreGreen requires #34c759 on \"milk\"\n")
    }

    func testOutputFileTakesTheReportAndTheSummaryStaysOnTheTerminal() throws {
        let folder = try temporaryFolder(self)
        let report = folder.appendingPathComponent("report.json").path
        let result = try FmtcheckProcess.run(["Examples", "--format", "json", "-o", report])
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.out, "")
        XCTAssertTrue(result.err.contains("13 problems"), result.err)
        XCTAssertTrue(result.err.contains("report written to \(report)"), result.err)
        let root = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: report))) as? [String: Any]
        XCTAssertEqual((root?["violations"] as? [Any])?.count, 13)
    }

    func testExitZeroAndMaxWarnings() throws {
        XCTAssertEqual(try FmtcheckProcess.run(["Examples", "--exit-zero"]).status, 0)
        // The recipe definition makes scope findings warnings.
        let folder = try temporaryFolder(self)
        let definition = try write("""
        {"name": "tiny", "attributes": {"a": {"type": "bool"}, "b": {"type": "bool"}}, "scope": ["a"], "severities": {"scope": "warning"}}
        """, to: "tiny.definition.json", in: folder)
        let document = try write(#"["x",{"b":true},"y",{"a":true,"b":true}]"#, to: "doc.json", in: folder)
        let unlimited = try FmtcheckProcess.run(["--definition", definition, document])
        XCTAssertEqual(unlimited.status, 0, unlimited.out + unlimited.err)
        XCTAssertTrue(unlimited.out.contains(": warning scope: b is true but b is outside the scope of definition 'tiny'"), unlimited.out)
        XCTAssertEqual(try FmtcheckProcess.run(["--definition", definition, "--max-warnings", "1", document]).status, 0)
        let over = try FmtcheckProcess.run(["--definition", definition, "--max-warnings", "0", document])
        XCTAssertEqual(over.status, 1)
        XCTAssertTrue(over.err.contains("fmtcheck: 1 warning exceeds the limit of 0 (--max-warnings)"), over.err)
    }

    func testFixRewritesAtomicallyKeepsPermissionsAndASecondRunIsClean() throws {
        let folder = try temporaryFolder(self)
        let path = try write(try String(contentsOfFile: packageRoot.appendingPathComponent("Examples/recipes/smoothie.json").path, encoding: .utf8), to: "smoothie.json", in: folder)
        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: path)
        let definition = shippedDefinition("recipe")
        let fixed = try FmtcheckProcess.run(["--definition", definition, "--fix", path])
        XCTAssertEqual(fixed.status, 0, fixed.err)
        XCTAssertTrue(fixed.err.hasPrefix("fixed 1 problem in 1 file"), fixed.err)
        // Only the run the finding names changes: its dictionary gains the colour, in the file's spelling.
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8),
                       ##"["Banana smoothie\nBlend one ",{},"banana",{"foregroundColor":"#34c759","ingredient":"banana"}," with a cup of ",{},"milk",{"ingredient":"milk","foregroundColor":"#34c759"}," until smooth.\n",{}]"## + "\n")
        let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        XCTAssertEqual(mode, 0o640)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".tmp") }
        XCTAssertEqual(leftovers, [])
        let again = try FmtcheckProcess.run(["--definition", definition, path])
        XCTAssertEqual(again.status, 0, again.out)
        XCTAssertEqual(again.out, "")
    }

    func testDiffShowsTheChangeAndWritesNothing() throws {
        let folder = try temporaryFolder(self)
        let original = try String(contentsOfFile: packageRoot.appendingPathComponent("Examples/recipes/smoothie.json").path, encoding: .utf8)
        let path = try write(original, to: "smoothie.json", in: folder)
        // The file's bytes, as a patch (run where the file is, with a relative name).
        let result = try FmtcheckProcess.run(["--definition", shippedDefinition("recipe"), "--diff", "smoothie.json"], in: folder)
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.out.hasPrefix("--- a/smoothie.json\n+++ b/smoothie.json\n@@ -1,1 +1,1 @@\n-" + original), result.out)
        XCTAssertTrue(result.out.contains(##"{"ingredient":"milk","foregroundColor":"#34c759"}"##), result.out)
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), original)
        // --diff=runs: a line a run.
        let runs = try FmtcheckProcess.run(["--definition", shippedDefinition("recipe"), "--diff=runs", path])
        XCTAssertTrue(runs.out.contains("-\"milk\" {ingredient: \"milk\"}\n+\"milk\" {foregroundColor: #34c759, ingredient: \"milk\"}\n"), runs.out)
        XCTAssertTrue(runs.out.hasPrefix("--- \(path)\n+++ \(path) (fixed)\n@@ "), runs.out)
    }

    func testStandardInputIsLintedUnderItsGivenName() throws {
        let result = try FmtcheckProcess.run(["-", "--stdin-filename", "Examples/recipes/new.json"],
                                             input: Data(#"["milk",{"ingredient":"milk"}]"#.utf8))
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.out, "Examples/recipes/new.json:1:3: error IngredientsAreGreen: foregroundColor is nil but IngredientsAreGreen requires #34c759 on \"milk\"\n")
    }

    func testBadInputsAreEachReportedAndTheRunGoesOn() throws {
        let folder = try temporaryFolder(self)
        try Data([0x5B, 0x22, 0x61, 0xFF, 0x22, 0x2C, 0x7B, 0x7D, 0x5D]).write(to: folder.appendingPathComponent("a-invalid-utf8.json"))
        try write(#"["abc",{"ingredient":"#, to: "b-truncated.json", in: folder)
        try write(#"["a",{"ingredient":"# + String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000) + "}]", to: "c-deep.json", in: folder)
        try write(#"["a",{"foregroundColor":12}]"#, to: "d-wrong-type.json", in: folder)
        try write("\"" + String(repeating: "a", count: 300_000) + "\"", to: "e-oversize.json", in: folder)
        try write(#"["milk",{"ingredient":"milk"}]"#, to: "f-good.json", in: folder)
        // An unreadable file; root reads everything, so a dangling link (a file deleted during the run) stands in.
        let unreadable = folder.appendingPathComponent("g-unreadable.json").path
        if getuid() == 0 {
            try FileManager.default.createSymbolicLink(atPath: unreadable, withDestinationPath: folder.appendingPathComponent("gone").path)
        } else {
            try write("\"x\"", to: "g-unreadable.json", in: folder)
            try FileManager.default.setAttributes([.posixPermissions: 0], ofItemAtPath: unreadable)
        }
        let result = try FmtcheckProcess.run(["--definition", shippedDefinition("recipe"), "--max-file-size", "256K", folder.path, unreadable])
        XCTAssertEqual(result.status, 2, result.out + result.err)
        let p = folder.path
        assertContains(result.out, [
            "\(p)/a-invalid-utf8.json:1:4: error malformed-document: the document cannot be read: invalid UTF-8",
            "\(p)/b-truncated.json:1:22: error malformed-document: the document cannot be read: expected a value",
            "\(p)/c-deep.json:",
            "nesting depth exceeds the limit of 256",
            "\(p)/d-wrong-type.json:1:3: error wrong-type: foregroundColor is 12 (integer) but must be a color",
            "\(p)/f-good.json:1:3: error IngredientsAreGreen:",
        ])
        assertContains(result.err, [
            "\(p)/e-oversize.json: error: the file (293 KiB) is larger than the limit of 256 KiB; it was not read",
            "g-unreadable.json: error: ",
        ])
    }

    func testPrintConfigShowsTheEffectiveConfiguration() throws {
        let result = try FmtcheckProcess.run(["--print-config", "--ignore", "scope"], in: packageRoot.appendingPathComponent("Examples/notes"))
        XCTAssertEqual(result.status, 0, result.err)
        let root = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any])
        XCTAssertEqual((root["definition"] as? String).map { URL(fileURLWithPath: $0).lastPathComponent }, "notes.json")
        XCTAssertEqual(root["ignore"] as? [String], ["scope"])
        XCTAssertEqual((root["sources"] as? [String])?.count, 2)
    }

    func testNoDefinitionAndBadConfigurationAreInputErrors() throws {
        let folder = try temporaryFolder(self)
        let document = try write(#""plain""#, to: "doc.json", in: folder)
        try write(#"{"root": true}"#, to: ".fmtcheck.json", in: folder)
        let missing = try FmtcheckProcess.run([document])
        XCTAssertEqual(missing.status, 2)
        XCTAssertTrue(missing.err.contains("no definition to lint against"), missing.err)
        try write(#"{"defintion": "x.json"}"#, to: ".fmtcheck.json", in: folder)
        let bad = try FmtcheckProcess.run([document])
        XCTAssertEqual(bad.status, 2)
        XCTAssertTrue(bad.err.contains(".fmtcheck.json:1:2: error config: unknown option \"defintion\"\n  hint: did you mean 'definition'?"), bad.err)
    }

    func testUsageErrorsExitTwo() throws {
        XCTAssertEqual(try FmtcheckProcess.run(["Examples", "--format", "xml"]).status, 2)
        XCTAssertEqual(try FmtcheckProcess.run(["Examples", "--fix", "--diff"]).status, 2)
        let typo = try FmtcheckProcess.run(["Examples", "--exit-zeor"])
        XCTAssertEqual(typo.status, 2)
        XCTAssertTrue(typo.err.contains("did you mean '--exit-zero'?"), typo.err)
    }
}
