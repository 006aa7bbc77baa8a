import RichText

/// A document read from outside data: the text, its glyph images, what the behaviour fix-up changed, and
/// what the reader had to interpret.
///
/// Outside data is never fixed silently: `adjustments` lists every change `enforceBehaviors()` made (a
/// paragraph-bound key that varied inside a paragraph, a glyph key on text that is not U+FFFC).
public struct DecodedDocument: Sendable {
    /// The document, after the behaviour fix-up.
    public var document: RichString
    /// The images of the document's adaptive image glyphs.
    public var images: ImageStore
    /// What the behaviour fix-up changed, in UTF-8 offsets of `document`.
    public var adjustments: [AttributeAdjustment]
    /// What the reader accepted but had to interpret.
    public var warnings: [DocumentWarning]
    /// Where the text came from in the file read, when the reader keeps it (native JSON, RTF): what puts a
    /// finding at its place in the file.
    public var sourceMap: SourceMap?

    /// A decoded document.
    public init(document: RichString, images: ImageStore = ImageStore(), adjustments: [AttributeAdjustment] = [], warnings: [DocumentWarning] = [],
                sourceMap: SourceMap? = nil) {
        self.document = document
        self.images = images
        self.adjustments = adjustments
        self.warnings = warnings
        self.sourceMap = sourceMap
    }
}
