import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads a JSON Lines stream (a file, a pipe, standard input) a line at a time, holding one buffer of the stream
/// and the line being read: memory stays flat however long the stream is.
///
/// Lines end at LF (a CR before it is dropped); the last line needs none. Blank lines are passed over (they
/// count in the line numbers), and so is a byte order mark before the first line. A line longer than the size limit is not held: it is reported as too long and
/// skipped to its end.
struct JSONLinesReader {
    /// One line of the stream.
    enum Line {
        /// A line, by its 1-based number, without its line break.
        case line(number: Int, bytes: [UInt8])
        /// A line longer than the limit, by its number and its length; its bytes were not kept.
        case tooLong(number: Int, byteCount: Int)
    }

    private let descriptor: Int32
    private let name: String
    private let maxLineBytes: Int
    private var buffer: [UInt8]
    private var position = 0
    private var filled = 0
    private var finished = false
    private(set) var lineNumber = 0

    /// A reader of `descriptor` (which it does not close), reading `chunk` bytes at a time; `name` is what read
    /// errors name.
    init(descriptor: Int32, name: String, maxLineBytes: Int, chunk: Int = 1 << 20) {
        self.descriptor = descriptor
        self.name = name
        self.maxLineBytes = maxLineBytes
        buffer = [UInt8](repeating: 0, count: chunk)
    }

    /// The next line that is not blank, nil at the end of the stream, or the read error that ended it.
    mutating func next() throws(InputFailure) -> Line? {
        while true {
            guard let line = try nextLine() else { return nil }
            if case .line(_, let bytes) = line, bytes.allSatisfy(RecordScanner.isSpace) { continue }
            return line
        }
    }

    /// The next line, blank or not.
    private mutating func nextLine() throws(InputFailure) -> Line? {
        var current: [UInt8] = []
        var length = 0
        var started = false
        while true {
            if position == filled {
                if finished { break }
                try refill()
                if position == filled { break }
            }
            started = true
            let newline: Int? = buffer.withUnsafeBufferPointer { pointer in
                let base = pointer.baseAddress! + position
                guard let found = memchr(base, 0x0A, filled - position) else { return nil }
                return position + (UnsafeRawPointer(found) - UnsafeRawPointer(base))
            }
            let end = newline ?? filled
            let piece = end - position
            if length + piece <= maxLineBytes { current.append(contentsOf: buffer[position..<end]) } else { current = [] }
            length += piece
            position = newline.map { $0 + 1 } ?? filled
            if newline != nil { return finish(current, length: length) }
        }
        return started ? finish(current, length: length) : nil
    }

    private mutating func finish(_ bytes: [UInt8], length: Int) -> Line {
        lineNumber += 1
        guard length <= maxLineBytes else { return .tooLong(number: lineNumber, byteCount: length) }
        var bytes = bytes
        if bytes.last == 0x0D { bytes.removeLast() }
        // A byte order mark before the first record is not part of it.
        if lineNumber == 1, bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        return .line(number: lineNumber, bytes: bytes)
    }

    private mutating func refill() throws(InputFailure) {
        position = 0
        filled = 0
        while true {
            let count = buffer.withUnsafeMutableBytes { InputReader.systemRead(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw InputFailure(.unreadable, path: name, message: "cannot read the records after line \(lineNumber): \(String(cString: strerror(errno)))")
            }
            if count == 0 { finished = true }
            filled = count
            return
        }
    }
}
