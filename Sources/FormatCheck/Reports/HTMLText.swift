/// Escaping for the HTML report: every piece of document text, path, rule and message goes through here, so
/// hostile text (`</mark><script>`) stays text.
enum HTMLText {
    /// `s` escaped for element content and for double- or single-quoted attribute values.
    static func escape(_ s: some StringProtocol) -> String {
        var out = ""
        out.reserveCapacity(s.utf8.count)
        for scalar in s.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            case "\u{0}": out += "\u{FFFD}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
