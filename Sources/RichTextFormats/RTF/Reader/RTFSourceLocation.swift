import StreamingJSON

/// Line and column of a byte offset, worked out only when an error or warning needs them (the reader does
/// not track lines while it runs). Lines end at LF; the column counts bytes from the line start, 1-based.
enum RTFSourceLocation {
    static func locate(_ offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> JSONLocation {
        let end = min(max(offset, 0), bytes.count)
        var line = 1
        var lineStart = 0
        var i = 0
        while i < end {
            if bytes[i] == 0x0A {
                line += 1
                lineStart = i + 1
            }
            i += 1
        }
        return JSONLocation(line: line, column: end - lineStart + 1, byteOffset: end)
    }
}
