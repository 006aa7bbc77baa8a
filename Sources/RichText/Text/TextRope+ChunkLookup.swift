extension TextChunk {
    /// Calls `body` with the chunk's UTF-8 bytes, read in place when the string stores them contiguously (a
    /// native string always does), so no reference to the storage is taken.
    @inline(__always)
    func withUTF8Bytes<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        if let result = string.utf8.withContiguousStorageIfAvailable(body) { return result }
        var copy = string
        return copy.withUTF8(body)
    }
}

extension TextChunk {
    /// A chunk's counts and ASCII runs, without its string.
    struct Shape {
        var summary: TextSummary
        var leadingASCII: UInt16
        var trailingASCII: UInt16

        /// The shape of the chunk at `pointer`, loaded without copying the chunk.
        @inline(__always)
        init(_ pointer: UnsafePointer<TextChunk>) {
            summary = pointer.pointee.summary
            leadingASCII = pointer.pointee.leadingASCII
            trailingASCII = pointer.pointee.trailingASCII
        }

        @inline(__always) var isASCII: Bool { summary.scalars == summary.utf8 }
        @inline(__always) var hasNoCRLF: Bool { summary.characters == summary.utf8 }
    }
}

/// Unit conversions inside one chunk, using the chunk's ASCII runs at both ends (`TextChunk.leadingASCII`,
/// `trailingASCII`): a scalar or UTF-16 position in either run is found without reading the bytes, and one
/// between them is found by scanning only between them.
extension TextRope {
    /// Counts `unit`s in the first `offset` bytes of a chunk; O(1) for scalars and UTF-16 in an ASCII chunk or
    /// an offset in one of its end runs.
    static func count(_ unit: TextUnit, in chunk: TextChunk, upToUTF8 offset: Int) -> Int {
        withUnsafePointer(to: chunk) { count(unit, inChunkAt: $0, upToUTF8: offset) }
    }

    /// The UTF-8 offset in a chunk where its `n`th `unit` starts; O(1) for scalars and UTF-16 in an ASCII chunk
    /// or in one of its end runs.
    static func utf8Offset(of n: Int, in unit: TextUnit, of chunk: TextChunk) -> (offset: Int, trailingSurrogate: Bool) {
        withUnsafePointer(to: chunk) { utf8Offset(of: n, in: unit, inChunkAt: $0) }
    }

    /// `count(_:in:upToUTF8:)` for the chunk at `pointer`, read in place: its counts are loaded alone, and its
    /// string only when the offset lies between the ASCII runs.
    static func count(_ unit: TextUnit, inChunkAt pointer: UnsafePointer<TextChunk>, upToUTF8 offset: Int) -> Int {
        let chunk = TextChunk.Shape(pointer)
        if chunk.isASCII && (unit != .characters || chunk.hasNoCRLF) { return offset }
        let leading = Int(chunk.leadingASCII)
        switch unit {
        case .utf8:
            return offset
        case .scalars, .utf16:
            if offset <= leading { return offset }
            let size = chunk.summary.utf8
            let total = unit == .scalars ? chunk.summary.scalars : chunk.summary.utf16
            let trailingStart = size - Int(chunk.trailingASCII)
            if offset >= trailingStart { return total - (size - offset) }
            // Between the runs: from the nearer one.
            return pointer.pointee.withUTF8Bytes { bytes in
                if offset - leading <= trailingStart - offset {
                    let counts = leadCounts(bytes, from: leading, to: offset)
                    return leading + (unit == .scalars ? counts.scalars : counts.utf16)
                }
                let counts = leadCounts(bytes, from: offset, to: trailingStart)
                return total - (size - trailingStart) - (unit == .scalars ? counts.scalars : counts.utf16)
            }
        case .characters:
            let total = chunk.summary.characters
            return pointer.pointee.withUTF8Bytes {
                CharacterCounting.count($0, from: 0, upTo: min(max(offset, 0), $0.count), end: $0.count, total: total)
            }
        }
    }

    /// `utf8Offset(of:in:of:)` for the chunk at `pointer`, read in place like `count(_:inChunkAt:upToUTF8:)`.
    static func utf8Offset(of n: Int, in unit: TextUnit, inChunkAt pointer: UnsafePointer<TextChunk>)
        -> (offset: Int, trailingSurrogate: Bool) {
        let chunk = TextChunk.Shape(pointer)
        if chunk.isASCII && (unit != .characters || chunk.hasNoCRLF) { return (n, false) }
        let leading = Int(chunk.leadingASCII)
        switch unit {
        case .utf8:
            return (n, false)
        case .scalars:
            if n <= leading { return (n, false) }
            let size = chunk.summary.utf8
            let trailing = Int(chunk.trailingASCII)
            let fromEnd = chunk.summary.scalars - n
            if fromEnd <= trailing { return (size - max(fromEnd, 0), false) }
            // Between the runs: from the nearer one.
            let middleEnd = chunk.summary.scalars - trailing
            return (pointer.pointee.withUTF8Bytes { bytes in
                n - leading <= middleEnd - n
                    ? scalarOffset(of: n, in: bytes, from: leading, seen: leading)
                    : scalarStart(fromEnd: middleEnd - n, in: bytes, end: size - trailing)
            }, false)
        case .utf16:
            if n <= leading { return (n, false) }
            let size = chunk.summary.utf8
            let fromEnd = chunk.summary.utf16 - n
            if fromEnd <= Int(chunk.trailingASCII) { return (size - max(fromEnd, 0), false) }
            return pointer.pointee.withUTF8Bytes { utf16Offset(of: n, in: $0, from: leading, seen: leading) }
        case .characters:
            return (pointer.pointee.withUTF8Bytes { CharacterCounting.offset(ofCharacter: n, in: $0, from: 0, end: $0.count) }, false)
        }
    }
}
