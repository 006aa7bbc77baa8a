import RichText

// Each constraint type's values worth trying (`ValueConstraint.sampleValues`): the values it compares against,
// produces or bounds, so a property test's generated edits hit its rules and their edges.

extension Condition {
    /// The values the condition compares keys against, per key, in the order written.
    var comparedValues: [String: [AttributeValue]] {
        var found: [String: [AttributeValue]] = [:]
        func walk(_ condition: Condition) {
            switch condition {
            case .present, .absent: break
            case let .equals(key, value): found[key, default: []].append(value)
            case let .oneOf(key, values): found[key, default: []].append(contentsOf: values)
            case let .not(inner): walk(inner)
            case let .all(inner), let .any(inner): inner.forEach(walk)
            }
        }
        walk(self)
        return found
    }
}

extension AllowedValues {
    /// The allowed values, then the default.
    public var sampleValues: [String: [AttributeValue]] {
        [key.name: values + (defaultValue.map { [$0] } ?? [])]
    }
}

extension Clamp {
    /// Each bound, the whole numbers just outside it, and a value that is not a number.
    public var sampleValues: [String: [AttributeValue]] {
        var values: [AttributeValue] = []
        for bound in [lower, upper].compactMap({ $0 }) {
            values.append(.number(bound))
            // Whole numbers past the bound, where a whole number can stand for it.
            if bound.isFinite, abs(bound) < 1e15 {
                values.append(.integer(Int(bound.rounded(.down)) - 1))
                values.append(.integer(Int(bound.rounded(.up)) + 1))
            }
        }
        values.append(.string("not a number"))
        return [key.name: values]
    }
}

extension Rules {
    /// The values each rule's condition compares against (under the keys they read) and each value a rule or
    /// `otherwise` sets, in the order written.
    public var sampleValues: [String: [AttributeValue]] {
        var found: [String: [AttributeValue]] = [:]
        for rule in rules {
            for (name, values) in rule.condition.comparedValues { found[name, default: []].append(contentsOf: values) }
            if case .set(let value) = rule.action { found[key.name, default: []].append(value) }
        }
        if case .set(let value) = otherwise { found[key.name, default: []].append(value) }
        return found
    }
}
