import Foundation
import TestKeys

// The keys of the FormatCheck test schema are declared once, in the TestKeys target
// (`Sources/TestKeys/TestKeys.swift`), as Foundation `AttributedStringKey`s, each beside its typed RichText twin
// where the tests have one. Here they are wrapped for the script reader: `KeyInfo`, `allKeys`, `keysByName`.

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
    intKey(FoundationP1Key.self),
    stringKey(FoundationP2Key.self),
    stringKey(FoundationTagKey.self),
    intKey(FoundationColorKey.self),
    intKey(FoundationColorDependentKey.self),
    intKey(FoundationSecondDependentKey.self),
    intKey(FoundationParaKey.self),
    intKey(FoundationParagraphTagKey.self),
    intKey(FoundationBulletKey.self),
    intKey(FoundationNoInheritKey.self),
].sorted { Array($0.name.utf8).lexicographicallyPrecedes(Array($1.name.utf8)) }

let keysByName: [String: KeyInfo] = Dictionary(uniqueKeysWithValues: allKeys.map { ($0.name, $0) })
