import Synchronization

/// Sub-sets that the edit pipeline asks of the same set over and over (on every keystroke), computed once per
/// interned set and kept in its block (only sets that have keys such projections drop carry the slots).
extension AttributeSet {
    /// Whether any key in the set is invalidated by text changes.
    @inlinable public var hasTextChangedKeys: Bool { traits.contains(.textChanged) }

    /// The entries that typed text takes from its neighbour (`AttributeBehavior.isInheritable`): the same as
    /// `filter { $0.behavior.isInheritable }`.
    public var inheritable: AttributeSet {
        if !traits.contains(.notInheritable) { return self }
        return projection(0) { !$0.traits.contains(.notInheritable) }
    }

    /// The entries of keys bound to paragraphs: the same as `filter { $0.behavior.runBoundaries == .paragraph }`.
    /// Two sets have equal paragraph-bound entries exactly when these are equal.
    public var paragraphBound: AttributeSet {
        if !traits.contains(.paragraph) { return .empty }
        return projection(1) { $0.traits.contains(.paragraph) }
    }

    /// The filtered set, from projection slot `index` when an earlier call filled it. Two threads may both
    /// compute it; they intern the same set, so either store is right.
    private func projection(_ index: Int, _ keeps: (KeyRecord) -> Bool) -> AttributeSet {
        let slot = projectionSlot(index)
        if let cached = UnsafeRawPointer(bitPattern: slot.pointee.load(ordering: .acquiring)) {
            return AttributeSet(base: cached)
        }
        let result = keeping { keeps($0.key.pointee) }
        slot.pointee.store(UInt(bitPattern: result.base), ordering: .releasing)
        return result
    }
}
