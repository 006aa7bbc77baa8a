extension HEICFile {
    /// `meta` (a full box): `hdlr`, `pitm`, `iinf`, `iloc`, `iref`, `iprp` and `idat`, each read on its own and
    /// then joined per item.
    mutating func readMeta(_ meta: HEICBox, limits: HEICLimits) throws(HEICError) {
        var cursor = meta.cursor(bytes)
        _ = try cursor.versionAndFlags(of: "meta", supported: 0...0, only: "0 is defined", at: meta.payload)
        let children = try meta.children(bytes, skipping: 4, depth: 1, limits: limits)
        guard let hdlr = try children.single("hdlr") else {
            throw HEICError(kind: .missingBox("hdlr"), message: "'meta' has no 'hdlr' box", box: meta.path, byteOffset: meta.start)
        }
        handlerType = try HEICFile.handler(bytes, hdlr)
        if let pitm = try children.single("pitm") { primaryItemID = try HEICFile.primaryItem(bytes, pitm) }
        if let box = try children.single("idat") { idat = box.payload..<box.end }
        guard let iinf = try children.single("iinf") else {
            throw HEICError(kind: .missingBox("iinf"), message: "'meta' has no 'iinf' box", box: meta.path, byteOffset: meta.start)
        }
        items = try HEICFile.itemInfo(bytes, iinf, limits: limits)
        var index: [UInt32: Int] = [:]
        for (position, item) in items.enumerated() {
            guard index.updateValue(position, forKey: item.id) == nil else {
                throw HEICError(kind: .malformed, message: "two 'infe' boxes declare item \(item.id)", box: iinf.path,
                                itemID: item.id, byteOffset: iinf.start)
            }
        }
        guard let iloc = try children.single("iloc") else {
            throw HEICError(kind: .missingBox("iloc"), message: "'meta' has no 'iloc' box", box: meta.path, byteOffset: meta.start)
        }
        try readItemLocations(iloc, index: index, limits: limits)
        if let iref = try children.single("iref") { try readItemReferences(iref, index: index, limits: limits) }
        if let iprp = try children.single("iprp") { try readItemProperties(iprp, index: index, limits: limits) }
    }

    /// `hdlr`: the handler type (`pict`).
    static func handler(_ bytes: [UInt8], _ box: HEICBox) throws(HEICError) -> String {
        var cursor = box.cursor(bytes)
        _ = try cursor.versionAndFlags()
        try cursor.skip(4, "'hdlr' pre_defined")
        return try cursor.fourCC("the handler type")
    }

    /// `pitm`: the primary item's id (16-bit in version 0, 32-bit after).
    static func primaryItem(_ bytes: [UInt8], _ box: HEICBox) throws(HEICError) -> UInt32 {
        var cursor = box.cursor(bytes)
        let (version, _) = try cursor.versionAndFlags()
        return UInt32(try cursor.uint(version == 0 ? 2 : 4, "the primary item id"))
    }
}
