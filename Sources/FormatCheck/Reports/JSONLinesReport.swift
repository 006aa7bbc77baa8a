import StreamingJSON

/// `--format jsonl`: JSON Lines, one compact JSON object a line (keys sorted), written as findings come, so a
/// consumer (a Spark job, `jq`, a database loader) reads it a line at a time.
///
/// - A finding is the JSON report's object (`JSONReport`): `rule`, `severity`, `message`, the position,
///   `textRange`, `fingerprint`, `fix`, `key`, `expected`, `actual`. In file mode it names its `file`; in records
///   mode (`--records`) its record's `id` and `line`, the record's 1-based line in the input the process read,
///   with `column`, `endColumn`, `byteOffset` and `byteLength` counted in that line (`endLine` is `line`).
/// - What could not be read is a line with `error` (its kind: `invalid-record`, `too-large`, `no-definition`, …)
///   and `message`: in file mode with its `file`; in records mode with the record's `id` (null when the line
///   has none) and `line`.
public enum JSONLinesReport {
    /// The lines of a file-mode run: the findings in file order, then what could not be linted.
    public static func render(_ result: LintRunResult) -> String {
        var out = ""
        for file in result.files {
            for violation in file.violations { out += line(JSONReport.object(violation, path: file.path)) }
        }
        for file in result.files {
            if let failure = file.failure { out += line(error(failure.kind.rawValue, message: failure.message, at: [("file", .string(failure.path))])) }
        }
        for problem in result.definitionProblems {
            for diagnostic in problem.errors {
                out += line(error("invalid-definition", message: diagnostic.headline, at: [("file", .string(problem.fileName))]))
            }
        }
        for problem in result.configurationProblems {
            out += line(error("invalid-configuration", message: problem.description, at: [("file", .string(problem.fileName))]))
        }
        return out
    }

    /// A record's finding: the report's object for it, with the record's `id` and `line` for its `file`.
    static func recordFinding(_ violation: Violation, id: JSONValue, line number: Int) -> String {
        var members: [(String, JSONValue)] = JSONReport.members(violation, path: "").compactMap { member in
            switch member.0 {
            case "file": return nil
            case "line", "endLine": return (member.0, .integer(number))
            default: return member
            }
        }
        members.append(("id", id))
        return line(.object(JSONObject(members)))
    }

    /// A record that could not be linted.
    static func recordError(_ kind: String, message: String, id: JSONValue?, line number: Int) -> String {
        line(error(kind, message: message, at: [("id", id ?? .null), ("line", .integer(number))]))
    }

    /// An error object: `error`, `message`, and where.
    static func error(_ kind: String, message: String, at place: [(String, JSONValue)]) -> JSONValue {
        .object(JSONObject(place + [("error", .string(kind)), ("message", .string(message))]))
    }

    /// One compact line of JSON, keys sorted, with its newline.
    static func line(_ value: JSONValue) -> String {
        let options = JSONWriter.Options(sortedKeys: true, escapeSlashes: false, prettyPrinted: false)
        // Report values hold only strings, integers, bools and nulls, which always write.
        guard let text = try? JSONWriter.string(value, options: options) else { return "{}\n" }
        return JSONText.escapingInvisibles(text) + "\n"
    }
}
