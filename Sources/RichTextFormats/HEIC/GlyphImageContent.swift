import Foundation

/// What a Genmoji's image says about itself, read as `NSAdaptiveImageGlyph(imageContent:)` reads it: the content
/// identifier and description from the XMP packet, the renditions' sizes, and where the image came from.
///
/// Apple stores a glyph's identity inside its image: a HEIC file with several renditions (160, 96, 64 and 40
/// px) and an XMP packet whose `tiff:DocumentName` is the content identifier and whose `dc:description` is the
/// accessible description. The bytes are kept as they came (`imageContent`) so writers can store them back
/// unchanged.
public struct GlyphImageContent: Sendable, Hashable {
    /// One image of the file: an item the file shows (not a hidden tile, not an alpha or depth plane, not an
    /// input of a derived image), with its size from `ispe`.
    public struct Rendition: Sendable, Hashable {
        /// The HEIF item id.
        public var itemID: UInt32
        /// The width in pixels.
        public var width: Int
        /// The height in pixels.
        public var height: Int

        /// The number of pixels. `ispe` sizes are 32-bit, so the product always fits (and never overflows `Int`
        /// arithmetic, which `width * height` can: found by HEICReaderFuzz).
        public var pixelCount: UInt64 { UInt64(width) * UInt64(height) }
    }

    /// The HEIC bytes, exactly as given.
    public var imageContent: Data
    /// `tiff:DocumentName` of the XMP packet: the identifier that names the glyph across documents. Nil when the
    /// image has no XMP or the packet has no such property.
    public var contentIdentifier: String?
    /// `dc:description` of the XMP packet (its `x-default` entry): the accessible description. Nil when absent.
    public var contentDescription: String?
    /// The renditions, largest first (by pixel count, then width, then item id).
    public var renditions: [Rendition]
    /// The primary item's id (`pitm`), usually the largest rendition.
    public var primaryItemID: UInt32?
    /// `xmp:CreatorTool` ("Apple TextKit" for Genmoji).
    public var creatorTool: String?
    /// `photoshop:Credit` ("Apple Image Playground" for Genmoji).
    public var credit: String?
    /// `Iptc4xmpExt:DigitalSourceType`, a URI of IPTC's digital source type vocabulary.
    public var digitalSourceType: String?
    /// Whether the file holds an XMP packet (a `mime` item of type `application/rdf+xml`).
    public var hasXMP: Bool
    /// The item holding the XMP packet read (for messages that name it).
    public var xmpItemID: UInt32?

    /// The uniform type of the bytes.
    public var contentType: String { "public.heic" }

    /// The renditions' sizes in pixels, largest first.
    public var pixelSizes: [(width: Int, height: Int)] { renditions.map { ($0.width, $0.height) } }

    /// Whether the XMP says a trained algorithm made the image (IPTC's `trainedAlgorithmicMedia`), as Image
    /// Playground says of every Genmoji.
    public var isGeneratedByTrainedAlgorithm: Bool {
        digitalSourceType?.hasSuffix("/trainedAlgorithmicMedia") ?? false
    }

    /// Reads the identity, description, sizes and provenance of a glyph image, as Apple's
    /// `NSAdaptiveImageGlyph(imageContent:)` does.
    ///
    /// - Throws: `HEICError` (with the box, item and byte offset) when the bytes are not a HEIF file, its boxes are
    ///   malformed, it has no rendition with a size, or its XMP packet cannot be read.
    public init(imageContent: Data, limits: HEICLimits = HEICLimits()) throws(HEICError) {
        let file = try HEICFile(imageContent, limits: limits)
        self.imageContent = imageContent
        primaryItemID = file.primaryItemID
        renditions = Self.renditions(of: file)
        guard !renditions.isEmpty else {
            throw HEICError(kind: .noRendition, message: "no image item has an 'ispe' size", box: "meta/iprp", byteOffset: 0)
        }
        let packets = file.items.filter(\.isXMP)
        hasXMP = !packets.isEmpty
        guard let packet = Self.describingPacket(packets, primary: file.primaryItemID) else { return }
        xmpItemID = packet.id
        if let encoding = packet.contentEncoding, !encoding.isEmpty {
            throw HEICError(kind: .unsupported, message: "the XMP packet is stored with content encoding '\(encoding)'",
                            box: "meta/iinf/infe", itemID: packet.id, byteOffset: 0)
        }
        let bytes = try file.data(of: packet, limits: limits)
        let xmp = try GlyphXMP(packet: bytes, itemID: packet.id, byteOffset: file.startOffset(of: packet))
        contentIdentifier = xmp.documentName
        contentDescription = xmp.description
        creatorTool = xmp.creatorTool
        credit = xmp.credit
        digitalSourceType = xmp.digitalSourceType
    }

    /// Reads a glyph image without throwing: the content, or the error that says why not.
    public static func read(_ imageContent: Data, limits: HEICLimits = HEICLimits()) -> Result<GlyphImageContent, HEICError> {
        do {
            return .success(try GlyphImageContent(imageContent: imageContent, limits: limits))
        } catch {
            return .failure(error)
        }
    }

    /// The items a viewer would show: visible images with a size that are neither auxiliary planes (`auxl`) of
    /// another image nor inputs (`dimg`) of a derived one.
    static func renditions(of file: HEICFile) -> [Rendition] {
        var auxiliary: Set<UInt32> = []
        var inputs: Set<UInt32> = []
        for item in file.items {
            for reference in item.references {
                if reference.type == "auxl" { auxiliary.insert(item.id) }
                if reference.type == "dimg" { inputs.formUnion(reference.targets) }
            }
        }
        return file.items.compactMap { item -> Rendition? in
            guard item.isImage, !item.isHidden, !auxiliary.contains(item.id), !inputs.contains(item.id),
                  let width = item.pixelWidth, let height = item.pixelHeight, width > 0, height > 0 else { return nil }
            return Rendition(itemID: item.id, width: Int(width), height: Int(height))
        }
        .sorted {
            let (a, b) = ($0.pixelCount, $1.pixelCount)
            return a != b ? a > b : $0.width != $1.width ? $0.width > $1.width : $0.itemID < $1.itemID
        }
    }

    /// The XMP packet that describes the image: the one whose `cdsc` reference names the primary item, else the
    /// first in `iinf` order.
    static func describingPacket(_ packets: [HEICItem], primary: UInt32?) -> HEICItem? {
        if let primary, let described = packets.first(where: { packet in
            packet.references.contains { $0.type == "cdsc" && $0.targets.contains(primary) }
        }) {
            return described
        }
        return packets.first
    }
}
