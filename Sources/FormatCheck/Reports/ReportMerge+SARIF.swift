import RichTextFormats
import StreamingJSON

extension ReportMerge {
    /// Merges SARIF logs (`SARIFReport`), one run each, into one run.
    ///
    /// - `results` and the documents not linted (`toolExecutionNotifications` with a location) in document order;
    ///   definition and configuration problems (notifications without one) once each, definitions first, each
    ///   group by file name, as a run sorts them; `executionSuccessful` only when every part's was.
    /// - `partialFingerprints` count a finding's occurrences in its document, so they carry over.
    /// - `tool.driver.rules`: each part lists its definitions' constraints with their definition
    ///   (`properties.definition`), so the merge lists them as one run would (`SARIFReport.ruleTable`):
    ///   definitions by name, each one's constraints in its order, then the built-in rules, a name two
    ///   definitions share namespaced by definition (`recipe/Rule`); each result's `ruleId` and `ruleIndex` are
    ///   rewritten to match.
    static func mergeSARIF(_ inputs: [Input]) throws(ReportMergeError) -> JSONValue {
        var schema: JSONValue?
        var tool: (input: String, name: String, members: [JSONValue])?
        var columnKind: (input: String, value: String)?
        var successful = true
        var located: [(document: String, value: JSONValue)] = []
        var problems = FileProblems()
        var results: [(document: String, value: (result: JSONObject, rule: RuleKey))] = []
        // Each definition's constraints in its order, and each rule's description, by (definition, plain name).
        var definitions: [String: [String]] = [:]
        var builtIns: [String] = []
        var descriptions: [RuleKey: JSONValue] = [:]
        var helps: [RuleKey: JSONValue] = [:]
        var owners = Owners()
        for (index, input) in inputs.enumerated() {
            let reader = ReportReader(name: input.name)
            let root = try reader.members(input.root, "a SARIF log", keys: ["$schema", "version", "runs"])
            schema = schema ?? root["$schema"]!.value
            let runs = try reader.array(root["runs"]!, "\"runs\"")
            guard runs.count == 1 else { throw reader.fail(root["runs"]!, "an fmtcheck SARIF log has one run, not \(runs.count)") }
            let run = try reader.members(runs[0], "a run", keys: ["tool", "columnKind", "invocations", "results"])
            let driverNode = try reader.members(run["tool"]!, "\"tool\"", keys: ["driver"])["driver"]!
            let driver = try reader.members(driverNode, "\"driver\"", keys: ["name", "version", "semanticVersion", "rules"])
            let identity = ["name", "version", "semanticVersion"].map { driver[$0]!.value }
            let name = ["name", "version"].map { driver[$0]!.value.stringValue ?? "?" }.joined(separator: " ")
            if let tool, tool.members != identity {
                throw .differentTools(first: tool.input, firstTool: tool.name, other: input.name, otherTool: name)
            }
            tool = tool ?? (input.name, name, identity)
            let kind = try reader.string(run["columnKind"]!, "\"columnKind\"")
            if let columnKind, columnKind.value != kind {
                throw reader.fail(run["columnKind"]!, "columns count in \(kind), but in \(columnKind.value) in \(columnKind.input)")
            }
            columnKind = columnKind ?? (input.name, kind)

            let invocations = try reader.array(run["invocations"]!, "\"invocations\"")
            guard invocations.count == 1 else { throw reader.fail(run["invocations"]!, "an fmtcheck run has one invocation, not \(invocations.count)") }
            let invocation = try reader.members(invocations[0], "an invocation", keys: ["executionSuccessful", "toolExecutionNotifications"])
            guard case .bool(let success) = invocation["executionSuccessful"]!.kind else {
                throw reader.fail(invocation["executionSuccessful"]!, "\"executionSuccessful\" is true or false")
            }
            successful = successful && success
            for node in try reader.array(invocation["toolExecutionNotifications"]!, "\"toolExecutionNotifications\"") {
                if node["locations"] != nil {
                    let document = try documentName(ofLocated: node, reader: reader, what: "a notification")
                    try owners.claim(document, by: index, in: inputs)
                    located.append((document, node.value))
                } else {
                    let text = try reader.string(try required(try required(node, "message", reader: reader, what: "a notification"), "text",
                                                              reader: reader, what: "a notification's \"message\""), "a notification's text")
                    let (kind, file) = fileProblem(text)
                    problems.add(node.value, kind: kind, file: file)
                }
            }
            problems.endInput()

            var table: [(id: String, key: RuleKey)] = []
            for node in try reader.array(driver["rules"]!, "\"rules\"") {
                let id = try reader.string(try required(node, "id", reader: reader, what: "a rule"), "a rule's \"id\"")
                var definition: String?
                if let properties = node["properties"] {
                    definition = try reader.string(try required(properties, "definition", reader: reader, what: "a rule's \"properties\""), "a rule's definition")
                }
                let plain = definition.map { id.hasPrefix($0 + "/") ? String(id.dropFirst($0.count + 1)) : id } ?? id
                let key = RuleKey(definition: definition, name: plain)
                table.append((id, key))
                if let definition {
                    if !(definitions[definition]?.contains(plain) ?? false) { definitions[definition, default: []].append(plain) }
                } else if !builtIns.contains(id) {
                    builtIns.append(id)
                }
                if descriptions[key] == nil, let description = node["shortDescription"] { descriptions[key] = description.value }
                if helps[key] == nil, let help = node["help"] { helps[key] = help.value }
            }
            for node in try reader.array(run["results"]!, "\"results\"") {
                let rule = try reader.string(try required(node, "ruleId", reader: reader, what: "a result"), "a result's \"ruleId\"")
                guard case .integer(let position)? = node["ruleIndex"]?.kind, table.indices.contains(position), table[position].id == rule else {
                    throw reader.fail(node, "the result's rule \"\(rule)\" is not the run's rule at its \"ruleIndex\"")
                }
                let document = try documentName(ofLocated: node, reader: reader, what: "a result")
                try owners.claim(document, by: index, in: inputs)
                guard case .object(let object) = node.value else { continue }
                results.append((document, (object, table[position].key)))
            }
        }

        // The rules as a run that linted every part's documents lists them (`SARIFReport.ruleTable`): definitions
        // by name, each one's constraints in its order, then the built-in rules; a name two definitions share
        // is namespaced by definition.
        var owning: [String: Int] = [:]
        for rules in definitions.values { for rule in rules { owning[rule, default: 0] += 1 } }
        func id(_ key: RuleKey) -> String {
            guard let definition = key.definition, (owning[key.name] ?? 0) > 1 else { return key.name }
            return definition + "/" + key.name
        }
        let keys = definitions.keys.sorted().flatMap { definition in definitions[definition]!.map { RuleKey(definition: definition, name: $0) } }
            + builtIns.map { RuleKey(definition: nil, name: $0) }
        let index = Dictionary(uniqueKeysWithValues: keys.enumerated().map { ($1, $0) })
        let rules: [JSONValue] = keys.map { key in
            var members: [(String, JSONValue)] = [("id", .string(id(key)))]
            if let description = descriptions[key] { members.append(("shortDescription", description)) }
            if let help = helps[key] { members.append(("help", help)) }
            if let definition = key.definition { members.append(("properties", .object(JSONObject([("definition", .string(definition))])))) }
            return .object(JSONObject(members))
        }
        let ordered: [JSONValue] = inDocumentOrder(results).map { result, key in
            var result = result
            result["ruleId"] = .string(id(key))
            result["ruleIndex"] = .integer(index[key]!)
            return .object(result)
        }
        let driver: JSONValue = .object(JSONObject(zip(["name", "version", "semanticVersion"], tool!.members).map { ($0, $1) }
                                                   + [("rules", .array(rules))]))
        let run: JSONValue = .object(JSONObject([
            ("tool", .object(JSONObject([("driver", driver)]))),
            ("columnKind", .string(columnKind!.value)),
            ("invocations", .array([.object(JSONObject([
                ("executionSuccessful", .bool(successful)),
                ("toolExecutionNotifications", .array(inDocumentOrder(located) + problems.merged)),
            ]))])),
            ("results", .array(ordered)),
        ]))
        let root: JSONValue = .object(JSONObject([("$schema", schema!), ("version", .string("2.1.0")), ("runs", .array([run]))]))
        return root
    }

