import Synchronization

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
/// Equal sets share one storage object, so comparing two sets is a pointer compare and runs coalesce cheaply.
public struct AttributeSet: Hashable, Sendable {
    @usableFromInline let storage: Storage

    /// The set with no attributes.
    public static let empty = AttributeSet(sortedEntries: [])

    /// A set of the given entries; a later entry for the same name wins.
    public init(_ entries: [AttributeEntry]) {
        // Entries taken from another set are already sorted with distinct names: nothing to sort or drop.
        var isSorted = true
        var k = 1
        while k < entries.count {
            if !(entries[k - 1].name < entries[k].name) { isSorted = false; break }
            k += 1
        }
        if isSorted {
            self.init(sortedEntries: entries)
            return
        }
        var byName: [String: AttributeEntry] = [:]
        for entry in entries { byName[entry.name] = entry }
        self.init(sortedEntries: byName.values.sorted { $0.name < $1.name })
    }

    init(sortedEntries: [AttributeEntry]) {
        storage = Interner.shared.intern(sortedEntries)
    }

    /// The entries, sorted by name.
    @inlinable public var entries: [AttributeEntry] { storage.entries }

    /// Whether the set holds nothing.
    @inlinable public var isEmpty: Bool { storage.entries.isEmpty }

    /// The number of attributes.
    @inlinable public var count: Int { storage.entries.count }

    /// Whether any key in the set declares a behaviour (inheritance, invalidation or run boundaries).
    @inlinable public var hasBehaviors: Bool { storage.hasBehaviors }
    /// Whether any key in the set is bound to paragraphs.
    @inlinable public var hasParagraphKeys: Bool { storage.hasParagraphKeys }
    /// Whether any key in the set is bound to a character.
    @inlinable public var hasCharacterKeys: Bool { storage.hasCharacterKeys }
    /// Whether any key in the set is invalidated by another key's change.
    @inlinable public var hasDependentKeys: Bool { storage.hasDependentKeys }

    /// The value stored under `name`.
    public subscript(name: String) -> AttributeValue? { entry(named: name)?.value }

    /// The entry stored under `name`.
    public func entry(named name: String) -> AttributeEntry? {
        let entries = storage.entries
        var low = 0
        var high = entries.count
        while low < high {
            let mid = (low + high) / 2
            if entries[mid].name < name { low = mid + 1 } else { high = mid }
        }
        return low < entries.count && entries[low].name == name ? entries[low] : nil
    }

    /// The typed value of `K`.
    public subscript<K: RichAttributeKey>(key: K.Type) -> K.Value? {
        self[K.name].flatMap { K.Value(attributeValue: $0) }
    }

    /// This set with `entry` added or replacing the entry of the same name.
    ///
    /// The result is looked up in the interner as these entries with one put in, without building the new list
    /// first: a list is built only for a set never seen before.
    public func setting(_ entry: AttributeEntry) -> AttributeSet {
        let entries = storage.entries
        var i = 0
        while i < entries.count && entries[i].name < entry.name { i += 1 }
        let replaces = i < entries.count && entries[i].name == entry.name
        if replaces && entries[i] == entry { return self }
        // A result of this set kept in the slot for this entry (see `AttributeSet+SettingCache.swift`).
        let slot = SettingCache.slotIndex(for: entry)
        if let cached = storage.settingCache.withLock({ $0.result(at: slot) }),
           Self.isResult(cached, ofPutting: entry, at: i) {
            return AttributeSet(storage: cached)
        }
        let result = Interner.shared.intern(entries, putting: entry, at: i, replacing: replaces)
        storage.settingCache.withLock { $0.store(result, at: slot) }
        return AttributeSet(storage: result)
    }

    init(storage: Storage) { self.storage = storage }

    /// This set with `name` set to `value` (nil removes it), keeping the given behaviour.
    public func setting(_ name: String, to value: AttributeValue?, behavior: AttributeBehavior) -> AttributeSet {
        guard let value else { return removing(name) }
        return setting(AttributeEntry(name: name, value: value, behavior: behavior))
    }

