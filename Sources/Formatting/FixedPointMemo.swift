import RichText

/// Attribute sets the engine has found to be fixed points of its definition at paragraph-start-free runs:
/// scope and every constraint leave them exactly as they are (`constrained(set, paragraphStart: nil)` gives
/// the set back). Nearly every run an edit touches carries such a set, and for it the engine has nothing to
/// do, so this answer is read first, without the lock and the hashing of `ConstraintCache`.
///
/// A direct-mapped table of atomic words, each holding a set's `internedIdentity`, a serial number that is never
/// given to another set (not even after this one is reclaimed), so an identity found in a slot names the set
/// that was stored there: a hit is proof, and the table holds no reference that would keep a set alive. A miss only
/// sends the caller to the cache. Slots are overwritten freely (the last set stored in a slot wins). The table
/// is large enough for a document whose runs carry thousands of distinct sets (a paragraph number in every
/// set, say) and small enough to stay in cache: 32 KB.
final class FixedPointMemo: Sendable {
    /// The number of slots; a power of two.
    static let slotCount = 4096
    private let slots = AtomicSlots(count: slotCount)

    /// The slot for an identity: a multiplicative hash, which spreads consecutive serial numbers.
    @inline(__always)
    private func slot(for identity: UInt) -> Int {
        Int(truncatingIfNeeded: (UInt64(identity) &* 0x9E37_79B9_7F4A_7C15) >> 52) & (Self.slotCount - 1)
    }

    /// Whether `attributes` is known to be a fixed point.
    @inline(__always)
    func contains(_ attributes: AttributeSet) -> Bool {
        let identity = attributes.internedIdentity
        return slots.load(slot(for: identity)) == identity
    }

    /// Records that `attributes` is a fixed point; the caller has just computed it.
    func insert(_ attributes: AttributeSet) {
        let identity = attributes.internedIdentity
        slots.store(identity, at: slot(for: identity))
    }
}
