import RichText

extension Condition {
    /// The condition as an English clause: "ingredient is present", "code is present and bold is absent".
    var sentence: String {
        switch self {
        case .present(let key): return "\(key) is present"
        case .absent(let key): return "\(key) is absent"
        case .equals(let key, let value): return "\(key) is \(value.phrase)"
        case .oneOf(let key, let values): return values.isEmpty ? "never" : "\(key) is " + (values.count == 1 ? "" : "one of ") + values.map(\.phrase).joinedInWords("or")
        case .not(.present(let key)): return "\(key) is absent"
        case .not(.absent(let key)): return "\(key) is present"
        case .not(.equals(let key, let value)): return "\(key) is not \(value.phrase)"
        case .not(.oneOf(let key, let values)): return values.isEmpty ? "always" : "\(key) is none of " + values.map(\.phrase).joinedInWords("or")
        case .not(let inner): return "not (\(inner.sentence))"
        case .all(let inner):
            if inner.isEmpty { return "always" }
            return inner.map { $0.isCompound ? "(\($0.sentence))" : $0.sentence }.joined(separator: " and ")
        case .any(let inner):
            if inner.isEmpty { return "never" }
            return inner.map { $0.isCompound ? "(\($0.sentence))" : $0.sentence }.joined(separator: " or ")
        }
    }

    /// Whether the clause joins several parts, so it needs parentheses inside another.
    private var isCompound: Bool {
        switch self {
        case .all(let inner), .any(let inner): return inner.count > 1
        default: return false
        }
    }
}
