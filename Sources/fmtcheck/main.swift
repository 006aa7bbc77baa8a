// fmtcheck: parse the arguments, run the command, exit with its code. Everything else lives in FormatCheck.
import FormatCheck
import Foundation

let code = CommandRunner.main(arguments: Array(CommandLine.arguments.dropFirst()), console: .standard)
exit(code.rawValue)
