import Synchronization

/// One distinct key (a name with a behaviour), stored once for the process and never freed: sets refer to it
/// by address.
@usableFromInline
struct KeyRecord {
    /// The key's name.
    let name: String
    /// The key's behaviour.
    let behavior: AttributeBehavior
    /// The same for every key of an equal name, whatever its behaviour (a set holds one entry a name).
    let nameID: UInt32
    /// What the behaviour implies for a set that holds the key.
    let traits: SetTraits
}

/// The process-wide tables behind `AttributeSet`: the keys, the boxed values and the interned sets, all kept
/// in an arena that is never freed (a document holds few distinct sets, and immortal sets make every
/// comparison in the hot path an address compare and every copy free of reference counting).
///
/// One lock guards the tables; the key cache in front of them is read without it.
enum AttributeRegistry {
    /// The tables. Lookups of sets happen under the lock; what they return is immutable.
    struct Tables: @unchecked Sendable {
        var keys: [AttributeKeyDescriptor: UnsafePointer<KeyRecord>] = [:]
        var nameIDs: [String: UInt32] = [:]
        var values: [AttributeValue: UnsafePointer<AttributeValue>] = [:]
        var sets = InternTable()
        var arena = Arena()
    }

    static let tables = Mutex(Tables())

    // MARK: Keys

    /// Recently resolved keys, by a cheap hash of name and behaviour: one record address a slot, proved by
    /// comparing the record's name and behaviour with those asked for.
    static let keyCache = AtomicSlots(count: 256)

    /// The record of the key `name` with `behavior`.
    @inline(__always)
    static func key(_ name: String, _ behavior: AttributeBehavior) -> UnsafePointer<KeyRecord> {
        let utf8 = name.utf8
        let slot = (utf8.count &* 7 &+ Int(utf8.first ?? 0) &* 31 &+ behavior.invalidationConditions.count &* 3
            &+ (behavior.inheritedByAddedText ? 0 : 1) &+ (behavior.runBoundaries == nil ? 0 : 2)) & 255
        if let record = UnsafePointer<KeyRecord>(bitPattern: keyCache.load(slot)),
           holdsTheSameBits(record, name, behavior)
            || (record.pointee.name == name && record.pointee.behavior == behavior) {
            return record
        }
        let record = registerKey(name, behavior)
        keyCache.store(UInt(bitPattern: record), at: slot)
        return record
    }

    /// Whether `name` and `behavior` are, byte for byte, the record's: then they are equal to it, since every
    /// reference among those bytes is one the immortal record holds (so it names the same live, immutable
    /// storage). Bytes that differ (padding, or equal values in other storage) only send the caller to the
    /// comparison of values; the usual descriptor, a copy of one stored once, passes here without it.
    @inline(__always)
    static func holdsTheSameBits(_ record: UnsafePointer<KeyRecord>, _ name: String, _ behavior: AttributeBehavior) -> Bool {
        let raw = UnsafeRawPointer(record)
        guard let nameOffset = MemoryLayout<KeyRecord>.offset(of: \.name),
              let behaviorOffset = MemoryLayout<KeyRecord>.offset(of: \.behavior) else { return false }
        // Field by field, so that padding plays no part.
        guard let setOffset = MemoryLayout<AttributeBehavior>.offset(of: \.invalidationConditions),
              let boundaryOffset = MemoryLayout<AttributeBehavior>.offset(of: \.runBoundaries) else { return false }
        let stored = raw + behaviorOffset
        return withUnsafeBytes(of: name) { Self.sameBytes($0, raw + nameOffset) }
            && record.pointee.behavior.inheritedByAddedText == behavior.inheritedByAddedText
            && withUnsafeBytes(of: behavior.invalidationConditions) { Self.sameBytes($0, stored + setOffset) }
            && withUnsafeBytes(of: behavior.runBoundaries) { Self.sameBytes($0, stored + boundaryOffset) }
    }

