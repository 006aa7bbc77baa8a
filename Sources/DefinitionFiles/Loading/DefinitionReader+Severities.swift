import Formatting
import StreamingJSON

extension DefinitionReader {
    /// Reads `"severities"`: rule (a constraint name or a built-in rule id) to `"error"` or `"warning"`.
    mutating func readSeverities(_ node: LocatedJSON, at path: JSONPath) {
        guard let members = members(of: node, at: path, expecting: "\"severities\"") else { return }
        let ruleNames = constraints.map(\.name).filter { !$0.isEmpty } + BuiltInRule.allCases.map(\.id)
        for member in members {
            let memberPath = path.appending(key: member.key)
            if !ruleNames.contains(member.key) {
                report(.unknownRule, "\"severities\" names '\(member.key)', which is neither a constraint nor a built-in rule",
                       at: .key(member, in: path),
                       hint: Suggestions.didYouMean(member.key, in: ruleNames) ?? "the rules are " + ruleNames.map { "'\($0)'" }.joined(separator: ", "))
            }
            guard let word = string(member.value, at: memberPath, what: "a severity") else { continue }
            guard let severity = Severity(rawValue: word) else {
                report(.invalidValue, "unknown severity \"\(word)\"", node: member.value, at: memberPath,
                       hint: Suggestions.didYouMean(word, in: Severity.allCases.map(\.rawValue)) ?? "write \"error\" or \"warning\"")
                continue
            }
            severities[member.key] = severity
        }
    }
}