    /// This set without `name`.
    public func removing(_ name: String) -> AttributeSet {
        guard let i = storage.entries.firstIndex(where: { $0.name == name }) else { return self }
        var entries = storage.entries
        entries.remove(at: i)
        return AttributeSet(sortedEntries: entries)
    }

    /// This set without any of `names`.
    public func removing<S: Sequence>(all names: S) -> AttributeSet where S.Element == String {
        let drop = Set(names)
        let kept = storage.entries.filter { !drop.contains($0.name) }
        return kept.count == storage.entries.count ? self : AttributeSet(sortedEntries: kept)
    }

    /// Only the entries that `isIncluded` accepts.
    public func filter(_ isIncluded: (AttributeEntry) -> Bool) -> AttributeSet {
        // Most filters keep everything: find the first entry dropped before building anything.
        let entries = storage.entries
        guard let firstDropped = entries.firstIndex(where: { !isIncluded($0) }) else { return self }
        var kept = Array(entries[..<firstDropped])
        kept.reserveCapacity(entries.count - 1)
        for entry in entries[(firstDropped + 1)...] where isIncluded(entry) { kept.append(entry) }
        return AttributeSet(sortedEntries: kept)
    }

    /// This set with every entry of `other` added, `other` winning on conflicts.
    public func merging(_ other: AttributeSet) -> AttributeSet {
        if other.isEmpty { return self }
        if isEmpty { return other }
        var result = self
        for entry in other.entries { result = result.setting(entry) }
        return result
    }

