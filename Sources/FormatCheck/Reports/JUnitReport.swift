import Foundation

/// `--format junit`: JUnit XML, which CI systems (GitLab, Jenkins, Azure Pipelines, CircleCI, GitHub test
/// reporters) show as test results: one test case per document, valid against the Jenkins xUnit plugin's
/// `junit-10.xsd` (the schema most consumers follow; `Tests/FormatCheckTests/Fixtures/junit-10.xsd`).
///
/// - A document with an error finding is a failed test: one `<failure>` whose message counts the findings and
///   whose text lists them, a `path:line:col: severity rule: message` line each, as the default report writes them.
/// - A document with warnings only passes, its warnings in `<system-out>`, as the run's exit code has it.
/// - A document that could not be read (or linted at all), and each definition or configuration that did not
///   load, is a test in error (`<error>`).
/// - No times: the report of a run is the same bytes whenever it runs, as the other reports are.
public enum JUnitReport {
    /// The report's text.
    public static func render(_ result: LintRunResult) -> String {
        var cases: [String] = []
        var failures = 0, errors = 0
        for problem in result.definitionProblems {
            errors += 1
            let text = problem.diagnostics.map(\.description).joined(separator: "\n")
            cases.append(testCase(problem.fileName, body: element("error", type: "invalid-definition",
                                                                  message: "invalid definition: \(RunSummary.count(problem.errors.count, "error"))", text: text)))
        }
        for problem in result.configurationProblems {
            errors += 1
            cases.append(testCase(problem.fileName, body: element("error", type: "invalid-configuration", message: problem.description, text: nil)))
        }
        for file in result.files {
            if let failure = file.failure {
                errors += 1
                cases.append(testCase(file.path, body: element("error", type: "not-linted", message: failure.message, text: nil)))
                continue
            }
            let lines = file.violations.map { line($0, path: file.path) }.joined(separator: "\n")
            let errorCount = file.violations.filter { $0.severity == .error }.count
            if file.hasInputError {
                errors += 1
                let malformed = file.violations.first { $0.rule == BuiltInRule.malformedDocument.id }
                cases.append(testCase(file.path, body: element("error", type: BuiltInRule.malformedDocument.id, message: malformed?.message ?? "the document cannot be read", text: lines)))
            } else if errorCount > 0 {
                failures += 1
                let warnings = file.violations.count - errorCount
                let rules = file.violations.map(\.rule).reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
                let message = "\(RunSummary.count(file.violations.count, "problem")) (\(RunSummary.count(errorCount, "error")), \(RunSummary.count(warnings, "warning")))"
                cases.append(testCase(file.path, body: element("failure", type: rules.joined(separator: ", "), message: message, text: lines)))
            } else if !file.violations.isEmpty {
                cases.append(testCase(file.path, body: "      <system-out>\(XMLText.escape(lines + "\n", attribute: false))</system-out>\n"))
            } else {
                cases.append(testCase(file.path, body: nil))
            }
        }
        let counts = "tests=\"\(cases.count)\" failures=\"\(failures)\" errors=\"\(errors)\""
        return XMLText.declaration
            + "<testsuites name=\"fmtcheck\" \(counts)>\n"
            + "  <testsuite name=\"fmtcheck\" \(counts) skipped=\"0\">\n"
            + cases.joined()
            + "  </testsuite>\n</testsuites>\n"
    }

    /// One finding's line, as the default report writes it (unescaped: XML escapes it).
    static func line(_ violation: Violation, path: String) -> String {
        let p = violation.position
        return "\(ReportPath.artifact(path, member: p.member)):\(p.line):\(p.column): \(violation.severity) \(violation.rule): \(violation.message)"
    }

    static func testCase(_ name: String, body: String?) -> String {
        let open = "    <testcase classname=\"fmtcheck\" name=\"\(XMLText.escape(name))\""
        guard let body else { return open + "/>\n" }
        return open + ">\n" + body + "    </testcase>\n"
    }

    static func element(_ name: String, type: String, message: String, text: String?) -> String {
        let open = "      <\(name) type=\"\(XMLText.escape(type))\" message=\"\(XMLText.escape(message))\""
        guard let text, !text.isEmpty else { return open + "/>\n" }
        return open + ">" + XMLText.escape(text + "\n", attribute: false) + "</\(name)>\n"
    }
}
