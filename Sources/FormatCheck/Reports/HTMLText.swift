import RichTextFormats

/// Escaping for the HTML report: every path, rule, message and name goes through here, so hostile text
/// (`</mark><script>`) stays text, and what a terminal shows as an escape (`TerminalText`: controls, line
/// separators, bidirectional overrides and isolates) is shown so here too (`\u{202E}`), so a file name cannot
/// be reordered or hidden. Then the same escapes as the HTML writer's (`HTMLEscaping`).
enum HTMLText {
    /// `s` escaped for element content and for double- or single-quoted attribute values.
    static func escape(_ s: some StringProtocol) -> String {
        var out = ""
        out.reserveCapacity(s.utf8.count)
        HTMLEscaping.text(Substring(TerminalText.escaped(s)), into: &out)
        return out
    }
}
