extension HEICFile {
    /// `iprp`: the properties in `ipco` (1-based, in order) and their association with items in `ipma`. Only
    /// `ispe` (image spatial extents) is read; an item's size is its first associated `ispe`.
    mutating func readItemProperties(_ iprp: HEICBox, index: [UInt32: Int], limits: HEICLimits) throws(HEICError) {
        let children = try iprp.children(bytes, depth: 2, limits: limits)
        guard let ipco = try children.single("ipco") else {
            throw HEICError(kind: .missingBox("ipco"), message: "'iprp' has no 'ipco' box", box: iprp.path, byteOffset: iprp.start)
        }
        let properties = try ipco.children(bytes, depth: 3, limits: limits)
        // ISO/IEC 23008-12 allows several `ipma` boxes (different versions or flags); every one is read.
        for ipma in children where ipma.type == "ipma" {
            try readAssociations(ipma, properties: properties, index: index, limits: limits)
        }
    }

    /// `ipma` versions 0 and 1: per item (16- or 32-bit id), associations of 7-bit or (flags bit 0) 15-bit
    /// property indices, each with an "essential" bit. Index 0 means "no property".
    private mutating func readAssociations(_ ipma: HEICBox, properties: [HEICBox], index: [UInt32: Int],
                                           limits: HEICLimits) throws(HEICError) {
        var cursor = ipma.cursor(bytes)
        let (version, flags) = try cursor.versionAndFlags(of: "ipma", supported: 0...1, only: "0 and 1 are defined", at: ipma.start)
        let idSize = version == 0 ? 2 : 4
        let wide = flags & 1 != 0
        let count = Int(try cursor.u32("the entry count"))
        guard count <= limits.maxItems else { throw cursor.error(.limitExceeded, "\(count) entries, more than \(limits.maxItems)") }
        guard count * (idSize + 1) <= cursor.remaining else {
            throw cursor.error(.truncated, "\(count) entries need at least \(count * (idSize + 1)) bytes but only \(cursor.remaining) remain")
        }
        for _ in 0..<count {
            let id = UInt32(try cursor.uint(idSize, "an item id"))
            cursor.itemID = id
            let associations = Int(try cursor.u8("the association count"))
            for _ in 0..<associations {
                let raw = try cursor.uint(wide ? 2 : 1, "a property index")
                let property = Int(raw & (wide ? 0x7FFF : 0x7F))
                guard property != 0 else { continue }
                guard property <= properties.count else {
                    throw cursor.error(.malformed, "property index \(property) but 'ipco' holds \(properties.count) properties")
                }
                let box = properties[property - 1]
                guard box.type == "ispe", let position = index[id], items[position].pixelWidth == nil else { continue }
                let (width, height) = try HEICFile.spatialExtents(bytes, box, itemID: id)
                items[position].pixelWidth = width
                items[position].pixelHeight = height
            }
        }
    }

    /// `ispe`: image width and height in pixels (a full box, version 0).
    static func spatialExtents(_ bytes: [UInt8], _ box: HEICBox, itemID: UInt32) throws(HEICError) -> (UInt32, UInt32) {
        var cursor = box.cursor(bytes)
        cursor.itemID = itemID
        _ = try cursor.versionAndFlags()
        return (try cursor.u32("the image width"), try cursor.u32("the image height"))
    }
}
