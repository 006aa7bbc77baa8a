/// The sizes glyph rendering accepts, checked before anything is allocated. A Genmoji's largest rendition is
/// 160 pixels; these bounds leave room for other glyph images while keeping a hostile header from making a
/// decoder allocate gigabytes.
public enum GlyphImageLimits {
    /// The longest side of a rendition that is decoded.
    public static let maxSide = 4096
    /// The most pixels of a rendition that is decoded (64 MB as RGBA).
    public static let maxPixels = 16_777_216
    /// The tallest fallback picture made; taller requests are clamped to it.
    public static let maxOutputSide = 1024
    /// The most renditions one image file may list before it is refused.
    public static let maxRenditions = 64

    /// Whether a rendition of `width` × `height` may be decoded.
    static func allows(width: Int, height: Int) -> Bool {
        width > 0 && height > 0 && width <= maxSide && height <= maxSide && width * height <= maxPixels
    }
}
