/// The mapping between file extensions and uniform types, both ways, that the RTF reader and writer share, so a
/// file name the writer picks reads back as the content type it came from.
enum RTFFileTypes {
    /// The type a file name's extension stands for; nil when the table does not name it.
    static func knownContentType(forFileName name: String) -> String? {
        guard let dot = name.lastIndex(of: ".") else { return nil }
        switch name[name.index(after: dot)...].lowercased() {
        case "png": return "public.png"
        case "jpg", "jpeg": return "public.jpeg"
        case "gif": return "com.compuserve.gif"
        case "heic": return "public.heic"
        case "tif", "tiff": return "public.tiff"
        case "pdf": return "com.adobe.pdf"
        case "wmf": return "com.microsoft.wmf"
        case "emf": return "com.microsoft.emf"
        case "pict": return "com.apple.pict"
        default: return nil
        }
    }

    /// The type a file name's extension stands for; `public.data` when unknown.
    static func contentType(forFileName name: String) -> String {
        knownContentType(forFileName: name) ?? "public.data"
    }

    /// The extension that reads back as `contentType`; nil for a type the table does not name.
    static func fileExtension(for contentType: String) -> String? {
        switch contentType {
        case "public.png": return "png"
        case "public.jpeg": return "jpg"
        case "com.compuserve.gif": return "gif"
        case "public.heic": return "heic"
        case "public.tiff": return "tiff"
        case "com.adobe.pdf": return "pdf"
        case "com.microsoft.wmf": return "wmf"
        case "com.microsoft.emf": return "emf"
        case "com.apple.pict": return "pict"
        case "public.data": return "data"
        default: return nil
        }
    }
}
