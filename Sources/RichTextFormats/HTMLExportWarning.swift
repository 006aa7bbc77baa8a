/// Something an HTML export could not do as asked, without failing the export: a glyph whose image could not be
/// decoded, so its fallback `<img>` is the grey placeholder.
public struct HTMLExportWarning: Sendable, Hashable, CustomStringConvertible {
    /// The content identifier of the glyph.
    public var contentIdentifier: String
    /// Why its image could not be shown.
    public var reason: GlyphRenderingFailure

    /// A warning about the glyph `contentIdentifier`.
    public init(contentIdentifier: String, reason: GlyphRenderingFailure) {
        self.contentIdentifier = contentIdentifier
        self.reason = reason
    }

    /// "glyph ID: REASON; its fallback image is a placeholder".
    public var description: String {
        "glyph \(contentIdentifier): \(reason); its fallback image is a placeholder"
    }
}
