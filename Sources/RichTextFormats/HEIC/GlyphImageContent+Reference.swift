import RichText

extension GlyphImageContent {
    /// The glyph reference the image itself gives: its identifier and description (an empty description when the
    /// XMP has none). Nil when the image carries no identifier; see `imageGlyphReference(fallbackIdentifier:)`.
    public var imageGlyphReference: ImageGlyphReference? {
        contentIdentifier.map { ImageGlyphReference(contentIdentifier: $0, contentDescription: contentDescription ?? "",
                                                    contentType: contentType) }
    }

    /// The glyph reference for this image, with the image's identifier, or `fallbackIdentifier` (an RTF's
    /// `\appleemojiimage`, a file name) when the image carries none.
    public func imageGlyphReference(fallbackIdentifier: String) -> ImageGlyphReference {
        ImageGlyphReference(contentIdentifier: contentIdentifier ?? fallbackIdentifier,
                            contentDescription: contentDescription ?? "", contentType: contentType)
    }

    /// The image as an `ImageStore` entry: these bytes, unchanged, with the image's description.
    public var storedImage: ImageStore.Image {
        ImageStore.Image(data: imageContent, contentType: contentType, contentDescription: contentDescription ?? "")
    }
}
