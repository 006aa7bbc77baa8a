import RichText

extension FormattingDefinition {
    /// Every problem with a scope and constraint list, in a stable order.
    ///
    /// - Parameter declaredKeys: every key the definition knows, in order, when that is more than the scope (a
    ///   definition file declares attributes it may leave out of the scope). Nil means the scope's keys: a
    ///   constraint that reads any other key is then an `unknownKey` error.
    public static func problems(scope: [AttributeKeyDescriptor], constraints: [any ValueConstraint],
                                declaredKeys: [String]? = nil) -> [DefinitionError] {
        var problems: [DefinitionError] = []
        var seen: Set<String> = []
        for key in scope where !seen.insert(key.name).inserted { problems.append(.duplicateScopeKey(key.name)) }
        let scopeNames = Set(scope.map { $0.name })
        let orderedScopeNames = scope.map(\.name)
        let known = declaredKeys ?? orderedScopeNames
        // Looked up once per read: a linear search each made thousands of constraints quadratic.
        let knownSet = Set(known)
        var outsideScope: Set<Int> = []
        var owners: [String: [String]] = [:]
        for problem in ownershipProblems(ofKeys: constraints.map(\.key.name), scope: scopeNames) {
            switch problem {
            case .outsideScope(let owner, _):
                outsideScope.insert(owner)
            case let .secondOwner(owner, firstOwner, key):
                owners[key, default: [constraints[firstOwner].name]].append(constraints[owner].name)
            }
        }
        for (i, constraint) in constraints.enumerated() {
            if outsideScope.contains(i) {
                problems.append(.ownsKeyOutsideScope(rule: constraint.name, key: constraint.key.name,
                                                     suggestion: Suggestions.closest(to: constraint.key.name, in: orderedScopeNames)))
            }
            for key in constraint.reads.sorted() where key != constraint.key.name && !knownSet.contains(key) {
                if let problem = unknownKeyProblem(key, readBy: constraint.name, known: known) { problems.append(problem) }
            }
        }
        for (key, rules) in owners.sorted(by: { $0.key < $1.key }) {
            problems.append(.duplicateOwner(key: key, rules: rules))
        }
        // Order dependence: a constraint may read only keys written earlier (or by nobody).
        let position = Dictionary(constraints.enumerated().map { ($1.key.name, $0) }, uniquingKeysWith: { first, _ in first })
        for (i, constraint) in constraints.enumerated() {
            for key in constraint.reads.sorted() where key != constraint.key.name {
                guard let writer = position[key], writer > i else { continue }
                // A later writer that itself reads us (directly or through others) is a cycle.
                if let cycle = cycleThrough(from: writer, to: i, constraints: constraints, position: position) {
                    problems.append(.cycle(rules: cycle.map { constraints[$0].name }))
                } else {
                    problems.append(.readsLaterWrite(rule: constraint.name, key: key, writer: constraints[writer].name))
                }
            }
        }
        for case let rules as Rules in constraints {
            if let detail = selfDependencyProblem(rules) { problems.append(.notIdempotent(rule: rules.name, detail: detail)) }
        }
        // Report each cycle once.
        var reported: Set<Set<String>> = []
        return problems.filter { problem in
            guard case .cycle(let rules) = problem else { return true }
            return reported.insert(Set(rules)).inserted
        }
    }

    /// A constraint that owns a key it may not own, found by `ownershipProblems(ofKeys:scope:)`.
    public enum OwnershipProblem: Hashable, Sendable {
        /// The constraint at `owner` writes `key`, which is not in the scope.
        case outsideScope(owner: Int, key: String)
        /// The constraint at `owner` writes `key`, which the earlier constraint at `firstOwner` already owns.
        case secondOwner(owner: Int, firstOwner: Int, key: String)
    }

