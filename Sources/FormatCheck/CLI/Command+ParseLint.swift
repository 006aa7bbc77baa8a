import Formatting
import Foundation
extension Command {
    /// The options of `fmtcheck lint`.
    static let lintOptions = ["--definition", "--select", "--ignore", "--extend-select", "--format", "--output", "--max-warnings", "--exit-zero",
                              "--fix", "--diff", "--stdin-filename", "--max-file-size", "--print-config", "--quiet", "--verbose", "--unsafe-fixes", "--exit-non-zero-on-fix", "--help",
                              "--exclude", "--extend-exclude", "--respect-gitignore", "--no-respect-gitignore", "--force-exclude",
                              "--per-file-ignores", "--extend-per-file-ignores", "--rule", "--statistics",
                              "--baseline", "--write-baseline", "--prune-baseline",
                              "--cache", "--no-cache", "--cache-location", "--report-unused-suppressions",
                              "--shard", "--records", "--config", "--color", "--show-fixes", "--watch"]

    /// Parses `fmtcheck [lint] [options] PATH...`.
    static func parseLint(_ arguments: ArraySlice<String>) throws(UsageError) -> Command {
        var scanner = ArgumentScanner(arguments, command: "lint")
        var request = LintRequest(paths: [])
        var command = LintCommand(request: request)
        var fix = false, diff = false
        while let item = scanner.next() {
            switch item {
            case .positional(let path):
                request.paths.append(path)
            case .option(let option, let inline):
                switch option {
                case "-h", "--help": return .help(topic: "lint")
                case "-d", "--definition": request.definition = try scanner.value(for: option, inline: inline)
                case "--select": request.select = (request.select ?? []) + (try scanner.list(for: option, inline: inline))
                case "--ignore": request.ignore = (request.ignore ?? []) + (try scanner.list(for: option, inline: inline))
                case "--extend-select": request.extendSelect = (request.extendSelect ?? []) + (try scanner.list(for: option, inline: inline))
                case "-f", "--format":
                    let name = try scanner.value(for: option, inline: inline)
                    guard let format = ReportFormat(rawValue: name) else {
                        let names = ReportFormat.allCases.map(\.rawValue)
                        throw UsageError("unknown format '\(name)'", hint: Suggestions.didYouMean(name, in: names) ?? "the formats are " + names.joined(separator: ", "))
                    }
                    command.format = format
                case "-o", "--output": command.output = try scanner.value(for: option, inline: inline)
                case "--max-warnings":
                    let n = try scanner.integer(for: option, inline: inline)
                    guard n >= -1 else { throw UsageError("--max-warnings needs a count of 0 or more (or -1 for no limit)") }
                    command.maxWarnings = n
                case "--exit-zero": command.exitZero = true
                case "--fix": fix = true
                case "--diff":
                    diff = true
                    if let inline {
                        guard inline == "runs" else { throw UsageError("--diff=\(inline) is not a diff; --diff shows the file's bytes, --diff=runs the document's runs") }
                        request.diffShowsRuns = true
                    }
                case "--unsafe-fixes": request.unsafeFixes = true
                case "--exit-non-zero-on-fix": command.exitNonZeroOnFix = true
                case "--shard": request.shard = try shard(try scanner.value(for: option, inline: inline))
                case "--records": command.records = try scanner.value(for: option, inline: inline)
                case "--config": request.configFile = try scanner.value(for: option, inline: inline)
                case "--show-fixes": command.showFixes = true
                case "-w", "--watch": command.watch = true
                case "--color", "--colour":
                    let when = try scanner.value(for: option, inline: inline)
                    guard let choice = ColorChoice(rawValue: when) else {
                        throw UsageError("--color takes auto, always or never, not '\(when)'", hint: Suggestions.didYouMean(when, in: ColorChoice.allCases.map(\.rawValue)))
                    }
                    command.color = choice
                case "--stdin-filename": request.standardInputName = try scanner.value(for: option, inline: inline)
                case "--max-file-size": request.maxFileSize = try parseSize(try scanner.value(for: option, inline: inline))
                case "--print-config": command.printConfig = true
                case "--exclude": request.exclude = (request.exclude ?? []) + (try patterns(for: option, scanner.list(for: option, inline: inline)))
                case "--extend-exclude": request.extendExclude += try patterns(for: option, scanner.list(for: option, inline: inline))
                case "--respect-gitignore": request.respectGitignore = true
                case "--no-respect-gitignore": request.respectGitignore = false
                case "--force-exclude": request.forceExclude = true
                case "--per-file-ignores":
                    request.perFileIgnores = (request.perFileIgnores ?? []) + (try perFileIgnores(for: option, scanner.list(for: option, inline: inline)))
                case "--extend-per-file-ignores": request.extendPerFileIgnores += try perFileIgnores(for: option, scanner.list(for: option, inline: inline))
                case "--rule":
                    for item in try scanner.list(for: option, inline: inline) {
                        let (name, setting) = try severity(item)
                        request.severities[name] = setting
                    }
                case "--statistics": command.statistics = true
                case "--report-unused-suppressions": request.reportsUnusedSuppressions = true
                case "--cache": command.cache = true
                case "--no-cache": command.cache = false
                case "--cache-location": command.cacheLocation = try scanner.value(for: option, inline: inline)
                case "--baseline": command.baseline = try scanner.value(for: option, inline: inline)
                case "--write-baseline": command.writeBaseline = try scanner.value(for: option, inline: inline)
                case "--prune-baseline": command.pruneBaseline = true
                case "-q", "--quiet": command.quiet = true
                case "-v", "--verbose": command.verbose = true
                default: throw scanner.unknown(option, among: lintOptions)
                }
            }
        }
        if fix && diff { throw UsageError("--fix and --diff cannot be combined", hint: "use --diff to see the changes, then --fix to write them") }
        request.mode = fix ? .fix : diff ? .diff : .check
        if fix && request.paths.contains("-") {
            throw UsageError("--fix cannot rewrite standard input", hint: "use --diff to see what would change")
        }
        if command.pruneBaseline && command.baseline == nil {
            throw UsageError("--prune-baseline removes the entries of a baseline that no longer match", hint: "write '--baseline FILE --prune-baseline'")
        }
        if command.writeBaseline != nil && request.mode != .check {
            throw UsageError("--write-baseline records the findings of a lint run; it cannot be combined with --fix or --diff",
                             hint: "fix first, then write the baseline of what is left")
        }
        if request.shard != nil && request.paths.contains("-") {
            throw UsageError("--shard splits the documents a run finds; standard input is one document", hint: "lint standard input without --shard")
        }
        if let records = command.records {
            try checkRecordsOptions(command, request: request, records: records)
        }
        if command.printConfig && request.paths.count > 1 {
            throw UsageError("--print-config shows the configuration of one document", hint: "write 'fmtcheck --print-config PATH'")
        }
        if command.watch {
            let refused: [(Bool, String)] = [(request.mode != .check, "--fix or --diff"), (command.records != nil, "--records"),
                                             (request.paths.contains("-"), "standard input"), (command.output != nil, "-o"),
                                             (command.writeBaseline != nil || command.pruneBaseline, "a baseline it writes"),
                                             (command.printConfig, "--print-config")]
            if let (_, what) = refused.first(where: { $0.0 }) {
                throw UsageError("--watch cannot be combined with \(what)", hint: "--watch lints and prints the findings again as documents change; fix or write files in a run of their own")
            }
        }
        if request.paths.isEmpty && !command.printConfig && command.records == nil {
            throw UsageError("no files to lint", hint: "write 'fmtcheck lint PATH...', for example 'fmtcheck Examples'")
        }
        command.request = request
        return .lint(command)
    }

