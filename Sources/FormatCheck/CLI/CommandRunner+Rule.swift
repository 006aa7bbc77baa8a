import Formatting
import Foundation
import StreamingJSON

extension CommandRunner {
    /// `fmtcheck rule NAME...` / `--all`: each rule's documentation on stdout; exit 2 for a name no rule has or a
    /// definition that does not load.
    static func rule(_ command: RuleCommand, console: Console) -> ExitCode {
        // The definition: the command line's, else the configuration's (which a rule need not have).
        var definitionPath = command.definition
        if definitionPath == nil {
            do {
                let config = try ConfigurationResolver(configFile: command.configFile).configuration(forFolder: FileManager.default.currentDirectoryPath)
                definitionPath = config.definition
            } catch {
                console.err(error.description + "\n")
                return .failure
            }
        }
        var loaded: LoadedDefinition?
        if let definitionPath {
            do {
                loaded = try DefinitionFile.load(path: definitionPath)
            } catch {
                for diagnostic in error.diagnostics { console.err(diagnostic.description + "\n") }
                console.errLine("fmtcheck: error: the definition \(definitionPath) does not load, so its constraints cannot be described")
                return .failure
            }
        }
        var documentation: [RuleDocumentation] = []
        if command.all {
            documentation = loaded?.ruleDocumentation ?? BuiltInRule.allCases.map(\.documentation)
        }
        for name in command.names {
            if let found = loaded?.ruleDocumentation(of: name) ?? BuiltInRule(rawValue: name)?.documentation {
                documentation.append(found)
                continue
            }
            let known = (loaded?.ruleIDs ?? BuiltInRule.allCases.map(\.id))
            let hint = Suggestions.didYouMean(name, in: known)
                ?? (loaded == nil ? "it is no built-in rule; for a constraint, name its definition with --definition FILE"
                                  : "the rules of '\(loaded!.name)' are " + known.joined(separator: ", "))
            console.errLine("fmtcheck: error: no rule '\(name)'" + (loaded.map { " in \($0.fileName) or among the built-in rules" } ?? " among the built-in rules") + " (\(hint))")
            return .failure
        }
        switch command.format {
        case .json:
            let value: JSONValue = documentation.count == 1 && !command.all ? documentation[0].jsonValue : .array(documentation.map(\.jsonValue))
            console.out(JSONText.write(value))
        case .text:
            let text = documentation.map(\.markdown).joined(separator: "\n")
            for line in text.split(separator: "\n", omittingEmptySubsequences: false).dropLast() { console.outLine(String(line)) }
        }
        return .success
    }
}

extension LoadedDefinition {
    /// One rule's documentation under this definition: a constraint's, or a built-in rule's with the
    /// definition's severity; nil when neither has the name.
    func ruleDocumentation(of name: String) -> RuleDocumentation? {
        if let constraint = documentation(ofConstraint: name) { return constraint }
        guard var builtIn = BuiltInRule(rawValue: name)?.documentation else { return nil }
        builtIn.severity = severity(of: name)
        return builtIn
    }
}
