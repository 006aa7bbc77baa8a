/// Runs `fmtcheck` commands: parses arguments, does the work, writes to a console, and returns the exit code.
/// The executable's `main.swift` only calls `CommandRunner.main` and exits with its result.
public enum CommandRunner {
    /// Parses `arguments` (without the program name) and runs the command. `replayChecker` runs `replay --check`
    /// (the `fmtcheck` executable passes the property harness's; without one, `--check` is an error).
    public static func main(arguments: [String], console: Console, replayChecker: (any ReplayChecker)? = nil) -> ExitCode {
        let command: Command
        do {
            command = try Command.parse(arguments)
        } catch {
            console.err(error.description + "\n")
            return .failure
        }
        return run(command, console: console, replayChecker: replayChecker)
    }

    /// Runs a parsed command; `replayChecker` as in `main(arguments:console:replayChecker:)`.
    public static func run(_ command: Command, console: Console, replayChecker: (any ReplayChecker)? = nil) -> ExitCode {
        switch command {
        case .help(let topic):
            console.out(HelpText.text(topic: topic))
            return .success
        case .version:
            console.out("fmtcheck \(FormatCheckVersion.current)\n")
            return .success
        case .definitionCheck(let paths):
            return checkDefinitions(paths, console: console)
        case .definitionExplain(let path):
            return explainDefinition(path, console: console)
        case .lint(let lint):
            return self.lint(lint, console: console)
        case .replay(let replay):
            return self.replay(replay, checker: replayChecker, console: console)
        case .traceToScript(let path):
            return traceToScript(path, console: console)
        case .convert(let convert):
            return self.convert(convert, console: console)
        case .mergeReports(let merge):
            return mergeReports(merge, console: console)
        case .rule(let rule):
            return self.rule(rule, console: console)
        case .initialize(let initialize):
            return self.initialize(initialize, console: console)
        }
    }
}
