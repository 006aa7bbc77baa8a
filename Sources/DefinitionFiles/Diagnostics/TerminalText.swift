/// Text from input (documents, definitions, file names) as fmtcheck prints it on a terminal or in a CI log.
///
/// Every character that could end or rewrite a line, start a terminal escape sequence, or reorder what a
/// terminal shows is written as an escape: `\n`, `\r` and `\t` as those two characters, any other as `\u{1B}`
/// (hex, upper case). Escaped are C0 controls (U+0000–U+001F), DEL, C1 controls (U+0080–U+009F), the line and
/// paragraph separators U+2028 and U+2029, the bidirectional embeddings, overrides and isolates (U+202A–U+202E,
/// U+2066–U+2069), and U+FFFC, the object replacement a glyph stands on. Every other character is itself, and
/// a backslash stays a backslash, so escaping twice is escaping once: lines that embed escaped parts can be
/// escaped again whole.
public enum TerminalText {
    /// `text` with every character `needsEscape` names escaped.
    public static func escaped(_ text: some StringProtocol) -> String {
        // Told from the bytes first: text without a byte that can start an escaped scalar, as nearly every line
        // is, is shown as it is.
        let plain = text.utf8.withContiguousStorageIfAvailable { !$0.contains(where: mayStartEscape) }
        if plain == true { return String(text) }
        guard text.unicodeScalars.contains(where: needsEscape) else { return String(text) }
        var out = ""
        for character in text { append(character, to: &out) }
        return out
    }

    /// Appends `character`, escaped when it must be. The one place that decides how input text is shown.
    package static func append(_ character: Character, to out: inout String) {
        guard character.unicodeScalars.contains(where: needsEscape) else {
            out.append(character)
            return
        }
        for scalar in character.unicodeScalars {
            switch scalar {
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where needsEscape(scalar): out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            default: out.unicodeScalars.append(scalar)
            }
        }
    }

    /// Whether a UTF-8 byte may start a scalar `needsEscape` names: an ASCII control or DEL, or the lead byte
    /// 0xC2 (C1 controls), 0xE2 (U+2028-U+202E, U+2066-U+2069) or 0xEF (U+FFFC). Text with no such byte needs no
    /// escape; other scalars of those lead bytes only send the text the long way.
    @inlinable
    package static func mayStartEscape(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == 0x7F || byte == 0xC2 || byte == 0xE2 || byte == 0xEF
    }

    /// Whether `scalar` is shown as an escape.
    package static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069, 0xFFFC: return true
        default: return false
        }
    }
}
