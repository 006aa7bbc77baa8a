import StreamingJSON

/// `--format sarif`: SARIF 2.1.0 (the OASIS static-analysis format code-scanning services read).
///
/// - Every rule the run's definitions know is in `tool.driver.rules`, described in the definition's own words
///   where it has them, with its definition in `properties.definition`: definitions by name, each one's
///   constraints in its order, then the built-in rules. A constraint name two of the run's definitions share is
///   namespaced by definition (`recipe/IngredientsAreGreen`), so each result points at its own rule.
/// - Regions are in the file (`startLine`/`startColumn`/`endLine`/`endColumn` in Unicode code points, as the
///   run's `columnKind` says, and `byteOffset`/`byteLength`); an RTFD package's findings are in its `TXT.rtf`.
/// - `partialFingerprints` carry what a finding is about, not where (`ViolationFingerprint`), with its
///   occurrence in the file, so a code-scanning service matches a finding across unrelated edits.
/// - Documents that could not be linted are tool execution notifications.
public enum SARIFReport {
    /// The key results' fingerprints are under.
    static let fingerprintKey = "fmtcheck/v1"

    /// The report's text.
    public static func render(_ result: LintRunResult) -> String {
        let rules = ruleTable(result)
        var results: [JSONValue] = []
        for file in result.files {
            var occurrences: [String: Int] = [:]
            for v in file.violations {
                let p = v.position
                let id = rules.id(v.rule, definition: file.definitionName)
                var region: [(String, JSONValue)] = [
                    ("startLine", .integer(p.line)), ("startColumn", .integer(p.column)),
                    ("endLine", .integer(p.endLine)), ("endColumn", .integer(p.endColumn)),
                    ("byteOffset", .integer(p.byteOffset)),
                ]
                if p.byteLength > 0 { region.append(("byteLength", .integer(p.byteLength))) }
                let seen = (occurrences[v.fingerprint] ?? 0) + 1
                occurrences[v.fingerprint] = seen
                results.append(.object(JSONObject([
                    ("ruleId", .string(id)),
                    ("ruleIndex", .integer(rules.index[id] ?? 0)),
                    ("level", .string(v.severity == .error ? "error" : "warning")),
                    ("message", .object(JSONObject([("text", .string(v.message))]))),
                    ("locations", .array([.object(JSONObject([
                        ("physicalLocation", .object(JSONObject([
                            ("artifactLocation", .object(JSONObject([("uri", .string(uri(ReportPath.artifact(file.path, member: p.member))))]))),
                            ("region", .object(JSONObject(region))),
                        ]))),
                    ]))])),
                    ("partialFingerprints", .object(JSONObject([(fingerprintKey, .string("\(v.fingerprint):\(seen)"))]))),
                    ("properties", .object(JSONObject([("fix", .string(v.fix.rawValue))]))),
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
            ("rules", .array(rules.objects)),
        ]))
        let run: JSONValue = .object(JSONObject([
            ("tool", .object(JSONObject([("driver", driver)]))),
            ("columnKind", .string("unicodeCodePoints")),
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

    /// The run's rules: their ids (a constraint name two definitions share, namespaced by definition), their
    /// index, and their `reportingDescriptor` objects.
    struct RuleTable {
        var objects: [JSONValue] = []
        var index: [String: Int] = [:]
        /// Constraint names more than one of the run's definitions have.
        var shared: Set<String> = []

        /// The id a finding of `rule` under `definition` points at.
        func id(_ rule: String, definition: String?) -> String {
            guard shared.contains(rule), let definition else { return rule }
            return definition + "/" + rule
        }

        /// Adds a rule's `reportingDescriptor`: its id, its description, and for a constraint the definition it
        /// belongs to (`properties.definition`).
        mutating func add(_ id: String, description: String, definition: String?) {
            guard index[id] == nil else { return }
            index[id] = objects.count
            var members: [(String, JSONValue)] = [("id", .string(id)), ("shortDescription", .object(JSONObject([("text", .string(description))])))]
            // A built-in rule's documentation (`fmtcheck rule ID`) as its help, for viewers that show it.
            if definition == nil, let documentation = BuiltInRule(rawValue: id)?.documentation {
                members.append(("help", .object(JSONObject([("text", .string(documentation.helpText)), ("markdown", .string(documentation.markdown))]))))
            }
            if let definition { members.append(("properties", .object(JSONObject([("definition", .string(definition))])))) }
            objects.append(.object(JSONObject(members)))
        }
    }

    static func ruleTable(_ result: LintRunResult) -> RuleTable {
        var table = RuleTable()
        // Each definition's constraints in its own order (the rules its documents' findings name besides, last):
        // what any document it linted says, so any part of the run (a shard) lists them alike.
        var byDefinition: [String: [String]] = [:]
        var descriptions: [String: [String: String]] = [:]
        for file in result.files {
            guard let definition = file.definitionName else { continue }
            var rules = byDefinition[definition] ?? []
            for rule in file.ruleIDs + file.violations.map(\.rule) where BuiltInRule(rawValue: rule) == nil && !rules.contains(rule) {
                rules.append(rule)
                descriptions[definition, default: [:]][rule] = file.ruleDescriptions[rule]
            }
            byDefinition[definition] = rules
        }
        // A constraint name that more than one definition has gets ids by definition.
        var owners: [String: Int] = [:]
        for rules in byDefinition.values { for rule in rules { owners[rule, default: 0] += 1 } }
        table.shared = Set(owners.filter { $0.value > 1 }.keys)
        // Definitions by name, then the built-in rules: an order that depends on which definitions the run used,
        // not on which documents it met first, so `merge-reports` rebuilds it from the parts.
        for definition in byDefinition.keys.sorted() {
            for rule in byDefinition[definition]! {
                table.add(table.id(rule, definition: definition), description: descriptions[definition]?[rule] ?? RuleCatalog.description(of: rule),
                          definition: definition)
            }
        }
        for rule in BuiltInRule.allCases.map(\.id) { table.add(rule, description: RuleCatalog.description(of: rule), definition: nil) }
        return table
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
