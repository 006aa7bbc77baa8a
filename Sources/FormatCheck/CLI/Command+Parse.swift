import Formatting
extension Command {
    /// The top-level commands, for did-you-mean hints.
    static let commandNames = ["lint", "definition", "replay", "convert", "trace-to-script", "merge-reports", "rule", "init", "help"]
    /// The `definition` subcommands.
    static let definitionSubcommands = ["check", "explain"]

    /// Parses the arguments after the program name.
    public static func parse(_ arguments: [String]) throws(UsageError) -> Command {
        var rest = arguments[...]
        guard let first = rest.popFirst() else {
            throw UsageError("no command given", hint: "try 'fmtcheck definition check FILE'")
        }
        switch first {
        case "--help", "-h", "help":
            return .help(topic: rest.first)
        case "--version", "-V":
            return .version
        case "definition":
            return try parseDefinition(rest)
        case "lint":
            return try parseLint(rest)
        case "replay":
            return try parseReplay(rest)
        case "trace-to-script":
            return try parseTraceToScript(rest)
        case "convert":
            return try parseConvert(rest)
        case "merge-reports":
            return try parseMergeReports(rest)
        case "rule":
            return try parseRule(rest)
        case "init":
            return try parseInit(rest)
        default:
            // `fmtcheck PATH...` and `fmtcheck --lint-option …` lint; a mistyped command name is a usage error.
            if first.hasPrefix("-") && first != "-" {
                let option = first.split(separator: "=").first.map(String.init) ?? first
                guard lintOptions.contains(option) || ["-d", "-f", "-o", "-q", "-v", "-w"].contains(option) else {
                    throw UsageError("unknown option '\(first)'", hint: Suggestions.didYouMean(option, in: ["--help", "--version"] + lintOptions))
                }
                return try parseLint(arguments[...])
            }
            if let hint = Suggestions.didYouMean(first, in: commandNames), !FileSystemProbe.exists(first) {
                throw UsageError("unknown command '\(first)'", hint: hint)
            }
            return try parseLint(arguments[...])
        }
    }

    /// Parses `definition check FILE...` and `definition explain FILE`.
    private static func parseDefinition(_ arguments: ArraySlice<String>) throws(UsageError) -> Command {
        var rest = arguments
        guard let subcommand = rest.popFirst() else {
            throw UsageError("'definition' needs a subcommand", hint: "write 'fmtcheck definition check FILE' or 'fmtcheck definition explain FILE'")
        }
        if subcommand == "--help" || subcommand == "-h" { return .help(topic: "definition") }
        guard definitionSubcommands.contains(subcommand) else {
            throw UsageError("unknown subcommand 'definition \(subcommand)'",
                             hint: Suggestions.didYouMean(subcommand, in: definitionSubcommands) ?? "the subcommands are check and explain")
        }
        var paths: [String] = []
        var optionsEnded = false
        for argument in rest {
            if !optionsEnded && argument == "--" { optionsEnded = true; continue }
            if !optionsEnded && (argument == "--help" || argument == "-h") { return .help(topic: "definition") }
            if !optionsEnded && argument.hasPrefix("-") && argument != "-" {
                throw UsageError("unknown option '\(argument)' for 'definition \(subcommand)'")
            }
            paths.append(argument)
        }
        if subcommand == "check" {
            guard !paths.isEmpty else { throw UsageError("'definition check' needs a definition file", hint: "write 'fmtcheck definition check Definitions/recipe.json'") }
            return .definitionCheck(paths: paths)
        }
        guard paths.count == 1 else {
            throw UsageError(paths.isEmpty ? "'definition explain' needs a definition file" : "'definition explain' takes one file, not \(paths.count)",
                             hint: "write 'fmtcheck definition explain Definitions/recipe.json'")
        }
        return .definitionExplain(path: paths[0])
    }
}
