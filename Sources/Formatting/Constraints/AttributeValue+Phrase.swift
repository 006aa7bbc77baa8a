import RichText

extension AttributeValue {
    /// The value as an explanation writes it: strings quoted, colours as hex, numbers without a needless ".0"
    /// (`"salt"`, `#00FF00`, `3`). The built-in constraints' `sentence`s and the definition checker's messages
    /// write values so; a constraint type of your own writes its `sentence` with it to read the same.
    public var phrase: String {
        switch self {
        case .string(let s): return "\"\(s)\""
        case .number(let d): return Double.phrase(d)
        default: return description
        }
    }
}

extension Double {
    /// A bound as people write it: 3 rather than 3.0.
    static func phrase(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}

extension Array where Element == String {
    /// "a", "a or b", "a, b or c".
    func joinedInWords(_ conjunction: String) -> String {
        switch count {
        case 0: return ""
        case 1: return self[0]
        default: return dropLast().joined(separator: ", ") + " \(conjunction) " + last!
        }
    }
}
