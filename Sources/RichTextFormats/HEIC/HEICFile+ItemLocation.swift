extension HEICFile {
    /// `iloc` versions 0 to 2: for each item, its construction method, data reference, base offset and extents.
    ///
    /// Field sizes (offset, length, base offset, extent index) must be 0, 4 or 8 bytes. Each entry's size is
    /// known before it is read, so counts are checked against the bytes left before anything is allocated.
    mutating func readItemLocations(_ box: HEICBox, index: [UInt32: Int], limits: HEICLimits) throws(HEICError) {
        var cursor = box.cursor(bytes)
        let (version, _) = try cursor.versionAndFlags(of: "iloc", supported: 0...2, only: "0 to 2 are defined", at: box.start)
        let sizes = try cursor.u8("the offset and length sizes")
        let more = try cursor.u8("the base offset and index sizes")
        let offsetSize = Int(sizes >> 4), lengthSize = Int(sizes & 15), baseSize = Int(more >> 4)
        let indexSize = version == 0 ? 0 : Int(more & 15)
        for (name, size) in [("offset", offsetSize), ("length", lengthSize), ("base offset", baseSize), ("index", indexSize)]
        where ![0, 4, 8].contains(size) {
            throw cursor.error(.malformed, "the \(name) size is \(size) bytes; only 0, 4 and 8 are allowed", at: box.payload + 4)
        }
        let idSize = version < 2 ? 2 : 4
        let count = Int(try cursor.uint(idSize, "the item count"))
        // The smallest entry: id, (method), data reference, base offset, extent count.
        let entryMinimum = idSize + (version == 0 ? 0 : 2) + 2 + baseSize + 2
        guard count <= limits.maxItems else {
            throw cursor.error(.limitExceeded, "\(count) locations, more than \(limits.maxItems)")
        }
        guard count * entryMinimum <= cursor.remaining else {
            throw cursor.error(.truncated, "\(count) locations need at least \(count * entryMinimum) bytes but only \(cursor.remaining) remain")
        }
        var located: Set<UInt32> = []
        for _ in 0..<count {
            let entryStart = cursor.offset
            let id = UInt32(try cursor.uint(idSize, "an item id"))
            cursor.itemID = id
            var method = 0
            if version >= 1 { method = Int(try cursor.u16("the construction method") & 15) }
            let reference = Int(try cursor.u16("the data reference index"))
            let base = try cursor.uint(baseSize, "the base offset")
            let extentCount = Int(try cursor.u16("the extent count"))
            guard extentCount <= limits.maxExtents else {
                throw cursor.error(.limitExceeded, "\(extentCount) extents, more than \(limits.maxExtents)", at: entryStart)
            }
            let extentSize = indexSize + offsetSize + lengthSize
            guard extentCount * extentSize <= cursor.remaining else {
                throw cursor.error(.truncated, "\(extentCount) extents need \(extentCount * extentSize) bytes but only \(cursor.remaining) remain")
            }
            var extents: [HEICItem.Extent] = []
            extents.reserveCapacity(extentCount)
            for _ in 0..<extentCount {
                _ = try cursor.uint(indexSize, "an extent index")
                let offset = try cursor.uint(offsetSize, "an extent offset")
                let length = try cursor.uint(lengthSize, "an extent length")
                let (sum, overflow) = base.addingReportingOverflow(offset)
                guard !overflow else { throw cursor.error(.invalidExtent, "base offset \(base) + extent offset \(offset) overflows", at: entryStart) }
                extents.append(HEICItem.Extent(offset: sum, length: length))
            }
            let construction: HEICItem.Construction
            switch method {
            case 0: construction = .file(dataReferenceIndex: reference)
            case 1: construction = .idat
            case 2: construction = .item
            default: throw cursor.error(.unsupported, "construction method \(method) is not defined", at: entryStart)
            }
            guard located.insert(id).inserted else {
                throw cursor.error(.malformed, "item \(id) has two locations", at: entryStart)
            }
            // A location for an item that `iinf` does not declare is allowed and ignored.
            if let position = index[id] {
                items[position].construction = construction
                items[position].extents = extents
            }
        }
    }
}
