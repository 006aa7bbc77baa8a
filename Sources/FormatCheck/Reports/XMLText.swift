/// Escaping for the XML reports (`JUnitReport`, `CheckstyleReport`): markup characters as entities, tabs and
/// line breaks in attribute values as character references (a parser would fold them to spaces), and the
/// characters XML 1.0 cannot hold at all (C0 controls other than tab, LF and CR; U+FFFE, U+FFFF) as the
/// visible text `\u{1B}`, so that no byte of input makes the report unreadable.
enum XMLText {
    /// `s` escaped for element content or a double-quoted attribute value.
    static func escape(_ s: some StringProtocol, attribute: Bool = true) -> String {
        var out = ""
        out.reserveCapacity(s.utf8.count)
        for scalar in s.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "\t", "\n", "\r":
                if attribute { out += "&#\(scalar.value);" } else { out.unicodeScalars.append(scalar) }
            case "\u{0}"..."\u{1F}", "\u{FFFE}", "\u{FFFF}":
                out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            default:
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// The XML declaration every report starts with.
    static let declaration = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
}
