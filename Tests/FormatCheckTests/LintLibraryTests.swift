import EditScripts
import FormatCheck
import Foundation
import RichText
import RichTextFormats
import XCTest

/// The lint core used as a library: findings, positions, fixing, edit scripts and diffs.
final class LintLibraryTests: XCTestCase {
    func recipe() throws -> LoadedDefinition { try DefinitionFile.load(path: shippedDefinition("recipe")) }

    func testAFindingIsPlacedInTheFileAndInTheText() throws {
        let linter = DocumentLinter(definition: try recipe())
        let file = #"["é😀\n🍞 ",{},"milk",{"ingredient":"milk"}]"#
        let outcome = linter.lint(Array(file.utf8))
        let finding = try XCTUnwrap(outcome.violations.first)
        XCTAssertEqual(finding.rule, "IngredientsAreGreen")
        // In the file: the "milk" inside its string token, on the file's one line (columns in scalars).
        XCTAssertEqual(finding.position.line, 1)
        XCTAssertEqual(finding.position.column, 15)
        XCTAssertEqual(finding.position.endLine, 1)
        XCTAssertEqual(finding.position.endColumn, 19)
        XCTAssertEqual(finding.position.byteOffset, 21)
        XCTAssertEqual(finding.position.byteLength, 4)
        XCTAssertEqual(Array(file.utf8)[21..<25], Array("milk".utf8)[...])
        // In the text: after "é😀", a newline, "🍞 ".
        XCTAssertEqual(finding.position.utf8Offset, "é😀\n🍞 ".utf8.count)
        XCTAssertEqual(finding.position.utf16Offset, "é😀\n🍞 ".utf16.count)
        XCTAssertEqual(finding.position.utf16Length, 4)
        XCTAssertEqual(finding.expected?.text, "#34c759")
        XCTAssertNil(finding.actual?.text)
    }

