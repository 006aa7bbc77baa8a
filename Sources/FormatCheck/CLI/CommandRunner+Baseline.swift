import Foundation
import RichTextFormats
import SafeWrite

extension CommandRunner {
    /// The baseline `--baseline` names, read before anything is linted; nil when none is named.
    static func loadBaseline(_ command: LintCommand) throws(ConfigurationError) -> Baseline? {
        guard let path = command.baseline else { return nil }
        return try Baseline.load(path: path)
    }

    /// The run as it is reported under `--write-baseline` and `--baseline`: a baseline written records every
    /// finding and leaves none; a baseline read leaves out what it records, and with `--prune-baseline` loses
    /// the entries that no longer match (each listed). Nil when a baseline could not be written (said).
    static func applyingBaselines(_ command: LintCommand, to result: LintRunResult, baseline: Baseline?, messages: LintMessages) -> LintRunResult? {
        if let path = command.writeBaseline {
            let recorded = Baseline(recording: result, path: path)
            guard write(recorded, to: path, messages: messages) else { return nil }
            let outcome = recorded.apply(to: result)
            let shown = RunSummary.count(recorded.entries.count, "finding")
            messages.writeLine(.notice, "\(path): note: wrote the baseline of \(shown); lint with --baseline \(path) to see only new ones", file: path)
            return outcome.result
        }
        guard let baseline, let path = command.baseline else { return result }
        var outcome = baseline.apply(to: result)
        guard command.pruneBaseline else { return outcome.result }
        for entry in outcome.stale {
            messages.writeLine(.notice, "\(path): note: removed the baseline entry for \(entry.rule) in \(entry.file) (\(entry.message)): it no longer matches", file: path)
        }
        if !outcome.stale.isEmpty {
            guard write(baseline.pruning(outcome.stale), to: path, messages: messages) else { return nil }
        }
        outcome.result.baselineCounts?.pruned = true
        return outcome.result
    }

    /// Writes a baseline file atomically; false when it could not be written (said).
    static func write(_ baseline: Baseline, to path: String, messages: LintMessages) -> Bool {
        do {
            try OutputTarget.createFolders(for: path)
            try AtomicWriter.write(Array(baseline.fileText.utf8), to: path)
            return true
        } catch {
            messages.writeLine(.error, "fmtcheck: error: cannot write the baseline \(path): \(error.message)")
            return false
        }
    }
}
