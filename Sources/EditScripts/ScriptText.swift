/// Text as scripts and failure reports print it: characters that show nothing on a terminal are written as
/// JSON escapes, so a paragraph separator, a joiner or a combining mark on its own is seen and copied exactly.
public enum ScriptText {
    /// `text` with every invisible scalar written `\uXXXX` (a surrogate pair above U+FFFF): controls other
    /// than the newline, format characters (ZWJ, ZWNJ, bidi marks, BOM…), line and paragraph separators,
    /// unassigned and private-use scalars, and combining marks with no base (first in a character, or after an
    /// escaped scalar).
    /// Inside a JSON string the result reads back as the same text.
    public static func escapingInvisibles(_ text: String) -> String {
        var result = ""
        for character in text {
            // A mark after an escape would sit on the escape's last digit, so it is escaped too.
            var bare = true
            for scalar in character.unicodeScalars {
                if scalar != "\n" && isInvisible(scalar, startsCharacter: bare) {
                    result += escape(scalar)
                    bare = true
                } else {
                    result.unicodeScalars.append(scalar)
                    bare = false
                }
            }
        }
        return result
    }

    static func isInvisible(_ scalar: Unicode.Scalar, startsCharacter: Bool) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator, .privateUse, .unassigned, .surrogate: return true
        case .nonspacingMark, .enclosingMark, .spacingMark: return startsCharacter
        default: return scalar.properties.isVariationSelector && startsCharacter
        }
    }

    static func escape(_ scalar: Unicode.Scalar) -> String {
        func hex(_ v: UInt32) -> String { let s = String(v, radix: 16, uppercase: true); return "\\u" + String(repeating: "0", count: max(0, 4 - s.count)) + s }
        if scalar.value > 0xFFFF {
            let v = scalar.value - 0x10000
            return hex(0xD800 + (v >> 10)) + hex(0xDC00 + (v & 0x3FF))
        }
        return hex(scalar.value)
    }
}
