/// The contract's mapping between file extensions and uniform types, both ways, so that a file name the
/// writer picks reads back as the content type it came from. (The reader keeps its own copy of the
/// extension → type direction, `RTFContentTypes`; the two follow the same table in the contract.)
enum RTFWriterFileTypes {
    /// The type a file name's extension stands for (the reader's rule); `public.data` when unknown.
    static func contentType(forFileName name: String) -> String {
        guard let dot = name.lastIndex(of: ".") else { return "public.data" }
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
        default: return "public.data"
        }
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
