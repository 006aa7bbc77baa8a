import Foundation

/// Decodes a glyph's stored image (a Genmoji's HEIC) into pixels, so that formats that cannot carry the image
/// itself (HTML's fallback `<img>`) can show the glyph.
///
/// `PlatformGlyphDecoder` is the one the exporters use: ImageIO on Apple platforms, libheif loaded at run time on
/// Linux. Tests and apps pass their own, such as `UnavailableGlyphDecoder`, to see what an export does without one.
public protocol GlyphImageDecoder: Sendable {
    /// The rendition of `data` nearest to `height` pixels tall (the smallest at least that tall, else the
    /// tallest), decoded at its own size.
    ///
    /// - Parameters:
    ///   - data: the image file's bytes.
    ///   - contentType: their uniform type, such as `public.heic`.
    ///   - height: the height the picture will be shown at, in pixels.
    /// - Throws: why there is no picture; never traps on any bytes.
    func decode(_ data: Data, contentType: String, nearestHeight height: Int) throws(GlyphRenderingFailure) -> RGBAImage
}

extension GlyphImageDecoder {
    /// The picture to show for the image, `height` pixels tall (clamped to `GlyphImageLimits.maxOutputSide`), its width keeping
    /// the rendition's aspect ratio: the nearest rendition, decoded, then scaled.
    public func fallbackImage(_ data: Data, contentType: String, height: Int) throws(GlyphRenderingFailure) -> RGBAImage {
        let target = min(max(height, 1), GlyphImageLimits.maxOutputSide)
        let decoded = try decode(data, contentType: contentType, nearestHeight: target)
        let width = min(max(1, Int((Double(decoded.width) * Double(target) / Double(decoded.height)).rounded())),
                        GlyphImageLimits.maxOutputSide)
        return decoded.resized(width: width, height: target)
    }
}
