/// An in-memory JSON value. Objects keep their member order (see `JSONObject`).
///
/// Integers that fit in `Int` are kept as `.integer`; every other number is
/// `.number(Double)`. `.integer(1)` and `.number(1.0)` are different values.
public indirect enum JSONValue: Sendable, Hashable {
    /// A string.
    case string(String)
    /// An integer literal that fits in `Int` exactly.
    case integer(Int)
    /// A floating-point number (or an integer too large for `Int`, or `-0`).
    case number(Double)
    /// `true` or `false`.
    case bool(Bool)
    /// `null`.
    case null
    /// An array of values.
    case array([JSONValue])
    /// An object with ordered, unique keys.
    case object(JSONObject)

    /// The string payload, if this is `.string`.
    public var stringValue: String? {
        if case .string(let s) = self { return s }
        return nil
    }

    /// The integer payload, if this is `.integer`.
    public var intValue: Int? {
        if case .integer(let i) = self { return i }
        return nil
    }

    /// The numeric value as a `Double`, if this is `.integer` or `.number`.
    public var doubleValue: Double? {
        switch self {
        case .integer(let i): return Double(i)
        case .number(let d): return d
        default: return nil
        }
    }

    /// The Boolean payload, if this is `.bool`.
    public var boolValue: Bool? {
        if case .bool(let b) = self { return b }
        return nil
    }

    /// The elements, if this is `.array`.
    public var arrayValue: [JSONValue]? {
        if case .array(let a) = self { return a }
        return nil
    }

    /// The object, if this is `.object`.
    public var objectValue: JSONObject? {
        if case .object(let o) = self { return o }
        return nil
    }

    /// Whether this is `.null`.
    public var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    /// The member value for `key` if this is an object containing it.
    public subscript(key: String) -> JSONValue? {
        objectValue?[key]
    }

    /// The element at `index` if this is an array and the index is in range.
    public subscript(index: Int) -> JSONValue? {
        guard case .array(let a) = self, a.indices.contains(index) else { return nil }
        return a[index]
    }
}

extension JSONValue: CustomStringConvertible {
    /// Compact JSON text for the value (or a description of the write error if it holds a non-finite number).
    public var description: String {
        do {
            return String(decoding: try JSONWriter.write(self), as: UTF8.self)
        } catch {
            return "<\(error)>"
        }
    }
}

extension JSONValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral,
    ExpressibleByBooleanLiteral, ExpressibleByNilLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral {
    /// Creates `.string` from a literal.
    public init(stringLiteral value: String) { self = .string(value) }
    /// Creates `.integer` from a literal.
    public init(integerLiteral value: Int) { self = .integer(value) }
    /// Creates `.number` from a literal.
    public init(floatLiteral value: Double) { self = .number(value) }
    /// Creates `.bool` from a literal.
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    /// Creates `.null` from `nil`.
    public init(nilLiteral: ()) { self = .null }
    /// Creates `.array` from a literal.
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    /// Creates `.object` from a literal, keeping the literal's key order.
    public init(dictionaryLiteral elements: (String, JSONValue)...) { self = .object(JSONObject(elements)) }
}
