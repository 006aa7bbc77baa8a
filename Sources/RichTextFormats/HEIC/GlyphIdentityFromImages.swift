import Foundation
import RichText

/// A Genmoji's identity as Apple keeps it: inside its image. Readers of formats that carry the image (RTFD
/// packages, flattened RTFD, plain text with attachments, native JSON with an image table) take each glyph's
/// description from the HEIC's XMP packet and check its identifier against `tiff:DocumentName`.
///
/// The document's values stand where they are set and the image says otherwise, and every such difference is a
/// warning naming the image's file and the XMP item: an image without XMP, an identifier the image does not
/// share, a description the document has edited. The image bytes are never touched.
enum GlyphIdentityFromImages {
    /// Gives each Genmoji of `decoded` the description its image holds when the document has none, and warns
    /// where the image and the document disagree. `fileName` names a glyph's image file in the source (an RTFD
    /// package's `AdaptiveImageGlyph-….heic`), when the format has files.
    static func adopt(in decoded: inout DecodedDocument, fileName: (String) -> String? = { _ in nil }) {
        // A document without images (nearly every one) has nothing to adopt: no walk over its runs.
        guard !decoded.images.isEmpty else { return }
        let key = StandardAttributes.adaptiveImageGlyph.name
        let references = glyphReferences(in: decoded.document)
        guard !references.isEmpty else { return }
        var adopted: [String: ImageGlyphReference] = [:]
        for id in references.keys.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) {
            guard let reference = references[id], let image = decoded.images[id], isHEIF(image) else { continue }
            let place = fileName(id).map { "the image \(MessageText.quoted($0, limit: 120))" } ?? "the image of the Genmoji \(MessageText.quoted(id))"
            let content: GlyphImageContent
            switch GlyphImageContent.read(image.data) {
            case .success(let read): content = read
            case .failure(let error):
                decoded.warnings.append(DocumentWarning(message: "\(place) cannot be read as HEIC (\(error.message)); the Genmoji keeps the document's identifier and description"))
                continue
            }
            guard content.hasXMP else {
                decoded.warnings.append(DocumentWarning(message: "\(place) has no XMP packet: the Genmoji's identifier and description are the document's"))
                continue
            }
            let item = content.xmpItemID.map { " (XMP item \($0))" } ?? ""
            if let named = content.contentIdentifier, named != id {
                decoded.warnings.append(DocumentWarning(message: "\(place) names itself \(MessageText.quoted(named)) in tiff:DocumentName\(item), but the document calls it \(MessageText.quoted(id)); the document's identifier stands"))
            }
            guard let description = content.contentDescription, !description.isEmpty, description != reference.contentDescription else { continue }
            if reference.contentDescription.isEmpty {
                adopted[id] = ImageGlyphReference(contentIdentifier: id, contentDescription: description, contentType: reference.contentType)
                decoded.images.replace(ImageStore.Image(data: image.data, contentType: image.contentType, contentDescription: description), for: id)
            } else {
                decoded.warnings.append(DocumentWarning(message: "the Genmoji \(MessageText.quoted(id)) is described as \(MessageText.quoted(reference.contentDescription)) in the document but as \(MessageText.quoted(description)) in \(place)\(item); the document's description stands and the image is kept as it came"))
            }
        }
        guard !adopted.isEmpty else { return }
        let descriptor = StandardAttributes.adaptiveImageGlyph
        var document = decoded.document
        for run in decoded.document.runs {
            guard case .imageGlyph(let reference)? = run.attributes[key], let better = adopted[reference.contentIdentifier] else { continue }
            let behavior = run.attributes.entry(named: key)?.behavior ?? descriptor.behavior
            document.setAttribute(AttributeKeyDescriptor(name: key, behavior: behavior), to: .imageGlyph(better), in: run.range)
        }
        decoded.document = document
    }

    /// What a writer says when it writes a Genmoji whose description in the document differs from the one its
    /// image holds: the image is written as it came, so whoever reads the file back by the image (Apple's
    /// `NSAdaptiveImageGlyph(imageContent:)`, our readers of formats without descriptions) gets the image's.
    static func editedDescriptions(in document: RichString, images: ImageStore) -> [DocumentWarning] {
        guard !images.isEmpty else { return [] }
        var warnings: [DocumentWarning] = []
        for reference in glyphReferences(in: document).values.sorted(by: { $0.contentIdentifier.utf8.lexicographicallyPrecedes($1.contentIdentifier.utf8) }) {
            guard let image = images[reference.contentIdentifier], isHEIF(image),
                  case .success(let content) = GlyphImageContent.read(image.data),
                  let described = content.contentDescription, !described.isEmpty,
                  described != reference.contentDescription else { continue }
            warnings.append(DocumentWarning(message: "the Genmoji \(MessageText.quoted(reference.contentIdentifier)) is described as \(MessageText.quoted(reference.contentDescription)) but its image says \(MessageText.quoted(described)); the image is written as it came"))
        }
        return warnings
    }

    /// The Genmoji references of `document` by content identifier, each distinct attribute set looked at once.
    static func glyphReferences(in document: RichString) -> [String: ImageGlyphReference] {
        let key = StandardAttributes.adaptiveImageGlyph.name
        var references: [String: ImageGlyphReference] = [:]
        var seen: Set<AttributeSet> = []
        document.forEachRun(inUTF8: 0..<document.counts.utf8) { _, attributes in
            if seen.insert(attributes).inserted, case .imageGlyph(let reference)? = attributes[key] {
                references[reference.contentIdentifier] = reference
            }
            return true
        }
        return references
    }

    /// Whether an image's bytes are an ISOBMFF file (they start with an `ftyp` box), whatever type the document
    /// declares: only such an image can carry a Genmoji's identity. Other bytes keep the document's identity
    /// without a word (a writer's placeholder, a PNG glyph).
    static func isHEIF(_ image: ImageStore.Image) -> Bool {
        let bytes = image.data.prefix(8)
        return bytes.count == 8 && Array(bytes.suffix(4)) == Array("ftyp".utf8)
    }
}
