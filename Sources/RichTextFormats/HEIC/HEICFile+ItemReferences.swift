extension HEICFile {
    /// `iref` (a full box; item ids are 16-bit in version 0, 32-bit in version 1): one box per reference type and
    /// source item, listing target items. References are recorded, never followed, so a loop is harmless.
    mutating func readItemReferences(_ box: HEICBox, index: [UInt32: Int], limits: HEICLimits) throws(HEICError) {
        var cursor = box.cursor(bytes)
        let (version, _) = try cursor.versionAndFlags(of: "iref", supported: 0...1, only: "0 and 1 are defined", at: box.start)
        let idSize = version == 0 ? 2 : 4
        for reference in try box.children(bytes, skipping: 4, depth: 2, limits: limits) {
            var entry = reference.cursor(bytes)
            let from = UInt32(try entry.uint(idSize, "the source item id"))
            entry.itemID = from
            let count = Int(try entry.u16("the reference count"))
            guard count * idSize <= entry.remaining else {
                throw entry.error(.truncated, "\(count) references need \(count * idSize) bytes but only \(entry.remaining) remain")
            }
            var targets: [UInt32] = []
            targets.reserveCapacity(count)
            for _ in 0..<count { targets.append(UInt32(try entry.uint(idSize, "a target item id"))) }
            if let position = index[from] {
                items[position].references.append(HEICItem.Reference(type: reference.type, targets: targets))
            }
        }
    }
}