    func testAGlyphOffItsCharacterIsACharacterBoundaryFinding() throws {
        let linter = DocumentLinter(definition: try recipe())
        let outcome = linter.lint(Array(#"["ab",{"adaptiveImageGlyph":{"contentIdentifier":"cat","contentDescription":"a cat"}}]"#.utf8))
        XCTAssertEqual(outcome.violations.map(\.rule), ["reader-warning", "character-boundary"])
        XCTAssertEqual(outcome.violations.first?.severity, .warning)
        XCTAssertNotNil(outcome.fixed)
    }

    func testTheFixedDocumentLintsClean() throws {
        let linter = DocumentLinter(definition: try recipe())
        let outcome = linter.lint(Array(##"["milk",{"ingredient":"milk","bold":true}," salt",{"foregroundColor":"#ff0000"}]"##.utf8))
        XCTAssertEqual(Set(outcome.violations.map(\.rule)), ["IngredientsAreGreen", "undeclared-attribute"])
        let fixed = try XCTUnwrap(outcome.fixed)
        let again = linter.lint(try NativeJSONEncoder().encode(fixed))
        XCTAssertEqual(again.violations, [])
        XCTAssertNil(again.fixed, "normalisation is idempotent: a second pass finds nothing")
    }

    func testSelectionFiltersFindings() throws {
        let linter = DocumentLinter(definition: try recipe(), selection: RuleSelection(ignore: ["IngredientsAreGreen"]))
        XCTAssertEqual(linter.lint(Array(#"["milk",{"ingredient":"milk"}]"#.utf8)).violations, [])
    }

    /// As ESLint fixes only enabled rules: an ignored constraint changes nothing, and ignoring
    /// `undeclared-attribute` keeps the undeclared keys that the fix would otherwise remove.
    func testTheFixAppliesOnlyTheSelectedRules() throws {
        let document = Array(##"["milk",{"ingredient":"milk","bold":true}," salt",{"foregroundColor":"#ff0000"}]"##.utf8)
        let ignoringColour = DocumentLinter(definition: try recipe(), selection: RuleSelection(ignore: ["IngredientsAreGreen"]))
        let fixed = try XCTUnwrap(ignoringColour.lint(document).fixed)
        XCTAssertEqual(fixed.runs.map { $0.attributes["foregroundColor"] }.compactMap { $0 }, [.color(RichColor(hex: "#ff0000")!)])
        XCTAssertFalse(fixed.runs.contains { $0.attributes["bold"] != nil }, "undeclared-attribute is still fixed")

        let keepingUndeclared = DocumentLinter(definition: try recipe(), selection: RuleSelection(ignore: ["undeclared-attribute"]))
        let outcome = keepingUndeclared.lint(document)
        let kept = try XCTUnwrap(outcome.fixed)
        XCTAssertTrue(kept.runs.contains { $0.attributes["bold"] == .bool(true) }, "\(kept)")
        XCTAssertEqual(Set(outcome.violations.map(\.rule)), ["IngredientsAreGreen"])
        let again = keepingUndeclared.lint(try NativeJSONEncoder().encode(kept))
        XCTAssertNil(again.fixed, "the partial fix is clean under the same selection")

        let onlyScope = DocumentLinter(definition: try recipe(), selection: RuleSelection(ignore: ["IngredientsAreGreen", "undeclared-attribute"]))
        XCTAssertNil(onlyScope.lint(document).fixed, "nothing selected would change the document")
    }

    func testEditScriptLinesParseWithTheirUnits() throws {
        let script = try EditScript.parse("""
        {"op":"insert","at":4,"text":"y"}

        {"op":"delete","from":3,"to":4,"unit":"utf16"}
        {"op":"setRanges","ranges":[[0,4],[9,13]],"key":"k","value":1}
        """)
        XCTAssertEqual(script.steps.map(\.line), [1, 3, 4])
        XCTAssertEqual(script.steps[1].unit, .utf16)
        XCTAssertEqual(script.steps[2].operation, .setRanges(ranges: [0..<4, 9..<13], key: "k", value: .integer(1)))
        XCTAssertThrowsError(try EditScript.parse(#"{"op":"delete","from":4,"to":3}"#)) { error in
            XCTAssertEqual((error as? EditScriptError)?.line, 1)
        }
    }

    func testCRLFScriptsHaveOneStepALine() throws {
        let script = try EditScript.parse("{\"op\":\"insert\",\"at\":0,\"text\":\"a\"}\r\n\r\n{\"op\":\"undo\"}\r\n")
        XCTAssertEqual(script.steps.map(\.line), [1, 3])
        XCTAssertEqual(script.steps.map(\.operation), [.insert(at: 0, text: "a"), .undo])
    }

    func testAValueThatReadsAsNoneIsAnErrorInSetAndSetRangesAlike() {
        for line in [#"{"op":"set","from":0,"to":1,"key":"c","value":{"$color":"zz"}}"#,
                     #"{"op":"setRanges","ranges":[[0,1]],"key":"c","value":{"$color":"zz"}}"#] {
            XCTAssertThrowsError(try EditScript.parse(line), line) { error in
                XCTAssertTrue(String(describing: error).contains("is not a value"), "\(error)")
            }
        }
        XCTAssertEqual(try EditScript.parse(#"{"op":"setRanges","ranges":[[0,1]],"key":"c","value":null}"#).steps.first?.operation,
                       .setRanges(ranges: [0..<1], key: "c", value: nil))
    }

    func testTheDiffShowsChangedRunsOnly() {
        var old = RichString("ab")
        _ = old.setAttribute(AttributeKeyDescriptor(name: "k"), to: .bool(true), in: old.startIndex..<old.index(atOffset: 1, in: .scalars))
        let diff = DocumentDiff.unified(from: old, to: RichString("ab"), path: "x.json")
        XCTAssertEqual(diff, "--- x.json\n+++ x.json (fixed)\n@@ -1,2 +1,1 @@ runs\n-\"a\" {k: true}\n-\"b\" {}\n+\"ab\" {}\n")
        XCTAssertEqual(DocumentDiff.unified(from: old, to: old, path: "x.json"), "")
    }

    func testConfigurationFilesMergeNearestFirst() throws {
        let far = try LintConfiguration.parse(bytes: Array(#"{"definition": "a.json", "ignore": ["scope"], "maxWarnings": 3}"#.utf8), path: "/p/.fmtcheck.json")
        let near = try LintConfiguration.parse(bytes: Array(#"{"definition": "b.json", "format": "json"}"#.utf8), path: "/p/q/.fmtcheck.json")
        let merged = far.overridden(by: near)
        XCTAssertEqual(merged.definition, "/p/q/b.json")
        XCTAssertEqual(merged.ignore, ["scope"])
        XCTAssertEqual(merged.maxWarnings, 3)
        XCTAssertEqual(merged.format, .json)
        XCTAssertThrowsError(try LintConfiguration.parse(bytes: Array(#"{"format": "xml"}"#.utf8), path: "c.json"))
    }

    func testManyFilesAreLintedInParallelAndReportedInPathOrder() throws {
        let folder = try temporaryFolder(self)
        for i in (0..<64).shuffled() {
            try write(i % 2 == 0 ? #"["milk",{"ingredient":"milk"}]"# : #""plain""#, to: String(format: "doc-%02d.json", i), in: folder)
        }
        let result = LintRun(LintRequest(paths: [folder.path], definition: shippedDefinition("recipe"))).run()
        XCTAssertEqual(result.files.count, 64)
        XCTAssertEqual(result.files.map(\.path), result.files.map(\.path).sorted())
        XCTAssertEqual(result.errorCount, 32)
    }
}
