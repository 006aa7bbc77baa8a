import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import XCTest

/// `--format junit|checkstyle|gitlab`: the formats CI systems read natively. Each is checked here as XML or
/// JSON, and by `Scripts/validate-ci-reports.py` against the JUnit schema (the Jenkins xUnit plugin's
/// junit-10.xsd, vendored in Fixtures) and with junitparser, GitLab's documented members, and Checkstyle's layout.
final class CIReportFormatsTests: XCTestCase {
    func xml(_ text: String, file: StaticString = #filePath, line: UInt = #line) throws -> XMLElement {
        let document = try XMLDocument(data: Data(text.utf8))
        return try XCTUnwrap(document.rootElement(), file: file, line: line)
    }

    func testJUnitIsATestCasePerDocumentAndFailsThoseWithErrors() throws {
        let result = try FmtcheckProcess.run(["Examples", "--format", "junit"])
        XCTAssertEqual(result.status, 1, result.err)
        let root = try xml(result.out)
        XCTAssertEqual(root.name, "testsuites")
        let suite = try XCTUnwrap(root.elements(forName: "testsuite").first)
        let cases = suite.elements(forName: "testcase")
        // Every document, clean ones too, in path order: the run's summary counts 9.
        let names = cases.compactMap { $0.attribute(forName: "name")?.stringValue }
        XCTAssertEqual(names.count, 9)
        XCTAssertEqual(names, names.sorted())
        XCTAssertTrue(names.contains("Examples/recipes/pancakes.json"), "\(names)")
        assertContains(result.err, ["in 6 of 9 files"])
        let failed = cases.filter { !$0.elements(forName: "failure").isEmpty }
        XCTAssertEqual(suite.attribute(forName: "failures")?.stringValue, String(failed.count))
        XCTAssertEqual(suite.attribute(forName: "tests")?.stringValue, String(cases.count))
        let smoothie = try XCTUnwrap(cases.first { $0.attribute(forName: "name")?.stringValue == "Examples/recipes/smoothie.json" })
        let failure = try XCTUnwrap(smoothie.elements(forName: "failure").first)
        XCTAssertEqual(failure.attribute(forName: "message")?.stringValue, "1 problem (1 error, 0 warnings)")
        XCTAssertEqual(failure.stringValue, "Examples/recipes/smoothie.json:1:118: error IngredientsAreGreen: foregroundColor is nil but IngredientsAreGreen requires #34c759 on \"milk\"\n")
        // The same run twice is the same bytes: no times, no host.
        XCTAssertEqual(try FmtcheckProcess.run(["Examples", "--format", "junit"]).out, result.out)
    }