    /// Equal sets are the same interned object.
    public static func == (lhs: AttributeSet, rhs: AttributeSet) -> Bool { lhs.storage === rhs.storage }

    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(storage)) }

    /// The interned storage of one distinct set.
    @usableFromInline
    final class Storage: Sendable {
        @usableFromInline let entries: [AttributeEntry]
        /// Whether any entry's key declares a behaviour, so edits next to plain runs can skip enforcement.
        @usableFromInline let hasBehaviors: Bool
        /// Whether any key is bound to paragraphs.
        @usableFromInline let hasParagraphKeys: Bool
        /// Whether any key is bound to a character.
        @usableFromInline let hasCharacterKeys: Bool
        /// Whether any key is invalidated when another key changes.
        @usableFromInline let hasDependentKeys: Bool
        /// Whether any key is invalidated by text changes.
        @usableFromInline let hasTextChangedKeys: Bool
        /// Whether typed text takes every key (no key is left off by `isInheritable`).
        @usableFromInline let isAllInheritable: Bool
        /// The derived sets, filled on first use (see `AttributeSet+Projections.swift`). Storages are never
        /// freed, so an unmanaged reference to one stays valid.
        let inheritableProjection = Atomic<Unmanaged<Storage>?>(nil)
        let paragraphProjection = Atomic<Unmanaged<Storage>?>(nil)
        /// Recent `setting(_:)` results (see `AttributeSet+SettingCache.swift`).
        let settingCache = Mutex(SettingCache())
        init(_ entries: [AttributeEntry]) {
            self.entries = entries
            hasBehaviors = entries.contains { $0.behavior != .plain }
            hasTextChangedKeys = entries.contains { $0.behavior.isInvalidatedByTextChange }
            isAllInheritable = entries.allSatisfy { $0.behavior.isInheritable }
            hasParagraphKeys = entries.contains { $0.behavior.runBoundaries == .paragraph }
            hasCharacterKeys = entries.contains { if case .character = $0.behavior.runBoundaries { return true } else { return false } }
            hasDependentKeys = entries.contains { $0.behavior.invalidationConditions.contains { if case .attributeChanged = $0 { return true } else { return false } } }
        }
    }

    /// The table of every distinct set in the process. Sets are never freed: a document holds few distinct
    /// sets, and interning makes every comparison in the hot path a pointer compare.
    ///
    /// The table is keyed by a digest of the names and values (the behaviours, sets that cost more to hash, are
    /// left out: a name nearly always decides them), so its probes compare integers; the few sets that share a
    /// digest sit in one bucket and are told apart field by field.
    final class Interner: Sendable {
        static let shared = Interner()
        private let table = Mutex<[Int: Bucket]>([:])

        /// The sets that share one digest.
        struct Bucket {
            var first: Storage
            var others: [Storage] = []
        }

        /// One entry put into a list of entries: at `index`, replacing the entry there when `replaces`.
        struct Edit {
            let index: Int
            let entry: AttributeEntry
            let replaces: Bool
        }

        /// The set of `entries`.
        func intern(_ entries: [AttributeEntry]) -> Storage {
            lookUp(entries, nil)
        }

        /// The set of `entries` with `entry` put in at `index` (replacing the entry there when `replacing`),
        /// looked up without building its list unless it is new.
        func intern(_ entries: [AttributeEntry], putting entry: AttributeEntry, at index: Int, replacing: Bool) -> Storage {
            lookUp(entries, Edit(index: index, entry: entry, replaces: replacing))
        }

        private func lookUp(_ entries: [AttributeEntry], _ edit: Edit?) -> Storage {
            let digest = Self.digest(entries, edit)
            return table.withLock { table in
                if let bucket = table[digest] {
                    if Self.matches(bucket.first, entries, edit) { return bucket.first }
                    for storage in bucket.others where Self.matches(storage, entries, edit) { return storage }
                }
                var list = entries
                if let edit {
                    if edit.replaces { list[edit.index] = edit.entry } else { list.insert(edit.entry, at: edit.index) }
                }
                let storage = Storage(list)
                if table[digest] == nil {
                    table[digest] = Bucket(first: storage)
                } else {
                    table[digest]!.others.append(storage)
                }
                return storage
            }
        }

        static func count(_ entries: [AttributeEntry], _ edit: Edit?) -> Int {
            guard let edit, !edit.replaces else { return entries.count }
            return entries.count + 1
        }

        /// Calls `body` with each entry of `entries` with `edit` applied, in order, until it returns false. The
        /// entries are lent in place, so reading a field does not copy (and retain) the whole entry.
        @inline(__always)
        static func forEachEntry(of entries: [AttributeEntry], _ edit: Edit?, _ body: (UnsafePointer<AttributeEntry>) -> Bool) -> Bool {
            entries.withUnsafeBufferPointer { list in
                guard let base = list.baseAddress else {
                    guard let edit else { return true }
                    return withUnsafePointer(to: edit.entry) { body($0) }
                }
                guard let edit else {
                    for k in 0..<list.count where !body(base + k) { return false }
                    return true
                }
                for k in 0..<edit.index where !body(base + k) { return false }
                if !withUnsafePointer(to: edit.entry, { body($0) }) { return false }
                let rest = edit.replaces ? edit.index + 1 : edit.index
                for k in rest..<list.count where !body(base + k) { return false }
                return true
            }
        }

        static func digest(_ entries: [AttributeEntry], _ edit: Edit?) -> Int {
            var hasher = Hasher()
            hasher.combine(count(entries, edit))
            _ = forEachEntry(of: entries, edit) { entry in
                hasher.combine(entry.pointee.name)
                hasher.combine(entry.pointee.value)
                return true
            }
            return hasher.finalize()
        }

        /// Whether `storage` holds exactly these entries, field by field.
        static func matches(_ storage: Storage, _ entries: [AttributeEntry], _ edit: Edit?) -> Bool {
            guard storage.entries.count == count(entries, edit) else { return false }
            return storage.entries.withUnsafeBufferPointer { list in
                guard let a = list.baseAddress else { return true }
                var k = 0
                return forEachEntry(of: entries, edit) { b in
                    defer { k += 1 }
                    return a[k].name == b.pointee.name && a[k].value == b.pointee.value && a[k].behavior == b.pointee.behavior
                }
            }
        }
    }
}

extension AttributeSet: CustomStringConvertible {
    /// The set the way Foundation prints a run's attributes: one `name = value` a line, in braces.
    public var description: String {
        if isEmpty { return "{\n}" }
        return "{\n" + entries.map { "\t\($0.name) = \($0.value)\n" }.joined() + "}"
    }
}
