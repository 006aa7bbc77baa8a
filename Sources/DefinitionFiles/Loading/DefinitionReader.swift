import Formatting
import RichText
import StreamingJSON

/// Reads a parsed definition file into declarations and constraints, collecting every problem on the way.
///
/// Reading never stops at the first problem: a part that cannot be read is skipped and reported, and the rest
/// is still read, so one run of `fmtcheck definition check` shows everything that needs fixing.
struct DefinitionReader {
    /// The file, as named to the loader.
    let fileName: String
    /// Findings so far.
    var diagnostics: [Diagnostic] = []
    /// The definition's name.
    var name: String?
    /// The definition's own words.
    var summary: String?
    /// Declared attributes by name.
    var attributes: [String: AttributeDeclaration] = [:]
    /// Declared attribute names in file order.
    var attributeOrder: [String] = []
    /// Attributes declared with a problem already reported: references to them stay quiet instead of echoing it.
    var brokenAttributes: Set<String> = []
    /// The scope's declared names, without repeats, in file order.
    var scope: [String] = []
    /// Where the scope list is written.
    var scopeSite: Site?
    /// Whether the scope was read without problems; checks against an unreadable scope would only echo them.
    var scopeIsComplete = false
    /// The constraints in order.
    var constraints: [ParsedConstraint] = []
    /// Where each constraint name stands in `constraints` (the first with it): names are looked up once per
    /// constraint and per problem, so a definition of thousands of constraints checks in linear time.
    var constraintIndex: [String: Int] = [:]
    /// Severities by rule.
    var severities: [String: Severity] = [:]
    /// `attributeChanged` references, checked once every attribute is known.
    var invalidationReferences: [(owner: String, key: String, site: Site)] = []

    /// The top-level fields a file may have.
    static let topLevelFields = ["$schema", "name", "description", "attributes", "scope", "constraints", "severities"]

    init(fileName: String) {
        self.fileName = fileName
    }

    /// Reads the whole file, in dependency order: attributes, scope, constraints, severities.
    mutating func read(_ root: LocatedJSON) {
        guard let members = members(of: root, at: .root, expecting: "the definition") else { return }
        checkFields(members, at: .root, allowed: Self.topLevelFields, in: "a definition")
        if let (node, path) = topLevelField("name", in: members, of: root) {
            name = string(node, at: path, what: "the definition's name")
            if name?.isEmpty == true {
                report(.invalidValue, "the definition's name is empty", at: Site(location: node.location, path: path),
                       hint: "name the definition, such as \"recipe\"")
            }
        }
        if let node = root["description"] { summary = string(node, at: JSONPath.root.appending(key: "description"), what: "a description") }
        if let node = root["$schema"] { _ = string(node, at: JSONPath.root.appending(key: "$schema"), what: "\"$schema\"") }
        if let (node, path) = topLevelField("attributes", in: members, of: root) {
            readAttributes(node, at: path)
        }
        if let (node, path) = topLevelField("scope", in: members, of: root) {
            readScope(node, at: path)
        }
        if let (node, path) = topLevelField("constraints", in: members, of: root, required: false) {
            readConstraints(node, at: path)
        }
        if let (node, path) = topLevelField("severities", in: members, of: root, required: false) {
            readSeverities(node, at: path)
        }
    }

    // MARK: Reporting

    /// Records a finding.
    mutating func report(_ check: DefinitionCheck, _ message: String, at site: Site?, hint: String? = nil, severity: Severity = .error) {
        diagnostics.append(Diagnostic(severity: severity, check: check, message: message, fileName: fileName,
                                      location: site?.location, jsonPath: site?.path, hint: hint))
    }

    /// Records a finding about a node.
    mutating func report(_ check: DefinitionCheck, _ message: String, node: LocatedJSON, at path: JSONPath,
                         hint: String? = nil, severity: Severity = .error) {
        report(check, message, at: Site(location: node.location, path: path), hint: hint, severity: severity)
    }

    // MARK: Shapes

    /// A node in words, for "expected …, found …" messages.
    static func describe(_ node: LocatedJSON) -> String {
        switch node.kind {
        case .string(let s): return "the string \"\(s)\""
        case .integer(let i): return "the number \(i)"
        case .number(let d): return "the number \(d)"
        case .bool(let b): return "\(b)"
        case .null: return "null"
        case .array: return "an array"
        case .object: return "an object"
        }
    }

    /// The members of an object node; reports a wrong type otherwise.
    mutating func members(of node: LocatedJSON, at path: JSONPath, expecting what: String) -> [LocatedJSON.Member]? {
        if case .object(let members) = node.kind { return members }
        report(.wrongType, "\(what) must be an object, not \(Self.describe(node))", node: node, at: path)
        return nil
    }

