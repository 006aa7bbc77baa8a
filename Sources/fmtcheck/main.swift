// fmtcheck: parse the arguments, run the command, exit with its code. Everything else lives in FormatCheck;
// `replay --check` runs on the property harness, which only this executable links (`HarnessReplayChecker`).
import FormatCheck
import Foundation

let code = CommandRunner.main(arguments: Array(CommandLine.arguments.dropFirst()), console: .standard,
                              replayChecker: HarnessReplayChecker())
exit(code.rawValue)
