/// Attribute sets a client has found to have some property (Formatting's engine: the sets its definition leaves
/// exactly as they are), remembered so that the next ask is answered without a lock and without hashing the set.
///
/// A direct-mapped table of atomic words, each holding a set's serial number (`internedIdentity`), which is never
/// given to another set, not even after this one is reclaimed: an identity found in a slot names the set that was
/// stored there, so a hit is proof, and the table holds no reference that would keep a set alive. A miss says
/// only "not known": slots are overwritten freely (the last set stored in a slot wins). The table is large enough
/// for a document whose runs carry thousands of distinct sets (a paragraph number in every set, say) and small
/// enough to stay in cache: 32 KB.
package final class AttributeSetMarks: Sendable {
    /// The number of slots; a power of two.
    static let slotCount = 4096
    private let slots = AtomicSlots(count: slotCount)

    /// An empty table.
    package init() {}

    /// The slot for an identity: a multiplicative hash, which spreads consecutive serial numbers.
    @inline(__always)
    private func slot(for identity: UInt) -> Int {
        Int(truncatingIfNeeded: (UInt64(identity) &* 0x9E37_79B9_7F4A_7C15) >> 52) & (Self.slotCount - 1)
    }

    /// Whether `attributes` is known to have been marked.
    @inline(__always)
    package func contains(_ attributes: AttributeSet) -> Bool {
        let identity = attributes.internedIdentity
        return slots.load(slot(for: identity)) == identity
    }

    /// Marks `attributes` (a set marked before may have been forgotten since).
    package func insert(_ attributes: AttributeSet) {
        let identity = attributes.internedIdentity
        slots.store(identity, at: slot(for: identity))
    }
}
