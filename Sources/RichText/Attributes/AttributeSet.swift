/// One attribute in a set: its value and the behaviour its key declares.
public struct AttributeEntry: Hashable, Sendable {
    /// The key's name.
    public var name: String
    /// The value.
    public var value: AttributeValue
    /// The key's behaviour.
    public var behavior: AttributeBehavior

    /// An entry.
    public init(name: String, value: AttributeValue, behavior: AttributeBehavior = .plain) {
        self.name = name
        self.value = value
        self.behavior = behavior
    }
}

/// An immutable, interned set of attributes.
///
/// Equal sets are one interned storage, so comparing two sets is an identity compare and runs coalesce
/// cheaply. A set is a reference to its storage: it lives while anything holds it, and the registry reclaims
/// sets that nothing holds (see `AttributeRegistry`), so memory follows the sets alive, not every set ever made.
/// The layout of a block is in `AttributeSet+Storage.swift`.
@dynamicMemberLookup
public struct AttributeSet: Hashable, @unchecked Sendable {
    /// The set's storage: immutable but for its atomic caches (projections, entries list).
    @usableFromInline let storage: SetStorage

    @inlinable init(storage: SetStorage) { self.storage = storage }

    /// The set's block, valid while this set is alive.
    @inlinable var base: UnsafeRawPointer { storage.block }

    /// The interned set of `entries` (sorted by name, one a name, boxed values held by the caller).
    init(interning entries: UnsafeBufferPointer<StoredEntry>) {
        self = AttributeRegistry.intern(entries)
    }

    /// The set with no attributes.
    public static let empty = AttributeSet(interning: UnsafeBufferPointer(start: nil, count: 0))

    /// A set of the given entries; a later entry for the same name wins.
    public init(_ entries: [AttributeEntry]) {
        let count = entries.count
        if count == 0 {
            self = .empty
            return
        }
        // The boxes of the values, held until the set that owns them is interned.
        var boxes: [ValueBox] = []
        defer { withExtendedLifetime(boxes) {} }
        self = withUnsafeTemporaryAllocation(of: StoredEntry.self, capacity: count) { buffer in
            // Entries taken from another set are already sorted with distinct names: nothing to sort or drop.
            var isSorted = true
            for k in 0..<count {
                let entry = entries[k]
                let key = AttributeRegistry.key(entry.name, entry.behavior)
                let (value, box) = NewValue(entry.value).stored
                if let box { boxes.append(box) }
                buffer.initializeElement(at: k, to: StoredEntry(key: key, value: value))
                if isSorted && k > 0 && !(buffer[k - 1].key.pointee.name < key.pointee.name) { isSorted = false }
            }
            if isSorted { return AttributeSet(interning: UnsafeBufferPointer(buffer)) }
            return Self.normalizing(buffer)
        }
    }

    /// The set of `entries` in any order, the last entry of a name winning. Reorders `entries`.
    private static func normalizing(_ entries: UnsafeMutableBufferPointer<StoredEntry>) -> AttributeSet {
        // Whether `a`'s name sorts before `b`'s (equal names do not).
        func precedes(_ a: StoredEntry, _ b: StoredEntry) -> Bool {
            a.key.pointee.nameID != b.key.pointee.nameID && a.key.pointee.name < b.key.pointee.name
        }
        // A stable sort by name, so that the entries of one name keep their order.
        if entries.count <= 32 {
            for k in 1..<entries.count {
                let moving = entries[k]
                var j = k
                while j > 0 && precedes(moving, entries[j - 1]) {
                    entries[j] = entries[j - 1]
                    j -= 1
                }
                entries[j] = moving
            }
        } else {
            let order = entries.indices.sorted { a, b in
                precedes(entries[a], entries[b]) || (!precedes(entries[b], entries[a]) && a < b)
            }
            let sorted = order.map { entries[$0] }
            for k in 0..<sorted.count { entries[k] = sorted[k] }
        }
        // The last entry of each name.
        var count = 0
        for k in 0..<entries.count {
            if k + 1 < entries.count && entries[k + 1].key.pointee.nameID == entries[k].key.pointee.nameID { continue }
            entries[count] = entries[k]
            count += 1
        }
        return AttributeSet(interning: UnsafeBufferPointer(rebasing: entries[..<count]))
    }

    /// Whether the set holds nothing.
    @inlinable public var isEmpty: Bool { Block(base).head & Block.countInNextWord == 0 }

