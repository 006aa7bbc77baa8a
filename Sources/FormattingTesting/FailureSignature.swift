/// What makes two failures the same bug, for shrinking: the check that failed, the kind of difference it found,
/// and the keys involved. Offsets, values and texts are left out, since shrinking changes them all.
///
/// A candidate script keeps the failure when it fails the same check with kinds and keys drawn from the
/// original's (a shrunk script may show fewer of them, never others): a smaller script that fails some other
/// way is another bug, and shrinking never slips to it.
public struct FailureSignature: Hashable, Sendable, CustomStringConvertible {
    /// The check that failed.
    public var check: InvariantCheck
    /// The kinds of difference: rule identifiers for findings, a short phrase for the others.
    public var kinds: Set<String>
    /// The attribute keys involved (none for a selection or a string-structure failure).
    public var keys: Set<String>

    /// A signature.
    public init(check: InvariantCheck, kinds: Set<String>, keys: Set<String>) {
        self.check = check
        self.kinds = kinds
        self.keys = keys
    }

    /// Whether `other`, a candidate's failure, is this same failure: the same check, and kinds and keys that are
    /// a part of these (not empty where these are not).
    public func isKept(by other: FailureSignature) -> Bool {
        func within(_ a: Set<String>, _ b: Set<String>) -> Bool { a.isSubset(of: b) && (b.isEmpty || !a.isEmpty) }
        return other.check == check && within(other.kinds, kinds) && within(other.keys, keys)
    }

    public var description: String {
        var parts = [check.rawValue]
        if !kinds.isEmpty { parts.append(kinds.sorted().joined(separator: ", ")) }
        if !keys.isEmpty { parts.append("keys " + keys.sorted().joined(separator: ", ")) }
        return parts.joined(separator: "; ")
    }
}

extension InvariantFailure {
    /// The failure's signature: what shrinking must keep.
    public var signature: FailureSignature {
        switch self {
        case .notLintClean(let findings):
            return FailureSignature(check: check, kinds: Set(findings.map(\.rule.identifier)), keys: Set(findings.map(\.key)))
        case .silentNormalization:
            return FailureSignature(check: check, kinds: ["silent normalization"], keys: [])
        case let .notIdempotent(second, differ):
            let kinds = Set(second.map(\.rule.identifier)).union(differ ? ["documents differ"] : [])
            return FailureSignature(check: check, kinds: kinds, keys: Set(second.map(\.key)))
        case let .selectionMismatch(actual, expected):
            return FailureSignature(check: check, kinds: ["\(Self.shape(actual)) where the model has \(Self.shape(expected))"], keys: [])
        case .ropeInvariant(let message):
            // The message without its numbers: "run starts at 3, expected 4" and "… at 7, expected 9" are one kind.
            return FailureSignature(check: check, kinds: [String(message.unicodeScalars.filter { !("0"..."9").contains($0) })], keys: [])
        case let .adjustmentMismatch(key, _, _, kind):
            return FailureSignature(check: check, kinds: [kind.rawValue], keys: key.isEmpty ? [] : [key])
        case let .undoMismatch(command, _):
            return FailureSignature(check: check, kinds: [command], keys: [])
        case let .userInvariant(name, _):
            return FailureSignature(check: check, kinds: [name], keys: [])
        }
    }

    /// A selection's shape: a caret, one range, or several.
    static func shape(_ selection: ScalarSelection) -> String {
        selection.caret != nil ? "a caret" : (selection.ranges.count > 1 ? "several ranges" : "a range")
    }
}
