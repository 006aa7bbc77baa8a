import Formatting
import RichText

/// Per-range suppression, the rich-text counterpart of `# noqa` and `eslint-disable`: text carrying the reserved
/// attribute `fmtcheck.ignore` (`BuiltInRule.suppressionAttribute`) is not reported for the rules it names.
///
/// ```json
/// ["Preheat with ", {}, "saffron", {"ingredient": "saffron", "fmtcheck.ignore": ["IngredientsAreGreen"]},
///  "…", {}, "cumin", {"ingredient": "cumin", "fmtcheck.ignore": {"rules": ["IngredientsAreGreen"], "reason": "brand colour"}}]
/// ```
///
/// The value is a rule id, a list of them, or a record with `rules` (either) and an optional `reason`; `"*"`
/// names every rule. A finding whose text overlaps a suppressing run (an empty one: that touches it) is not
/// reported, and `--fix` leaves what it is about as it is. The attribute is never undeclared or out of scope and
/// `--fix` never removes it. A value that is none of these, and (with `--report-unused-suppressions`) a rule a
/// suppression names that nothing reported there, is an `unused-suppression` finding.
struct Suppressions {
    /// A run of text that suppresses rules (adjacent runs with the same value are one).
    struct Region {
        var range: Range<Int>
        /// The attribute's value.
        var value: AttributeValue
        /// The rules, or nil for every rule (`"*"`).
        var rules: Set<String>?
        /// Names in the order written, for messages.
        var names: [String]
        var reason: String?
        /// What made the value unreadable, if it is.
        var problem: String?
        /// The rules it suppressed a finding of.
        var used: Set<String> = []
    }

    var regions: [Region] = []

    /// Rules about the file rather than a place in its text, which no range suppresses.
    static let unsuppressible: Set<String> = [BuiltInRule.malformedDocument.id, BuiltInRule.readerWarning.id, BuiltInRule.unusedSuppression.id]

    /// The regions of the runs that carry the attribute (`DocumentLinter.scanRuns`), in text order; adjacent
    /// runs with one value are one region.
    init(runs: [(utf8Range: Range<Int>, value: AttributeValue)]) {
        for (range, value) in runs {
            if let last = regions.last, last.range.upperBound == range.lowerBound, last.value == value {
                regions[regions.count - 1].range = last.range.lowerBound..<range.upperBound
            } else {
                regions.append(Self.region(value, range: range))
            }
        }
    }

    /// A region for a value of the attribute.
    static func region(_ value: AttributeValue, range: Range<Int>) -> Region {
        func names(_ value: AttributeValue) -> [String]? {
            switch value {
            case .string(let s): return s.split(separator: ",").map { String($0).trimmingSpaces }.filter { !$0.isEmpty }
            case .list(let items):
                var names: [String] = []
                for item in items {
                    guard case .string(let s) = item else { return nil }
                    names.append(s)
                }
                return names
            default: return nil
            }
        }
        let problem = "\(BuiltInRule.suppressionAttribute) must be a rule id, a list of rule ids, or {\"rules\": […], \"reason\": \"…\"}"
        var reason: String?
        var listed: [String]?
        if case .record(let fields) = value {
            listed = fields["rules"].flatMap(names)
            if case .string(let r)? = fields["reason"] { reason = r } else if fields["reason"] != nil { listed = nil }
            if fields.keys.contains(where: { $0 != "rules" && $0 != "reason" }) { listed = nil }
        } else {
            listed = names(value)
        }
        guard let listed, !listed.isEmpty else {
            return Region(range: range, value: value, rules: [], names: [], reason: nil, problem: problem)
        }
        return Region(range: range, value: value, rules: listed.contains("*") ? nil : Set(listed), names: listed, reason: reason)
    }

    /// `violations` without those a region suppresses; what each region suppressed is noted.
    mutating func removingSuppressed(from violations: [Violation]) -> (kept: [Violation], suppressed: [Violation]) {
        guard !regions.isEmpty else { return (violations, []) }
        var kept: [Violation] = []
        var suppressed: [Violation] = []
        kept.reserveCapacity(violations.count)
        for violation in violations {
            if !Self.unsuppressible.contains(violation.rule), let k = region(suppressing: violation) {
                regions[k].used.insert(violation.rule)
                suppressed.append(violation)
            } else {
                kept.append(violation)
            }
        }
        return (kept, suppressed)
    }

    /// The first region that suppresses `violation`: it names the rule and the finding's text overlaps it (an
    /// empty finding: touches it).
    func region(suppressing violation: Violation) -> Int? {
        let start = violation.position.utf8Offset, end = start + violation.position.utf8Length
        // Regions are in text order: the first that ends after the finding starts is the first candidate.
        var low = 0, high = regions.count
        while low < high {
            let mid = (low + high) / 2
            if regions[mid].range.upperBound < start { low = mid + 1 } else { high = mid }
        }
        var k = low
        while k < regions.count, regions[k].range.lowerBound <= end {
            let range = regions[k].range
            let touches = start == end ? range.lowerBound <= start && start <= range.upperBound : range.overlaps(start..<end)
            if touches, regions[k].problem == nil, regions[k].rules.map({ $0.contains(violation.rule) }) ?? true { return k }
            k += 1
        }
        return nil
    }

    /// The regions to report: those whose value cannot be read, and (when `unused`) the rules a region names that
    /// it suppressed nothing of, among the rules `reported` says are linted.
    func problems(reportingUnused unused: Bool, reported: (String) -> Bool) -> [(range: Range<Int>, message: String)] {
        var found: [(range: Range<Int>, message: String)] = []
        for region in regions {
            if let problem = region.problem {
                found.append((region.range, problem))
                continue
            }
            guard unused else { continue }
            let idle = region.rules == nil ? (region.used.isEmpty ? ["*"] : []) : region.names.filter { !region.used.contains($0) && (reported($0) || $0 == "*") }
            guard !idle.isEmpty else { continue }
            let names = idle.map { "'\($0)'" }.joined(separator: ", ")
            let reason = region.reason.map { " (reason: \($0))" } ?? ""
            found.append((region.range, "\(BuiltInRule.suppressionAttribute) suppresses \(names) here, which find\(idle.count == 1 ? "s" : "") nothing to suppress\(reason)"))
        }
        return found
    }

    /// `fixed` with what `suppressed` findings are about as `original` has it: the values of each finding's key
    /// over its text, so that `--fix` leaves suppressed findings as they are.
    static func restoring(_ suppressed: [Violation], in fixed: RichString, from original: RichString) -> RichString {
        var result = fixed
        for violation in suppressed {
            guard let key = violation.key else { continue }
            let range = violation.position.utf8Offset..<(violation.position.utf8Offset + violation.position.utf8Length)
            guard !range.isEmpty, range.upperBound <= original.counts.utf8, range.upperBound <= result.counts.utf8 else { continue }
            original.forEachRun(inUTF8: range) { piece, attributes in
                let entry = attributes.entry(named: key)
                result.transformAttributesRaw(inUTF8: piece) { set in
                    entry.map { set.setting($0) } ?? set.removing(key)
                }
                return true
            }
        }
        return result
    }
}
