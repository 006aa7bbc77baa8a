/// Reads a field instruction such as `HYPERLINK "http://example.com"` or `HYPERLINK \l "anchor"`.
enum RTFHyperlinkInstruction {
    /// The link target of a HYPERLINK instruction (`\l "anchor"` adds "#anchor"); nil for other fields.
    static func target(of instruction: String) -> String? {
        let words = split(instruction)
        guard let first = words.first, first.text.uppercased() == "HYPERLINK" else { return nil }
        var target: String? = nil
        var anchor: String? = nil
        var i = 1
        while i < words.count {
            let word = words[i]
            if !word.quoted && word.text.hasPrefix("\\") {
                let flag = word.text.dropFirst().lowercased()
                // Switches with an argument: \l anchor, \o tooltip, \t frame.
                if ["l", "o", "t"].contains(flag), i + 1 < words.count {
                    if flag == "l" { anchor = words[i + 1].text }
                    i += 2
                    continue
                }
                i += 1
                continue
            }
            if target == nil { target = word.text }
            i += 1
        }
        if let anchor {
            return (target ?? "") + "#" + anchor
        }
        return target
    }

    /// Words separated by spaces; double-quoted words may hold spaces.
    private static func split(_ text: String) -> [(text: String, quoted: Bool)] {
        var words: [(String, Bool)] = []
        var current = ""
        var inQuotes = false
        var wasQuoted = false
        for character in text {
            if character == "\"" {
                if inQuotes {
                    words.append((current, true))
                    current = ""
                    wasQuoted = false
                } else {
                    if !current.isEmpty { words.append((current, false)) }
                    current = ""
                    wasQuoted = true
                }
                inQuotes.toggle()
            } else if !inQuotes && (character == " " || character == "\t" || character == "\n" || character == "\r") {
                if !current.isEmpty { words.append((current, false)) }
                current = ""
            } else {
                current.append(character)
            }
        }
        if !current.isEmpty || (inQuotes && wasQuoted) { words.append((current, inQuotes)) }
        return words.map { (text: $0.0, quoted: $0.1) }
    }
}
