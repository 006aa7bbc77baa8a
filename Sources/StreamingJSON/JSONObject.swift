#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An ordered JSON object: members keep the order they had in the document, with key lookup.
///
/// Keys are unique (compared with `String` equality, i.e. canonical
/// equivalence). Equality and hashing ignore member order: two objects are
/// equal when they have the same keys with equal values.
public struct JSONObject: Sendable, Hashable, RandomAccessCollection, ExpressibleByDictionaryLiteral {
    /// A member of the object as a `(key, value)` pair.
    public typealias Element = (key: String, value: JSONValue)
    /// Positions are offsets into the member order.
    public typealias Index = Int

    /// Objects with more members than this get a hash index for lookup.
    private static let indexThreshold = 12

    /// The keys in document (insertion) order.
    public private(set) var keys: [String]
    /// The values, parallel to `keys`.
    public private(set) var values: [JSONValue]
    private var index: [String: Int]?

    /// Creates an empty object.
    public init() {
        keys = []
        values = []
        index = nil
    }

    /// Creates an object from key/value pairs in order; a repeated key replaces the earlier value in place.
    public init<S: Sequence>(_ members: S) where S.Element == (String, JSONValue) {
        self.init(Array(members))
    }

    /// Creates an object from key/value pairs in order; a repeated key replaces the earlier value in place. (The
    /// array's own form: members read without the generic sequence's witnesses, and the key index made once.)
    public init(_ members: [(String, JSONValue)]) {
        self.init()
        keys.reserveCapacity(members.count)
        values.reserveCapacity(members.count)
        if members.count > Self.indexThreshold {
            var found = [String: Int](minimumCapacity: members.count)
            for (k, v) in members {
                if let i = found[k] {
                    values[i] = v
                } else {
                    found[k] = keys.count
                    keys.append(k)
                    values.append(v)
                }
            }
            index = keys.count > Self.indexThreshold ? found : nil
        } else {
            for (k, v) in members { self[k] = v }
        }
    }

    /// Creates an object from a dictionary literal, keeping the literal's order.
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self.init(elements)
    }

    /// Creates an object from already-unique keys (used by the parser).
    init(uniqueKeys keys: [String], values: [JSONValue]) {
        self.keys = keys
        self.values = values
        self.index = nil
        if keys.count > Self.indexThreshold { rebuildIndex() }
    }

    private mutating func rebuildIndex() {
        if keys.count > Self.indexThreshold {
            var d = [String: Int](minimumCapacity: keys.count)
            for (i, k) in keys.enumerated() { d[k] = i }
            index = d
        } else {
            index = nil
        }
    }

    /// The position of `key` in member order, if present.
    public func position(ofKey key: String) -> Int? {
        if let index { return index[key] }
        return keys.firstIndex(of: key)
    }

    /// Gets the value for `key`; setting appends a new member or replaces in place; setting `nil` removes.
    public subscript(key: String) -> JSONValue? {
        get {
            guard let i = position(ofKey: key) else { return nil }
            return values[i]
        }
        set {
            if let i = position(ofKey: key) {
                if let newValue {
                    values[i] = newValue
                } else {
                    keys.remove(at: i)
                    values.remove(at: i)
                    rebuildIndex()
                }
            } else if let newValue {
                keys.append(key)
                values.append(newValue)
                if index != nil {
                    index![key] = keys.count - 1
                } else if keys.count > Self.indexThreshold {
                    rebuildIndex()
                }
            }
        }
    }

    /// The position of the first member.
    public var startIndex: Int { 0 }
    /// The position after the last member.
    public var endIndex: Int { keys.count }
    /// The member at `position`, in document order.
    public subscript(position: Int) -> Element { (keys[position], values[position]) }

    /// The members sorted by the UTF-8 bytes of their keys (the order Foundation's `.sortedKeys` uses).
    public var sortedByKey: [Element] {
        let order = keys.indices.sorted { Self.utf8Precedes(keys[$0], keys[$1]) }
        return order.map { (keys[$0], values[$0]) }
    }

    /// Whether `a`'s UTF-8 bytes order before `b`'s: compared as bytes in place when both strings are stored as
    /// UTF-8 (a native string always is), else code unit by code unit.
    static func utf8Precedes(_ a: String, _ b: String) -> Bool {
        let compared = a.utf8.withContiguousStorageIfAvailable { x in
            b.utf8.withContiguousStorageIfAvailable { y -> Bool in
                let common = Swift.min(x.count, y.count)
                if common > 0 {
                    let order = memcmp(x.baseAddress!, y.baseAddress!, common)
                    if order != 0 { return order < 0 }
                }
                return x.count < y.count
            }
        }
        return (compared ?? nil) ?? a.utf8.lexicographicallyPrecedes(b.utf8)
    }

    /// Order-insensitive equality: same key set, equal values per key.
    public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
        guard lhs.keys.count == rhs.keys.count else { return false }
        if lhs.keys == rhs.keys { return lhs.values == rhs.values }
        for (i, k) in lhs.keys.enumerated() {
            guard let j = rhs.position(ofKey: k), rhs.values[j] == lhs.values[i] else { return false }
        }
        return true
    }

    /// Order-insensitive hashing, consistent with `==`.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(keys.count)
        var acc = 0
        for i in keys.indices {
            var h = Hasher()
            h.combine(keys[i])
            h.combine(values[i])
            acc = acc &+ h.finalize()
        }
        hasher.combine(acc)
    }
}
