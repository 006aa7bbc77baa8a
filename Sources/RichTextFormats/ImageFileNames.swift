/// File names for glyph images written beside a document (the plain-text image folder, HTML's files).
///
/// A content identifier is used as it is when it is a safe file name (ASCII letters, digits, `-`, `_`, `.`,
/// not starting with `.`, at most 100 bytes); any other identifier gets `glyph-` and a 64-bit FNV-1a hash of
/// its UTF-8 bytes. Names never collide within one set: a clash gets `-2`, `-3`, …. The names are recorded
/// in the side table, so readers never need to invert them.
struct ImageFileNames {
    private var taken: Set<String> = []

    /// The extension for a uniform type.
    static func fileExtension(for contentType: String) -> String {
        switch contentType {
        case "public.heic": return "heic"
        case "public.png": return "png"
        case "public.jpeg": return "jpg"
        case "public.tiff": return "tiff"
        case "com.compuserve.gif": return "gif"
        case "public.heif": return "heif"
        default: return "bin"
        }
    }

    /// The MIME type for a uniform type.
    static func mimeType(for contentType: String) -> String {
        switch contentType {
        case "public.heic": return "image/heic"
        case "public.heif": return "image/heif"
        case "public.png": return "image/png"
        case "public.jpeg": return "image/jpeg"
        case "public.tiff": return "image/tiff"
        case "com.compuserve.gif": return "image/gif"
        default: return "application/octet-stream"
        }
    }

    static func isSafe(_ id: String) -> Bool {
        guard !id.isEmpty, id.utf8.count <= 100, id.utf8.first != UInt8(ascii: ".") else { return false }
        return id.utf8.allSatisfy { b in
            (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A)
                || b == UInt8(ascii: "-") || b == UInt8(ascii: "_") || b == UInt8(ascii: ".")
        }
    }

    static func fnv1a(_ s: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for b in s.utf8 { hash = (hash ^ UInt64(b)) &* 0x0000_0100_0000_01B3 }
        return hash
    }

    /// A fresh file name for `id` with `fileExtension`.
    mutating func name(for id: String, fileExtension: String) -> String {
        var stem = Self.isSafe(id) ? id : "glyph-" + String(Self.fnv1a(id), radix: 16)
        var candidate = stem + "." + fileExtension
        var n = 2
        while taken.contains(candidate.lowercased()) {
            candidate = "\(stem)-\(n).\(fileExtension)"
            n += 1
        }
        stem = candidate
        taken.insert(candidate.lowercased())
        return candidate
    }

    /// Whether `name` is a plain file name (no folder parts), so reading it cannot leave the image folder.
    static func isPlainFileName(_ name: String) -> Bool {
        !name.isEmpty && name != "." && name != ".." && !name.contains("/") && !name.contains("\\") && !name.contains("\0")
    }
}