    /// The elements of an array node; reports a wrong type otherwise.
    mutating func elements(of node: LocatedJSON, at path: JSONPath, expecting what: String) -> [LocatedJSON]? {
        if case .array(let elements) = node.kind { return elements }
        report(.wrongType, "\(what) must be an array, not \(Self.describe(node))", node: node, at: path)
        return nil
    }

    /// A string node's text; reports a wrong type otherwise.
    mutating func string(_ node: LocatedJSON, at path: JSONPath, what: String, hint: String? = nil) -> String? {
        if case .string(let s) = node.kind { return s }
        report(.wrongType, "\(what) must be a string, not \(Self.describe(node))", node: node, at: path, hint: hint)
        return nil
    }

    /// A bool node's value; reports a wrong type otherwise.
    mutating func bool(_ node: LocatedJSON, at path: JSONPath, what: String) -> Bool? {
        if case .bool(let b) = node.kind { return b }
        report(.wrongType, "\(what) must be true or false, not \(Self.describe(node))", node: node, at: path,
               hint: Self.boolHint(node))
        return nil
    }

    /// A number node's value; reports a wrong type otherwise.
    mutating func number(_ node: LocatedJSON, at path: JSONPath, what: String) -> Double? {
        switch node.kind {
        case .integer(let i): return Double(i)
        case .number(let d): return d
        default:
            report(.wrongType, "\(what) must be a number, not \(Self.describe(node))", node: node, at: path)
            return nil
        }
    }

    /// A hint for a string that spells a bool.
    static func boolHint(_ node: LocatedJSON) -> String? {
        if case .string(let s) = node.kind, s == "true" || s == "false" { return "write \(s) without quotes" }
        return nil
    }

    // MARK: Fields

    /// Reports every member whose name is not in `allowed`, with a did-you-mean hint, or with the hint in
    /// `misplaced` when the field belongs elsewhere.
    mutating func checkFields(_ members: [LocatedJSON.Member], at path: JSONPath, allowed: [String], in context: String,
                              misplaced: [String: String] = [:]) {
        for member in members where !allowed.contains(member.key) {
            let hint = misplaced[member.key]
                ?? Suggestions.didYouMean(member.key, in: allowed)
                ?? "the fields of \(context) are " + allowed.map { "'\($0)'" }.joined(separator: ", ")
            report(.unknownField, "unknown field '\(member.key)' in \(context)", at: .key(member, in: path), hint: hint)
        }
    }

    /// The value of a required field; reports it missing otherwise.
    mutating func required(_ field: String, in members: [LocatedJSON.Member], of object: LocatedJSON, at path: JSONPath,
                           in context: String, hint: String? = nil) -> LocatedJSON? {
        if let member = members.first(where: { $0.key == field }) { return member.value }
        report(.missingField, "\(context) needs a '\(field)' field", node: object, at: path, hint: hint)
        return nil
    }

    /// A top-level field of the definition, found under its own name, or else under a misspelling of it
    /// (`atributes`), which the unknown-field check has reported with "did you mean": its contents are read too,
    /// at their own path, so a misspelled key does not hide the errors inside it. Reports a `required` field
    /// missing when neither is there.
    mutating func topLevelField(_ field: String, in members: [LocatedJSON.Member], of root: LocatedJSON,
                                required isRequired: Bool = true) -> (node: LocatedJSON, path: JSONPath)? {
        let allowed = Self.topLevelFields
        if let member = members.first(where: { $0.key == field })
            ?? members.first(where: { !allowed.contains($0.key) && Suggestions.closest(to: $0.key, in: allowed) == field }) {
            return (member.value, JSONPath.root.appending(key: member.key))
        }
        if isRequired { _ = required(field, in: members, of: root, at: .root, in: "a definition") }
        return nil
    }

    // MARK: Attribute references

    /// The declared attribute a string node names; reports an unknown attribute otherwise.
    mutating func attributeReference(_ node: LocatedJSON, at path: JSONPath, what: String) -> AttributeDeclaration? {
        guard let name = string(node, at: path, what: what) else { return nil }
        if let declaration = attributes[name] { return declaration }
        if brokenAttributes.contains(name) { return nil }
        // The same check, and the same suggestion, as a definition built in Swift gets.
        let suggestion = FormattingDefinition.unknownKeyProblem(name, readBy: what, known: attributeOrder)?.suggestion
        let hint = suggestion.map { "did you mean '\($0)'?" }
            ?? (attributeOrder.isEmpty ? "declare it under \"attributes\"" : "declare it under \"attributes\"; the file declares " + attributeOrder.map { "'\($0)'" }.joined(separator: ", "))
        report(.unknownAttribute, "\(what) names '\(name)', which is not a declared attribute", node: node, at: path, hint: hint)
        return nil
    }
}
