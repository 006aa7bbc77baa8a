import StreamingJSON

/// `--format gitlab`: GitLab's Code Quality report (a subset of the Code Climate spec), which a merge request
/// shows beside the diff when a job publishes it as `artifacts: reports: codequality`. A JSON array, one issue
/// per finding, with the members GitLab requires: `description`, `check_name` (the rule), `fingerprint`,
/// `severity` (`major` for an error, `minor` for a warning) and `location` (`path` and `lines.begin`, with
/// `lines.end`).
///
/// The fingerprint is unique in the report and stable across unrelated edits: the finding's own fingerprint
/// (`ViolationFingerprint`, which hashes what it is about, not where), its path and its occurrence among equal
/// ones in the file, hashed. A document that could not be linted is one `critical` issue at its line 1 (check
/// `fmtcheck.not-linted`). GitLab reads paths relative to the repository: run fmtcheck from its root.
public enum GitLabReport {
    /// The report's text.
    public static func render(_ result: LintRunResult) -> String {
        var issues: [JSONValue] = []
        for file in result.files {
            if let failure = file.failure {
                issues.append(issue(description: failure.message, check: "fmtcheck.not-linted", fingerprint: fingerprint(["not-linted", file.path]),
                                    severity: "critical", path: file.path, begin: 1, end: 1))
                continue
            }
            var occurrences: [String: Int] = [:]
            for v in file.violations {
                let seen = (occurrences[v.fingerprint] ?? 0) + 1
                occurrences[v.fingerprint] = seen
                issues.append(issue(description: v.message, check: v.rule, fingerprint: fingerprint([v.fingerprint, file.path, String(seen)]),
                                    severity: v.severity == .error ? "major" : "minor", path: ReportPath.artifact(file.path, member: v.position.member),
                                    begin: v.position.line, end: v.position.endLine))
            }
        }
        return JSONText.write(.array(issues))
    }

    static func issue(description: String, check: String, fingerprint: String, severity: String, path: String, begin: Int, end: Int) -> JSONValue {
        .object(JSONObject([
            ("description", .string(description)),
            ("check_name", .string(check)),
            ("fingerprint", .string(fingerprint)),
            ("severity", .string(severity)),
            ("location", .object(JSONObject([("path", .string(path)), ("lines", .object(JSONObject([("begin", .integer(begin)), ("end", .integer(end))])))]))),
        ]))
    }

    /// 32 hex digits (two FNV-1a hashes), the length of the MD5 GitLab's documentation suggests.
    static func fingerprint(_ parts: [String]) -> String {
        var first = FNV1a(), second = FNV1a()
        second.add(part: "gitlab")
        for part in parts {
            first.add(part: part)
            second.add(part: part)
        }
        return first.hex + second.hex
    }
}
