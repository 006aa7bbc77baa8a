import Synchronization

// The memory layout of one interned set.
//
// A set is one block in a reference-counted `SetStorage` (see `SetStorage.swift`); equal sets share one storage,
// so two sets are equal when their storages are the same object.
//
//     offset 0   the head, an Atomic<UInt64>:
//                  bits 0-11   the entry count, or 4095 when the count is in the word after the head
//                  bits 12-18  SetTraits
//                  bit 19      set once the set has a side
//                  bits 20-63  the set's serial number while it has no side; then the address of its retained
//                              `SetSide` shifted right by 4 (objects are 16-byte aligned and user addresses fit
//                              in 48 bits), which holds the entries list, the annex and the serial number
//                Count and traits never change; bits 19-63 change once, when the side is made.
//     offset 8   the entry count, only when it is 4,095 or more
//     then       two projection slots, Atomic<UInt> each, only when the set has `SetTraits.hasProjectionSlots`:
//                a retained `SetStorage`, 0 until first asked, or 1 when the projection is the set itself
//     then       `count` StoredEntry values (16 bytes each), sorted by key name, one a name
//
// One head word for count, traits, serial number and side keeps a set of one entry in 40 bytes with its object
// header, the smallest allocation that holds it.

/// What a key's behaviour implies for the sets that hold it; a set's traits are the union of its keys'.
@usableFromInline
struct SetTraits: OptionSet, Sendable {
    @usableFromInline let rawValue: UInt8
    @inlinable init(rawValue: UInt8) { self.rawValue = rawValue }

    /// The key declares some behaviour (`behavior != .plain`).
    @usableFromInline static let behaved = SetTraits(rawValue: 1 << 0)
    /// The key is invalidated by text changes.
    @usableFromInline static let textChanged = SetTraits(rawValue: 1 << 1)
    /// Typed text does not take the key (`!behavior.isInheritable`).
    @usableFromInline static let notInheritable = SetTraits(rawValue: 1 << 2)
    /// The key is bound to paragraphs.
    @usableFromInline static let paragraph = SetTraits(rawValue: 1 << 3)
    /// The key is bound to a character.
    @usableFromInline static let character = SetTraits(rawValue: 1 << 4)
    /// The key is invalidated by another key's change.
    @usableFromInline static let dependent = SetTraits(rawValue: 1 << 5)
    /// The set's block holds the two projection slots (it has a non-inheritable or a paragraph-bound key).
    @usableFromInline static let hasProjectionSlots = SetTraits(rawValue: 1 << 6)

    /// The traits of one key's behaviour.
    init(_ behavior: AttributeBehavior) {
        var traits: SetTraits = []
        if behavior != .plain { traits.insert(.behaved) }
        if behavior.isInvalidatedByTextChange { traits.insert(.textChanged) }
        if !behavior.isInheritable { traits.insert(.notInheritable) }
        switch behavior.runBoundaries {
        case .paragraph: traits.insert(.paragraph)
        case .character: traits.insert(.character)
        case nil: break
        }
        if behavior.invalidationConditions.contains(where: { if case .attributeChanged = $0 { return true } else { return false } }) {
            traits.insert(.dependent)
        }
        self = traits
    }
}

/// A value as a set stores it: inline for integers, flags and most doubles, otherwise the address of one
/// shared `ValueBox` (the registry keeps one box per distinct live value). The encoding is canonical: two values
/// are equal exactly when their encodings are (see `AttributeRegistry.box`). A boxed encoding holds no
/// reference: whoever keeps one keeps the box alive (a set owns its boxes; `ResolvedEntry` holds its own).
@usableFromInline
struct StoredValue: Equatable {
    /// One of the `Kind` constants.
    @usableFromInline var kind: UInt
    /// The integer, the flag, the double's bits, or the box's address.
    @usableFromInline var payload: UInt64

    @usableFromInline static let boxed: UInt = 0
    @usableFromInline static let integer: UInt = 1
    @usableFromInline static let bool: UInt = 2
    @usableFromInline static let number: UInt = 3

