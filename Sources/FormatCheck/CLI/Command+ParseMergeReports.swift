extension Command {
    /// The options of `fmtcheck merge-reports`.
    static let mergeReportsOptions = ["--output", "--format", "--help"]

    /// Parses `fmtcheck merge-reports REPORT... [-o FILE] [--format json|sarif]`.
    static func parseMergeReports(_ arguments: ArraySlice<String>) throws(UsageError) -> Command {
        var scanner = ArgumentScanner(arguments, command: "merge-reports")
        var command = MergeReportsCommand()
        while let item = scanner.next() {
            switch item {
            case .positional(let path): command.inputs.append(path)
            case .option(let option, let inline):
                switch option {
                case "-h", "--help": return .help(topic: "merge-reports")
                case "-o", "--output": command.output = try scanner.value(for: option, inline: inline)
                case "-f", "--format":
                    let name = try scanner.value(for: option, inline: inline)
                    guard let format = ReportFormat(rawValue: name), ReportMerge.formats.contains(format) else {
                        throw UsageError("merge-reports merges json and sarif reports, not '\(name)'", hint: "write '--format json' or '--format sarif'")
                    }
                    command.format = format
                default: throw scanner.unknown(option, among: mergeReportsOptions)
                }
            }
        }
        guard !command.inputs.isEmpty else {
            throw UsageError("'merge-reports' needs the reports to merge", hint: "write 'fmtcheck merge-reports shard-1.sarif shard-2.sarif -o merged.sarif'")
        }
        if command.inputs.filter({ $0 == "-" }).count > 1 {
            throw UsageError("standard input (-) can be one of the reports, not several", hint: "write the other reports to files")
        }
        return .mergeReports(command)
    }
}
