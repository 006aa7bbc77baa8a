/// Comparing sets by their values alone, as Foundation compares `AttributeContainer`s: the content that
/// `RichString ==` compares run by run.
///
/// A set's own `==` is its interned identity, which includes each key's behaviour: the run rope merges only
/// identical neighbours and the behaviour steps cache by identity, so a key read back plain (by a decoder that
/// does not know the definition) and the same key with its behaviour are two sets. Their values are equal.
extension AttributeSet {
    /// Whether the two sets hold the same keys, by name, with equal values, whatever behaviour each key
    /// declares: Foundation's `AttributeContainer ==`. `==` compares the behaviours too.
    ///
    /// O(1) unless a set has a key with a behaviour; then O(count).
    public func hasSameValues(as other: AttributeSet) -> Bool {
        if self == other { return true }
        // Sets whose keys are all plain are interned by names and values alone: two distinct ones differ in value.
        guard hasBehaviors || other.hasBehaviors else { return false }
        return withExtendedLifetime((self, other)) {
            let left = stored, right = other.stored
            guard left.count == right.count else { return false }
            // Entries are sorted by name, and a value's encoding is canonical (`StoredValue`): equal names and
            // values are equal bits, but for the key record, which carries the behaviour.
            for k in 0..<left.count {
                guard left[k].key.pointee.nameID == right[k].key.pointee.nameID, left[k].value == right[k].value else {
                    return false
                }
            }
            return true
        }
    }

    /// Hashes what `hasSameValues(as:)` compares: each entry's name and value, not its behaviour.
    func hashValues(into hasher: inout Hasher) {
        withExtendedLifetime(self) {
            let entries = stored
            hasher.combine(entries.count)
            for entry in entries {
                hasher.combine(entry.key.pointee.nameID)
                hasher.combine(entry.value.kind)
                hasher.combine(entry.value.payload)
            }
        }
    }
}
