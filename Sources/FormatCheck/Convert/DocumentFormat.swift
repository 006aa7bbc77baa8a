import Foundation

/// The document formats fmtcheck reads and writes: `lint` reads native JSON, RTF and both RTFD forms;
/// `convert` reads and writes all of them (HTML is written only).
public enum DocumentFormat: String, Hashable, Sendable, CaseIterable {
    /// Native JSON (`.json`): Foundation's `AttributedString` Codable layout.
    case native
    /// Plain text with attachments: a folder holding `text.txt`, `attachments.json` and `images/`.
    case plain
    /// Plain text alone (`.txt`): the text, every attribute left behind.
    case text
    /// HTML (`.html`, `.htm`): export only.
    case html
    /// Cocoa-flavoured RTF (`.rtf`).
    case rtf
    /// An RTFD package (`.rtfd` folder): `TXT.rtf` and the attachment files it names.
    case rtfd
    /// Flattened RTFD (a `.rtfd` file): the serialized file wrapper `NSAttributedString` returns for `.rtfd`.
    case flatRTFD = "rtfd-flat"

    /// The format a path's extension names; a path without one is the plain-text folder. A `.rtfd` path that is
    /// an existing regular file is flattened RTFD; otherwise `.rtfd` is the package folder (what TextEdit saves).
    public static func infer(from path: String) -> DocumentFormat? {
        let trimmed = path.hasSuffix("/") ? String(path.dropLast()) : path
        let name = (trimmed.split(separator: "/").last.map(String.init) ?? trimmed).lowercased()
        if name.hasSuffix(".json") { return .native }
        if name.hasSuffix(".html") || name.hasSuffix(".htm") { return .html }
        if name.hasSuffix(".txt") { return .text }
        if name.hasSuffix(".rtf") { return .rtf }
        if name.hasSuffix(".rtfd") {
            var isDirectory: ObjCBool = false
            let exists = FileManager.default.fileExists(atPath: trimmed, isDirectory: &isDirectory)
            return exists && !isDirectory.boolValue ? .flatRTFD : .rtfd
        }
        if !name.contains(".") || path.hasSuffix("/") { return .plain }
        return nil
    }

    /// The format of bytes whose name says nothing (standard input without a name, a file named explicitly
    /// with another extension): RTF starts `{\rtf`, flattened RTFD `rtfd`; anything else is read as native JSON.
    public static func sniff(_ bytes: [UInt8]) -> DocumentFormat {
        var start = 0
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { start = 3 }
        while start < bytes.count, bytes[start] == 0x20 || bytes[start] == 0x0A || bytes[start] == 0x0D || bytes[start] == 0x09 { start += 1 }
        if bytes[start...].starts(with: Array("{\\rtf".utf8)) { return .rtf }
        if bytes.starts(with: Array("rtfd".utf8)) { return .flatRTFD }
        return .native
    }

    /// The format's name in messages.
    public var displayName: String {
        switch self {
        case .native: return "native JSON"
        case .plain: return "a plain-text folder"
        case .text: return "plain text"
        case .html: return "HTML"
        case .rtf: return "RTF"
        case .rtfd: return "an RTFD package"
        case .flatRTFD: return "flattened RTFD"
        }
    }

    /// Whether `fmtcheck lint` reads this format.
    public var isLintable: Bool {
        switch self {
        case .native, .rtf, .rtfd, .flatRTFD: return true
        case .plain, .text, .html: return false
        }
    }
}