    /// The owner checks, the one place they are made: a key has one owner, and it is in the scope.
    ///
    /// `problems` runs them on built constraints; a definition file's reader runs them on every constraint
    /// whose key it could read, so that one with an unrelated mistake still takes part.
    ///
    /// - Parameters:
    ///   - keys: the key each constraint writes, in order; nil for a constraint whose key is not known.
    ///   - scope: the scope's keys, or nil to skip the scope check (a scope that could not be read whole).
    /// - Returns: for each constraint in order, its second-owner problem, then its outside-scope problem.
    public static func ownershipProblems(ofKeys keys: [String?], scope: Set<String>?) -> [OwnershipProblem] {
        var problems: [OwnershipProblem] = []
        var firstOwners: [String: Int] = [:]
        for (i, key) in keys.enumerated() {
            guard let key else { continue }
            if let first = firstOwners[key] {
                problems.append(.secondOwner(owner: i, firstOwner: first, key: key))
            } else {
                firstOwners[key] = i
            }
            if let scope, !scope.contains(key) { problems.append(.outsideScope(owner: i, key: key)) }
        }
        return problems
    }

    /// A path of reads from constraint `from` back to constraint `to`, if one exists.
    private static func cycleThrough(from: Int, to: Int, constraints: [any ValueConstraint], position: [String: Int]) -> [Int]? {
        var stack: [(Int, [Int])] = [(from, [to, from])]
        var visited: Set<Int> = []
        while let (node, path) = stack.popLast() {
            guard visited.insert(node).inserted else { continue }
            for key in constraints[node].reads {
                guard let next = position[key] else { continue }
                if next == to { return path + [to] }
                stack.append((next, path + [next]))
            }
        }
        return nil
    }

    /// Checks a rule list that reads its own key: applying it to its own output must change nothing.
    ///
    /// Conditions only tell apart the values they mention, so trying nil, every mentioned value and one value
    /// mentioned nowhere, for the own key and every other key read, covers every case.
    static func selfDependencyProblem(_ rules: Rules) -> String? {
        let own = rules.key.name
        let readsOwn = rules.rules.contains { $0.condition.keys.contains(own) }
        guard readsOwn else { return nil }
        func candidates(_ key: String) -> [AttributeValue?] {
            var values: [AttributeValue?] = [nil, .string("\u{1}unmentioned")]
            for rule in rules.rules {
                for value in rule.condition.mentionedValues(of: key) where !values.contains(value) { values.append(value) }
                if key == own, case .set(let value) = rule.action, !values.contains(value) { values.append(value) }
            }
            if key == own, case .set(let value) = rules.otherwise, !values.contains(value) { values.append(value) }
            return values
        }
        let others = rules.reads.sorted()
        var combinations: [[String: AttributeValue?]] = [[:]]
        for key in others {
            let options = candidates(key)
            combinations = combinations.flatMap { base in options.map { var c = base; c[key] = $0; return c } }
            if combinations.count > 4096 { return nil }  // too many to enumerate; accepted as declared
        }
        for base in combinations {
            for ownValue in candidates(own) {
                var attributes = AttributeSet.empty
                for (key, value) in base { attributes = attributes.setting(key, to: value, behavior: .plain) }
                attributes = attributes.setting(own, to: ownValue, behavior: rules.key.behavior)
                let once = apply(rules, attributes)
                let twice = apply(rules, once)
                if once[own] != twice[own] {
                    let context = base.compactMap { key, value in value.map { "\(key) = \($0)" } }.sorted().joined(separator: ", ")
                    return "with \(own) = \(ownValue.map { "\($0)" } ?? "nil")\(context.isEmpty ? "" : " and \(context)") one pass gives \(once[own].map { "\($0)" } ?? "nil") and a second gives \(twice[own].map { "\($0)" } ?? "nil")"
                }
            }
        }
        return nil
    }

    private static func apply(_ rules: Rules, _ attributes: AttributeSet) -> AttributeSet {
        var constrained = ConstrainedAttributes(attributes: attributes, owned: rules.key)
        rules.constrain(&constrained)
        return constrained.attributes
    }
}
