import Formatting
import RichText

/// Every case a list of conditions can tell apart, for deciding exactly which rules can apply.
///
/// Conditions only compare keys with the values they mention, so for each key read it is enough to try
/// "absent", each mentioned value and one value mentioned nowhere. The product of those choices covers every
/// distinguishable case, which makes the analysis exact rather than a heuristic.
struct ConditionSpace {
    /// The keys read, sorted.
    let keys: [String]
    /// The values tried per key (nil: absent).
    let candidates: [[AttributeValue?]]

    /// The largest number of cases enumerated; past it, callers fall back to syntactic checks.
    static let limit = 1 << 16

    /// The space of the given conditions.
    init(_ conditions: [Condition]) {
        keys = conditions.reduce(into: Set<String>()) { $0.formUnion($1.keys) }.sorted()
        candidates = keys.map { key in
            var values: [AttributeValue?] = [nil]
            for condition in conditions {
                for value in Self.mentioned(of: key, in: condition) where !values.contains(value) { values.append(value) }
            }
            var unmentioned = "\u{0}unmentioned"
            while values.contains(.string(unmentioned)) { unmentioned += "\u{0}" }
            values.append(.string(unmentioned))
            return values
        }
    }

    /// The number of cases.
    var count: Int {
        candidates.reduce(1) { product, values in product > Self.limit ? product : product * values.count }
    }

    /// Calls `body` with each case, as key-to-value assignments.
    func forEachCase(_ body: ([String: AttributeValue]) -> Void) {
        var digits = [Int](repeating: 0, count: keys.count)
        while true {
            var assignment: [String: AttributeValue] = [:]
            for (i, key) in keys.enumerated() { if let value = candidates[i][digits[i]] { assignment[key] = value } }
            body(assignment)
            var position = 0
            while position < digits.count {
                digits[position] += 1
                if digits[position] < candidates[position].count { break }
                digits[position] = 0
                position += 1
            }
            if position == digits.count { return }
        }
    }

    /// Whether `condition` holds for an assignment.
    static func holds(_ condition: Condition, _ assignment: [String: AttributeValue]) -> Bool {
        switch condition {
        case .present(let key): return assignment[key] != nil
        case .absent(let key): return assignment[key] == nil
        case .equals(let key, let value): return assignment[key] == value
        case .oneOf(let key, let values): return assignment[key].map(values.contains) ?? false
        case .not(let inner): return !holds(inner, assignment)
        case .all(let inner): return inner.allSatisfy { holds($0, assignment) }
        case .any(let inner): return inner.contains { holds($0, assignment) }
        }
    }

    /// The values `condition` compares `key` with.
    static func mentioned(of key: String, in condition: Condition) -> [AttributeValue] {
        switch condition {
        case .equals(let k, let value): return k == key ? [value] : []
        case .oneOf(let k, let values): return k == key ? values : []
        case .present, .absent: return []
        case .not(let inner): return mentioned(of: key, in: inner)
        case .all(let inner), .any(let inner): return inner.flatMap { mentioned(of: key, in: $0) }
        }
    }

    /// Why an `all` can never hold, in words, when the reason is a plain clash of two of its parts.
    static func contradiction(in condition: Condition) -> String? {
        guard case .all(let parts) = condition else { return nil }
        for (i, a) in parts.enumerated() {
            for b in parts[(i + 1)...] {
                switch (a, b) {
                case let (.present(x), .absent(y)) where x == y, let (.absent(x), .present(y)) where x == y:
                    return "it needs '\(x)' to be both present and absent"
                case let (.equals(x, v), .equals(y, w)) where x == y && v != w:
                    return "it needs '\(x)' to equal both \(v.phrase) and \(w.phrase)"
                case let (.equals(x, _), .absent(y)) where x == y, let (.absent(y), .equals(x, _)) where x == y:
                    return "it needs '\(x)' to have a value and to be absent"
                default:
                    continue
                }
            }
        }
        return nil
    }
}
