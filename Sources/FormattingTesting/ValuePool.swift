import Foundation
import Formatting
import RichText

/// The attribute values generators draw from, per key. Built from a definition, it holds every value its
/// constraints name as worth trying (`ValueConstraint.sampleValues`: allowed values and defaults, rule actions and
/// conditions, clamp bounds and values just outside them) plus a few of every common kind, so generated edits hit
/// both the rules and their edges.
public struct ValuePool: Sendable {
    /// The values per key name.
    public var values: [String: [AttributeValue]]
    /// Values for keys not listed in `values`.
    public var fallback: [AttributeValue]

    /// A pool with explicit values.
    public init(values: [String: [AttributeValue]], fallback: [AttributeValue] = ValuePool.commonValues) {
        self.values = values
        self.fallback = fallback
    }

    /// A few values of the common kinds.
    public static let commonValues: [AttributeValue] = [
        .integer(1), .integer(2), .integer(-3), .number(0.5), .string("a"), .string("milk"), .bool(true),
        .color(RichColor(red: 0, green: 1, blue: 0)),
    ]

    /// A pool for `definition`: every value its constraints mention, per key, plus the common values.
    /// `extra` adds values per key (e.g. from a definition file's declared types).
    public init(for definition: FormattingDefinition, extra: [String: [AttributeValue]] = [:]) {
        var found: [String: [AttributeValue]] = [:]
        func add(_ key: String, _ value: AttributeValue?) {
            guard let value, !(found[key] ?? []).contains(value) else { return }
            found[key, default: []].append(value)
        }
        for constraint in definition.constraints {
            for (key, values) in constraint.sampleValues { values.forEach { add(key, $0) } }
        }
        for (key, values) in extra { values.forEach { add(key, $0) } }
        // A key the constraints say little about gets one value of every common kind, so whatever type it
        // really has (a bool `heading`, a colour) is among them.
        for key in definition.scope where (found[key.name] ?? []).count < 3 {
            ValuePool.everyKind.forEach { add(key.name, $0) }
        }
        self.init(values: found)
    }

    /// One or two values of every kind a key commonly holds: what a key gets that the constraints say little about.
    public static let everyKind: [AttributeValue] = [
        .bool(true), .bool(false), .integer(1), .integer(0), .number(0.5), .string("a"),
        .color(RichColor(red: 0, green: 1, blue: 0)), .url(URL(string: "https://example.com")!),
    ]

    /// Values of `type`, as a pool gives a key of that type: both bools, small and edge-case numbers, short
    /// strings, a few colours and URLs.
    public static func values<V: AttributeValueConvertible>(of type: V.Type) -> [AttributeValue] {
        switch type {
        case is Bool.Type: return [.bool(true), .bool(false)]
        case is Int.Type: return [.integer(0), .integer(1), .integer(-1), .integer(2), .integer(100)]
        case is Double.Type: return [.number(0), .number(0.5), .number(1), .number(12), .number(-3.5)]
        case is String.Type: return [.string(""), .string("a"), .string("milk"), .string("é")]
        case is RichColor.Type:
            return [.color(RichColor(red: 0, green: 1, blue: 0)), .color(RichColor(red: 1, green: 0, blue: 0)), .color(RichColor(red: 0, green: 0, blue: 0, alpha: 0.5))]
        case is URL.Type: return [.url(URL(string: "https://example.com")!), .url(URL(string: "https://swift.org/a?b=c")!)]
        case is Data.Type: return [.data(Data()), .data(Data([1, 2, 3]))]
        case is ImageGlyphReference.Type:
            return [.imageGlyph(ImageGlyphReference(contentIdentifier: "glyph-1", contentDescription: "a cat")),
                    .imageGlyph(ImageGlyphReference(contentIdentifier: "glyph-2", contentDescription: ""))]
        default: return ValuePool.everyKind
        }
    }

    /// This pool with `key`'s values drawn from its Swift type (`K.Value`) as well: a typed key's own kind first.
    public func declaring<K: RichAttributeKey>(_ key: K.Type) -> ValuePool {
        declaring(K.name, values: ValuePool.values(of: K.Value.self))
    }

    /// This pool with `values` added for `key`, in front of the ones it had.
    public func declaring(_ key: String, values extra: [AttributeValue]) -> ValuePool {
        var copy = self
        let existing = copy.values[key] ?? []
        copy.values[key] = extra + existing.filter { !extra.contains($0) }
        return copy
    }

    /// A value for `key`.
    public func value(for key: String, using rng: inout SeededGenerator) -> AttributeValue {
        let list = values[key] ?? []
        // Mostly the key's own values; sometimes any value, so wrong kinds are exercised too.
        return list.isEmpty || rng.chance(0.1) ? rng.pick(fallback) : rng.pick(list)
    }
}
