import Synchronization

/// Sub-sets that the edit pipeline asks of the same set over and over (on every keystroke), computed once per
/// interned set and kept beside it.
extension AttributeSet {
    /// Whether any key in the set is invalidated by text changes.
    @inlinable public var hasTextChangedKeys: Bool { storage.hasTextChangedKeys }

    /// The entries that typed text takes from its neighbour (`AttributeBehavior.isInheritable`): the same as
    /// `filter { $0.behavior.isInheritable }`.
    public var inheritable: AttributeSet {
        if storage.isAllInheritable { return self }
        return projection(storage.inheritableProjection) { $0.behavior.isInheritable }
    }

    /// The entries of keys bound to paragraphs: the same as `filter { $0.behavior.runBoundaries == .paragraph }`.
    /// Two sets have equal paragraph-bound entries exactly when these are equal.
    public var paragraphBound: AttributeSet {
        if !storage.hasParagraphKeys { return .empty }
        return projection(storage.paragraphProjection) { $0.behavior.runBoundaries == .paragraph }
    }

    /// The filtered set, from `slot` when an earlier call filled it. Two threads may both compute it; they
    /// intern the same storage, so either store is right.
    private func projection(
        _ slot: borrowing Atomic<Unmanaged<Storage>?>, _ isIncluded: (AttributeEntry) -> Bool
    ) -> AttributeSet {
        if let cached = slot.load(ordering: .acquiring) { return AttributeSet(storage: cached.takeUnretainedValue()) }
        let result = filter(isIncluded)
        // Interned storages are never freed (the interner's table holds them), so no retain is needed here.
        slot.store(Unmanaged.passUnretained(result.storage), ordering: .releasing)
        return result
    }
}
