/// Which value wins when a merge meets a key both sets hold, as Foundation's
/// `AttributedString.AttributeMergePolicy`.
public enum AttributeMergePolicy: Sendable {
    /// The merged-in value replaces the current one.
    case keepNew
    /// The current value stays; only keys the current set lacks are added.
    case keepCurrent
}

extension AttributeSet {
    /// This set with `other`'s keys added; a key both hold takes the value `mergePolicy` says.
    public func merging(_ other: AttributeSet, mergePolicy: AttributeMergePolicy) -> AttributeSet {
        switch mergePolicy {
        case .keepNew: return merging(other)
        case .keepCurrent: return other.merging(self)
        }
    }

    /// Foundation's `replaceAttributes(_:with:)` on one set: if this set holds every entry of `match`, those keys
    /// are removed and `replacement` merged in; otherwise the set is returned as it is.
    public func replacing(_ match: AttributeSet, with replacement: AttributeSet) -> AttributeSet {
        guard match.entries.allSatisfy({ entry(named: $0.name) == $0 }) else { return self }
        return removing(all: match.entries.map(\.name)).merging(replacement)
    }
}
