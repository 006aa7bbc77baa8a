import Formatting
import Foundation
import RichTextFormats
import SafeWrite
#if canImport(Glibc)
import Glibc
#endif

extension CommandRunner {
    /// `fmtcheck [lint]`: lint, report in the chosen format (to stdout or `-o FILE`), the human summary and any
    /// input problems on stderr (as workflow commands under `--format github`), and the linters' exit code.
    static func lint(_ command: LintCommand, console: Console) -> ExitCode {
        let runConfig: LintConfiguration
        do {
            runConfig = try runConfiguration(for: command.request.paths, configFile: command.request.configFile)
        } catch {
            LintMessages(console: console, github: command.format == .github)
                .write(.error, error.description, file: error.fileName, location: error.location)
            return .failure
        }
        if command.printConfig { return printConfiguration(command, base: runConfig, console: console) }
        let format = command.format ?? runConfig.format ?? .default
        let messages = LintMessages(console: console, github: format == .github)
        if command.request.mode == .diff, [.json, .sarif, .html, .junit, .checkstyle, .gitlab].contains(format) {
            // Never a plain-text diff where a machine-readable report was asked for.
            messages.writeLine(.error, "fmtcheck: error: --diff writes a unified diff, which --format \(format.rawValue) does not carry; use the default or github format, or drop --diff for the \(format.rawValue) report")
            return .failure
        }
        if command.statistics, command.request.mode == .diff || [.sarif, .html, .junit, .checkstyle, .gitlab].contains(format) {
            let other = command.request.mode == .diff ? "--diff" : "--format \(format.rawValue)"
            messages.writeLine(.error, "fmtcheck: error: --statistics prints counts per rule, which \(other) does not carry; use the default or json format")
            return .failure
        }
        if command.watch {
            guard [.default, .jsonl].contains(format) else {
                messages.writeLine(.error, "fmtcheck: error: --watch prints findings as they change, in the default or jsonl format, not \(format.rawValue)")
                return .failure
            }
            return watch(command, console: console)
        }
        let maxWarnings = command.maxWarnings ?? runConfig.maxWarnings ?? -1
        if let records = command.records {
            return lintRecords(command, source: records, format: format, maxWarnings: maxWarnings, console: console)
        }
        var request = command.request
        request.keepsDocuments = format == .html
        request.baseline = command.baseline
        request.diffIsForTerminal = command.output == nil && isatty(STDOUT_FILENO) != 0
        // The cache serves check runs whose report needs only findings (HTML shows each document).
        let cacheFile = command.cache && request.mode == .check && !request.keepsDocuments
            ? LintCache.file(at: command.cacheLocation ?? LintCache.defaultName) : nil
        // Cached findings carry their fingerprints, so that runs of every report format share one cache.
        request.fingerprints = [.json, .sarif, .jsonl, .gitlab].contains(format) || command.baseline != nil || command.writeBaseline != nil || cacheFile != nil
        // Before anything is linted or fixed: a report, baseline or cache must not replace a device, a link or a document.
        let outputs = [command.output, command.writeBaseline, command.pruneBaseline ? command.baseline : nil, cacheFile].compactMap { $0 }
        if !outputs.isEmpty {
            let documents = FileDiscovery.targets(for: request).targets
                .compactMap { target -> String? in if case .file(let path) = target { return path } else { return nil } }
            for output in outputs {
                if let refusal = OutputTarget.refusal(output, isFolder: false, inputs: documents) {
                    let what = output == command.output ? "the report" : output == cacheFile ? "the cache" : "the baseline"
                    console.err("fmtcheck: error: cannot write \(what) to \(output): \(refusal)\n")
                    return .failure
                }
            }
            for output in outputs { cleanLeftovers(beside: output, messages: messages) }
        }
        let baseline: Baseline?
        do {
            baseline = try loadBaseline(command)
        } catch {
            messages.write(.error, error.description, file: error.fileName, location: error.location)
            return .failure
        }
        var lintRun = LintRun(request)
        // The HTML report's sections are rendered as each document is linted, and the document let go.
        let sections = format == .html && !command.statistics ? HTMLReport.Sections() : nil
        if let sections { lintRun.completed = sections.keep }
        if let cacheFile {
            let cache = LintCache(location: cacheFile)
            if let warning = cache.warning { messages.writeLine(.warning, "fmtcheck: warning: \(warning)", file: cache.path) }
            lintRun.cache = cache
        }
        let bar = ProgressBar(write: console.err)
        let run = lintRun.run(progress: { bar.update($0, $1) })
        bar.finish()
        if let cache = lintRun.cache {
            if command.verbose {
                messages.writeLine(.notice, "fmtcheck: cache \(cache.path): \(RunSummary.count(cache.hits, "document")) from the cache, unread; \(cache.misses) linted")
            }
            do {
                try cache.save()
            } catch {
                messages.writeLine(.warning, "fmtcheck: warning: cannot write the cache \(cache.path): \(error.message); the next run lints every document", file: cache.path)
            }
        }
        if !run.selectionProblems.isEmpty {
            // Usage errors: nothing was linted.
            for problem in run.selectionProblems { messages.writeLine(.error, problem.description) }
            return .failure
        }
        guard let result = applyingBaselines(command, to: run, baseline: baseline, messages: messages) else { return .failure }
        warnAboutIgnoredRunWideOptions(result, run: runConfig, messages: messages)
        if command.verbose {
            for skipped in result.skipped { messages.writeLine(.notice, "\(skipped.path): skipped: \(skipped.reason)", file: skipped.path) }
        }

        for problem in result.configurationProblems {
            messages.write(.error, problem.description, file: problem.fileName, location: problem.location)
        }
        for problem in result.definitionProblems {
            for diagnostic in problem.diagnostics {
                messages.write(diagnostic.severity == .error ? .error : .warning, diagnostic.description,
                               file: diagnostic.fileName, location: diagnostic.location)
            }
            messages.writeLine(.error, "\(problem.fileName): invalid definition: \(count(problem.errors.count, "error"))", file: problem.fileName)
        }
        // A GitHub report on stdout annotates the failures already.
        if !messages.github || command.output != nil || request.mode == .diff {
            // Documents a definition that did not load kept from linting: said once per definition, not per document.
            var unlinted: [String: [InputFailure]] = [:]
            for file in result.files {
                guard let failure = file.failure else { continue }
                if let definition = failure.definitionNotLoaded {
                    unlinted[definition, default: []].append(failure)
                } else {
                    messages.write(.error, failure.description, file: failure.path)
                }
            }
            for (definition, failures) in unlinted.sorted(by: { $0.key < $1.key }) {
                if failures.count == 1 {
                    messages.write(.error, failures[0].description, file: failures[0].path)
                } else {
                    let paths = failures.map(\.path)
                    let shown = paths.prefix(3).joined(separator: ", ") + (paths.count > 3 ? ", …" : "")
                    messages.writeLine(.error, "fmtcheck: error: \(count(paths.count, "document")) not linted: their definition \(definition) did not load (\(shown))")
                }
            }
        }
        for file in result.files {
            for note in file.leftoverNotes { messages.writeLine(.warning, "\(file.path): warning: \(note)", file: file.path) }
        }
        for file in result.files where !file.fixNotes.isEmpty {
            let written = request.mode == .fix && file.failure == nil && file.fixHeldBack == nil
            let verb = written ? "the fix was written" : "--fix would write"
            messages.writeLine(.notice, "\(file.path): note: \(verb) as \(file.format?.displayName ?? "its own format"), which does not keep: \(file.fixNotes.joined(separator: "; "))", file: file.path)
        }
        for file in result.files {
            if let reason = file.fixHeldBack { messages.writeLine(.notice, "\(file.path): note: not fixed: \(reason)", file: file.path) }
        }

        // Colour only what goes to a terminal (or everywhere under --color always), never a report file.
        let outStyle = command.output == nil ? console.style(command.color, forErr: false) : .plain
        /// The report, handed to `sink` a piece at a time (`Report.write`).
        func writeReport<Failure: Error>(to sink: ([UInt8]) throws(Failure) -> Void) throws(Failure) {
            if request.mode == .diff {
                var report = result.files.map(\.diff).joined()
                if messages.github && !report.isEmpty { report = GitHubReport.pausingCommands(report) } else { report = outStyle.diff(report) }
                try sink(Array(report.utf8))
            } else if command.statistics {
                try sink(Array(RuleStatistics.report(RuleStatistics.of(result), as: format).utf8))
            } else if format == .default {
                try sink(Array(DefaultReport.render(result, style: outStyle).utf8))
            } else {
                try Report.write(result, as: format, sections: sections, to: sink)
            }
        }
        if let output = command.output {
            do {
                try OutputTarget.createFolders(for: output)
                try AtomicWriter.write(to: output) { (write: ([UInt8]) throws(AtomicWriter.Failure) -> Void) throws(AtomicWriter.Failure) in
                    try writeReport(to: write)
                }
            } catch {
                messages.writeLine(.error, "fmtcheck: error: cannot write the report to \(output): \(error.message)")
                return .failure
            }
        } else {
            writeReport { console.out(bytes: $0) }
        }
        if command.showFixes { console.err(FixListing.text(result, mode: request.mode, style: console.style(command.color, forErr: true))) }
        if !command.quiet {
            var summary = RunSummary.line(result, mode: request.mode)
            if let output = command.output { summary += "; report written to \(output)" }
            console.err(console.style(command.color, forErr: true).summary(TerminalText.escaped(summary), of: result, mode: request.mode) + "\n")
        }
        if result.hasInputErrors { return .failure }
        if command.exitNonZeroOnFix, request.mode == .fix, result.fixedCount > 0 { return .violations }
        if command.exitZero { return .success }
        if request.mode == .diff { return result.filesWithDiffs > 0 ? .violations : .success }
        if result.errorCount > 0 { return .violations }
        if maxWarnings >= 0 && result.warningCount > maxWarnings {
            messages.writeWarningLimit(result.warningCount, limit: maxWarnings)
            return .violations
        }
        return .success
    }

