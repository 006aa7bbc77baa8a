import Formatting
extension Command {
    /// The options of `fmtcheck rule`.
    static let ruleOptions = ["--all", "--definition", "--config", "--format", "--help"]

    /// Parses `fmtcheck rule NAME... | --all [--definition FILE] [--config FILE] [--format text|json]`.
    static func parseRule(_ arguments: ArraySlice<String>) throws(UsageError) -> Command {
        var scanner = ArgumentScanner(arguments, command: "rule")
        var command = RuleCommand(names: [])
        while let item = scanner.next() {
            switch item {
            case .positional(let name): command.names.append(name)
            case .option(let option, let inline):
                switch option {
                case "-h", "--help": return .help(topic: "rule")
                case "--all": command.all = true
                case "-d", "--definition": command.definition = try scanner.value(for: option, inline: inline)
                case "--config": command.configFile = try scanner.value(for: option, inline: inline)
                case "-f", "--format", "--output-format":
                    let name = try scanner.value(for: option, inline: inline)
                    guard let format = RuleCommand.Format(rawValue: name) else {
                        throw UsageError("unknown format '\(name)' for 'rule'", hint: "the formats are text and json")
                    }
                    command.format = format
                default: throw scanner.unknown(option, among: ruleOptions)
                }
            }
        }
        if command.all && !command.names.isEmpty {
            throw UsageError("'rule --all' takes no rule names", hint: "write 'fmtcheck rule --all' or 'fmtcheck rule NAME'")
        }
        if !command.all && command.names.isEmpty {
            throw UsageError("'rule' needs a rule name or --all", hint: "write 'fmtcheck rule scope', or 'fmtcheck rule --all --definition Definitions/recipe.json'")
        }
        return .rule(command)
    }
}
