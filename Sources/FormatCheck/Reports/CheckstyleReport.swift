/// `--format checkstyle`: Checkstyle's XML, which Jenkins (warnings-ng), reviewdog, SonarQube, Bitbucket and
/// other code-review tools read, as ESLint and SwiftLint write it: a `<file>` per document, in path order, each
/// finding an `<error line column severity message source>` with `source` `fmtcheck.RULE`.
///
/// Checkstyle publishes no schema for its output; the layout is Checkstyle's own `XMLLogger`'s. A document that
/// could not be linted has one error without a position (`source` `fmtcheck.not-linted`); a definition or
/// configuration that did not load is a `<file>` of its own.
public enum CheckstyleReport {
    /// The report's text.
    public static func render(_ result: LintRunResult) -> String {
        var out = XMLText.declaration + "<checkstyle version=\"4.3\">\n"
        for problem in result.definitionProblems {
            out += "  <file name=\"\(XMLText.escape(problem.fileName))\">\n"
            for diagnostic in problem.diagnostics {
                out += error(line: diagnostic.location?.line, column: diagnostic.location?.column, severity: diagnostic.severity == .error ? "error" : "warning",
                             message: diagnostic.message + (diagnostic.hint.map { " (\($0))" } ?? ""), source: diagnostic.ruleID)
            }
            out += "  </file>\n"
        }
        for problem in result.configurationProblems {
            out += "  <file name=\"\(XMLText.escape(problem.fileName))\">\n"
            out += error(line: problem.location?.line, column: problem.location?.column, severity: "error", message: problem.message + (problem.hint.map { " (\($0))" } ?? ""), source: "invalid-configuration")
            out += "  </file>\n"
        }
        for file in result.files {
            // An RTFD package's findings are in its TXT.rtf: a <file> per file the findings are in.
            var byArtifact: [(String, [Violation])] = []
            for v in file.violations {
                let artifact = ReportPath.artifact(file.path, member: v.position.member)
                if let last = byArtifact.indices.last, byArtifact[last].0 == artifact { byArtifact[last].1.append(v) } else { byArtifact.append((artifact, [v])) }
            }
            if let failure = file.failure {
                out += "  <file name=\"\(XMLText.escape(file.path))\">\n"
                out += error(line: nil, column: nil, severity: "error", message: failure.message, source: "not-linted")
                out += "  </file>\n"
                continue
            }
            if byArtifact.isEmpty { out += "  <file name=\"\(XMLText.escape(file.path))\"/>\n" }
            for (artifact, violations) in byArtifact {
                out += "  <file name=\"\(XMLText.escape(artifact))\">\n"
                for v in violations {
                    out += error(line: v.position.line, column: v.position.column, severity: v.severity == .error ? "error" : "warning", message: v.message, source: v.rule)
                }
                out += "  </file>\n"
            }
        }
        return out + "</checkstyle>\n"
    }

    static func error(line: Int?, column: Int?, severity: String, message: String, source: String) -> String {
        var attributes = ""
        if let line { attributes += " line=\"\(line)\"" }
        if let column { attributes += " column=\"\(column)\"" }
        return "    <error\(attributes) severity=\"\(severity)\" message=\"\(XMLText.escape(message))\" source=\"fmtcheck.\(XMLText.escape(source))\"/>\n"
    }
}
