/// Text from a document (its text, a key, a name, an identifier) as warnings, errors and findings quote it.
///
/// The one function that quotes such text for a message: in double quotes, cut after `limit` characters.
/// Readers and writers show what they keep as it is (a report that prints on a terminal escapes the whole line,
/// DefinitionFiles' `TerminalText`); lint findings mark the cut and escape as they quote (FormatCheck's
/// `ViolationMessage.quote`).
package enum MessageText {
    /// `text` in double quotes, cut after `limit` characters with `cutMark` standing for the rest; each
    /// character shown by `show` (by default as it is).
    package static func quoted(_ text: some StringProtocol, limit: Int = 80, cutMark: String = "",
                               showing show: ((Character, inout String) -> Void)? = nil) -> String {
        guard let show else {
            let cut = text.prefix(limit)
            return "\"" + String(cut) + (cut.endIndex < text.endIndex ? cutMark : "") + "\""
        }
        var shown = "\""
        var count = 0
        for character in text {
            if count == limit { shown += cutMark; break }
            show(character, &shown)
            count += 1
        }
        return shown + "\""
    }
}