    @inlinable init(kind: UInt, payload: UInt64) {
        self.kind = kind
        self.payload = payload
    }

    /// The inline encoding of `value`, or nil when it must be boxed. Zero and NaN doubles are boxed, so that
    /// equal inline encodings mean equal values (`0.0 == -0.0`, `nan != nan`).
    @inline(__always)
    init?(inline value: AttributeValue) {
        switch value {
        case .integer(let v): self.init(kind: Self.integer, payload: UInt64(bitPattern: Int64(v)))
        case .bool(let v): self.init(kind: Self.bool, payload: v ? 1 : 0)
        case .number(let v) where v != 0 && !v.isNaN: self.init(kind: Self.number, payload: v.bitPattern)
        default: return nil
        }
    }

    /// A cheap number that tells apart common values, for choosing a cache slot before any boxing.
    @inline(__always)
    static func seed(of value: AttributeValue) -> UInt64 {
        switch value {
        case .integer(let v): return UInt64(bitPattern: Int64(v))
        case .bool(let v): return v ? 1 : 0
        case .number(let v): return v.bitPattern
        case .string(let v):
            let utf8 = v.utf8
            return UInt64(utf8.count) &* 0x1_0000_0001 ^ UInt64(utf8.first ?? 0) << 12 ^ UInt64(utf8.last ?? 0) << 20
        case .color(let c):
            return c.red.bitPattern ^ c.green.bitPattern &* 3 ^ c.blue.bitPattern &* 5 ^ c.alpha.bitPattern &* 7
        default: return 0x5EED
        }
    }
}

/// A value to put into a set: encoded already, or a value that must be boxed (not yet looked up).
@usableFromInline
enum NewValue {
    case encoded(StoredValue)
    case unboxed(AttributeValue)

    @inline(__always)
    init(_ value: AttributeValue) {
        if let inline = StoredValue(inline: value) { self = .encoded(inline) } else { self = .unboxed(value) }
    }

    /// The encoding, boxing the value if need be, and the box, which the caller keeps alive while it uses the
    /// encoding.
    var stored: (value: StoredValue, box: ValueBox?) {
        switch self {
        case .encoded(let value): return (value, nil)
        case .unboxed(let value):
            let box = AttributeRegistry.box(value)
            return (StoredValue(kind: StoredValue.boxed, payload: box.payload), box)
        }
    }

    /// The cache seed (see `StoredValue.seed`).
    @inline(__always)
    var seed: UInt64 {
        switch self {
        case .encoded(let value): return value.payload ^ UInt64(value.kind) << 60
        case .unboxed(let value): return StoredValue.seed(of: value)
        }
    }
}

/// One entry as a set stores it: the key's record address with the value's kind in its low bits, and the
/// value's payload. 16 bytes; two entries are equal exactly when their bits are.
@usableFromInline
struct StoredEntry: Equatable {
    @usableFromInline var word: UInt
    @usableFromInline var payload: UInt64

    @inline(__always)
    init(key: UnsafePointer<KeyRecord>, value: StoredValue) {
        word = UInt(bitPattern: key) | value.kind
        payload = value.payload
    }

    /// The key.
    @inline(__always)
    var key: UnsafePointer<KeyRecord> { UnsafePointer(bitPattern: word & ~3)! }

    /// The value's encoding.
    @inline(__always)
    var value: StoredValue { StoredValue(kind: word & 3, payload: payload) }

    /// The value.
    var attributeValue: AttributeValue {
        switch word & 3 {
        case StoredValue.integer: return .integer(Int(Int64(bitPattern: payload)))
        case StoredValue.bool: return .bool(payload != 0)
        case StoredValue.number: return .number(Double(bitPattern: payload))
        default: return ValueBox.withValue(at: payload) { $0 }
        }
    }

    /// The public form.
    var entry: AttributeEntry {
        let record = key
        return AttributeEntry(name: record.pointee.name, value: attributeValue, behavior: record.pointee.behavior)
    }

