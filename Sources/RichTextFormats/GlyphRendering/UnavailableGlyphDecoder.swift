import Foundation

/// A decoder that decodes nothing and always gives the same reason: what an export looks like on a machine
/// without a decoder, or when an app prefers the placeholder.
public struct UnavailableGlyphDecoder: GlyphImageDecoder {
    /// The reason every decode gives.
    public var reason: GlyphRenderingFailure

    /// A decoder that always fails with `reason`.
    public init(reason: GlyphRenderingFailure = .decoderUnavailable("glyph images are not decoded")) {
        self.reason = reason
    }

    public func decode(_ data: Data, contentType: String, nearestHeight height: Int) throws(GlyphRenderingFailure) -> RGBAImage {
        throw reason
    }
}
