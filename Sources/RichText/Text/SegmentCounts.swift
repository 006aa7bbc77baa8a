/// Characters of short undecided segments, remembered per thread: the standard library's breaker costs a few
/// hundred instructions a scalar, and text in a script whose scalars join (Devanagari's vowel signs and
/// conjuncts, emoji sequences, combining marks) repeats the same few segments (syllables, emoji) over and over.
///
/// A segment is text between two boundaries `CharacterCounting` decided, counted by the breaker from a fresh
/// start, so its count depends on its bytes alone: a remembered count is exact. A table of `slotCount` slots,
/// each a segment of at most `maxBytes` bytes (its bytes in four words, zero-padded, and its length) with its
/// count; a new segment takes the slot its hash names, whatever was there. One table per thread
/// (`ThreadCaches.segmentCounts`), so no lock.
struct SegmentCounts {
    /// The longest segment remembered, in UTF-8 bytes.
    static let maxBytes = 32
    /// Slots in a table; a power of two.
    static let slotCount = 1024

    struct Slot {
        var words: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
        /// The segment's length in bytes; 0 for a free slot (a segment is never empty).
        var length = 0
        var count = 0
    }

    let slots: UnsafeMutablePointer<Slot>

    init() {
        slots = .allocate(capacity: Self.slotCount)
        slots.initialize(repeating: Slot(), count: Self.slotCount)
    }

    func deallocate() {
        slots.deinitialize(count: Self.slotCount)
        slots.deallocate()
    }

    /// The characters of the `length` bytes at `start` (1...`maxBytes`): remembered, or worked out by `count`
    /// and remembered.
    @inline(__always)
    func characters(of start: UnsafePointer<UInt8>, length: Int, _ count: () -> Int) -> Int {
        var words: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
        withUnsafeMutableBytes(of: &words) { $0.baseAddress!.copyMemory(from: start, byteCount: length) }
        var hash = (words.0 ^ UInt64(truncatingIfNeeded: length)) &* 0x9E37_79B9_7F4A_7C15
        hash = (hash ^ words.1 ^ (words.2 &* 0xC2B2_AE3D_27D4_EB4F) ^ (words.3 &* 0x1656_67B1_9E37_79F9)) &* 0x9E37_79B9_7F4A_7C15
        let slot = slots + Int(truncatingIfNeeded: hash >> 54)
        if slot.pointee.length == length, slot.pointee.words == words { return slot.pointee.count }
        let counted = count()
        slot.pointee = Slot(words: words, length: length, count: counted)
        return counted
    }
}