    /// The document of a result or notification: its first location's artifact.
    static func documentName(ofLocated node: LocatedJSON, reader: ReportReader, what: String) throws(ReportMergeError) -> String {
        let locations = try reader.array(try required(node, "locations", reader: reader, what: what), "\(what)'s \"locations\"")
        guard let first = locations.first else { throw reader.fail(node, "\(what) has no location") }
        let physical = try required(first, "physicalLocation", reader: reader, what: "a location")
        let artifact = try required(physical, "artifactLocation", reader: reader, what: "a physical location")
        return document(ofURI: try reader.string(try required(artifact, "uri", reader: reader, what: "an artifact location"), "\"uri\""))
    }

    /// The document path an artifact URI names (`SARIFReport.uri` undone): percent-decoded, and for a finding in
    /// an RTFD package's `TXT.rtf`, the package.
    static func document(ofURI uri: String) -> String {
        let bytes = Array(uri.utf8)
        var decoded: [UInt8] = []
        var i = 0
        while i < bytes.count {
            if bytes[i] == UInt8(ascii: "%"), i + 2 < bytes.count, let byte = UInt8(String(decoding: bytes[i + 1...i + 2], as: UTF8.self), radix: 16) {
                decoded.append(byte)
                i += 3
            } else {
                decoded.append(bytes[i])
                i += 1
            }
        }
        let path = String(decoding: decoded, as: UTF8.self)
        let member = "/" + RTFDPackage.textFileName
        guard path.hasSuffix(member), path.dropLast(member.count).lowercased().hasSuffix(".rtfd") else { return path }
        return String(path.dropLast(member.count))
    }

    /// What a notification without a location is about: a definition's problem
    /// (`FILE[:LINE:COL]: error RULE: message`) or a configuration's (`FILE[:LINE:COL]: error config: message`),
    /// and the file.
    static func fileProblem(_ text: String) -> (FileProblems.Kind, file: String) {
        let configuration = text.range(of: ": error config: ")
        let end = configuration ?? text.range(of: ": error ")
        var place = end.map { text[..<$0.lowerBound] } ?? Substring(text)
        let parts = place.split(separator: ":", omittingEmptySubsequences: false)
        if parts.count > 2, Int(parts[parts.count - 1]) != nil, Int(parts[parts.count - 2]) != nil {
            place = place.dropLast(parts[parts.count - 1].count + parts[parts.count - 2].count + 2)
        }
        return (configuration == nil ? .definition : .configuration, String(place))
    }

}

/// A rule as the parts name it: its definition (nil for a built-in rule) and its plain name.
struct RuleKey: Hashable {
    var definition: String?
    var name: String
}
