import RichTextFormats

/// Escaping for the HTML report: every piece of document text, path, rule and message goes through here, so
/// hostile text (`</mark><script>`) stays text. The same escapes as the HTML writer's (`HTMLEscaping`).
enum HTMLText {
    /// `s` escaped for element content and for double- or single-quoted attribute values.
    static func escape(_ s: some StringProtocol) -> String {
        var out = ""
        out.reserveCapacity(s.utf8.count)
        HTMLEscaping.text(Substring(s), into: &out)
        return out
    }
}