    func testAWarningOnlyDocumentPassesWithItsWarningsAndAnUnreadableOneIsAnError() throws {
        let folder = try temporaryFolder(self)
        try write(#"{"name": "x", "attributes": {"ingredient": {"type": "string"}}, "scope": ["ingredient"], "severities": {"undeclared-attribute": "warning"}}"#,
                  to: "def.json", in: folder)
        try write(#"["milk",{"colour":"red"}]"#, to: "warned.json", in: folder)
        try write(#"["milk",{"ingredient":"milk"}"#, to: "broken.json", in: folder)
        let result = try FmtcheckProcess.run([".", "-d", "def.json", "--format", "junit"], in: folder)
        XCTAssertEqual(result.status, 2, result.err)
        let cases = try xml(result.out).elements(forName: "testsuite").first?.elements(forName: "testcase") ?? []
        let byName = Dictionary(uniqueKeysWithValues: cases.map { ($0.attribute(forName: "name")?.stringValue ?? "", $0) })
        XCTAssertEqual(byName["./warned.json"]?.elements(forName: "failure").count, 0)
        assertContains(byName["./warned.json"]?.elements(forName: "system-out").first?.stringValue ?? "", ["warning undeclared-attribute"])
        XCTAssertEqual(byName["./broken.json"]?.elements(forName: "error").first?.attribute(forName: "type")?.stringValue, "malformed-document")
    }

    func testCheckstyleListsEveryFileWithItsFindings() throws {
        let result = try FmtcheckProcess.run(["Examples", "--format", "checkstyle"])
        XCTAssertEqual(result.status, 1, result.err)
        let root = try xml(result.out)
        XCTAssertEqual(root.name, "checkstyle")
        let files = root.elements(forName: "file")
        XCTAssertEqual(files.count, 9)
        let smoothie = try XCTUnwrap(files.first { $0.attribute(forName: "name")?.stringValue == "Examples/recipes/smoothie.json" })
        let error = try XCTUnwrap(smoothie.elements(forName: "error").first)
        XCTAssertEqual(["line", "column", "severity", "source"].map { error.attribute(forName: $0)?.stringValue },
                       ["1", "118", "error", "fmtcheck.IngredientsAreGreen"])
        XCTAssertEqual(error.attribute(forName: "message")?.stringValue, "foregroundColor is nil but IngredientsAreGreen requires #34c759 on \"milk\"")
        let total = files.reduce(0) { $0 + $1.elements(forName: "error").count }
        let lines = try FmtcheckProcess.run(["Examples"]).out.split(separator: "\n").count
        XCTAssertEqual(total, lines)
    }

    func testGitLabIsAnIssuePerFindingWithUniqueStableFingerprints() throws {
        let result = try FmtcheckProcess.run(["Examples", "--format", "gitlab"])
        XCTAssertEqual(result.status, 1, result.err)
        let issues = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [[String: Any]])
        XCTAssertEqual(issues.count, try FmtcheckProcess.run(["Examples"]).out.split(separator: "\n").count)
        let fingerprints = issues.compactMap { $0["fingerprint"] as? String }
        XCTAssertEqual(Set(fingerprints).count, issues.count)
        XCTAssertTrue(fingerprints.allSatisfy { $0.count == 32 && $0.allSatisfy(\.isHexDigit) })
        let smoothie = try XCTUnwrap(issues.first { ($0["location"] as? [String: Any])?["path"] as? String == "Examples/recipes/smoothie.json" })
        XCTAssertEqual(smoothie["check_name"] as? String, "IngredientsAreGreen")
        XCTAssertEqual(smoothie["severity"] as? String, "major")
        XCTAssertEqual(((smoothie["location"] as? [String: Any])?["lines"] as? [String: Int])?["begin"], 1)

        // An unrelated edit above a finding keeps its fingerprint.
        let folder = try temporaryFolder(self)
        let definition = shippedDefinition("recipe")
        try write("[\"Milk\",{\"ingredient\":\"milk\"}]", to: "a.json", in: folder)
        let before = try FmtcheckProcess.run(["a.json", "-d", definition, "--format", "gitlab"], in: folder)
        try write("[\"Intro\\n\",{},\"Milk\",{\"ingredient\":\"milk\"}]", to: "a.json", in: folder)
        let after = try FmtcheckProcess.run(["a.json", "-d", definition, "--format", "gitlab"], in: folder)
        func prints(_ text: String) throws -> [String] {
            try XCTUnwrap(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]]).compactMap { $0["fingerprint"] as? String }
        }
        XCTAssertEqual(try prints(before.out), try prints(after.out))
    }

    /// Text from documents (markup, quotes, control characters) stays text: every report parses.
    func testHostileTextStaysWellFormed() throws {
        let folder = try temporaryFolder(self)
        try write(#"["a<b>&\"c\u0001]]>\u0085",{"ingredient":"x"}]"#, to: "h.json", in: folder)
        for format in ["junit", "checkstyle"] {
            let result = try FmtcheckProcess.run(["h.json", "-d", shippedDefinition("recipe"), "--format", format], in: folder)
            XCTAssertEqual(result.status, 1, result.err)
            let text = try xml(result.out).xmlString
            XCTAssertTrue(text.contains("a&lt;b&gt;&amp;"), text)
            XCTAssertTrue(result.out.contains("\\u{1}"), result.out)
        }
        let gitlab = try FmtcheckProcess.run(["h.json", "-d", shippedDefinition("recipe"), "--format", "gitlab"], in: folder)
        XCTAssertNotNil(try JSONSerialization.jsonObject(with: Data(gitlab.out.utf8)))
    }

    func testTheFormatsRefuseDiffAndStatistics() throws {
        for format in ["junit", "checkstyle", "gitlab"] {
            let diff = try FmtcheckProcess.run(["Examples", "--diff", "--format", format])
            XCTAssertEqual(diff.status, 2, format)
            let statistics = try FmtcheckProcess.run(["Examples", "--statistics", "--format", format])
            XCTAssertEqual(statistics.status, 2, format)
        }
    }

    /// The schema, a consumer and the documented members, through `Scripts/validate-ci-reports.py`; skipped
    /// (saying why) where python3 or its modules (xmlschema, junitparser) are missing.
    func testTheReportsPassTheirSchemaAndConsumers() throws {
        let folder = try temporaryFolder(self)
        var arguments = [packageRoot.appendingPathComponent("Scripts/validate-ci-reports.py").path]
        for format in ["junit", "checkstyle", "gitlab"] {
            let path = folder.appendingPathComponent("report.\(format)").path
            let result = try FmtcheckProcess.run(["Examples", "--format", format, "-o", path])
            XCTAssertEqual(result.status, 1, result.err)
            arguments += ["--" + format, path]
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3"] + arguments
        let out = Pipe()
        process.standardOutput = out
        process.standardError = out
        do { try process.run() } catch { throw XCTSkip("python3 cannot be run: \(error)") }
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        if process.terminationStatus == 3 || process.terminationStatus == 127 { throw XCTSkip("the validators are not installed: \(text)") }
        XCTAssertEqual(process.terminationStatus, 0, text)
        assertContains(text, ["valid JUnit (junit-10.xsd); junitparser reads 9 test cases", "valid Checkstyle XML", "valid GitLab Code Quality"])
    }
}
