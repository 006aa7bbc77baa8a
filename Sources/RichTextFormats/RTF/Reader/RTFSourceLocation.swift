import StreamingJSON

/// Line and column of byte offsets, worked out only when an error or warning needs them (the reader does
/// not track lines while it runs). Lines end at LF; the column counts bytes from the line start, 1-based.
enum RTFSourceLocation {
    static func locate(_ offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> JSONLocation {
        locate([offset], in: bytes)[0]
    }

    /// The locations of `offsets` (any order), in one pass over the bytes.
    static func locate(_ offsets: [Int], in bytes: UnsafeBufferPointer<UInt8>) -> [JSONLocation] {
        let order = offsets.indices.sorted { offsets[$0] < offsets[$1] }
        var result = [JSONLocation](repeating: JSONLocation(line: 1, column: 1, byteOffset: 0), count: offsets.count)
        var line = 1
        var i = 0
        for index in order {
            let end = min(max(offsets[index], 0), bytes.count)
            // Count newlines in a loop the compiler can vectorise, then find the line start backwards.
            var newlines = 0
            while i < end {
                newlines &+= bytes[i] == 0x0A ? 1 : 0
                i += 1
            }
            line += newlines
            var lineStart = end
            while lineStart > 0 && bytes[lineStart - 1] != 0x0A { lineStart -= 1 }
            result[index] = JSONLocation(line: line, column: end - lineStart + 1, byteOffset: end)
        }
        return result
    }
}
