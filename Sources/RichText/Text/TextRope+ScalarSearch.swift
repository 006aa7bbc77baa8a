/// Finding given Unicode scalars in the text, by their UTF-8 encodings (`utf8Encodings(of:)`, worked out once by
/// the caller).
///
/// An encoding starts with a lead byte (or is one ASCII byte) and no other scalar's encoding contains it, so a
/// match of a whole encoding is that scalar; and a chunk never splits a scalar, so each chunk is searched alone.
/// Every range given must start and end on scalar boundaries.
extension TextRope {
    /// The UTF-8 encodings of `scalars`, as the searches take them.
    static func utf8Encodings(of scalars: [Unicode.Scalar]) -> [[UInt8]] {
        scalars.map { Array(String($0).utf8) }
    }

    /// Where the first scalar of `range` whose encoding is one of `encodings` stands, or nil when there is none.
    func firstScalar(among encodings: [[UInt8]], in range: Range<Int>) -> Range<Int>? {
        guard !range.isEmpty, !encodings.isEmpty else { return nil }
        var found: Range<Int>?
        rope.forEach(from: range.lowerBound, along: UTF8Metric.self) { _, chunkStart, chunk in
            chunk.withUTF8Bytes { bytes in
                let from = Swift.max(range.lowerBound - chunkStart, 0)
                let to = Swift.min(range.upperBound - chunkStart, bytes.count)
                var p = from
                while p < to, found == nil {
                    if let length = Self.encodingLength(matching: encodings, in: bytes, at: p) {
                        found = (chunkStart + p)..<(chunkStart + p + length)
                    }
                    p += 1
                }
            }
            return found == nil && chunkStart + chunk.summary.utf8 < range.upperBound
        }
        return found
    }

    /// Where the last scalar of `range` whose encoding is one of `encodings` stands, or nil when there is none.
    func lastScalar(among encodings: [[UInt8]], in range: Range<Int>) -> Range<Int>? {
        guard !range.isEmpty, !encodings.isEmpty else { return nil }
        let (lastChunk, remainder) = rope.find(UTF8Metric.self, range.upperBound - 1, prefer: .next)
        var chunkEnd = range.upperBound - 1 - remainder + rope[lastChunk].summary.utf8
        var found: Range<Int>?
        rope.forEachBackward(before: lastChunk + 1) { _, chunk in
            let chunkStart = chunkEnd - chunk.summary.utf8
            chunk.withUTF8Bytes { bytes in
                let from = Swift.max(range.lowerBound - chunkStart, 0)
                var p = Swift.min(range.upperBound - chunkStart, bytes.count) - 1
                while p >= from, found == nil {
                    if let length = Self.encodingLength(matching: encodings, in: bytes, at: p) {
                        found = (chunkStart + p)..<(chunkStart + p + length)
                    }
                    p -= 1
                }
            }
            chunkEnd = chunkStart
            return found == nil && chunkStart > range.lowerBound
        }
        return found
    }

    /// The length of the first of `encodings` that `bytes` hold at `offset`, or nil.
    @inline(__always)
    private static func encodingLength(matching encodings: [[UInt8]], in bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> Int? {
        for encoding in encodings where encoding[0] == bytes[offset] && offset + encoding.count <= bytes.count {
            if encoding.indices.allSatisfy({ bytes[offset + $0] == encoding[$0] }) { return encoding.count }
        }
        return nil
    }
}
