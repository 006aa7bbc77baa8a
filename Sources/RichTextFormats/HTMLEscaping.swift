/// Escaping for HTML: the writer's and the HTML report's (FormatCheck's `HTMLText`). Everything user-controlled
/// goes through one of these, so no text or value can close a tag, open one, or leave an attribute.
package enum HTMLEscaping {
    /// Text content: `& < > " '` become character references, C0 controls other than tab (line breaks
    /// included: the writer makes them `<br>` or paragraphs first), DEL and the C1 controls (U+0080–U+009F)
    /// become U+FFFD (HTML has no use for them, and NUL is a parse error).
    package static func text(_ s: Substring, into out: inout String) {
        var start = s.startIndex
        var i = s.startIndex
        let scalars = s.unicodeScalars
        while i < s.endIndex {
            let scalar = scalars[i]
            let replacement: String?
            switch scalar {
            case "&": replacement = "&amp;"
            case "<": replacement = "&lt;"
            case ">": replacement = "&gt;"
            case "\"": replacement = "&quot;"
            case "'": replacement = "&#39;"
            default:
                if (scalar.value < 0x20 && scalar != "\t") || (0x7F...0x9F).contains(scalar.value) { replacement = "\u{FFFD}" } else { replacement = nil }
            }
            let next = scalars.index(after: i)
            if let replacement {
                // Appended as a Substring: `unicodeScalars.append(contentsOf:)` copies the whole of `out` each
                // time, which made a page of many runs quadratic.
                out += Substring(s.unicodeScalars[start..<i])
                out += replacement
                start = next
            }
            i = next
        }
        out += Substring(s.unicodeScalars[start..<s.endIndex])
    }

    /// An attribute value (always written in double quotes); the same escapes as text.
    package static func attribute(_ s: String) -> String {
        var out = ""
        text(Substring(s), into: &out)
        return out
    }

    /// A CSS string literal in double quotes: every character other than ASCII letters, digits, space, `-` and
    /// `_` becomes a CSS hex escape, so nothing in it can end the string, the declaration or the attribute.
    static func cssString(_ s: String) -> String {
        var out = "\""
        for scalar in s.unicodeScalars {
            let v = scalar.value
            let plain = (v >= 0x30 && v <= 0x39) || (v >= 0x41 && v <= 0x5A) || (v >= 0x61 && v <= 0x7A) || v == 0x20 || v == 0x2D || v == 0x5F
            if plain {
                out.unicodeScalars.append(scalar)
            } else if v == 0 {
                out += "\\FFFD "
            } else {
                out += "\\" + String(v, radix: 16, uppercase: true) + " "
            }
        }
        return out + "\""
    }
}
