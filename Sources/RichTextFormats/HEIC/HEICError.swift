import StreamingJSON

/// An error found while reading a HEIC (ISOBMFF) file: what went wrong, in which box and item, and at which byte.
///
/// Every malformed input gives one of these; the reader never traps, whatever the bytes.
public struct HEICError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong, by category.
    public enum Kind: Sendable, Hashable {
        /// The file does not start with an `ftyp` box naming a HEIF brand.
        case notHEIF
        /// A box or a field runs past the bytes that hold it (the file was cut short, or a size lies).
        case truncated
        /// A box or field is not well-formed: a size smaller than its header, a field size the format does not
        /// allow, a duplicate item.
        case malformed
        /// A box the reader needs is missing (`meta`, `hdlr`, `iinf`, `iloc`).
        case missingBox(String)
        /// A box has a version the reader does not know.
        case unsupportedVersion(Int)
        /// The file asks for something the reader does not do: data in another file, a compressed item, an
        /// item built from other items' data.
        case unsupported
        /// An item's location does not fit: an extent outside the file or `idat`, extents that overlap.
        case invalidExtent
        /// The input asks for more than `HEICLimits` allow (nesting, item count, item size); reading stops with
        /// bounded memory.
        case limitExceeded
        /// The XMP packet is not well-formed XML, or has a document type declaration (which XMP forbids).
        case invalidXMP
        /// The file holds no image item with a size (`ispe`), so it has no rendition.
        case noRendition
    }

    /// The category.
    public var kind: Kind
    /// A human message: what was expected and what was found.
    public var message: String
    /// The path of the box being read, outermost first, such as `meta/iprp/ipma`; empty at the top level.
    public var box: String
    /// The item being read, when the error concerns one.
    public var itemID: UInt32?
    /// The offset, in bytes from the start of the file, where the error was found.
    public var byteOffset: Int

    /// An error.
    public init(kind: Kind, message: String, box: String, itemID: UInt32? = nil, byteOffset: Int) {
        self.kind = kind
        self.message = message
        self.box = box
        self.itemID = itemID
        self.byteOffset = byteOffset
    }

    /// `byte B, box meta/iloc, item I: message`.
    public var description: String {
        var text = "byte \(byteOffset)"
        if !box.isEmpty { text += ", box \(box)" }
        if let itemID { text += ", item \(itemID)" }
        return text + ": " + message
    }

    /// The error as the document readers report theirs (`.limitExceeded` for limits, `.malformed` otherwise), at
    /// line 1 and column byte + 1, as `FlattenedRTFD` places binary errors.
    public var documentError: DocumentError {
        DocumentError(kind: kind == .limitExceeded ? .limitExceeded : .malformed, message: "HEIC: " + description,
                      location: JSONLocation(line: 1, column: byteOffset + 1, byteOffset: byteOffset))
    }
}
