extension HEICFile {
    /// The bytes of `item`: its extents joined, from the file (construction method 0) or from `idat` (1).
    ///
    /// Every extent must lie inside its source and not overlap another of the item's extents; the total is
    /// checked against `limits.maxItemBytes` before anything is copied.
    /// - Throws: `HEICError` naming the item: no location, data in another file or in other items, an extent out
    ///   of bounds or overlapping, or too large.
    public func data(of item: HEICItem, limits: HEICLimits = HEICLimits()) throws(HEICError) -> [UInt8] {
        func failure(_ kind: HEICError.Kind, _ message: String, _ box: String = "meta/iloc") -> HEICError {
            HEICError(kind: kind, message: message, box: box, itemID: item.id, byteOffset: 0)
        }
        let source: Range<Int>
        switch item.construction {
        case nil: throw failure(.missingBox("iloc"), "'iloc' gives no location for the item")
        case .file(let reference) where reference != 0:
            throw failure(.unsupported, "the item's data is in another file (data reference \(reference))")
        case .file: source = 0..<bytes.count
        case .idat:
            guard let idat else { throw failure(.missingBox("idat"), "the item is in 'idat' but 'meta' has none", "meta") }
            source = idat
        case .item: throw failure(.unsupported, "the item is built from other items' data (construction method 2)")
        }
        var ranges: [Range<Int>] = []
        var total = 0
        for extent in item.extents {
            let size = UInt64(source.count)
            let length = extent.length == 0 ? size &- min(extent.offset, size) : extent.length
            guard extent.offset <= size, length <= size - extent.offset else {
                throw HEICError(kind: .invalidExtent,
                                message: "extent at \(extent.offset) of \(extent.length) bytes runs past the \(size) bytes of its source",
                                box: "meta/iloc", itemID: item.id, byteOffset: source.lowerBound)
            }
            let range = (source.lowerBound + Int(extent.offset))..<(source.lowerBound + Int(extent.offset) + Int(length))
            if let other = ranges.first(where: { $0.overlaps(range) }) {
                throw HEICError(kind: .invalidExtent, message: "extents \(other) and \(range) overlap", box: "meta/iloc",
                                itemID: item.id, byteOffset: range.lowerBound)
            }
            total += range.count
            guard total <= limits.maxItemBytes else {
                throw HEICError(kind: .limitExceeded, message: "the item's data is more than \(limits.maxItemBytes) bytes",
                                box: "meta/iloc", itemID: item.id, byteOffset: range.lowerBound)
            }
            ranges.append(range)
        }
        var data: [UInt8] = []
        data.reserveCapacity(total)
        for range in ranges { data.append(contentsOf: bytes[range]) }
        return data
    }

    /// Where `item`'s first byte is in the file (its first extent, in the file or in `idat`), for messages;
    /// 0 when that is unknown.
    func startOffset(of item: HEICItem) -> Int {
        guard let first = item.extents.first else { return 0 }
        let base = item.construction == .idat ? (idat?.lowerBound ?? 0) : 0
        return base + Int(clamping: min(first.offset, UInt64(bytes.count)))
    }
}
