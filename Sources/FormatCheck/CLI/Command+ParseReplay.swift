extension Command {
    /// The options of `fmtcheck replay`.
    static let replayOptions = ["--definition", "--script", "--trace", "--adjustments", "--check", "--editor", "--help"]

    /// Parses `fmtcheck replay --definition D --script S [DOC]` and `fmtcheck replay --trace FILE [DOC]`.
    static func parseReplay(_ arguments: ArraySlice<String>) throws(UsageError) -> Command {
        var scanner = ArgumentScanner(arguments, command: "replay")
        var command = ReplayCommand()
        var positionals: [String] = []
        while let item = scanner.next() {
            switch item {
            case .positional(let p): positionals.append(p)
            case .option(let option, let inline):
                switch option {
                case "-h", "--help": return .help(topic: "replay")
                case "-d", "--definition": command.definition = try scanner.value(for: option, inline: inline)
                case "--script": command.script = try scanner.value(for: option, inline: inline)
                case "--trace": command.trace = try scanner.value(for: option, inline: inline)
                case "--adjustments": command.adjustments = true
                case "--check": command.check = true
                case "--editor": command.editor = try scanner.value(for: option, inline: inline)
                default: throw scanner.unknown(option, among: replayOptions)
                }
            }
        }
        guard positionals.count <= 1 else {
            throw UsageError("'replay' takes at most one starting document, not \(positionals.count)")
        }
        command.document = positionals.first
        switch (command.script, command.trace) {
        case (nil, nil):
            throw UsageError("'replay' needs --script FILE or --trace FILE", hint: "write 'fmtcheck replay --definition D --script S [DOC]'")
        case (_?, _?):
            throw UsageError("'replay' takes --script or --trace, not both")
        case _ where command.editor != nil && !command.check:
            throw UsageError("'replay --editor' runs with --check", hint: "write 'fmtcheck replay --check --editor COMMAND --definition D --script S'")
        case (nil, _?) where command.check:
            throw UsageError("'replay --check' takes --script, not --trace", hint: "convert it first: 'fmtcheck trace-to-script TRACE > S'")
        case (_?, nil) where command.definition == nil:
            throw UsageError("'replay --script' needs --definition FILE", hint: "write 'fmtcheck replay --definition Definitions/recipe.json --script S'")
        default:
            break
        }
        return .replay(command)
    }

    /// Parses `fmtcheck trace-to-script FILE`.
    static func parseTraceToScript(_ arguments: ArraySlice<String>) throws(UsageError) -> Command {
        if arguments.contains("--help") || arguments.contains("-h") { return .help(topic: "replay") }
        guard arguments.count == 1, let path = arguments.first, !path.hasPrefix("-") else {
            throw UsageError("'trace-to-script' takes one trace file", hint: "write 'fmtcheck trace-to-script ../shared/traces/rustcode.json.gz'")
        }
        return .traceToScript(path: path)
    }
}
