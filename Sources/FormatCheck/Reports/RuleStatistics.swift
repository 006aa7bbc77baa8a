/// How often one rule was found in a run, and how many of its findings `--fix` fixes: a line of
/// `--statistics`, as ruff prints it, and a member of the JSON report's `statistics`.
public struct RuleStatistics: Hashable, Sendable {
    /// The rule id.
    public var rule: String
    /// Its findings.
    public var count: Int
    /// Of them, fixed by `--fix`.
    public var fixable: Int
    /// Of them, fixed only with `--unsafe-fixes`.
    public var unsafeFixable: Int

    /// The statistics of a run's findings: one per rule found, most found first, then by rule id.
    public static func of(_ result: LintRunResult) -> [RuleStatistics] {
        var byRule: [String: RuleStatistics] = [:]
        for file in result.files { count(file.violations, into: &byRule) }
        return ordered(byRule.values)
    }

    /// Adds `violations` to per-rule counts.
    static func count(_ violations: [Violation], into byRule: inout [String: RuleStatistics]) {
        for violation in violations {
            var entry = byRule[violation.rule] ?? RuleStatistics(rule: violation.rule, count: 0, fixable: 0, unsafeFixable: 0)
            entry.count += 1
            switch violation.fix {
            case .safe: entry.fixable += 1
            case .unsafe: entry.unsafeFixable += 1
            case .none: break
            }
            byRule[violation.rule] = entry
        }
    }

    /// Per-rule counts in the order reports list them: most found first, then by rule id.
    static func ordered(_ entries: some Sequence<RuleStatistics>) -> [RuleStatistics] {
        entries.sorted { ($1.count, $0.rule) < ($0.count, $1.rule) }
    }

    /// The `--statistics` table: a line per rule with its count, the rule and what is fixable, columns aligned.
    public static func table(_ statistics: [RuleStatistics]) -> String {
        let countWidth = statistics.map { String($0.count).count }.max() ?? 1
        let ruleWidth = statistics.map(\.rule.count).max() ?? 0
        return statistics.map { entry in
            let count = String(entry.count)
            var fixes: [String] = []
            if entry.fixable > 0 { fixes.append("\(entry.fixable) fixable") }
            if entry.unsafeFixable > 0 { fixes.append("\(entry.unsafeFixable) fixable with --unsafe-fixes") }
            let line = String(repeating: " ", count: countWidth - count.count) + count + "  " + entry.rule
                + (fixes.isEmpty ? "" : String(repeating: " ", count: ruleWidth - entry.rule.count) + "  " + fixes.joined(separator: ", "))
            return line + "\n"
        }.joined()
    }
}