    /// Whether the bytes at `other` are those of `bytes`.
    @inline(__always)
    private static func sameBytes(_ bytes: UnsafeRawBufferPointer, _ other: UnsafeRawPointer) -> Bool {
        let count = bytes.count
        var k = 0
        while k + 8 <= count {
            if bytes.loadUnaligned(fromByteOffset: k, as: UInt64.self) != other.loadUnaligned(fromByteOffset: k, as: UInt64.self) {
                return false
            }
            k += 8
        }
        while k < count {
            if bytes[k] != other.load(fromByteOffset: k, as: UInt8.self) { return false }
            k += 1
        }
        return true
    }

    @inline(never)
    private static func registerKey(_ name: String, _ behavior: AttributeBehavior) -> UnsafePointer<KeyRecord> {
        let descriptor = AttributeKeyDescriptor(name: name, behavior: behavior)
        let address = tables.withLock { tables -> UInt in
            if let record = tables.keys[descriptor] { return UInt(bitPattern: record) }
            let nameID: UInt32
            if let known = tables.nameIDs[name] {
                nameID = known
            } else {
                nameID = UInt32(tables.nameIDs.count)
                tables.nameIDs[name] = nameID
            }
            let memory = tables.arena.allocate(MemoryLayout<KeyRecord>.stride)
            let record = memory.bindMemory(to: KeyRecord.self, capacity: 1)
            record.initialize(to: KeyRecord(name: name, behavior: behavior, nameID: nameID, traits: SetTraits(behavior)))
            tables.keys[descriptor] = UnsafePointer(record)
            return UInt(bitPattern: record)
        }
        return UnsafePointer(bitPattern: address)!
    }

    // MARK: Values

    /// Recently boxed values, by their cache seed: one copy's address a slot, proved by comparing the copy with
    /// the value asked for.
    static let valueCache = AtomicSlots(count: 256)

    /// The encoding of a value that is not stored inline: the address of the one shared copy of it.
    static func box(_ value: AttributeValue) -> StoredValue {
        let slot = Int(truncatingIfNeeded: (StoredValue.seed(of: value) &* 0x9E37_79B9_7F4A_7C15) >> 56)
        if let copy = UnsafePointer<AttributeValue>(bitPattern: valueCache.load(slot)), copy.pointee == value {
            return StoredValue(kind: StoredValue.boxed, payload: UInt64(UInt(bitPattern: copy)))
        }
        let stored = boxLocked(value)
        valueCache.store(UInt(stored.payload), at: slot)
        return stored
    }

    @inline(never)
    private static func boxLocked(_ value: AttributeValue) -> StoredValue {
        tables.withLock { tables in
            if let copy = tables.values[value] {
                return StoredValue(kind: StoredValue.boxed, payload: UInt64(UInt(bitPattern: copy)))
            }
            let memory = tables.arena.allocate(MemoryLayout<AttributeValue>.stride)
            let copy = memory.bindMemory(to: AttributeValue.self, capacity: 1)
            copy.initialize(to: value)
            tables.values[value] = UnsafePointer(copy)
            return StoredValue(kind: StoredValue.boxed, payload: UInt64(UInt(bitPattern: copy)))
        }
    }

    // MARK: Sets

    /// The interned set of `entries` (sorted by name, one a name, values encoded).
    static func intern(_ entries: UnsafeBufferPointer<StoredEntry>) -> UnsafeRawPointer {
        let digest = AttributeSet.digest(of: entries)
        let address = tables.withLock { tables -> UInt in
            if let found = tables.sets.find(entries, digest: digest) { return UInt(bitPattern: found) }
            var traits: SetTraits = []
            for entry in entries { traits.formUnion(entry.key.pointee.traits) }
            if !traits.isDisjoint(with: [.notInheritable, .paragraph]) { traits.insert(.hasProjectionSlots) }
            let memory = tables.arena.allocate(AttributeSet.blockSize(count: entries.count, traits: traits))
            AttributeSet.writeBlock(at: memory, entries: entries, traits: traits)
            tables.sets.insert(UnsafeRawPointer(memory), digest: digest)
            return UInt(bitPattern: memory)
        }
        return UnsafeRawPointer(bitPattern: address)!
    }

    /// The number of distinct sets interned so far (for tests and diagnostics).
    static var internedSetCount: Int { tables.withLock { $0.sets.count } }
}

