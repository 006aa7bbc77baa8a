import StreamingJSON

/// Whether a number read from native JSON comes back with the same value when written: the writer spells a
/// `Double` as its shortest round-trip form, so a literal with more digits than a `Double` holds
/// (`123456789012345678901234567890`), one past its range (`1e-999`) or a negative zero (which attribute sets
/// treat as equal to zero, so it may merge with it) would change. Spelling alone (`1.50`, `2E3`) is no change.
enum NativeJSONNumberSpelling {
    /// The warning for the number literal at `location` read as `value`, or nil when writing `value` gives the
    /// literal's value back.
    static func warning(literalAt location: JSONLocation, in bytes: [UInt8], readAs value: Double) -> DocumentWarning? {
        var end = location.byteOffset
        while end < bytes.count, isNumberByte(bytes[end]) { end += 1 }
        return warning(literal: bytes[location.byteOffset..<end], readAs: value, at: location)
    }

    /// The warning for `literal` read as `value`, or nil when it keeps its value.
    static func warning(literal: ArraySlice<UInt8>, readAs value: Double, at location: JSONLocation) -> DocumentWarning? {
        var written = value.description
        if written.hasSuffix(".0") { written.removeLast(2) }
        let original = Decimal(literal)
        let shown = String(decoding: literal.prefix(80), as: UTF8.self) + (literal.count > 80 ? "…" : "")
        if original.isZero && original.negative {
            return DocumentWarning(message: "the number \(shown) would be written back as 0: the sign of zero is not kept",
                                   location: location, changesOnRewrite: true)
        }
        guard original != Decimal(written.utf8[...]) else { return nil }
        return DocumentWarning(message: "the number \(shown) would be written back as \(written), another value",
                               location: location, changesOnRewrite: true)
    }

    /// The digits of a number literal, in a normal form: equal forms are equal values.
    struct Decimal: Equatable {
        var negative = false
        /// The significant digits, without leading or trailing zeros; empty for zero.
        var digits: [UInt8] = []
        /// The power of ten of the last digit.
        var exponent = 0

        var isZero: Bool { digits.isEmpty }

        init<Bytes: Collection>(_ literal: Bytes) where Bytes.Element == UInt8 {
            var i = literal.startIndex
            if i < literal.endIndex, literal[i] == UInt8(ascii: "-") { negative = true; literal.formIndex(after: &i) }
            var fractionDigits = 0
            var inFraction = false
            while i < literal.endIndex {
                let b = literal[i]
                if b == UInt8(ascii: ".") {
                    inFraction = true
                } else if b >= 0x30 && b <= 0x39 {
                    if !(digits.isEmpty && b == 0x30) { digits.append(b) }
                    if inFraction { fractionDigits += 1 }
                } else {
                    break
                }
                literal.formIndex(after: &i)
            }
            var power = 0
            if i < literal.endIndex, literal[i] | 0x20 == UInt8(ascii: "e") {
                literal.formIndex(after: &i)
                var powerNegative = false
                if i < literal.endIndex, literal[i] == UInt8(ascii: "+") || literal[i] == UInt8(ascii: "-") {
                    powerNegative = literal[i] == UInt8(ascii: "-")
                    literal.formIndex(after: &i)
                }
                while i < literal.endIndex, literal[i] >= 0x30 && literal[i] <= 0x39 {
                    // Past a billion the value is 0 or out of range for a Double either way.
                    if power < 1_000_000_000 { power = power * 10 + Int(literal[i] - 0x30) }
                    literal.formIndex(after: &i)
                }
                if powerNegative { power = -power }
            }
            exponent = power - fractionDigits
            while digits.last == 0x30 { digits.removeLast(); exponent += 1 }
            if digits.isEmpty { exponent = 0 }
        }

        static func == (a: Decimal, b: Decimal) -> Bool {
            a.digits == b.digits && a.exponent == b.exponent && (a.isZero || a.negative == b.negative)
        }
    }

    static func isNumberByte(_ b: UInt8) -> Bool {
        (b >= 0x30 && b <= 0x39) || b == UInt8(ascii: "-") || b == UInt8(ascii: "+") || b == UInt8(ascii: ".") || b | 0x20 == UInt8(ascii: "e")
    }
}
