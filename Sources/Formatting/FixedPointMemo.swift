import RichText
import Synchronization

/// Attribute sets the engine has found to be fixed points of its definition at paragraph-start-free runs:
/// scope and every constraint leave them exactly as they are (`constrained(set, paragraphStart: nil)` gives
/// the set back). Nearly every run an edit touches carries such a set, and for it the engine has nothing to
/// do, so this answer is read first, without the lock and the hashing of `ConstraintCache`.
///
/// A few slots of one atomic word each, holding a set's `internedIdentity`. Interned storages are never
/// freed, so an identity found in a slot names the set that was stored there: a hit is proof. A miss only
/// sends the caller to the cache. Slots are overwritten freely (the last set stored in a slot wins).
final class FixedPointMemo: Sendable {
    private let slot0 = Atomic<UInt>(0)
    private let slot1 = Atomic<UInt>(0)
    private let slot2 = Atomic<UInt>(0)
    private let slot3 = Atomic<UInt>(0)
    private let slot4 = Atomic<UInt>(0)
    private let slot5 = Atomic<UInt>(0)
    private let slot6 = Atomic<UInt>(0)
    private let slot7 = Atomic<UInt>(0)

    /// The slot for an identity: storages are heap objects, 16-byte aligned, so the low bits carry nothing.
    @inline(__always)
    private func slot(for identity: UInt) -> Int { Int(truncatingIfNeeded: (identity >> 4) ^ (identity >> 7)) & 7 }

    @inline(__always)
    private func load(_ index: Int) -> UInt {
        switch index {
        case 0: return slot0.load(ordering: .relaxed)
        case 1: return slot1.load(ordering: .relaxed)
        case 2: return slot2.load(ordering: .relaxed)
        case 3: return slot3.load(ordering: .relaxed)
        case 4: return slot4.load(ordering: .relaxed)
        case 5: return slot5.load(ordering: .relaxed)
        case 6: return slot6.load(ordering: .relaxed)
        default: return slot7.load(ordering: .relaxed)
        }
    }

    /// Whether `attributes` is known to be a fixed point.
    @inline(__always)
    func contains(_ attributes: AttributeSet) -> Bool {
        let identity = attributes.internedIdentity
        return load(slot(for: identity)) == identity
    }

    /// Records that `attributes` is a fixed point; the caller has just computed it.
    func insert(_ attributes: AttributeSet) {
        let identity = attributes.internedIdentity
        switch slot(for: identity) {
        case 0: slot0.store(identity, ordering: .relaxed)
        case 1: slot1.store(identity, ordering: .relaxed)
        case 2: slot2.store(identity, ordering: .relaxed)
        case 3: slot3.store(identity, ordering: .relaxed)
        case 4: slot4.store(identity, ordering: .relaxed)
        case 5: slot5.store(identity, ordering: .relaxed)
        case 6: slot6.store(identity, ordering: .relaxed)
        default: slot7.store(identity, ordering: .relaxed)
        }
    }
}
