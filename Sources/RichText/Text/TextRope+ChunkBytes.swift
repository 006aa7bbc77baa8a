extension TextRope {
    /// Calls `body` with the UTF-8 bytes of the chunk holding `offset` and that chunk's start offset, found in one
    /// walk that adds up nothing but UTF-8 lengths. Nil for an empty text; the end of the text gives the last chunk.
    func withChunkBytes<R>(holding offset: Int, _ body: (UnsafeBufferPointer<UInt8>, _ chunkStart: Int) -> R) -> R? {
        guard !rope.isEmpty else { return nil }
        let target = Swift.max(0, Swift.min(offset, utf8Count - 1))
        return rope.withElement(UTF8Metric.self, target, carrying: UTF8Metric.self) { _, chunk, chunkStart in
            chunk.pointee.withUTF8Bytes { body($0, chunkStart) }
        }
    }
}
