import Foundation

/// The glyph decoder of this platform: ImageIO where it exists (Apple platforms), libheif loaded at run time on
/// 64-bit Linux (`LibheifGlyphDecoder`), and elsewhere none, with a reason.
///
/// Setting the environment variable `FMTCHECK_NO_LIBHEIF=1` turns decoding off on every platform, so that tests
/// (and users) can see what an export does on a machine without libheif.
public struct PlatformGlyphDecoder: GlyphImageDecoder {
    /// The platform's decoder.
    public init() {}

    public func decode(_ data: Data, contentType: String, nearestHeight height: Int) throws(GlyphRenderingFailure) -> RGBAImage {
        if ProcessInfo.processInfo.environment["FMTCHECK_NO_LIBHEIF"] == "1" {
            throw .decoderUnavailable("glyph decoding is turned off (FMTCHECK_NO_LIBHEIF=1)")
        }
        #if canImport(ImageIO)
        return try ImageIOGlyphDecoder().decode(data, contentType: contentType, nearestHeight: height)
        #else
        return try LibheifGlyphDecoder().decode(data, contentType: contentType, nearestHeight: height)
        #endif
    }
}
