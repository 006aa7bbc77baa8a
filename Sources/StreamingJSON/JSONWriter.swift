/// Serialises JSON into a `[UInt8]` buffer, byte-compatible with Foundation's `JSONEncoder`.
///
/// Strings escape `"`, `\\`, `/` (as `\/`, unless `escapeSlashes` is false),
/// `\b \f \n \r \t`, other control characters as `\u00xx` (lowercase hex), and
/// leave all other characters (including non-ASCII) as raw UTF-8. Integers are
/// written without a decimal point; doubles use Swift's shortest round-trip
/// form with a trailing `.0` removed (`1.5`, `0.1`, `100`, `1e+20`, `1e-05`),
/// like `JSONEncoder`. With `sortedKeys`, object members are ordered by the
/// UTF-8 bytes of their keys, as `JSONEncoder`'s `.sortedKeys` does.
/// `prettyPrinted` matches `JSONEncoder`'s `.prettyPrinted` (2-space indent,
/// `"key" : value`).
///
/// Low-level use: call `beginArray()`/`beginObject()`, `appendKey(_:)` before
/// each object member value, scalar `append…` calls, and `endArray()`/`endObject()`.
/// Commas and indentation are inserted automatically.
public struct JSONWriter {
    /// Output options.
    public struct Options: Sendable, Hashable {
        /// Sort object members by the UTF-8 bytes of their keys (default false: document order).
        public var sortedKeys: Bool
        /// Escape `/` as `\/` like Foundation (default true).
        public var escapeSlashes: Bool
        /// Indent like `JSONEncoder`'s `.prettyPrinted` (default false).
        public var prettyPrinted: Bool

        /// Creates options.
        public init(sortedKeys: Bool = false, escapeSlashes: Bool = true, prettyPrinted: Bool = false) {
            self.sortedKeys = sortedKeys
            self.escapeSlashes = escapeSlashes
            self.prettyPrinted = prettyPrinted
        }
    }

    private struct Level {
        var isObject: Bool
        var count: Int
        var keyPending: Bool
    }

    /// The options in use.
    public let options: Options
    /// The bytes written so far.
    public private(set) var bytes: [UInt8] = []
    private var levels: [Level] = []
    private var hasTopLevelValue = false

    /// Creates an empty writer.
    public init(options: Options = Options()) {
        self.options = options
    }

    /// The bytes written since the last call (or since the start), handed over and no longer held: a caller
    /// writing a large value a piece at a time passes each piece on and keeps only what is still open. Together,
    /// the pieces are exactly `bytes` as a writer that never handed any over would hold them.
    public mutating func takeBytes() -> [UInt8] {
        defer { bytes = [] }
        return bytes
    }

    /// Serialises `value` to bytes in one call.
    public static func write(_ value: JSONValue, options: Options = Options()) throws(JSONWriteError) -> [UInt8] {
        var w = JSONWriter(options: options)
        try w.append(value)
        return w.bytes
    }

    /// Serialises `value` to a `String` in one call.
    public static func string(_ value: JSONValue, options: Options = Options()) throws(JSONWriteError) -> String {
        String(decoding: try write(value, options: options), as: UTF8.self)
    }

    // MARK: - Structure

    private mutating func newline(indent: Int) {
        bytes.append(0x0A)
        for _ in 0..<(indent * 2) { bytes.append(0x20) }
    }

    /// Writes the separator before a value (comma/newline/indent) and validates placement.
    private mutating func prepareValue() {
        guard let top = levels.indices.last else {
            precondition(!hasTopLevelValue, "JSONWriter: only one top-level value may be written")
            hasTopLevelValue = true
            return
        }
        if levels[top].isObject {
            precondition(levels[top].keyPending, "JSONWriter: appendKey(_:) must precede each object member value")
            levels[top].keyPending = false
            levels[top].count += 1
        } else {
            if levels[top].count > 0 { bytes.append(0x2C) }
            if options.prettyPrinted { newline(indent: levels.count) }
            levels[top].count += 1
        }
    }

    /// Starts an array (as a value).
    public mutating func beginArray() {
        prepareValue()
        bytes.append(0x5B)
        levels.append(Level(isObject: false, count: 0, keyPending: false))
    }

    /// Ends the innermost array.
    public mutating func endArray() {
        precondition(levels.last?.isObject == false, "JSONWriter: endArray() without a matching beginArray()")
        endContainer(0x5D)
    }

    /// Starts an object (as a value).
    public mutating func beginObject() {
        prepareValue()
        bytes.append(0x7B)
        levels.append(Level(isObject: true, count: 0, keyPending: false))
    }

