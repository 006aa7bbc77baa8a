import RichText

/// A document split into a plain string with U+FFFC at each glyph, a table of (range, contentIdentifier),
/// and an image store holding each image once: the "plain text with inline images" way of storing rich text.
///
/// Only adaptive image glyphs survive the split; every other attribute is left behind and named in
/// `decompose`'s result. For a document whose only attributes are glyphs, recomposing gives it back exactly.
public struct PlainTextWithAttachments: Sendable, Hashable {
    /// The text, with U+FFFC where the glyphs stand.
    public var text: String
    /// The glyphs, in text order, not overlapping.
    public var attachments: [GlyphAttachment]
    /// The glyphs' images, each once.
    public var images: ImageStore
    /// The key the glyphs are stored under.
    public var glyphKey: AttributeKeyDescriptor

    /// A decomposition from its parts.
    public init(text: String, attachments: [GlyphAttachment], images: ImageStore,
                glyphKey: AttributeKeyDescriptor = StandardAttributes.adaptiveImageGlyph) {
        self.text = text
        self.attachments = attachments
        self.images = images
        self.glyphKey = glyphKey
    }

    /// Splits `document`; the store keeps only the images the document uses. Also returns the names of the
    /// attributes that plain text cannot carry and were left behind.
    public static func decompose(
        _ document: RichString, images: ImageStore,
        glyphKey: AttributeKeyDescriptor = StandardAttributes.adaptiveImageGlyph
    ) -> (PlainTextWithAttachments, droppedKeys: Set<String>) {
        var attachments: [GlyphAttachment] = []
        var dropped: Set<String> = []
        var used: Set<String> = []
        var previous: (glyph: ImageGlyphReference, upper: Int)? = nil
        for run in document.runs {
            for entry in run.attributes.entries where entry.name != glyphKey.name { dropped.insert(entry.name) }
            guard let value = run.attributes[glyphKey.name] else { continue }
            guard case .imageGlyph(let glyph) = value else {
                dropped.insert(glyphKey.name)
                continue
            }
            let lower = document.offset(of: run.range.lowerBound, in: .scalars)
            let upper = document.offset(of: run.range.upperBound, in: .scalars)
            used.insert(glyph.contentIdentifier)
            // Runs split by other attributes join again: their text carries one glyph stretch.
            if let previous, previous.glyph == glyph, previous.upper == lower {
                attachments[attachments.count - 1].range = attachments[attachments.count - 1].range.lowerBound..<upper
            } else {
                let stored = images[glyph.contentIdentifier]
                attachments.append(GlyphAttachment(
                    range: lower..<upper, contentIdentifier: glyph.contentIdentifier,
                    contentDescription: stored?.contentDescription == glyph.contentDescription ? nil : glyph.contentDescription,
                    contentType: stored?.contentType == glyph.contentType ? nil : glyph.contentType))
            }
            previous = (glyph, upper)
        }
        let result = PlainTextWithAttachments(
            text: document.string, attachments: attachments, images: images.restricted(to: used), glyphKey: glyphKey)
        return (result, dropped)
    }

    /// The glyph reference an attachment stands for.
    public func glyph(for attachment: GlyphAttachment) -> ImageGlyphReference {
        let stored = images[attachment.contentIdentifier]
        return ImageGlyphReference(
            contentIdentifier: attachment.contentIdentifier,
            contentDescription: attachment.contentDescription ?? stored?.contentDescription ?? "",
            contentType: attachment.contentType ?? stored?.contentType ?? "public.heic")
    }

    /// The document again: the text with each attachment's glyph over its range, through the behaviour
    /// fix-up (reported, as for any outside data). Throws when a range is empty, out of the text, or
    /// overlaps or precedes the one before it.
    public func recompose() throws(DocumentError) -> DecodedDocument {
        var utf8Offsets: [Int] = [] // the UTF-8 offset of scalar i, for every range bound, found in one walk
        var bounds: [Int] = []
        var last = 0
        for (i, attachment) in attachments.enumerated() {
            let range = attachment.range
            guard range.lowerBound >= last, !range.isEmpty else {
                throw DocumentError(
                    kind: .invalidAttachment,
                    message: "attachment \(i) (\(range.lowerBound)..<\(range.upperBound)) is empty or overlaps the one before it",
                    expected: "non-empty ranges in text order, not overlapping")
            }
            bounds.append(range.lowerBound)
            bounds.append(range.upperBound)
            last = range.upperBound
        }
        var scalar = 0
        var utf8 = 0
        var next = 0
        for s in text.unicodeScalars {
            while next < bounds.count && bounds[next] == scalar { utf8Offsets.append(utf8); next += 1 }
            scalar += 1
            utf8 += UTF8.width(s)
        }
        while next < bounds.count && bounds[next] == scalar { utf8Offsets.append(utf8); next += 1 }
        guard next == bounds.count else {
            let i = next / 2
            throw DocumentError(
                kind: .invalidAttachment,
                message: "attachment \(i) (\(attachments[i].range.lowerBound)..<\(attachments[i].range.upperBound)) ends past the text's \(scalar) scalars",
                expected: "ranges within 0...\(scalar)")
        }
        var runs: [DocumentRun] = []
        var position = 0
        for (i, attachment) in attachments.enumerated() {
            let lower = utf8Offsets[2 * i]
            let upper = utf8Offsets[2 * i + 1]
            if lower > position { runs.append(DocumentRun(utf8Count: lower - position, attributes: .empty)) }
            let entry = AttributeEntry(name: glyphKey.name, value: .imageGlyph(glyph(for: attachment)), behavior: glyphKey.behavior)
            runs.append(DocumentRun(utf8Count: upper - lower, attributes: AttributeSet([entry])))
            position = upper
        }
        var document = RichString.assembling(text, runs: runs)
        let adjustments = document.enforceBehaviors()
        var warnings: [DocumentWarning] = []
        for id in Set(attachments.map(\.contentIdentifier)).sorted() where images[id] == nil {
            warnings.append(DocumentWarning(message: "the glyph \(MessageText.quoted(id)) has no image in the store"))
        }
        var decoded = DecodedDocument(document: document, images: images, adjustments: adjustments, warnings: warnings)
        GlyphIdentityFromImages.adopt(in: &decoded)
        return decoded
    }
}
