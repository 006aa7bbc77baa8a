import Foundation
import RichTextFormats
import StreamingJSON
import SafeWrite

extension CommandRunner {
    /// `fmtcheck lint --records FILE|-`: lints a JSON Lines stream (`RecordLintRun`). Findings go to standard
    /// output a line at a time (`--format jsonl`, or the default format's lines); under `--fix` the records go
    /// there instead, each fixed or as it was; `--statistics` prints per-rule counts at the end. Unreadable
    /// records, definition problems and the summary go to standard error. Exit 2 if any record could not be
    /// linted, else 1 for findings (0 under `--fix` when none remain), as file mode does.
    static func lintRecords(_ command: LintCommand, source: String, format: ReportFormat, maxWarnings: Int, console: Console) -> ExitCode {
        let messages = LintMessages(console: console, github: false)
        guard format == .jsonl || format == .default else {
            messages.writeLine(.error, "fmtcheck: error: --records reports one line at a time: --format jsonl or the default format, not \(format.rawValue) (set by the configuration)")
            return .failure
        }
        if let output = command.output, let refusal = OutputTarget.refusal(output, isFolder: false, inputs: source == "-" ? [] : [source]) {
            console.err("fmtcheck: error: cannot write the output to \(output): \(refusal)\n")
            return .failure
        }
        if let output = command.output { cleanLeftovers(beside: output, messages: messages) }
        var request = command.request
        request.fingerprints = format == .jsonl
        var run = RecordLintRun(request, source: source)
        run.format = format
        run.writesFindings = !command.statistics
        var summary = RecordLintRun.Summary()
        // `--statistics`: the per-rule counts, after the stream.
        func statistics() -> String { RuleStatistics.report(summary.statistics, as: format) }
        if let output = command.output {
            // Streamed into a file beside OUT, which replaces OUT only once the whole stream is read.
            let sink = LentSink()
            do throws(AtomicWriter.Failure) {
                try OutputTarget.createFolders(for: output)
                try AtomicWriter.write(to: output) { (write: ([UInt8]) throws(AtomicWriter.Failure) -> Void) throws(AtomicWriter.Failure) in
                    withoutActuallyEscaping(write) { write in
                        // The run's closures may outlive it for a moment on the worker threads that ran them;
                        // they reach the writer through the sink, which gives it back before the block ends.
                        sink.lend(write)
                        summary = run.run(output: { sink.write($0) }, diagnostics: { console.err($0) })
                        sink.takeBack()
                    }
                    if let error = sink.failure { throw error }
                    if command.statistics { try write(Array(statistics().utf8)) }
                }
            } catch {
                messages.writeLine(.error, "fmtcheck: error: cannot write the output to \(output): \(error.message); nothing was replaced")
                return .failure
            }
        } else {
            summary = run.run(output: { console.out(bytes: $0) }, diagnostics: { console.err($0) })
            if command.statistics { console.out(statistics()) }
        }
        if !summary.selectionProblems.isEmpty {
            for problem in summary.selectionProblems { messages.writeLine(.error, problem.description) }
            return .failure
        }
        for problem in summary.configurationProblems {
            messages.write(.error, problem.description, file: problem.fileName, location: problem.location)
        }
        for problem in summary.definitionProblems {
            for diagnostic in problem.diagnostics {
                messages.write(diagnostic.severity == .error ? .error : .warning, diagnostic.description, file: diagnostic.fileName, location: diagnostic.location)
            }
            messages.writeLine(.error, "\(problem.fileName): invalid definition: \(count(problem.errors.count, "error"))", file: problem.fileName)
        }
        if let failure = summary.failure { messages.write(.error, failure.description, file: failure.path) }
        if !command.quiet {
            var line = summaryLine(summary, mode: request.mode)
            if let output = command.output { line += "; written to \(output)" }
            console.errLine(line)
        }
        if summary.hasInputErrors { return .failure }
        if command.exitNonZeroOnFix, request.mode == .fix, summary.fixed > 0 { return .violations }
        if command.exitZero { return .success }
        if summary.errors > 0 { return .violations }
        if maxWarnings >= 0 && summary.warnings > maxWarnings {
            messages.writeWarningLimit(summary.warnings, limit: maxWarnings)
            return .violations
        }
        return .success
    }

    /// "3 problems (2 errors, 1 warning) in 2 of 100,000 records; 1 record not linted (4.10 s, 52.3 MB/s)".
    static func summaryLine(_ summary: RecordLintRun.Summary, mode: LintRequest.Mode) -> String {
        var parts: [String] = []
        let linted = summary.records - summary.unreadable
        let total = summary.errors + summary.warnings
        if mode == .fix {
            parts.append("fixed \(count(summary.fixed, "problem")) in \(count(summary.fixedRecords, "record"))")
            if total > 0 { parts.append("\(count(total, "problem")) remaining") }
        } else if linted == 0 {
            parts.append("0 records linted")
        } else if total == 0 {
            parts.append("no problems in \(count(linted, "record"))")
        } else {
            parts.append("\(count(total, "problem")) (\(count(summary.errors, "error")), \(count(summary.warnings, "warning"))) in \(summary.recordsWithFindings) of \(count(linted, "record"))")
        }
        if summary.unreadable > 0 { parts.append("\(count(summary.unreadable, "record")) not linted") }
        if summary.malformed > 0 { parts.append("\(count(summary.malformed, "record")) malformed") }
        if mode == .check, summary.fixable > 0 || summary.unsafeFixable > 0 {
            parts.append(summary.fixable > 0 ? "\(summary.fixable) fixable with --fix" + (summary.unsafeFixable > 0 ? " (\(summary.unsafeFixable) more with --unsafe-fixes)" : "")
                                             : "\(summary.unsafeFixable) fixable with --unsafe-fixes")
        }
        let rate = summary.seconds > 0 ? Double(summary.bytes) / 1_000_000 / summary.seconds : 0
        return parts.joined(separator: "; ") + String(format: " (%.2f s, %.1f MB/s)", summary.seconds, rate)
    }
}

/// The atomic writer's stream, lent to the run's threads for the run's length, and the first write failure.
///
/// The writer is a non-escaping closure made escaping for the run (`withoutActuallyEscaping`), which traps if
/// anything still holds it when the block ends. The run's own closures can: a worker thread releases the
/// closure it ran a moment after the run has returned. So they hold this sink, never the writer, and the sink
/// gives the writer back before the block ends. The run calls `write` one batch at a time, and every call has
/// returned before `run` does.
final class LentSink: @unchecked Sendable {
    private var writer: (([UInt8]) throws(AtomicWriter.Failure) -> Void)?
    private(set) var failure: AtomicWriter.Failure?

    func lend(_ writer: @escaping ([UInt8]) throws(AtomicWriter.Failure) -> Void) { self.writer = writer }
    func takeBack() { writer = nil }

    /// Writes `bytes`, unless an earlier write failed (the failure is kept, the rest of the stream dropped).
    func write(_ bytes: [UInt8]) {
        guard failure == nil, let writer else { return }
        do throws(AtomicWriter.Failure) { try writer(bytes) } catch { failure = error }
    }
}
