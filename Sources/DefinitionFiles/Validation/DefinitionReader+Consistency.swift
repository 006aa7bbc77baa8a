import Formatting
import RichText
import StreamingJSON

extension DefinitionReader {
    /// The scope as the engine knows it: declared keys with their behaviours.
    var scopeDescriptors: [AttributeKeyDescriptor] { scope.compactMap { attributes[$0]?.descriptor } }

    /// The constraints that could be built, in order.
    var builtConstraints: [any ValueConstraint] { constraints.compactMap(\.constraint) }

    /// Runs the Formatting module's checks (scope, owners, order, cycles, idempotence) on what was read, and
    /// reports each problem at the place in the file that causes it.
    mutating func checkConsistency() {
        checkOwners()
        for problem in FormattingDefinition.problems(scope: scopeDescriptors, constraints: builtConstraints, declaredKeys: attributeOrder) {
            switch problem {
            case .ownsKeyOutsideScope, .duplicateOwner, .duplicateScopeKey:
                continue  // Checked on every constraint read, built or not, by `checkOwners` and `readScope`.
            default:
                report(problem)
            }
        }
        checkReadsInScope()
    }

    /// Reports keys owned twice and keys owned outside the scope, over every constraint whose key could be
    /// read, so a constraint with an unrelated mistake still takes part.
    private mutating func checkOwners() {
        let problems = FormattingDefinition.ownershipProblems(ofKeys: constraints.map(\.keyName),
                                                              scope: scopeIsComplete ? Set(scope) : nil)
        for problem in problems {
            switch problem {
            case let .secondOwner(owner, firstOwner, key):
                let name = displayName(ofConstraintAt: owner)
                report(.duplicateOwner, "constraints '\(constraints[firstOwner].name)' and \(name) both own '\(key)'; a key has one owner",
                       at: keySite(ofConstraintAt: owner), hint: "merge the rules of \(name) into '\(constraints[firstOwner].name)'")
            case let .outsideScope(owner, key):
                report(.outsideScope, "constraint \(displayName(ofConstraintAt: owner)) writes '\(key)', which is not in the scope",
                       at: keySite(ofConstraintAt: owner), hint: "add '\(key)' to \"scope\", or remove the constraint")
            }
        }
    }

    /// A constraint as owner messages name it: `'name'`, or where it stands when it has no name.
    private func displayName(ofConstraintAt index: Int) -> String {
        let constraint = constraints[index]
        return constraint.name.isEmpty ? "the constraint at \(constraint.site.path)" : "'\(constraint.name)'"
    }

    /// Where a constraint's key is written, or its name when the key is not.
    private func keySite(ofConstraintAt index: Int) -> Site {
        constraints[index].keySite ?? constraints[index].nameSite
    }

    /// Reports one of Formatting's problems at its place in the file.
    mutating func report(_ problem: DefinitionError) {
        func parsed(_ name: String) -> ParsedConstraint? { constraintIndex[name].map { constraints[$0] } }
        switch problem {
        case let .unknownKey(rule, key, suggestion):
            // Conditions are read through `attributeReference`, which reports this at the reference; kept for
            // constraints that declare their reads another way.
            let reader = parsed(rule)
            report(.unknownAttribute, "constraint '\(rule)' reads '\(key)', which is not a declared attribute",
                   at: reader?.readSites[key] ?? reader?.nameSite, hint: suggestion.map { "did you mean '\($0)'?" } ?? "declare it under \"attributes\"")
        case let .ownsKeyOutsideScope(rule, key, _):
            report(.outsideScope, "constraint '\(rule)' writes '\(key)', which is not in the scope", at: parsed(rule).flatMap { $0.keySite ?? $0.nameSite },
                   hint: "add '\(key)' to \"scope\", or remove the constraint")
        case let .duplicateOwner(key, rules):
            report(.duplicateOwner, "constraints " + rules.map { "'\($0)'" }.joined(separator: " and ") + " all own '\(key)'; a key has one owner",
                   at: rules.last.flatMap(parsed).flatMap { $0.keySite ?? $0.nameSite }, hint: "merge their rules into one constraint")
        case let .readsLaterWrite(rule, key, writer):
            let reader = parsed(rule)
            report(.orderDependence, "constraint '\(rule)' reads '\(key)', which the later constraint '\(writer)' writes, so normalising twice could differ",
                   at: reader?.readSites[key] ?? reader?.nameSite, hint: "move '\(writer)' before '\(rule)'")
        case let .cycle(rules):
            let first = rules.first.flatMap(parsed)
            let next = rules.count > 1 ? parsed(rules[1]) : nil
            let site = next?.keyName.flatMap { first?.readSites[$0] } ?? first?.nameSite
            report(.cycle, "constraints read each other's keys in a cycle: " + rules.map { "'\($0)'" }.joined(separator: " -> "), at: site,
                   hint: "no order makes normalising idempotent; one of them must stop reading the key the other writes")
        case let .notIdempotent(rule, detail):
            let constraint = parsed(rule)
            let site = constraint?.keyName.flatMap { constraint?.readSites[$0] } ?? constraint?.nameSite
            report(.notIdempotent, "constraint '\(rule)' reads its own key and gives a different result on its own output: \(detail)", at: site,
                   hint: "make the rule that fires on the value it sets leave it as it is")
        case .duplicateScopeKey:
            break  // Reported while reading the scope, at the repeat.
        }
    }

    /// Warns about conditions that read keys outside the scope: the scope removes them before any constraint
    /// runs, so such a condition always sees them absent.
    private mutating func checkReadsInScope() {
        guard scopeIsComplete else { return }
        let inScope = Set(scope)
        for constraint in constraints where constraint.constraint != nil {
            for (key, site) in constraint.readSites.sorted(by: { $0.value.location.byteOffset < $1.value.location.byteOffset }) where !inScope.contains(key) {
                report(.outsideScope, "constraint '\(constraint.name)' reads '\(key)', which is not in the scope; the scope removes it first, so here it is always absent",
                       at: site, hint: "add '\(key)' to \"scope\"", severity: .warning)
            }
        }
    }
}