    /// Whether this entry holds `key` with `value`.
    @inline(__always)
    func holds(_ key: UnsafePointer<KeyRecord>, _ value: NewValue) -> Bool {
        guard word & ~3 == UInt(bitPattern: key) else { return false }
        switch value {
        case .encoded(let stored): return word & 3 == stored.kind && payload == stored.payload
        case .unboxed(let value):
            return word & 3 == StoredValue.boxed && ValueBox.withValue(at: payload) { $0 == value }
        }
    }
}

extension AttributeSet {
    /// The set's block, read through a bare pointer.
    @usableFromInline
    struct Block {
        @usableFromInline let base: UnsafeRawPointer
        @inlinable init(_ base: UnsafeRawPointer) { self.base = base }

        /// The count field's value when the count is in the next word.
        @usableFromInline static let countInNextWord: UInt64 = 0xFFF
        /// Where the traits lie in the head.
        @usableFromInline static let traitsShift: UInt64 = 12
        /// The head's bit that says bits 20-63 address a side.
        @usableFromInline static let hasSide: UInt64 = 1 << 19
        /// Where the serial number or the side's address lies in the head.
        @usableFromInline static let payloadShift: UInt64 = 20
        /// The largest serial number a head holds.
        static let maximumSerial: UInt64 = (1 << 44) - 1

        /// The head word.
        @inline(__always)
        var headSlot: UnsafeMutablePointer<Atomic<UInt64>> {
            UnsafeMutablePointer(mutating: base.assumingMemoryBound(to: Atomic<UInt64>.self))
        }

        /// The head as it is now; its count and traits never change.
        @inlinable var head: UInt64 { base.assumingMemoryBound(to: Atomic<UInt64>.self).pointee.load(ordering: .relaxed) }

        /// The entry count in `head`'s block, and where the words after the head and count start (the projection
        /// slots, or the entries): the one place that reads the count's escape.
        @inlinable
        func countAndSlotsOffset(_ head: UInt64) -> (count: Int, slots: Int) {
            let field = head & Self.countInNextWord
            if field != Self.countInNextWord { return (Int(truncatingIfNeeded: field), 8) }
            return (Int(truncatingIfNeeded: base.load(fromByteOffset: 8, as: UInt64.self)), 16)
        }

        /// The number of entries.
        @inlinable var count: Int { countAndSlotsOffset(head).count }

        /// The traits.
        @inlinable var traits: SetTraits { SetTraits(rawValue: UInt8(truncatingIfNeeded: head >> Self.traitsShift) & 0x7F) }

        /// The stored entries, sorted by name.
        @inline(__always)
        var stored: UnsafeBufferPointer<StoredEntry> {
            let head = self.head
            let (count, slots) = countAndSlotsOffset(head)
            let offset = head & UInt64(SetTraits.hasProjectionSlots.rawValue) << Self.traitsShift != 0 ? slots + 16 : slots
            return UnsafeBufferPointer(start: (base + offset).assumingMemoryBound(to: StoredEntry.self), count: count)
        }

        /// Projection slot 0 (inheritable) or 1 (paragraph-bound); only for sets with `hasProjectionSlots`.
        @inline(__always)
        func projectionSlot(_ index: Int) -> UnsafeMutablePointer<Atomic<UInt>> {
            let offset = countAndSlotsOffset(head).slots
            return UnsafeMutablePointer(mutating: (base + offset).assumingMemoryBound(to: Atomic<UInt>.self)) + index
        }

        /// The side a head names, if it names one.
        @inline(__always)
        static func side(in head: UInt64) -> Unmanaged<SetSide>? {
            guard head & hasSide != 0 else { return nil }
            let address = UInt(truncatingIfNeeded: (head >> payloadShift) << 4)
            return Unmanaged<SetSide>.fromOpaque(UnsafeRawPointer(bitPattern: address).unsafelyUnwrapped)
        }

