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

/// The process-wide tables behind `AttributeSet`: the keys, the boxed values and the interned sets.
///
/// Keys live in an arena that is never freed (a program uses few distinct key names and behaviours, and
/// immortal keys make every key compare an address compare). Sets and values are reference counted: each table
/// holds one reference to what it interned, and sweeps out what only it holds, so memory follows the sets and
/// values alive. A sweep runs when a table is full and before it grows, which keeps interning O(1) amortised.
/// Sets and values die only in a sweep, under the lock, so a lookup never finds one being torn down; a sweep
/// frees only what nothing else references, so a set or box that anything holds (a string, a cache, a caller
/// between boxing a value and interning the set) survives it.
///
/// One lock guards the tables; the key cache in front of them is read without it, and the set and value caches
/// are per thread (`ThreadCaches`).
enum AttributeRegistry {
    /// The tables. Lookups of sets happen under the lock; what they return is immutable.
    struct Tables: @unchecked Sendable {
        var keys: [AttributeKeyDescriptor: UnsafePointer<KeyRecord>] = [:]
        var nameIDs: [String: UInt32] = [:]
        var values = ValueTable()
        var sets = InternTable()
        var arena = Arena()
        /// The serial number the next set gets.
        var nextSerial: UInt64 = 1
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

    /// The box of `value`: the one shared box of an equal value if one is alive, otherwise a new one. A thread's
    /// recently boxed values answer first, without the lock.
    static func box(_ value: AttributeValue) -> ValueBox {
        let slot = Int(truncatingIfNeeded: (StoredValue.seed(of: value) &* 0x9E37_79B9_7F4A_7C15) >> 56)
            & (ThreadCaches.valueSlotCount - 1)
        if let box = ThreadCaches.withCurrent({ $0.values[slot] }), box.value == value { return box }
        let box = tables.withLock { $0.values.box(value) }
        ThreadCaches.withCurrent { $0.values[slot] = box }
        return box
    }

    // MARK: Sets

    /// The interned set of `entries` (sorted by name, one a name, values encoded, their boxes held by the caller).
    static func intern(_ entries: UnsafeBufferPointer<StoredEntry>) -> AttributeSet {
        let digest = AttributeSet.digest(of: entries)
        return tables.withLock { tables -> AttributeSet in
            if let found = tables.sets.find(entries, digest: digest) { return found }
            var traits: SetTraits = []
            for entry in entries { traits.formUnion(entry.key.pointee.traits) }
            if !traits.isDisjoint(with: [.notInheritable, .paragraph]) { traits.insert(.hasProjectionSlots) }
            let storage = SetStorage.make(bytes: AttributeSet.blockSize(count: entries.count, traits: traits))
            AttributeSet.writeBlock(at: UnsafeMutableRawPointer(mutating: storage.block), entries: entries, traits: traits,
                                    serial: tables.nextSerial)
            tables.nextSerial += 1
            let set = AttributeSet(storage: storage)
            tables.sets.insert(set, digest: digest)
            return set
        }
    }

    /// Sweeps both tables now, freeing every set and value that nothing but the registry holds, and returns the
    /// number of sets and of values left. Sweeps otherwise happen on their own as the tables fill; this is for
    /// tests and for measuring what is alive.
    static func sweep() -> (sets: Int, values: Int) {
        tables.withLock { tables in
            // A set's death gives back its projections and values, which the next round can free.
            var sets = -1
            var values = -1
            while sets != tables.sets.count || values != tables.values.count {
                sets = tables.sets.count
                values = tables.values.count
                tables.sets.sweep()
                tables.values.sweep()
            }
            return (tables.sets.count, tables.values.count)
        }
    }
}

/// A fixed array of atomic words, for caches read without a lock.
final class AtomicSlots: @unchecked Sendable {
    private let slots: UnsafeMutablePointer<Atomic<UInt>>
    let count: Int

    /// `count` words, all zero.
    init(count: Int) {
        self.count = count
        slots = .allocate(capacity: count)
        for k in 0..<count { (slots + k).initialize(to: Atomic(0)) }
    }

    deinit {
        slots.deinitialize(count: count)
        slots.deallocate()
    }

    @inline(__always)
    func load(_ index: Int) -> UInt { slots[index].load(ordering: .acquiring) }

    @inline(__always)
    func store(_ value: UInt, at index: Int) { slots[index].store(value, ordering: .releasing) }
}

/// Bump allocation from large chunks that are never freed (the key records).
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
        }
        let result = next!
        next = result + size
        remaining -= size
        return result
    }
}

/// The open-addressed table of interned sets: one word a slot, the address of a set's storage, which the table
/// holds one reference to, and beside it the top 16 bits of the set's digest, so that most probes that miss
/// compare a tag and touch no set. (Addresses are kept whole, so that leak checkers see the sets as reachable.
/// Sets do not keep their digests: a sweep computes them again.)
///
/// When the table is 13/16 full it sweeps: it drops every set that only it references, and doubles only if the
/// sets left would fill more than 13/32 of it. Every sweep is paid for by the inserts since the last one.
struct InternTable {
    private var slots: UnsafeMutablePointer<UInt>
    private var tags: UnsafeMutablePointer<UInt16>
    private var mask: Int
    private(set) var count = 0