    /// The number of attributes.
    @inlinable public var count: Int { Block(base).count }

    /// Whether any key in the set declares a behaviour (inheritance, invalidation or run boundaries).
    @inlinable public var hasBehaviors: Bool { traits.contains(.behaved) }
    /// Whether any key in the set is bound to paragraphs.
    @inlinable public var hasParagraphKeys: Bool { traits.contains(.paragraph) }
    /// Whether any key in the set is bound to a character.
    @inlinable public var hasCharacterKeys: Bool { traits.contains(.character) }
    /// Whether any key in the set is invalidated by another key's change.
    @inlinable public var hasDependentKeys: Bool { traits.contains(.dependent) }

    /// The value stored under `name`.
    public subscript(name: String) -> AttributeValue? {
        index(ofName: name).map { stored[$0].attributeValue }
    }

    /// The entry stored under `name`.
    public func entry(named name: String) -> AttributeEntry? {
        index(ofName: name).map { stored[$0].entry }
    }

    /// The position of the entry named `name`.
    func index(ofName name: String) -> Int? {
        let list = stored
        if list.count <= 8 {
            for k in 0..<list.count where list[k].key.pointee.name == name { return k }
            return nil
        }
        var low = 0
        var high = list.count
        while low < high {
            let mid = (low + high) / 2
            if list[mid].key.pointee.name < name { low = mid + 1 } else { high = mid }
        }
        return low < list.count && list[low].key.pointee.name == name ? low : nil
    }

    /// The typed value of `K`. Setting it makes this the set with `K` set to the value (nil removes it), with
    /// `K`'s behaviour, as Foundation's `AttributeContainer` is written: `attributes[Ingredient.self] = "milk"`.
    public subscript<K: RichAttributeKey>(key: K.Type) -> K.Value? {
        get { self[K.name].flatMap { K.Value(attributeValue: $0) } }
        set { self = setting(K.name, to: newValue?.attributeValue, behavior: K.descriptor.behavior) }
    }

    /// A registered key through dynamic member lookup: `attributes.ingredient`, `attributes.ingredient = "milk"`.
    public subscript<K: RichAttributeKey>(dynamicMember keyPath: KeyPath<AttributeKeys, K.Type>) -> K.Value? {
        get { self[AttributeKeys()[keyPath: keyPath]] }
        set { self[AttributeKeys()[keyPath: keyPath]] = newValue }
    }

    /// This set with `entry` added or replacing the entry of the same name.
    ///
    /// An earlier identical change is answered by the setting cache (`AttributeSet+SettingCache.swift`);
    /// otherwise the result is looked up in the interner.
    public func setting(_ entry: AttributeEntry) -> AttributeSet {
        setting(AttributeRegistry.key(entry.name, entry.behavior), NewValue(entry.value))
    }

    /// An entry resolved once for many `setting` calls (one a run of an edited range): its key's record and
    /// its value's encoding, so that each call skips the key lookup. It holds the value's box, which keeps the
    /// encoding valid for as long as the entry lives.
    struct ResolvedEntry {
        let key: UnsafePointer<KeyRecord>
        let value: StoredValue
        private let box: ValueBox?

        init(_ entry: AttributeEntry) {
            self.init(AttributeKeyDescriptor(name: entry.name, behavior: entry.behavior), entry.value)
        }

        /// The entry of `key` with `value`, resolved.
        init(_ key: AttributeKeyDescriptor, _ value: AttributeValue) {
            self.key = AttributeRegistry.key(key.name, key.behavior)
            (self.value, box) = NewValue(value).stored
        }
    }

    /// The same as `setting(_:)` with the entry `entry` was resolved from.
    func setting(_ entry: ResolvedEntry) -> AttributeSet {
        withExtendedLifetime(entry) { setting(entry.key, .encoded(entry.value)) }
    }