    /// The configuration for run-wide options (format, warning limit): the nearest `.fmtcheck.json` of the
    /// current folder, else that of the first path; under `--config FILE`, that file.
    static func runConfiguration(for paths: [String], configFile: String? = nil) throws(ConfigurationError) -> LintConfiguration {
        let resolver = ConfigurationResolver(configFile: configFile)
        let here = try resolver.configuration(forFolder: FileManager.default.currentDirectoryPath)
        guard here.sources.isEmpty, let first = paths.first(where: { $0 != "-" }), FileManager.default.fileExists(atPath: first) else { return here }
        return try resolver.configuration(forPath: first)
    }

    /// `--print-config [PATH]`: the configuration linting PATH uses (the current folder when no path is given),
    /// as JSON, after the command line's options, whatever the current folder: the definition, the rules in
    /// effect (`LintConfiguration.selection(with:)`) and the size limit from PATH's own configuration files; the
    /// run-wide options (format, warning limit) from the run's (`runConfiguration(for:)`).
    static func printConfiguration(_ command: LintCommand, base: LintConfiguration, console: Console) -> ExitCode {
        let request = command.request
        let resolver = ConfigurationResolver(configFile: request.configFile)
        var effective: LintConfiguration
        do throws(ConfigurationError) {
            // What the run would lint the path under (`LintRun.prepare`), the command line's options applied.
            let path = request.paths.first ?? FileManager.default.currentDirectoryPath
            let documentPath = path == "-" ? LintRun(request).configurationPath(of: .standardInput(name: request.standardInputName ?? "-")) : path
            let own = path == "-" ? try resolver.configuration(forFile: documentPath) : try resolver.configuration(forPath: path)
            // A document's per-file ignores are in its ignore list; a folder's configuration has none of its own.
            let isDocument = path == "-" || !FileDiscovery.isSearchedFolder(FileDiscovery.withoutTrailingSlash(path))
            effective = own.applying(request, forDocument: isDocument ? FileDiscovery.absolutePath(documentPath) : nil)
        } catch {
            console.errLine(error.description)
            return .failure
        }
        effective.format = command.format ?? base.format
        effective.maxWarnings = command.maxWarnings ?? base.maxWarnings
        console.out(ConfigurationPrinter.json(effective, runWideSources: base.sources))
        return .success
    }

