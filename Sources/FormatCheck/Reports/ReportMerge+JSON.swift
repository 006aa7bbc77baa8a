import StreamingJSON

extension ReportMerge {
    /// The summary's counts (`JSONReport`): each is a sum over documents, so the parts' counts add up.
    static let summaryKeys = ["files", "filesWithViolations", "errors", "warnings", "fixed", "notLinted", "fixable", "unsafeFixable"]

    /// Merges json reports (`JSONReport`): everything in them is per document or per definition and
    /// configuration file, so the merge is exact.
    static func mergeJSON(_ inputs: [Input]) throws(ReportMergeError) -> JSONValue {
        var tool: (input: String, value: JSONValue)?
        var violations: [(document: String, value: JSONValue)] = []
        var failures: [(document: String, value: JSONValue)] = []
        var problems = FileProblems()
        var summary = [String: Int](uniqueKeysWithValues: summaryKeys.map { ($0, 0) })
        var statistics: [String: RuleStatistics] = [:]
        var owners = Owners()
        for (index, input) in inputs.enumerated() {
            let reader = ReportReader(name: input.name)
            let root = try reader.members(input.root, "a json report", keys: ["version", "tool", "violations", "errors", "summary", "statistics"])
            let toolValue = root["tool"]!.value
            if let tool, tool.value != toolValue {
                throw .differentTools(first: tool.input, firstTool: toolName(tool.value), other: input.name, otherTool: toolName(toolValue))
            }
            tool = tool ?? (input.name, toolValue)
            for node in try reader.array(root["violations"]!, "\"violations\"") {
                let document = try documentName(of: node, reader: reader, what: "a finding")
                try owners.claim(document, by: index, in: inputs)
                violations.append((document, node.value))
            }
            for node in try reader.array(root["errors"]!, "\"errors\"") {
                let kind = try reader.string(try required(node, "kind", reader: reader, what: "an error"), "an error's \"kind\"")
                let file = try reader.string(try required(node, "file", reader: reader, what: "an error"), "an error's \"file\"")
                switch kind {
                case "invalid-definition": problems.add(node.value, kind: .definition, file: file)
                case "invalid-configuration": problems.add(node.value, kind: .configuration, file: file)
                default:
                    try owners.claim(file, by: index, in: inputs)
                    failures.append((file, node.value))
                }
            }
            problems.endInput()
            let counts = try reader.members(root["summary"]!, "\"summary\"", keys: summaryKeys)
            for key in summaryKeys { summary[key]! += try reader.integer(counts[key]!, "\"\(key)\"") }
            for node in try reader.array(root["statistics"]!, "\"statistics\"") {
                let entry = try reader.members(node, "a statistics entry", keys: ["rule", "count", "fixable", "unsafeFixable"])
                RuleStatistics.add(RuleStatistics(rule: try reader.string(entry["rule"]!, "\"rule\""),
                                                  count: try reader.integer(entry["count"]!, "\"count\""),
                                                  fixable: try reader.integer(entry["fixable"]!, "\"fixable\""),
                                                  unsafeFixable: try reader.integer(entry["unsafeFixable"]!, "\"unsafeFixable\"")),
                                   into: &statistics)
            }
        }
        let root: JSONValue = .object(JSONObject([
            ("version", .integer(JSONReport.schemaVersion)),
            ("tool", tool!.value),
            ("violations", .array(inDocumentOrder(violations))),
            ("errors", .array(inDocumentOrder(failures) + problems.merged)),
            ("summary", .object(JSONObject(summaryKeys.map { ($0, .integer(summary[$0]!)) }))),
            ("statistics", JSONReport.statistics(RuleStatistics.ordered(statistics.values))),
        ]))
        return root
    }

    /// The document a finding is in: its `document` (an RTFD package, whose findings' `file` is its `TXT.rtf`),
    /// else its `file`.
    static func documentName(of node: LocatedJSON, reader: ReportReader, what: String) throws(ReportMergeError) -> String {
        _ = try reader.object(node, what)
        if let document = node["document"] { return try reader.string(document, "\(what)'s \"document\"") }
        return try reader.string(try required(node, "file", reader: reader, what: what), "\(what)'s \"file\"")
    }

    /// The member `key` of the object `node`.
    static func required(_ node: LocatedJSON, _ key: String, reader: ReportReader, what: String) throws(ReportMergeError) -> LocatedJSON {
        _ = try reader.object(node, what)
        guard let value = node[key] else { throw reader.fail(node, "\(what) has no \"\(key)\"") }
        return value
    }

    /// `fmtcheck 0.1.0`, from a json report's `tool`.
    static func toolName(_ tool: JSONValue) -> String {
        let name = tool["name"]?.stringValue ?? "an unnamed tool"
        return tool["version"]?.stringValue.map { "\(name) \($0)" } ?? name
    }
}