        /// Gives back what the set owns: its side (entries list and annex), its projections and a reference to
        /// each boxed value. Called once, when the storage dies.
        func releaseOwnedReferences() {
            if let side = Self.side(in: headSlot.pointee.load(ordering: .acquiring)) { side.release() }
            if traits.contains(.hasProjectionSlots) {
                for k in 0..<2 {
                    let projection = projectionSlot(k).pointee.load(ordering: .acquiring)
                    if projection > AttributeSet.projectionIsSelf {
                        Unmanaged<SetStorage>.fromOpaque(UnsafeRawPointer(bitPattern: projection)!).release()
                    }
                }
            }
            for entry in stored where entry.word & 3 == StoredValue.boxed {
                Unmanaged<ValueBox>.fromOpaque(UnsafeRawPointer(bitPattern: UInt(entry.payload))!).release()
            }
        }
    }

    /// What a projection slot holds when the projection is the set itself (a set never owns itself).
    static let projectionIsSelf: UInt = 1

    /// The set's traits.
    @inlinable var traits: SetTraits { Block(base).traits }

    /// The stored entries, sorted by name. The set must stay alive while the buffer is read.
    @inline(__always)
    var stored: UnsafeBufferPointer<StoredEntry> { Block(base).stored }

    /// Projection slot 0 (inheritable) or 1 (paragraph-bound); only for sets with `hasProjectionSlots`.
    @inline(__always)
    func projectionSlot(_ index: Int) -> UnsafeMutablePointer<Atomic<UInt>> { Block(base).projectionSlot(index) }

    /// The bytes a block with `count` entries and `traits` takes.
    static func blockSize(count: Int, traits: SetTraits) -> Int {
        8 + (count >= Int(Block.countInNextWord) ? 8 : 0) + (traits.contains(.hasProjectionSlots) ? 16 : 0) + 16 * count
    }

    /// Writes a set's block at `memory`: the head with `serial`, the count if it is large, empty projection
    /// slots, then `entries`, and takes a reference to each boxed value (the set owns them from now on).
    static func writeBlock(at memory: UnsafeMutableRawPointer, entries: UnsafeBufferPointer<StoredEntry>, traits: SetTraits,
                           serial: UInt64) {
        precondition(serial <= Block.maximumSerial, "more than 17,592,186,044,415 attribute sets were interned")
        let large = entries.count >= Int(Block.countInNextWord)
        let countField = large ? Block.countInNextWord : UInt64(entries.count)
        let head = countField | UInt64(traits.rawValue & 0x7F) << Block.traitsShift | serial << Block.payloadShift
        memory.bindMemory(to: Atomic<UInt64>.self, capacity: 1).initialize(to: Atomic(head))
        var offset = 8
        if large {
            (memory + 8).storeBytes(of: UInt64(entries.count), as: UInt64.self)
            offset = 16
        }
        if traits.contains(.hasProjectionSlots) {
            let slots = (memory + offset).bindMemory(to: Atomic<UInt>.self, capacity: 2)
            slots.initialize(to: Atomic(0))
            (slots + 1).initialize(to: Atomic(0))
            offset += 16
        }
        guard let source = entries.baseAddress else { return }
        (memory + offset).bindMemory(to: StoredEntry.self, capacity: entries.count).initialize(from: source, count: entries.count)
        for entry in entries where entry.word & 3 == StoredValue.boxed {
            _ = Unmanaged<ValueBox>.fromOpaque(UnsafeRawPointer(bitPattern: UInt(entry.payload))!).retain()
        }
    }

    /// The digest of a list of entries: a mix of their bits.
    @inline(__always)
    static func digest(of entries: UnsafeBufferPointer<StoredEntry>) -> UInt32 {
        var h: UInt64 = 0x243F_6A88_85A3_08D3 &+ UInt64(entries.count)
        for entry in entries {
            h = (h ^ UInt64(entry.word)) &* 0x9E37_79B9_7F4A_7C15
            h ^= h >> 29
            h = (h ^ entry.payload) &* 0xBF58_476D_1CE4_E5B9
            h ^= h >> 32
        }
        return UInt32(truncatingIfNeeded: h ^ (h >> 32))
    }
}
