import Formatting

extension DefinitionReader {
    /// Reports rules that can never apply: their condition never holds, or earlier rules always win first.
    mutating func checkReachability() {
        for constraint in constraints where !constraint.name.isEmpty {
            guard let conditions = constraint.ruleConditions, !conditions.isEmpty, conditions.count == constraint.ruleSites.count else { continue }
            checkReachability(of: conditions, in: constraint)
        }
    }

    private mutating func checkReachability(of conditions: [Condition], in constraint: ParsedConstraint) {
        let space = ConditionSpace(conditions)
        var applies = [Bool](repeating: false, count: conditions.count)      // first to hold in some case
        var satisfiable = [Bool](repeating: false, count: conditions.count)  // holds in some case
        var always = [Bool](repeating: true, count: conditions.count)        // holds in every case
        var otherwiseApplies = false
        if space.count <= ConditionSpace.limit {
            space.forEachCase { assignment in
                var first: Int?
                for (i, condition) in conditions.enumerated() {
                    if ConditionSpace.holds(condition, assignment) {
                        satisfiable[i] = true
                        if first == nil { first = i }
                    } else {
                        always[i] = false
                    }
                }
                if let first { applies[first] = true } else { otherwiseApplies = true }
            }
        } else {
            // Too many cases to try: only the syntactic findings (repeats, plain contradictions, always-true).
            for (i, condition) in conditions.enumerated() {
                let contradictory = ConditionSpace.contradiction(in: condition) != nil || condition == .any([])
                satisfiable[i] = !contradictory
                always[i] = condition == .all([]) || condition == .not(.any([]))
                applies[i] = !contradictory && !conditions[..<i].contains(condition) && !always[..<i].contains(true)
            }
            otherwiseApplies = !always.contains(true)
        }
        for i in conditions.indices where !applies[i] {
            let site = constraint.ruleSites[i]
            let label = "rules[\(i)] of '\(constraint.name)'"
            if !satisfiable[i] {
                report(.unreachableRule, "\(label) never applies: its condition can never hold", at: site,
                       hint: ConditionSpace.contradiction(in: conditions[i]).map { "\($0); fix or remove the rule" } ?? "no attributes make it true; fix or remove the rule")
            } else if let j = conditions[..<i].firstIndex(of: conditions[i]) {
                report(.unreachableRule, "\(label) never applies: its condition repeats that of rules[\(j)], which comes first", at: site,
                       hint: "remove the rule, or change its condition")
            } else if let j = always[..<i].firstIndex(of: true) {
                report(.unreachableRule, "\(label) never applies: rules[\(j)] before it always applies", at: site,
                       hint: "move it before rules[\(j)], or remove it")
            } else {
                report(.unreachableRule, "\(label) never applies: the rules before it already take every case it covers", at: site,
                       hint: "move it earlier, or remove it")
            }
        }
        if !otherwiseApplies, let site = constraint.otherwiseSite {
            report(.unreachableRule, "'otherwise' of '\(constraint.name)' never applies: its rules cover every case", at: site,
                   hint: "remove 'otherwise'", severity: .warning)
        }
    }
}
