/// One ISOBMFF box found in the bytes: its type and where its header, payload and end are.
struct HEICBox {
    /// The four-character type (Latin-1).
    let type: String
    /// The offset of the box's first byte (its size field).
    let start: Int
    /// The offset of the first payload byte, after the size, type, 64-bit size and `uuid` extended type.
    let payload: Int
    /// One past the box's last byte.
    let end: Int
    /// The path of this box, outermost first (`meta/iinf/infe`).
    let path: String

    /// A cursor over the payload.
    func cursor(_ bytes: [UInt8]) -> HEICByteCursor { HEICByteCursor(bytes, from: payload, to: end, box: path) }

    /// Reads the header of the box at `offset` inside a container that ends at `end`.
    ///
    /// A 32-bit size of 1 means a 64-bit size follows; 0 means the box runs to the end of its container. The
    /// size is checked against the header and against the bytes left in the container before anything else
    /// trusts it, in 64-bit arithmetic that cannot overflow.
    static func header(_ bytes: [UInt8], at offset: Int, end: Int, parent: String) throws(HEICError) -> HEICBox {
        var cursor = HEICByteCursor(bytes, from: offset, to: end, box: parent)
        let size32 = try cursor.u32("a box size")
        let type = try cursor.fourCC("a box type")
        let path = parent.isEmpty ? type : parent + "/" + type
        var size = UInt64(size32)
        if size32 == 1 {
            size = try cursor.uint(8, "the 64-bit size of box '\(type)'")
        } else if size32 == 0 {
            size = UInt64(end - offset)
        }
        if type == "uuid" { try cursor.skip(16, "the extended type of a 'uuid' box") }
        let headerSize = UInt64(cursor.offset - offset)
        guard size >= headerSize else {
            throw HEICError(kind: .malformed, message: "box '\(type)' declares \(size) bytes, less than its \(headerSize)-byte header",
                            box: path, byteOffset: offset)
        }
        guard size <= UInt64(end - offset) else {
            throw HEICError(kind: .truncated, message: "box '\(type)' declares \(size) bytes but only \(end - offset) remain",
                            box: path, byteOffset: offset)
        }
        return HEICBox(type: type, start: offset, payload: cursor.offset, end: offset + Int(size), path: path)
    }

    /// The boxes that fill `range` one after another (a file, or a container's payload), at nesting `depth`.
    static func sequence(_ bytes: [UInt8], from start: Int, to end: Int, parent: String, depth: Int,
                         limits: HEICLimits) throws(HEICError) -> [HEICBox] {
        guard depth <= limits.maxDepth else {
            throw HEICError(kind: .limitExceeded, message: "boxes nest deeper than \(limits.maxDepth) levels",
                            box: parent, byteOffset: start)
        }
        var boxes: [HEICBox] = []
        var offset = start
        while offset < end {
            guard boxes.count < limits.maxChildren else {
                throw HEICError(kind: .limitExceeded, message: "more than \(limits.maxChildren) boxes in one container",
                                box: parent, byteOffset: offset)
            }
            let box = try header(bytes, at: offset, end: end, parent: parent)
            boxes.append(box)
            offset = box.end
        }
        return boxes
    }

    /// The boxes inside this one, starting `skip` bytes into the payload (a full box's version and flags, an
    /// entry count).
    func children(_ bytes: [UInt8], skipping skip: Int = 0, depth: Int, limits: HEICLimits) throws(HEICError) -> [HEICBox] {
        guard skip <= end - payload else {
            throw HEICError(kind: .truncated, message: "box '\(type)' is shorter than its \(skip)-byte preamble",
                            box: path, byteOffset: payload)
        }
        return try HEICBox.sequence(bytes, from: payload + skip, to: end, parent: path, depth: depth, limits: limits)
    }
}

extension Array where Element == HEICBox {
    /// The only box of `type`; nil when there is none, an error when there are several.
    func single(_ type: String) throws(HEICError) -> HEICBox? {
        let matching = filter { $0.type == type }
        if matching.count > 1 {
            throw HEICError(kind: .malformed, message: "more than one '\(type)' box", box: matching[1].path,
                            byteOffset: matching[1].start)
        }
        return matching.first
    }
}
