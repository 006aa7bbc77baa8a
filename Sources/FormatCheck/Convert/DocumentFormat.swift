/// The document formats `fmtcheck convert` reads and writes.
public enum DocumentFormat: String, Hashable, Sendable, CaseIterable {
    /// Native JSON (`.json`): Foundation's `AttributedString` Codable layout.
    case native
    /// Plain text with attachments: a folder holding `text.txt`, `attachments.json` and `images/`.
    case plain
    /// Plain text alone (`.txt`): the text, every attribute left behind.
    case text
    /// HTML (`.html`, `.htm`): export only.
    case html

    /// The format a path's extension names; a path without one is the plain-text folder.
    public static func infer(from path: String) -> DocumentFormat? {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        if name.hasSuffix(".json") { return .native }
        if name.hasSuffix(".html") || name.hasSuffix(".htm") { return .html }
        if name.hasSuffix(".txt") { return .text }
        if !name.contains(".") || path.hasSuffix("/") { return .plain }
        return nil
    }
}