    /// This set with `key` = `value` added or replacing the entry of the same name.
    func setting(_ key: UnsafePointer<KeyRecord>, _ value: NewValue) -> AttributeSet {
        let list = stored
        let (index, replaces) = Self.position(of: key, in: list)
        if replaces && list[index].holds(key, value) { return self }
        let slot = SettingCache.slot(set: base, key: key, seed: value.seed)
        if let cached = SettingCache.candidate(at: slot),
           cached.isResult(ofPutting: key, value, at: index, replacing: replaces, into: list) {
            return cached
        }
        let (storedValue, box) = value.stored
        defer { withExtendedLifetime(box) {} }
        let entry = StoredEntry(key: key, value: storedValue)
        let result = withUnsafeTemporaryAllocation(of: StoredEntry.self, capacity: list.count + 1) { buffer in
            var count = 0
            for k in 0..<index { buffer.initializeElement(at: count, to: list[k]); count += 1 }
            buffer.initializeElement(at: count, to: entry)
            count += 1
            for k in (replaces ? index + 1 : index)..<list.count { buffer.initializeElement(at: count, to: list[k]); count += 1 }
            return AttributeSet(interning: UnsafeBufferPointer(rebasing: buffer[..<count]))
        }
        SettingCache.store(result, at: slot)
        return result
    }

    /// Where `key` goes in `list`: the position of the entry of the same name (`replaces`), or where it would
    /// be inserted.
    @inline(__always)
    static func position(of key: UnsafePointer<KeyRecord>, in list: UnsafeBufferPointer<StoredEntry>) -> (index: Int, replaces: Bool) {
        let nameID = key.pointee.nameID
        for k in 0..<list.count where list[k].key.pointee.nameID == nameID { return (k, true) }
        var k = 0
        while k < list.count && list[k].key.pointee.name < key.pointee.name { k += 1 }
        return (k, false)
    }

    /// This set with `name` set to `value` (nil removes it), keeping the given behaviour.
    public func setting(_ name: String, to value: AttributeValue?, behavior: AttributeBehavior) -> AttributeSet {
        guard let value else { return removing(name) }
        return setting(AttributeEntry(name: name, value: value, behavior: behavior))
    }

    /// This set without `name`.
    public func removing(_ name: String) -> AttributeSet {
        guard let index = index(ofName: name) else { return self }
        return removing(at: index)
    }

    /// This set without its entry at `index`.
    func removing(at index: Int) -> AttributeSet {
        let list = stored
        let slot = SettingCache.slot(set: base, key: list[index].key, seed: 0, removal: true)
        if let cached = SettingCache.candidate(at: slot), cached.isResult(ofRemovingAt: index, from: list) {
            return cached
        }
        var k = 0
        let result = keeping { _ in defer { k += 1 }; return k != index }
        SettingCache.store(result, at: slot)
        return result
    }

    /// This set without any of `names`.
    public func removing<S: Sequence>(all names: S) -> AttributeSet where S.Element == String {
        let drop = Set(names)
        if drop.isEmpty { return self }
        return keeping { !drop.contains($0.key.pointee.name) }
    }

    /// Only the entries that `isIncluded` accepts.
    public func filter(_ isIncluded: (AttributeEntry) -> Bool) -> AttributeSet {
        keeping { isIncluded($0.entry) }
    }

    /// Only the stored entries that `keeps` accepts, asked once each in order.
    func keeping(_ keeps: (StoredEntry) -> Bool) -> AttributeSet {
        let list = stored
        // Most filters keep everything: find the first entry dropped before building anything.
        guard let firstDropped = list.firstIndex(where: { !keeps($0) }) else { return self }
        return withUnsafeTemporaryAllocation(of: StoredEntry.self, capacity: list.count) { buffer in
            var count = 0
            for k in 0..<firstDropped { buffer.initializeElement(at: count, to: list[k]); count += 1 }
            for k in (firstDropped + 1)..<list.count where keeps(list[k]) {
                buffer.initializeElement(at: count, to: list[k])
                count += 1
            }
            return AttributeSet(interning: UnsafeBufferPointer(rebasing: buffer[..<count]))
        }
    }

    /// This set with every entry of `other` added, `other` winning on conflicts.
    public func merging(_ other: AttributeSet) -> AttributeSet {
        if other.isEmpty { return self }
        if isEmpty { return other }
        var result = self
        for entry in other.stored { result = result.setting(entry.key, .encoded(entry.value)) }
        return result
    }

    /// Equal sets are the same interned block.
    @inlinable public static func == (lhs: AttributeSet, rhs: AttributeSet) -> Bool { lhs.storage === rhs.storage }

    @inlinable public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(storage)) }
}

extension AttributeSet: CustomStringConvertible {
    /// The set the way Foundation prints a run's attributes: one `name = value` a line, in braces.
    public var description: String {
        if isEmpty { return "{\n}" }
        return "{\n" + entries.map { "\t\($0.name) = \($0.value)\n" }.joined() + "}"
    }
}