    init() {
        mask = 1023
        slots = .allocate(capacity: mask + 1)
        slots.initialize(repeating: 0, count: mask + 1)
        tags = .allocate(capacity: mask + 1)
        tags.initialize(repeating: 0, count: mask + 1)
    }

    @inline(__always)
    private static func tag(_ digest: UInt32) -> UInt16 { UInt16(truncatingIfNeeded: digest >> 16) }

    /// The storage at an address the table holds.
    @inline(__always)
    private static func storage(_ address: UInt) -> Unmanaged<SetStorage> {
        Unmanaged.fromOpaque(UnsafeRawPointer(bitPattern: address).unsafelyUnwrapped)
    }

    /// The block of the storage at `address`.
    @inline(__always)
    private static func block(_ address: UInt) -> AttributeSet.Block {
        AttributeSet.Block(storage(address)._withUnsafeGuaranteedRef { $0.block })
    }

    /// The set holding exactly `entries`, if interned.
    func find(_ entries: UnsafeBufferPointer<StoredEntry>, digest: UInt32) -> AttributeSet? {
        let tag = Self.tag(digest)
        var index = Int(digest) & mask
        while true {
            let address = slots[index]
            if address == 0 { return nil }
            if tags[index] == tag && Self.same(Self.block(address).stored, entries) {
                return AttributeSet(storage: Self.storage(address).takeUnretainedValue())
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

    /// Files `set` (not yet in the table) under `digest`, taking a reference to it.
    mutating func insert(_ set: AttributeSet, digest: UInt32) {
        // Up to 13/16 full: a probe that misses mostly compares tags, so a dense table stays quick.
        if (count + 1) * 16 > (mask + 1) * 13 { sweep() }
        place(UInt(bitPattern: Unmanaged.passRetained(set.storage).toOpaque()), digest: digest)
        count += 1
    }

    private mutating func place(_ address: UInt, digest: UInt32) {
        var index = Int(digest) & mask
        while slots[index] != 0 { index = (index + 1) & mask }
        slots[index] = address
        tags[index] = Self.tag(digest)
    }

    /// Drops the sets only the table holds, and rebuilds the table for the rest, twice as large if they would
    /// fill more than 13/32 of it. Runs under the registry's lock: a set only the table holds cannot gain a
    /// reference meanwhile, since only a lookup under that lock can hand it out.
    mutating func sweep() {
        var survivors: [UInt] = []
        survivors.reserveCapacity(count)
        for k in 0...mask where slots[k] != 0 {
            if Self.isHeldElsewhere(Self.storage(slots[k])) { survivors.append(slots[k]) }
        }
        var capacity = mask + 1
        while survivors.count * 32 > capacity * 13 { capacity *= 2 }
        if capacity != mask + 1 {
            slots.deallocate()
            tags.deallocate()
            slots = .allocate(capacity: capacity)
            tags = .allocate(capacity: capacity)
            mask = capacity - 1
        }
        slots.initialize(repeating: 0, count: capacity)
        tags.initialize(repeating: 0, count: capacity)
        for address in survivors { place(address, digest: AttributeSet.digest(of: Self.block(address).stored)) }
        count = survivors.count
    }

    /// Whether anything besides the table references the object; if not, the table's reference is given up
    /// and the object dies.
    @inline(__always)
    static func isHeldElsewhere<T: AnyObject>(_ reference: Unmanaged<T>) -> Bool {
        var object = reference.takeRetainedValue()
        if isKnownUniquelyReferenced(&object) { return false }
        _ = Unmanaged.passRetained(object)
        return true
    }
}

/// The boxes of the values that sets store, one per distinct value, each holding one reference from the table.
/// It sweeps as the intern table does: when it reaches its sweep point it drops the boxes only it holds, and the
/// next sweep point is twice the boxes left (at least 1,024).
struct ValueTable {
    private var boxes: [AttributeValue: Unmanaged<ValueBox>] = [:]
    private var sweepPoint = 1024

    var count: Int { boxes.count }

    /// The box of `value`, made if need be.
    mutating func box(_ value: AttributeValue) -> ValueBox {
        if let box = boxes[value] { return box.takeUnretainedValue() }
        if boxes.count >= sweepPoint {
            sweep()
            sweepPoint = Swift.max(1024, boxes.count * 2)
        }
        let box = ValueBox(value)
        boxes[value] = Unmanaged.passRetained(box)
        return box
    }

    /// Drops the boxes only the table holds. The table is rebuilt from what is kept rather than edited by key:
    /// a value unequal to itself (a NaN number) can be filed but never found again.
    mutating func sweep() {
        boxes = boxes.filter { InternTable.isHeldElsewhere($0.value) }
    }
}
