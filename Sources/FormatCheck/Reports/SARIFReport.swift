import StreamingJSON

/// `--format sarif`: SARIF 2.1.0 (the OASIS static-analysis format code-scanning services read). Every rule
/// the run's definitions know is listed in `tool.driver.rules`, each result points at its rule by id and index,
/// and documents that could not be linted are tool execution notifications. Columns are UTF-16 code units
/// (SARIF's default `columnKind`), so `startColumn` is the position's `utf16Column`.
public enum SARIFReport {
    /// The report's text.
    public static func render(_ result: LintRunResult) -> String {
        let rules = RuleCatalog.rules(in: result)
        let index = Dictionary(uniqueKeysWithValues: rules.enumerated().map { ($1, $0) })
        let ruleObjects: [JSONValue] = rules.map { rule in
            .object(JSONObject([
                ("id", .string(rule)),
                ("shortDescription", .object(JSONObject([("text", .string(RuleCatalog.description(of: rule)))]))),
            ]))
        }
        var results: [JSONValue] = []
        for file in result.files {
            for v in file.violations {
                let p = v.position
                var region: [(String, JSONValue)] = [("startLine", .integer(p.line)), ("startColumn", .integer(p.utf16Column))]
                if p.utf16Length > 0 || v.rule != BuiltInRule.malformedDocument.id {
                    region += [("charOffset", .integer(p.utf16Offset)), ("charLength", .integer(p.utf16Length))]
                }
                results.append(.object(JSONObject([
                    ("ruleId", .string(v.rule)),
                    ("ruleIndex", .integer(index[v.rule] ?? 0)),
                    ("level", .string(v.severity == .error ? "error" : "warning")),
                    ("message", .object(JSONObject([("text", .string(v.message))]))),
                    ("locations", .array([.object(JSONObject([
                        ("physicalLocation", .object(JSONObject([
                            ("artifactLocation", .object(JSONObject([("uri", .string(uri(file.path)))]))),
                            ("region", .object(JSONObject(region))),
                        ]))),
                    ]))])),
                ])))
            }
        }
        var notifications: [JSONValue] = result.files.compactMap { file in
            file.failure.map { failure in
                .object(JSONObject([
                    ("level", .string("error")),
                    ("message", .object(JSONObject([("text", .string(failure.message))]))),
                    ("locations", .array([.object(JSONObject([("physicalLocation", .object(JSONObject([
                        ("artifactLocation", .object(JSONObject([("uri", .string(uri(failure.path)))]))),
                    ])))]))])),
                ]))
            }
        }
        for problem in result.definitionProblems {
            for diagnostic in problem.errors {
                notifications.append(.object(JSONObject([("level", .string("error")), ("message", .object(JSONObject([("text", .string(diagnostic.headline))])))])))
            }
        }
        for problem in result.configurationProblems {
            notifications.append(.object(JSONObject([("level", .string("error")), ("message", .object(JSONObject([("text", .string(problem.description))])))])))
        }
        let driver: JSONValue = .object(JSONObject([
            ("name", .string("fmtcheck")),
            ("version", .string(FormatCheckVersion.current)),
            ("semanticVersion", .string(FormatCheckVersion.current)),
            ("rules", .array(ruleObjects)),
        ]))
        let run: JSONValue = .object(JSONObject([
            ("tool", .object(JSONObject([("driver", driver)]))),
            ("columnKind", .string("utf16CodeUnits")),
            ("invocations", .array([.object(JSONObject([
                ("executionSuccessful", .bool(!result.hasInputErrors)),
                ("toolExecutionNotifications", .array(notifications)),
            ]))])),
            ("results", .array(results)),
        ]))
        let root: JSONValue = .object(JSONObject([
            ("$schema", .string("https://json.schemastore.org/sarif-2.1.0.json")),
            ("version", .string("2.1.0")),
            ("runs", .array([run])),
        ]))
        return JSONText.write(root)
    }

    /// A path as a relative URI reference: each segment percent-encoded.
    static func uri(_ path: String) -> String {
        var out = ""
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"):
                out.append(Character(Unicode.Scalar(byte)))
            default:
                out += "%" + (byte < 16 ? "0" : "") + String(byte, radix: 16, uppercase: true)
            }
        }
        return out
    }
}