    /// Ends the innermost object.
    public mutating func endObject() {
        precondition(levels.last?.isObject == true && levels.last?.keyPending == false,
                     "JSONWriter: endObject() without a matching beginObject(), or after a key without value")
        endContainer(0x7D)
    }

    private mutating func endContainer(_ close: UInt8) {
        let level = levels.removeLast()
        if options.prettyPrinted {
            if level.count == 0 { bytes.append(0x0A) }
            newline(indent: levels.count)
        }
        bytes.append(close)
    }

    /// Writes an object member name; the next append writes its value.
    public mutating func appendKey(_ key: String) {
        guard let top = levels.indices.last, levels[top].isObject, !levels[top].keyPending else {
            preconditionFailure("JSONWriter: appendKey(_:) is only valid inside an object, before a value")
        }
        if levels[top].count > 0 { bytes.append(0x2C) }
        if options.prettyPrinted { newline(indent: levels.count) }
        writeQuoted(key)
        if options.prettyPrinted {
            bytes.append(0x20); bytes.append(0x3A); bytes.append(0x20)
        } else {
            bytes.append(0x3A)
        }
        levels[top].keyPending = true
    }

    // MARK: - Scalars

    /// Writes a string value.
    public mutating func appendString(_ string: String) {
        prepareValue()
        writeQuoted(string)
    }

    /// Writes an integer value (no decimal point).
    public mutating func appendInteger(_ value: Int) {
        prepareValue()
        if value == 0 { bytes.append(0x30); return }
        var magnitude = value.magnitude
        if value < 0 { bytes.append(0x2D) }
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0) // 24 bytes of scratch
        withUnsafeMutableBytes(of: &digits) { raw in
            var i = 24
            while magnitude > 0 {
                i -= 1
                raw[i] = UInt8(truncatingIfNeeded: magnitude % 10) + 0x30
                magnitude /= 10
            }
            bytes.append(contentsOf: raw[i...])
        }
    }

    /// Writes a floating-point value like `JSONEncoder` (`1.5`, `100`, `1e+20`); throws for NaN/infinity.
    public mutating func appendNumber(_ value: Double) throws(JSONWriteError) {
        guard value.isFinite else { throw .nonFiniteNumber(value) }
        prepareValue()
        var text = value.description
        if text.hasSuffix(".0") { text.removeLast(2) }
        bytes.append(contentsOf: text.utf8)
    }

    /// Writes `true` or `false`.
    public mutating func appendBool(_ value: Bool) {
        prepareValue()
        bytes.append(contentsOf: value ? [0x74, 0x72, 0x75, 0x65] : [0x66, 0x61, 0x6C, 0x73, 0x65])
    }

    /// Writes `null`.
    public mutating func appendNull() {
        prepareValue()
        bytes.append(contentsOf: [0x6E, 0x75, 0x6C, 0x6C])
    }

    /// Writes a complete value (recursively; depth is bounded by how the value was built).
    public mutating func append(_ value: JSONValue) throws(JSONWriteError) {
        switch value {
        case .string(let s): appendString(s)
        case .integer(let i): appendInteger(i)
        case .number(let d): try appendNumber(d)
        case .bool(let b): appendBool(b)
        case .null: appendNull()
        case .array(let a):
            beginArray()
            for v in a { try append(v) }
            endArray()
        case .object(let o):
            beginObject()
            if options.sortedKeys {
                for (k, v) in o.sortedByKey {
                    appendKey(k)
                    try append(v)
                }
            } else {
                for (k, v) in o {
                    appendKey(k)
                    try append(v)
                }
            }
            endObject()
        }
    }

    // MARK: - String escaping

    private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)

    private mutating func writeQuoted(_ string: String) {
        bytes.append(0x22)
        var s = string
        let escapeSlashes = options.escapeSlashes
        s.withUTF8 { buf in
            var segStart = 0
            var i = 0
            let n = buf.count
            while i < n {
                let b = buf[i]
                if b >= 0x20 && b != 0x22 && b != 0x5C && !(b == 0x2F && escapeSlashes) {
                    i += 1
                    continue
                }
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: buf[segStart..<i]))
                bytes.append(0x5C)
                if let letter = JSONShortEscape.letter(for: b) {
                    bytes.append(letter)
                } else {
                    bytes.append(contentsOf: [0x75, 0x30, 0x30, Self.hexDigits[Int(b >> 4)], Self.hexDigits[Int(b & 0xF)]])
                }
                i += 1
                segStart = i
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: buf[segStart..<n]))
        }
        bytes.append(0x22)
    }
}