    /// `K/N`: shard K (1-based) of N.
    static func shard(_ text: String) throws(UsageError) -> LintShard {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]) else {
            throw UsageError("--shard '\(text)' is not a shard", hint: "write '--shard K/N', for example '--shard 1/3' for the first of three")
        }
        guard let shard = LintShard(index: index, count: count) else {
            throw UsageError("--shard \(text): the shard must be from 1 to the count, and the count at least 1", hint: "write '--shard 1/\(max(count, 1))' to '--shard \(max(count, 1))/\(max(count, 1))'")
        }
        return shard
    }

    /// What `--records` cannot be combined with: paths, a report that needs every document at once, the cache
    /// and the baseline (which are about files), shards (Spark and other engines split records themselves).
    static func checkRecordsOptions(_ command: LintCommand, request: LintRequest, records: String) throws(UsageError) {
        if !request.paths.isEmpty {
            throw UsageError("--records reads its documents from \(records == "-" ? "standard input" : records); it takes no paths", hint: "lint files and records in two runs")
        }
        if let format = command.format, ![.default, .jsonl].contains(format) {
            throw UsageError("--records reports one line at a time: --format jsonl or the default format, not \(format.rawValue)",
                             hint: "write '--records \(records) --format jsonl'")
        }
        let refused: [(Bool, String)] = [(request.mode == .diff, "--diff"), (request.shard != nil, "--shard"), (command.cache, "--cache"),
                                         (command.baseline != nil, "--baseline"), (command.writeBaseline != nil, "--write-baseline"),
                                         (command.statistics && request.mode == .fix, "--statistics with --fix"), (command.showFixes, "--show-fixes")]
        if let (_, option) = refused.first(where: { $0.0 }) {
            throw UsageError("--records cannot be combined with \(option)", hint: "records are split and compared by the engine that runs fmtcheck; see README's 'Linting past one machine: shards and records'")
        }
    }

    /// Command-line patterns, anchored at the current folder.
    static func patterns(for option: String, _ texts: [String]) throws(UsageError) -> [PathPattern] {
        let folder = FileManager.default.currentDirectoryPath
        var patterns: [PathPattern] = []
        for text in texts {
            guard let pattern = PathPattern(text, base: folder, origin: option) else {
                throw UsageError("\(option) '\(text)' matches nothing", hint: "write a gitignore-style pattern such as 'drafts/' or 'legacy/**'")
            }
            patterns.append(pattern)
        }
        return patterns
    }

    /// `PATTERN:RULE` items, as ruff writes them (`legacy/**:IngredientsAreGreen,legacy/**:scope`); an item
    /// without a pattern adds a rule to the one before (`legacy/**:IngredientsAreGreen,scope`).
    static func perFileIgnores(for option: String, _ items: [String]) throws(UsageError) -> [PerFileIgnore] {
        var entries: [PerFileIgnore] = []
        for item in items {
            guard let colon = item.lastIndex(of: ":") else {
                guard !entries.isEmpty else {
                    throw UsageError("\(option) '\(item)' needs a pattern and a rule", hint: "write '\(option) \"legacy/**:IngredientsAreGreen\"'")
                }
                entries[entries.count - 1].rules.append(item)
                continue
            }
            let rule = String(item[item.index(after: colon)...]).trimmingSpaces
            guard !rule.isEmpty, let pattern = try patterns(for: option, [String(item[..<colon])]).first else {
                throw UsageError("\(option) '\(item)' needs a pattern and a rule", hint: "write '\(option) \"legacy/**:IngredientsAreGreen\"'")
            }
            if let last = entries.last, last.pattern == pattern {
                entries[entries.count - 1].rules.append(rule)
            } else {
                entries.append(PerFileIgnore(pattern: pattern, rules: [rule]))
            }
        }
        return entries
    }

    /// `NAME=off|warning|error`, as ESLint's `--rule` sets a rule's severity.
    static func severity(_ item: String) throws(UsageError) -> (String, SeveritySetting) {
        let parts = item.split(separator: "=", maxSplits: 1).map { String($0).trimmingSpaces }
        guard parts.count == 2, !parts[0].isEmpty else {
            throw UsageError("--rule '\(item)' needs a rule and a severity", hint: "write '--rule IngredientsAreGreen=warning' (off, warning or error)")
        }
        guard let setting = SeveritySetting(rawValue: parts[1].lowercased()) else {
            let names = SeveritySetting.allCases.map(\.rawValue)
            throw UsageError("--rule \(parts[0])=\(parts[1]): '\(parts[1])' is not a severity",
                             hint: Suggestions.didYouMean(parts[1], in: names) ?? "the severities are off, warning and error")
        }
        return (parts[0], setting)
    }

    /// A byte count: `1048576`, `512K`, `256M`, `1G` (binary multiples).
    static func parseSize(_ text: String) throws(UsageError) -> Int {
        var digits = Substring(text)
        var multiplier = 1
        switch digits.last?.uppercased() {
        case "K"?: multiplier = 1 << 10
        case "M"?: multiplier = 1 << 20
        case "G"?: multiplier = 1 << 30
        default: break
        }
        if multiplier > 1 { digits = digits.dropLast() }
        let suffix = multiplier > 1 ? String(text.last!).uppercased() : ""
        let tooLarge = UsageError("--max-file-size \(text) is too large; the largest size is \(Int.max / multiplier)\(suffix)")
        guard let n = Int(digits), n > 0 else {
            // All digits, yet no Int: more than Int holds.
            if !digits.isEmpty && digits.allSatisfy({ $0.isASCII && $0.isNumber }) { throw tooLarge }
            throw UsageError("--max-file-size needs a positive size such as 1048576, 512K or 256M, not '\(text)'")
        }
        let (bytes, overflow) = n.multipliedReportingOverflow(by: multiplier)
        if overflow { throw tooLarge }
        return bytes
    }
}
