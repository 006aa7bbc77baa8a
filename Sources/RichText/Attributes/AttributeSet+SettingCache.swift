/// Earlier results of `AttributeSet.setting(_:)` and `removing(_:)`, so that an edit the process has made
/// before costs a few compares instead of a trip through the interner's lock.
///
/// A direct-mapped table of fixed size per thread (`ThreadCaches`): a slot, chosen by the source set's address,
/// the key and the value, holds one earlier result, and keeps it alive. Nothing tags a slot with what made it; a
/// result is taken only when it is, entry for entry, the set asked for — the source set with the one entry put
/// in (or taken out). So a slot left by a set that has died, whose address a new set now has, is merely a wrong
/// guess.
enum SettingCache {
    /// The number of slots; a power of two.
    static let slotCount = ThreadCaches.settingSlotCount

    /// The slot for putting `key` = `seed` into (or, with `removal`, taking it out of) the set at `set`.
    @inline(__always)
    static func slot(set: UnsafeRawPointer, key: UnsafePointer<KeyRecord>, seed: UInt64, removal: Bool = false) -> Int {
        var h = UInt64(UInt(bitPattern: set)) ^ UInt64(UInt(bitPattern: key)) &* 0x9E37_79B9_7F4A_7C15
        h ^= seed &* 0xC2B2_AE3D_27D4_EB4F ^ (removal ? 0x1656_67B1_9E37_79F9 : 0)
        h ^= h >> 31
        h = h &* 0xBF58_476D_1CE4_E5B9
        h ^= h >> 29
        return Int(truncatingIfNeeded: h) & (slotCount - 1)
    }

    /// The set in `slot`, if any.
    @inline(__always)
    static func candidate(at slot: Int) -> AttributeSet? {
        ThreadCaches.withCurrent { $0.settings[slot] }
    }

    /// Keeps `result` in `slot`.
    @inline(__always)
    static func store(_ result: AttributeSet, at slot: Int) {
        ThreadCaches.withCurrent { $0.settings[slot] = result }
    }
}

extension AttributeSet {
    /// Whether this set is `source` with `key` = `value` put in at `index` (replacing the entry there when
    /// `replacing`).
    @inline(__always)
    func isResult(ofPutting key: UnsafePointer<KeyRecord>, _ value: NewValue, at index: Int, replacing: Bool,
                  into source: UnsafeBufferPointer<StoredEntry>) -> Bool {
        let mine = stored
        guard mine.count == source.count + (replacing ? 0 : 1), mine[index].holds(key, value) else { return false }
        for k in 0..<index where mine[k] != source[k] { return false }
        let skip = replacing ? 0 : 1
        for k in (index + 1)..<mine.count where mine[k] != source[k - skip] { return false }
        return true
    }

    /// Whether this set is `source` without its entry at `index`.
    @inline(__always)
    func isResult(ofRemovingAt index: Int, from source: UnsafeBufferPointer<StoredEntry>) -> Bool {
        let mine = stored
        guard mine.count == source.count - 1 else { return false }
        for k in 0..<index where mine[k] != source[k] { return false }
        for k in index..<mine.count where mine[k] != source[k + 1] { return false }
        return true
    }
}
