import FormatCheck
import Foundation
import XCTest

/// Per-range suppression (issue 20): text carrying `fmtcheck.ignore` is not reported or fixed for the rules it
/// names; the attribute is never undeclared and never fixed away; `--report-unused-suppressions` reports those
/// that suppress nothing.
final class SuppressionTests: XCTestCase {
    func corpus(_ document: String) throws -> URL {
        let root = try temporaryFolder(self)
        try write(#"{"definition":"\#(shippedDefinition("recipe"))"}"#, to: ".fmtcheck.json", in: root)
        try write(document, to: "doc.json", in: root)
        return root
    }

    /// saffron and cumin suppress IngredientsAreGreen (as a list, and as a record with a reason); salt suppresses
    /// only scope, so its IngredientsAreGreen finding shows.
    let document = #"["Add ",{},"saffron",{"ingredient":"saffron","fmtcheck.ignore":["IngredientsAreGreen"]}," and ",{},"cumin",{"ingredient":"cumin","fmtcheck.ignore":{"rules":["IngredientsAreGreen"],"reason":"brand colour"}}," and ",{},"salt",{"ingredient":"salt","fmtcheck.ignore":"scope"}]"#

    func testSuppressedFindingsAreNotReportedAndTheAttributeIsNeverUndeclared() throws {
        let root = try corpus(document)
        let result = try FmtcheckProcess.run(["doc.json"], in: root)
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.out.split(separator: "\n").count, 1, result.out)
        XCTAssertTrue(result.out.contains(##"IngredientsAreGreen: foregroundColor is nil but IngredientsAreGreen requires #34c759 on "salt""##), result.out)
        XCTAssertFalse(result.out.contains("undeclared-attribute"), "the reserved attribute is never undeclared")
        // "*" suppresses every rule.
        let all = try corpus(#"["milk",{"ingredient":"milk","bold":true,"fmtcheck.ignore":"*"}]"#)
        let clean = try FmtcheckProcess.run(["doc.json"], in: all)
        XCTAssertEqual(clean.status, 0, clean.out)
    }

    func testFixLeavesSuppressedFindingsAndTheAttributeAsTheyAre() throws {
        let root = try corpus(document)
        let fixed = try FmtcheckProcess.run(["doc.json", "--fix", "--unsafe-fixes"], in: root)
        XCTAssertEqual(fixed.status, 0, fixed.err)
        let runs = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(contentsOf: root.appendingPathComponent("doc.json"))) as? [Any])
        let attributes = stride(from: 1, to: runs.count, by: 2).map { runs[$0] as? [String: Any] ?? [:] }
        XCTAssertNil(attributes[1]["foregroundColor"], "saffron is suppressed: not fixed")
        XCTAssertNil(attributes[3]["foregroundColor"], "cumin is suppressed: not fixed")
        XCTAssertEqual(attributes[5]["foregroundColor"] as? String, "#34c759", "salt is fixed")
        XCTAssertEqual(attributes[1]["fmtcheck.ignore"] as? [String], ["IngredientsAreGreen"], "never fixed away, even by --unsafe-fixes")
        XCTAssertNotNil(attributes[3]["fmtcheck.ignore"])
        // The fixed document lints clean.
        let after = try FmtcheckProcess.run(["doc.json"], in: root)
        XCTAssertEqual(after.status, 0, after.out)
    }

    func testUnusedAndUnreadableSuppressionsAreReported() throws {
        let root = try corpus(##"["milk",{"ingredient":"milk","foregroundColor":"#34c759","fmtcheck.ignore":["IngredientsAreGreen","wrong-type"]}," x",{"fmtcheck.ignore":5}]"##)
        var result = try FmtcheckProcess.run(["doc.json"], in: root)
        XCTAssertEqual(result.status, 0, "a warning")
        XCTAssertEqual(result.out.split(separator: "\n").map { $0.contains("warning unused-suppression: fmtcheck.ignore must be a rule id") }, [true], result.out)
        result = try FmtcheckProcess.run(["doc.json", "--report-unused-suppressions"], in: root)
        let lines = result.out.split(separator: "\n")
        XCTAssertEqual(lines.count, 2, result.out)
        XCTAssertTrue(lines[0].hasPrefix("doc.json:1:3: warning unused-suppression: fmtcheck.ignore suppresses 'IngredientsAreGreen', 'wrong-type' here, which find nothing to suppress"), result.out)
        // An unknown rule name in a suppression is not a usage error (documents are data), but it suppresses nothing.
        let unknown = try corpus(#"["milk",{"ingredient":"milk","fmtcheck.ignore":"IngredientsAreGren"}]"#)
        result = try FmtcheckProcess.run(["doc.json"], in: unknown)
        XCTAssertTrue(result.out.contains("IngredientsAreGreen: foregroundColor is nil"), result.out)
    }

    func testSuppressionsWorkThroughTheLibraryToo() throws {
        let linter = DocumentLinter(definition: try DefinitionFile.load(path: shippedDefinition("recipe")))
        let outcome = linter.lint(Array(document.utf8))
        XCTAssertEqual(outcome.violations.map(\.rule), ["IngredientsAreGreen"])
        XCTAssertEqual(outcome.violations.first?.position.utf8Offset, 26, "\"salt\" after \"Add saffron and cumin and \"")
    }

    func testADefinitionCannotDeclareTheReservedAttribute() throws {
        let root = try temporaryFolder(self)
        let path = try write(#"{"name": "x", "attributes": {"fmtcheck.ignore": {"type": "string"}}, "scope": []}"#, to: "def.json", in: root)
        let result = try FmtcheckProcess.run(["definition", "check", path])
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.out.contains("def.json:1:30: error definition-invalid-value: 'fmtcheck.ignore' is reserved") ||
                      result.err.contains("def.json:1:30: error definition-invalid-value: 'fmtcheck.ignore' is reserved"), result.out + result.err)
    }
}
