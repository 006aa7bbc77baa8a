import Foundation

// Test attribute keys for the FormatCheck differential oracle.
// Names and behaviours must match the FormatCheck test schema exactly.

enum P1Key: AttributedStringKey {
    typealias Value = Int
    static let name = "p1"
}

enum P2Key: AttributedStringKey {
    typealias Value = String
    static let name = "p2"
}

enum TagKey: AttributedStringKey {
    typealias Value = String
    static let name = "tag"
    static let inheritedByAddedText = false
    static let invalidationConditions: Set<AttributedString.AttributeInvalidationCondition>? = [.textChanged]
}

enum ColorKey: AttributedStringKey {
    typealias Value = Int
    static let name = "color"
}

enum DepKey: AttributedStringKey {
    typealias Value = Int
    static let name = "dep"
    static let invalidationConditions: Set<AttributedString.AttributeInvalidationCondition>? = [.attributeChanged(ColorKey.self)]
}

enum Dep2Key: AttributedStringKey {
    typealias Value = Int
    static let name = "dep2"
    static let invalidationConditions: Set<AttributedString.AttributeInvalidationCondition>? = [.attributeChanged(DepKey.self)]
}

enum ParaKey: AttributedStringKey {
    typealias Value = Int
    static let name = "para"
    static let runBoundaries: AttributedString.AttributeRunBoundaries? = .paragraph
}

enum TagParaKey: AttributedStringKey {
    typealias Value = Int
    static let name = "tagpara"
    static let invalidationConditions: Set<AttributedString.AttributeInvalidationCondition>? = [.textChanged]
    static let runBoundaries: AttributedString.AttributeRunBoundaries? = .paragraph
}

enum BulletKey: AttributedStringKey {
    typealias Value = Int
    static let name = "bullet"
    static let runBoundaries: AttributedString.AttributeRunBoundaries? = .character("•")
}

enum NoInheritKey: AttributedStringKey {
    typealias Value = Int
    static let name = "noinherit"
    static let inheritedByAddedText = false
}

/// A parsed attribute value from the script.
enum AttrValue: Sendable {
    case int(Int)
    case string(String)

    var json: String {
        switch self {
        case .int(let i): return String(i)
        case .string(let s): return jsonString(s)
        }
    }
}

/// Type-erased operations on one test key.
struct KeyInfo: Sendable {
    let name: String
    let isInt: Bool
    /// s[range][K] = value (nil removes)
    let setRange: @Sendable (inout AttributedString, Range<AttributedString.Index>, AttrValue?) -> Void
    /// s[rangeSet][K] = value (nil removes)
    let setRangeSet: @Sendable (inout AttributedString, RangeSet<AttributedString.Index>, AttrValue?) -> Void
    /// container[K] = value
    let setContainer: @Sendable (inout AttributeContainer, AttrValue) -> Void
    /// run[K]
    let get: @Sendable (AttributeContainer) -> AttrValue?
}

// Values are type-checked against KeyInfo.isInt before reaching these.
private func unwrapInt(_ v: AttrValue?) -> Int? {
    guard let v else { return nil }
    if case .int(let i) = v { return i }
    fatalError("attribute value type mismatch (expected Int)")
}

private func unwrapString(_ v: AttrValue?) -> String? {
    guard let v else { return nil }
    if case .string(let s) = v { return s }
    fatalError("attribute value type mismatch (expected String)")
}

private func intKey<K: AttributedStringKey>(_ k: K.Type) -> KeyInfo where K.Value == Int {
    key(K.self, isInt: true, unwrap: unwrapInt, wrap: AttrValue.int)
}

private func stringKey<K: AttributedStringKey>(_ k: K.Type) -> KeyInfo where K.Value == String {
    key(K.self, isInt: false, unwrap: unwrapString, wrap: AttrValue.string)
}

/// The operations on key `K`, whose values `unwrap` and `wrap` convert; `intKey` and `stringKey` differ only in these.
private func key<K: AttributedStringKey>(
    _ k: K.Type, isInt: Bool, unwrap: @escaping @Sendable (AttrValue?) -> K.Value?, wrap: @escaping @Sendable (K.Value) -> AttrValue
) -> KeyInfo where K.Value: Sendable {
    KeyInfo(
        name: K.name, isInt: isInt,
        setRange: { s, r, v in s[r][K.self] = unwrap(v) },
        setRangeSet: { s, r, v in s[r][K.self] = unwrap(v) },
        setContainer: { c, v in c[K.self] = unwrap(v) },
        get: { c in c[K.self].map(wrap) })
}

/// All keys, sorted by name (output order).
let allKeys: [KeyInfo] = [
    intKey(P1Key.self),
    stringKey(P2Key.self),
    stringKey(TagKey.self),
    intKey(ColorKey.self),
    intKey(DepKey.self),
    intKey(Dep2Key.self),
    intKey(ParaKey.self),
    intKey(TagParaKey.self),
    intKey(BulletKey.self),
    intKey(NoInheritKey.self),
].sorted { Array($0.name.utf8).lexicographicallyPrecedes(Array($1.name.utf8)) }

let keysByName: [String: KeyInfo] = Dictionary(uniqueKeysWithValues: allKeys.map { ($0.name, $0) })
