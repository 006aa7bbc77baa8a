import Foundation

/// The human summary line a lint run ends with: counts and time.
public enum RunSummary {
    /// "3 problems (2 errors, 1 warning) in 2 of 7 files; 1 file not linted (0.05 s)".
    public static func line(_ result: LintRunResult, mode: LintRequest.Mode) -> String {
        let files = result.files.count
        var parts: [String] = []
        switch mode {
        case .fix:
            let fixedFiles = result.files.filter { $0.fixedCount > 0 }.count
            parts.append("fixed \(count(result.fixedCount, "problem")) in \(count(fixedFiles, "file"))")
            let remaining = result.errorCount + result.warningCount
            if remaining > 0 { parts.append("\(count(remaining, "problem")) remaining") }
        case .diff:
            parts.append("\(count(result.filesWithDiffs, "file")) would be changed by --fix")
        case .check:
            break
        }
        let notLinted = result.files.filter { $0.failure != nil }.count
        let linted = files - notLinted
        if mode == .check || mode == .diff {
            let total = result.errorCount + result.warningCount
            if linted == 0 {
                // Nothing was linted: not "no problems".
                parts.append("0 files linted")
            } else if total == 0 {
                parts.append("no problems in \(count(linted, "file"))")
            } else {
                parts.append("\(count(total, "problem")) (\(count(result.errorCount, "error")), \(count(result.warningCount, "warning"))) in \(result.filesWithViolations) of \(count(linted, "file"))")
            }
        }
        if notLinted > 0 { parts.append("\(count(notLinted, "file")) not linted") }
        let malformed = result.files.filter { $0.failure == nil && $0.hasInputError }.count
        if malformed > 0 { parts.append("\(count(malformed, "file")) malformed") }
        let (safe, unsafe) = result.fixableCounts
        if mode == .check {
            if safe > 0 || unsafe > 0 {
                parts.append(safe > 0 ? "\(safe) fixable with --fix" + (unsafe > 0 ? " (\(unsafe) more with --unsafe-fixes)" : "")
                                      : "\(unsafe) fixable with --unsafe-fixes")
            }
        } else if mode == .fix {
            if unsafe > 0 { parts.append("\(unsafe) more fixable with --unsafe-fixes") }
        }
        if let baseline = result.baselineCounts {
            if baseline.matched > 0 { parts.append("\(count(baseline.matched, "finding")) in the baseline not shown") }
            if baseline.stale > 0 {
                let entries = count(baseline.stale, "baseline entry", plural: "baseline entries"), match = baseline.stale == 1 ? "matches" : "match"
                parts.append(baseline.pruned ? "\(entries) that no longer \(match) removed"
                                             : "\(entries) no longer \(match) (--prune-baseline removes \(baseline.stale == 1 ? "it" : "them"))")
            }
        }
        let excluded = result.skipped.filter(\.isExcluded).count
        let passedOver = result.skipped.count - excluded
        if passedOver > 0 { parts.append("\(passedOver) skipped" + (excluded > 0 ? "" : " (--verbose lists them)")) }
        if excluded > 0 { parts.append("\(excluded) excluded (--verbose lists them)") }
        return parts.joined(separator: "; ") + String(format: " (%.2f s)", result.seconds)
    }

    /// "1 file", "3 files".
    static func count(_ n: Int, _ noun: String, plural: String? = nil) -> String {
        "\(n) \(n == 1 ? noun : plural ?? noun + "s")"
    }
}
