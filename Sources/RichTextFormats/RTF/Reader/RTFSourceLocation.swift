import StreamingJSON

/// Line and column of byte offsets, worked out only when an error or warning needs them (the reader does
/// not track lines while it runs). Lines end at LF; the column counts bytes from the line start, 1-based.
enum RTFSourceLocation {
    static func locate(_ offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> JSONLocation {
        locate([offset], in: bytes)[0]
    }

    /// The locations of `offsets` (any order), in one pass over the bytes (`SourceMap.lineAndColumns`, in bytes).
    static func locate(_ offsets: [Int], in bytes: UnsafeBufferPointer<UInt8>) -> [JSONLocation] {
        let places = SourceMap.lineAndColumns(of: offsets, in: bytes, counting: .bytes)
        return offsets.indices.map { k in
            JSONLocation(line: places[k].line, column: places[k].column, byteOffset: min(max(offsets[k], 0), bytes.count))
        }
    }
}
