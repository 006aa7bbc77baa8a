/// Where one adaptive image glyph stands in a plain string: a range of Unicode scalars and the identifier of
/// its image.
///
/// The description and type normally come from the image store. They are set here only when the glyph's own
/// differ from the store's (or the store lacks the image), so recomposing is exact.
public struct GlyphAttachment: Sendable, Hashable {
    /// The glyph's range, in Unicode scalar offsets from the start of the text (half-open).
    public var range: Range<Int>
    /// The identifier of the glyph's image.
    public var contentIdentifier: String
    /// The glyph's description, when it is not the store's.
    public var contentDescription: String?
    /// The glyph's content type, when it is not the store's.
    public var contentType: String?

    /// An attachment.
    public init(range: Range<Int>, contentIdentifier: String, contentDescription: String? = nil, contentType: String? = nil) {
        self.range = range
        self.contentIdentifier = contentIdentifier
        self.contentDescription = contentDescription
        self.contentType = contentType
    }
}
