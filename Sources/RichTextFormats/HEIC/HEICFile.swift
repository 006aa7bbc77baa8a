/// The metadata of a HEIF/HEIC file: its brands and the items of its `meta` box, with their locations, sizes and
/// references. Image data is never decoded; item bytes are copied out only on request (`data(of:)`).
///
/// The box mapping is described in FORMATS.md ("HEIC glyph images"). Reading is bounds-checked throughout:
/// no count or length is trusted, or allocated for, before it is checked against the bytes that remain, and no
/// input makes the reader trap.
public struct HEICFile: Sendable, Hashable {
    /// `ftyp`'s major brand, such as `heic`.
    public var majorBrand: String
    /// `ftyp`'s minor version.
    public var minorVersion: UInt32
    /// `ftyp`'s compatible brands, such as `mif1`, `heic`.
    public var compatibleBrands: [String]
    /// The `meta` box's handler type (`pict` for images).
    public var handlerType: String
    /// The primary item (`pitm`), when there is one.
    public var primaryItemID: UInt32?
    /// The items in `iinf` order.
    public var items: [HEICItem]
    /// The payload range of `idat`, when the `meta` box has one (construction method 1 reads from it).
    var idat: Range<Int>?
    /// The file's bytes.
    let bytes: [UInt8]

    /// The item with `id`.
    public func item(_ id: UInt32) -> HEICItem? { items.first { $0.id == id } }

    /// Reads the boxes of `data`.
    ///
    /// - Throws: `HEICError`, with the box path, item and byte offset of the first thing wrong.
    public init(_ data: some Sequence<UInt8>, limits: HEICLimits = HEICLimits()) throws(HEICError) {
        let bytes = Array(data)
        self.bytes = bytes
        let top = try HEICBox.sequence(bytes, from: 0, to: bytes.count, parent: "", depth: 0, limits: limits)
        guard let first = top.first, first.type == "ftyp" else {
            throw HEICError(kind: .notHEIF, message: top.first.map { "the first box is '\($0.type)', not 'ftyp'" } ?? "the file has no boxes",
                            box: "", byteOffset: 0)
        }
        (majorBrand, minorVersion, compatibleBrands) = try HEICFile.fileType(bytes, first)
        guard let meta = try top.single("meta") else {
            throw HEICError(kind: .missingBox("meta"), message: "the file has no 'meta' box", box: "", byteOffset: bytes.count)
        }
        handlerType = ""
        primaryItemID = nil
        items = []
        idat = nil
        try readMeta(meta, limits: limits)
    }
}
