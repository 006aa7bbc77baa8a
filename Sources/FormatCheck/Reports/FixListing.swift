/// `--show-fixes`: the fixes of a run, per document and rule, as ruff lists them: with `--fix`, what was
/// fixed ("Fixed 3 problems:"); otherwise what `--fix` would fix, then what only `--unsafe-fixes` would.
/// Counts follow each finding's `fix` (`Violation.fix`), as the summary's "fixable with --fix" does.
enum FixListing {
    /// The listing, lines escaped for a terminal and coloured by `style`.
    static func text(_ result: LintRunResult, mode: LintRequest.Mode, style: TerminalStyle) -> String {
        if mode == .fix {
            let fixed = result.files.map { ($0.path, $0.fixedByRule) }
            let total = fixed.reduce(0) { $0 + $1.1.values.reduce(0, +) }
            guard total > 0 else { return "No fixes applied.\n" }
            return "Fixed \(RunSummary.count(total, "problem")):\n" + listing(fixed, style: style)
        }
        func available(_ applicability: FixApplicability) -> [(String, [String: Int])] {
            result.files.map { file in (file.path, file.violations.filter { $0.fix == applicability }.reduce(into: [:]) { $0[$1.rule, default: 0] += 1 }) }
        }
        let (safe, unsafe) = (available(.safe), available(.unsafe))
        let (safeCount, unsafeCount) = (safe.reduce(0) { $0 + $1.1.values.reduce(0, +) }, unsafe.reduce(0) { $0 + $1.1.values.reduce(0, +) })
        var out = safeCount == 0 ? "No fixes available with --fix.\n"
            : "\(RunSummary.count(safeCount, "fix", plural: "fixes")) available with --fix:\n" + listing(safe, style: style)
        if unsafeCount > 0 { out += "\(unsafeCount) more with --fix --unsafe-fixes (they drop data):\n" + listing(unsafe, style: style) }
        return out
    }

    /// `- path:` then `    N × rule` lines, most first, for each document with any.
    static func listing(_ files: [(String, [String: Int])], style: TerminalStyle) -> String {
        var out = ""
        for (path, counts) in files where !counts.isEmpty {
            out += "- " + style.bold(TerminalText.escaped(path) + ":") + "\n"
            for (rule, n) in counts.sorted(by: { ($1.value, $0.key) < ($0.value, $1.key) }) {
                out += "    \(n) × " + style.dim(TerminalText.escaped(rule)) + "\n"
            }
        }
        return out
    }
}
