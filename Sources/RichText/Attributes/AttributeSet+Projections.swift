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

    /// The filtered set, from projection slot `index` when an earlier call filled it. The slot owns a reference
    /// to the projection (or marks it as the set itself, which a set cannot own). Two threads may both compute
    /// it; they intern the same set, so the first store stands and the other drops its reference.
    private func projection(_ index: Int, _ keeps: (KeyRecord) -> Bool) -> AttributeSet {
        let slot = projectionSlot(index)
        let cached = slot.pointee.load(ordering: .acquiring)
        if cached == Self.projectionIsSelf { return self }
        if cached != 0 { return Self.set(inSlot: cached) }
        let result = keeping { keeps($0.key.pointee) }
        let desired = result == self
            ? Self.projectionIsSelf : UInt(bitPattern: Unmanaged.passRetained(result.storage).toOpaque())
        let (exchanged, _) = slot.pointee.compareExchange(expected: 0, desired: desired, ordering: .acquiringAndReleasing)
        if !exchanged && desired != Self.projectionIsSelf {
            Unmanaged<SetStorage>.fromOpaque(UnsafeRawPointer(bitPattern: desired)!).release()
        }
        return result
    }

    /// The set a filled projection slot names.
    @inline(__always)
    private static func set(inSlot value: UInt) -> AttributeSet {
        AttributeSet(storage: Unmanaged<SetStorage>.fromOpaque(UnsafeRawPointer(bitPattern: value).unsafelyUnwrapped)
            .takeUnretainedValue())
    }
}
