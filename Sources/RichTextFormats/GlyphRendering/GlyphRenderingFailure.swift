/// Why a glyph's image could not be turned into a fallback picture. The HTML exporter then writes its grey
/// placeholder and a warning with this reason, so that an export never fails for want of a decoder.
public enum GlyphRenderingFailure: Error, Sendable, Hashable, CustomStringConvertible {
    /// No decoder for this platform or machine: the text says why ("libheif.so.1 not found: …").
    case decoderUnavailable(String)
    /// The decoding library was found but lacks a function the decoder needs.
    case missingSymbol(library: String, symbol: String)
    /// The decoder does not read images of this uniform type (libheif reads only HEIF/HEIC).
    case unsupportedContentType(String)
    /// The decoder refused the bytes; `decoder` names it with its version, `message` is its own reason.
    case undecodable(decoder: String, message: String)
    /// The image holds no picture to show.
    case noImage
    /// A rendition is larger than `GlyphImageLimits` allow, so it is not decoded.
    case tooLarge(width: Int, height: Int)

    /// Whether the failure is this machine's rather than the image's: no decoder here, or none for the image's
    /// codec (`decoderUnavailable`: the libheif decoder reports a missing HEVC plugin so, from libheif's error
    /// code), or a decoder without a function it needs (`missingSymbol`). The same image may render on a machine
    /// that has them.
    public var isMachineLimitation: Bool {
        switch self {
        case .decoderUnavailable, .missingSymbol: return true
        case .undecodable, .unsupportedContentType, .noImage, .tooLarge: return false
        }
    }

    public var description: String {
        switch self {
        case .decoderUnavailable(let why):
            return why
        case .missingSymbol(let library, let symbol):
            return "\(library) has no function \(symbol)"
        case .unsupportedContentType(let type):
            return "no decoder here reads \(type.isEmpty ? "images of no declared type" : type) images"
        case .undecodable(let decoder, let message):
            return "\(decoder) cannot decode the image: \(message)"
        case .noImage:
            return "the image file holds no picture"
        case .tooLarge(let width, let height):
            return "the image is \(width)×\(height) pixels, more than the \(GlyphImageLimits.maxSide)-pixel side or "
                + "\(GlyphImageLimits.maxPixels / 1_048_576)-megapixel limit"
        }
    }
}
