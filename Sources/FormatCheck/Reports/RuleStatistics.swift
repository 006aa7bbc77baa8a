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
            add(RuleStatistics(rule: violation.rule, count: 1, fixable: violation.fix == .safe ? 1 : 0,
                               unsafeFixable: violation.fix == .unsafe ? 1 : 0), into: &byRule)
        }
    }

    /// Adds `entry`'s counts to its rule's in `byRule` (sums of runs, of batches, of reports).
    static func add(_ entry: RuleStatistics, into byRule: inout [String: RuleStatistics]) {
        var sum = byRule[entry.rule] ?? RuleStatistics(rule: entry.rule, count: 0, fixable: 0, unsafeFixable: 0)
        sum.count += entry.count
        sum.fixable += entry.fixable
        sum.unsafeFixable += entry.unsafeFixable
        byRule[entry.rule] = sum
    }

    /// Per-rule counts in the order reports list them: most found first, then by rule id.
    static func ordered(_ entries: some Sequence<RuleStatistics>) -> [RuleStatistics] {
        entries.sorted { ($1.count, $0.rule) < ($0.count, $1.rule) }
    }

    /// What `--statistics` prints in `format`: a JSON array (pretty in json, one line in jsonl), else the table.
    static func report(_ statistics: [RuleStatistics], as format: ReportFormat) -> String {
        switch format {
        case .json: return JSONText.write(JSONReport.statistics(statistics))
        case .jsonl: return JSONLinesReport.line(JSONReport.statistics(statistics))
        default: return table(statistics)
        }
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