    /// Warns about format and warning limits that configuration files nearer a document set and the run does
    /// not use: they are run-wide options, taken from `runConfiguration(for:)` alone.
    static func warnAboutIgnoredRunWideOptions(_ result: LintRunResult, run: LintConfiguration, messages: LintMessages) {
        let from = run.sources.last.map { "the configuration \($0)" } ?? "the command line and defaults"
        // Each configuration once (`configurations` is one per chain of files, the nearest last).
        for config in result.configurations {
            guard let file = config.sources.last, !run.sources.contains(file) else { continue }
            for (name, set, used) in [("format", config.format.map(\.rawValue), run.format.map(\.rawValue)),
                                      ("maxWarnings", config.maxWarnings.map(String.init), run.maxWarnings.map(String.init))] {
                guard let set, set != used else { continue }
                messages.writeLine(.warning, "\(file): warning: \"\(name)\" is ignored here: run-wide options come from \(from) (the current folder's nearest .fmtcheck.json, else the first path's)", file: file)
            }
        }
    }

    /// Removes what an interrupted run left beside `output` before this one writes it (`Leftovers`), saying so.
    static func cleanLeftovers(beside output: String, messages: LintMessages) {
        for note in Leftovers.clean(beside: output) { messages.writeLine(.notice, "\(output): note: \(note)", file: output) }
    }
}
