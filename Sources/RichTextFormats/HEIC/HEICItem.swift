import Foundation

/// One item of a HEIF file's `meta` box: an image (coded, grid, alpha plane…) or metadata (Exif, XMP), with
/// what `iinf`, `iloc`, `iprp` and `iref` say about it.
public struct HEICItem: Sendable, Hashable {
    /// Where an item's bytes are, as `iloc` says.
    public enum Construction: Sendable, Hashable {
        /// Offsets into the file (construction method 0), or into another file when the data reference
        /// index is not 0 (which this reader does not follow).
        case file(dataReferenceIndex: Int)
        /// Offsets into the `meta` box's `idat` (construction method 1).
        case idat
        /// Offsets into other items' data (construction method 2), which this reader does not follow.
        case item
    }

    /// One contiguous run of an item's bytes.
    public struct Extent: Sendable, Hashable {
        /// The offset, base offset included, in the file or `idat`.
        public var offset: UInt64
        /// The length in bytes; 0 means "to the end of the file or `idat`", as ISO/IEC 14496-12 says.
        public var length: UInt64
    }

    /// The item's identifier (`item_ID`).
    public var id: UInt32
    /// The four-character item type: `hvc1`, `grid`, `mime`, `Exif`, …
    public var type: String
    /// The item's name (often empty).
    public var name: String
    /// For a `mime` item, its content type (`application/rdf+xml` for XMP).
    public var contentType: String?
    /// For a `mime` item, its content encoding (empty or absent when the bytes are stored as they are).
    public var contentEncoding: String?
    /// Whether `infe` marks the item hidden (flags bit 0): a tile, or metadata, not an image to show.
    public var isHidden: Bool
    /// How the extents are addressed; nil when `iloc` has no entry for the item.
    public var construction: Construction?
    /// The item's bytes, in order.
    public var extents: [Extent]
    /// The image size in pixels from the first `ispe` property associated with the item.
    public var pixelWidth: UInt32?
    /// See `pixelWidth`.
    public var pixelHeight: UInt32?
    /// The item's outgoing references (`iref`): reference type (`dimg`, `auxl`, `thmb`, `cdsc`) and target ids.
    public var references: [Reference]

    /// One `iref` reference from this item.
    public struct Reference: Sendable, Hashable {
        /// The four-character reference type.
        public var type: String
        /// The items referred to.
        public var targets: [UInt32]
    }

    /// Whether the item is an image (coded or derived), by its type.
    public var isImage: Bool {
        ["hvc1", "av01", "jpeg", "j2k1", "unci", "vvc1", "avc1", "grid", "iden", "iovl"].contains(type)
    }

    /// Whether the item is an XMP packet: a `mime` item of content type `application/rdf+xml`.
    public var isXMP: Bool {
        type == "mime" && contentType?.lowercased().trimmingCharacters(in: .whitespaces) == "application/rdf+xml"
    }
}
