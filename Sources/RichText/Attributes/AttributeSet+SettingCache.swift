/// The results of `AttributeSet.setting(_:)` kept beside the set they came from, so that setting a key to a
/// value the set has seen set before costs a compare instead of hashing every entry into the interner.
///
/// Each set has a few slots, chosen by the value and the key's name, that each hold one earlier result
/// (unretained: storages are never freed). A slot is not tagged with the entry that made it: a result is
/// taken only when it holds the entry asked for where that entry goes. That is proof enough, because the
/// result is this set with one entry put in, and `setting(_:)` asks only for entries the set does not hold:
/// so the entry the result holds there is the one put in.
extension AttributeSet {
    /// A small direct-mapped table of `setting(_:)` results: one pointer a slot.
    struct SettingCache {
        /// The number of slots; a power of two.
        static let slotCount = 16

        /// Empty until the first result is stored, so that sets never edited cost one empty array.
        var slots: [Unmanaged<Storage>?] = []

        /// The slot for `entry`: cheap to compute for the common values (integers, flags, short strings).
        @inline(__always)
        static func slotIndex(for entry: AttributeEntry) -> Int {
            let seed: Int
            switch entry.value {
            case .integer(let value): seed = value
            case .bool(let value): seed = value ? 1 : 0
            case .number(let value): seed = Int(truncatingIfNeeded: value.bitPattern >> 32)
            case .string(let value): seed = value.utf8.count
            default: seed = 0
            }
            return (seed &+ entry.name.utf8.count &* 5) & (slotCount - 1)
        }

        /// The result in slot `index`, if any.
        func result(at index: Int) -> Storage? {
            guard index < slots.count else { return nil }
            return slots[index]?.takeUnretainedValue()
        }

        /// Keeps `result` in slot `index`.
        mutating func store(_ result: Storage, at index: Int) {
            if slots.isEmpty { slots = Array(repeating: nil, count: Self.slotCount) }
            slots[index] = Unmanaged.passUnretained(result)
        }
    }

    /// Whether `candidate`, an earlier result of putting some entry this set lacks into it, is the result of
    /// putting in `entry` (which this set lacks too, and which goes at `index`): whether it holds `entry` there.
    @inline(__always)
    static func isResult(_ candidate: Storage, ofPutting entry: AttributeEntry, at index: Int) -> Bool {
        candidate.entries.withUnsafeBufferPointer { list in
            index < list.count && list[index] == entry
        }
    }
}