/// A fixed array of atomic words, for caches read without a lock.
package final class AtomicSlots: @unchecked Sendable {
    private let slots: UnsafeMutablePointer<Atomic<UInt>>
    package let count: Int

    /// `count` words, all zero.
    package init(count: Int) {
        self.count = count
        slots = .allocate(capacity: count)
        for k in 0..<count { (slots + k).initialize(to: Atomic(0)) }
    }

    deinit {
        slots.deinitialize(count: count)
        slots.deallocate()
    }

    @inline(__always)
    package func load(_ index: Int) -> UInt { slots[index].load(ordering: .acquiring) }

    @inline(__always)
    package func store(_ value: UInt, at index: Int) { slots[index].store(value, ordering: .releasing) }
}

/// Bump allocation from large chunks that are never freed.
struct Arena {
    private var next: UnsafeMutableRawPointer?
    private var remaining = 0
    static let chunkSize = 64 << 10

    /// `bytes` bytes aligned to 8.
    mutating func allocate(_ bytes: Int) -> UnsafeMutableRawPointer {
        let size = (bytes + 7) & ~7
        if size > remaining {
            let chunk = Swift.max(Self.chunkSize, size)
            next = UnsafeMutableRawPointer.allocate(byteCount: chunk, alignment: 16)
            remaining = chunk
            precondition(UInt(bitPattern: next! + chunk) < 1 << 48, "arena addresses fit in 48 bits")
        }
        let result = next!
        next = result + size
        remaining -= size
        return result
    }
}

/// The open-addressed table of interned sets: one word a slot, the set's address (below 2^48) with the top
/// 16 bits of its digest above it, so that most probes that miss compare a word and touch no set. (Sets do
/// not keep their digests: growing the table computes them again.)
struct InternTable {
    private var slots: UnsafeMutablePointer<UInt64>
    private var mask: Int
    private(set) var count = 0

    init() {
        mask = 1023
        slots = .allocate(capacity: mask + 1)
        slots.initialize(repeating: 0, count: mask + 1)
    }

    private static let addressMask: UInt64 = (1 << 48) - 1

    @inline(__always)
    private static func tag(_ digest: UInt32) -> UInt64 { UInt64(digest >> 16) << 48 }

    /// The set holding exactly `entries`, if interned.
    func find(_ entries: UnsafeBufferPointer<StoredEntry>, digest: UInt32) -> UnsafeRawPointer? {
        let tag = Self.tag(digest)
        var index = Int(digest) & mask
        while true {
            let slot = slots[index]
            if slot == 0 { return nil }
            if slot & ~Self.addressMask == tag {
                let candidate = AttributeSet(base: UnsafeRawPointer(bitPattern: UInt(slot & Self.addressMask))!)
                if Self.same(candidate.stored, entries) { return candidate.base }
            }
            index = (index + 1) & mask
        }
    }

    @inline(__always)
    static func same(_ a: UnsafeBufferPointer<StoredEntry>, _ b: UnsafeBufferPointer<StoredEntry>) -> Bool {
        guard a.count == b.count else { return false }
        for k in 0..<a.count where a[k] != b[k] { return false }
        return true
    }

    /// Files `set` (not yet in the table) under `digest`.
    mutating func insert(_ set: UnsafeRawPointer, digest: UInt32) {
        // Up to 13/16 full: a probe that misses mostly compares tags, so a dense table stays quick.
        if (count + 1) * 16 > (mask + 1) * 13 { grow() }
        place(UInt64(UInt(bitPattern: set)) | Self.tag(digest), digest: digest)
        count += 1
    }

    private mutating func place(_ word: UInt64, digest: UInt32) {
        var index = Int(digest) & mask
        while slots[index] != 0 { index = (index + 1) & mask }
        slots[index] = word
    }

    private mutating func grow() {
        let old = slots
        let oldCapacity = mask + 1
        mask = oldCapacity * 2 - 1
        slots = .allocate(capacity: mask + 1)
        slots.initialize(repeating: 0, count: mask + 1)
        for k in 0..<oldCapacity where old[k] != 0 {
            let set = AttributeSet(base: UnsafeRawPointer(bitPattern: UInt(old[k] & Self.addressMask))!)
            place(old[k], digest: AttributeSet.digest(of: set.stored))
        }
        old.deallocate()
    }
}
