extension HEICFile {
    /// `iinf` (a full box: an entry count, 16-bit in version 0, then `infe` boxes): one item per `infe`. The entry
    /// count is not trusted; the boxes present are the items.
    static func itemInfo(_ bytes: [UInt8], _ iinf: HEICBox, limits: HEICLimits) throws(HEICError) -> [HEICItem] {
        var cursor = iinf.cursor(bytes)
        let (version, _) = try cursor.versionAndFlags()
        _ = try cursor.uint(version == 0 ? 2 : 4, "the entry count")
        let entries = try iinf.children(bytes, skipping: cursor.offset - iinf.payload, depth: 2, limits: limits)
            .filter { $0.type == "infe" }
        guard entries.count <= limits.maxItems else {
            throw HEICError(kind: .limitExceeded, message: "\(entries.count) items, more than \(limits.maxItems)",
                            box: iinf.path, byteOffset: iinf.start)
        }
        var items: [HEICItem] = []
        for entry in entries { items.append(try itemInfoEntry(bytes, entry)) }
        return items
    }

    /// `infe` versions 2 and 3: item id (16 or 32 bits), protection index, item type, name, and for `mime` items
    /// the content type and optional encoding.
    static func itemInfoEntry(_ bytes: [UInt8], _ box: HEICBox) throws(HEICError) -> HEICItem {
        var cursor = box.cursor(bytes)
        let (version, flags) = try cursor.versionAndFlags(of: "infe", supported: 2...3, only: "2 and 3 are read", at: box.start)
        let id = UInt32(try cursor.uint(version == 2 ? 2 : 4, "the item id"))
        cursor.itemID = id
        _ = try cursor.u16("the protection index")
        let type = try cursor.fourCC("the item type")
        let name = cursor.string()
        var item = HEICItem(id: id, type: type, name: name, contentType: nil, contentEncoding: nil, isHidden: flags & 1 != 0,
                            construction: nil, extents: [], pixelWidth: nil, pixelHeight: nil, references: [])
        if type == "mime" {
            item.contentType = cursor.string()
            if cursor.remaining > 0 { item.contentEncoding = cursor.string() }
        }
        return item
    }
}
