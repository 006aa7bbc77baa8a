/// Why a formatting definition was rejected. Each case names the rule at fault.
public enum DefinitionError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A constraint owns a key the definition's scope does not include; `suggestion` is the scope key it most
    /// likely meant, if one is close enough to be a typo.
    case ownsKeyOutsideScope(rule: String, key: String, suggestion: String? = nil)
    /// A constraint reads a key the definition does not know (a typo such as `.present("ingredeint")`): the
    /// condition could never see a value, so its rule would silently never apply. `suggestion` is the known key
    /// it most likely meant.
    case unknownKey(rule: String, key: String, suggestion: String?)
    /// Two constraints own the same key.
    case duplicateOwner(key: String, rules: [String])
    /// A constraint reads a key that a later constraint writes: normalising twice could differ.
    case readsLaterWrite(rule: String, key: String, writer: String)
    /// Constraints read each other's keys in a cycle.
    case cycle(rules: [String])
    /// A rule list reads its own key in a way that normalising twice would change.
    case notIdempotent(rule: String, detail: String)
    /// Two keys in the scope share a name.
    case duplicateScopeKey(String)

    /// The rule (constraint) the error is about.
    public var rule: String {
        switch self {
        case .ownsKeyOutsideScope(let rule, _, _), .unknownKey(let rule, _, _), .readsLaterWrite(let rule, _, _), .notIdempotent(let rule, _):
            return rule
        case .duplicateOwner(_, let rules), .cycle(let rules): return rules.first ?? ""
        case .duplicateScopeKey(let key): return key
        }
    }

    /// The key the definition most likely meant, for an unknown or out-of-scope key.
    public var suggestion: String? {
        switch self {
        case .ownsKeyOutsideScope(_, _, let suggestion), .unknownKey(_, _, let suggestion): return suggestion
        default: return nil
        }
    }

    public var description: String {
        let didYouMean = suggestion.map { "; did you mean '\($0)'?" } ?? ""
        switch self {
        case let .ownsKeyOutsideScope(rule, key, _):
            return "constraint '\(rule)' writes '\(key)', which is not in the definition's scope\(didYouMean)"
        case let .unknownKey(rule, key, _):
            return "constraint '\(rule)' reads '\(key)', which is not a key of the definition\(didYouMean)"
        case let .duplicateOwner(key, rules):
            return "constraints \(rules.map { "'\($0)'" }.joined(separator: " and ")) both write '\(key)'; one key has one owner"
        case let .readsLaterWrite(rule, key, writer):
            return "constraint '\(rule)' reads '\(key)', which the later constraint '\(writer)' writes; move '\(writer)' before '\(rule)' so normalising is idempotent"
        case let .cycle(rules):
            return "constraints read each other's keys in a cycle: \(rules.map { "'\($0)'" }.joined(separator: " -> "))"
        case let .notIdempotent(rule, detail):
            return "constraint '\(rule)' is not idempotent: \(detail)"
        case let .duplicateScopeKey(key):
            return "the scope lists '\(key)' twice"
        }
    }
}
