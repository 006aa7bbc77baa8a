import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads a JSON Lines stream (a file, a pipe, standard input) a line at a time, holding one buffer of the stream
/// and the line being read: memory stays flat however long the stream is.
///
/// Lines end at LF (a CR before it is not part of the line); the last line needs none. A byte order mark before
/// the first line is not part of it either. Each line keeps what framed it (`Framing`), so a writer can give it back
/// exactly as read. Blank lines are passed over (they count in the line numbers) unless `keepsBlankLines`. A line
/// longer than the size limit is not held: it is reported as too long, and its bytes go, exactly as read and a piece
/// at a time, to `passThrough` when one is given (else nowhere).
struct JSONLinesReader {
    /// What stood around a line's bytes in the stream.
    struct Framing: Hashable, Sendable {
        /// The byte order mark before the first line.
        var byteOrderMark = false
        /// The line's end as read: LF, CR LF, or nothing (the stream's last line).
        var ending: [UInt8] = [0x0A]

        /// `bytes` framed as the line was.
        func framing(_ bytes: [UInt8]) -> [UInt8] {
            (byteOrderMark ? [0xEF, 0xBB, 0xBF] : []) + bytes + ending
        }
    }

    /// One line of the stream.
    enum Line {
        /// A line, by its 1-based number, without its framing.
        case line(number: Int, bytes: [UInt8], framing: Framing)
        /// A blank line (with `keepsBlankLines`), as read, framing and all.
        case blank(number: Int, raw: [UInt8])
        /// A line longer than the limit, by its number and its length; its bytes were not kept (they went to
        /// `passThrough`, when there is one).
        case tooLong(number: Int, byteCount: Int)
    }

    private let descriptor: Int32
    private let name: String
    private let maxLineBytes: Int
    /// Whether blank lines are lines of their own (`.blank`) rather than passed over.
    var keepsBlankLines = false
    /// Where the bytes of a line too long to hold go, as read: called with `first` true for its first piece.
    var passThrough: ((_ piece: [UInt8], _ first: Bool) -> Void)?
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

    /// The next line (not blank, unless `keepsBlankLines`), nil at the end of the stream, or the read error that
    /// ended it.
    mutating func next() throws(InputFailure) -> Line? {
        while true {
            guard let line = try nextLine() else { return nil }
            if case .line(let number, let bytes, let framing) = line, bytes.allSatisfy(RecordScanner.isSpace) {
                guard keepsBlankLines else { continue }
                return .blank(number: number, raw: framing.framing(bytes))
            }
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
            if length + piece <= maxLineBytes {
                current.append(contentsOf: buffer[position..<end])
            } else {
                // Too long to hold: what was held, then each piece as it comes, go through as read.
                if let passThrough {
                    if length <= maxLineBytes { passThrough(current, true) }
                    passThrough(Array(buffer[position..<(newline.map { $0 + 1 } ?? end)]), false)
                }
                current = []
            }
            length += piece
            position = newline.map { $0 + 1 } ?? filled
            if newline != nil { return finish(current, length: length, ended: true) }
        }
        return started ? finish(current, length: length, ended: false) : nil
    }

    private mutating func finish(_ bytes: [UInt8], length: Int, ended: Bool) -> Line {
        lineNumber += 1
        guard length <= maxLineBytes else { return .tooLong(number: lineNumber, byteCount: length) }
        var bytes = bytes
        var framing = Framing(ending: ended ? [0x0A] : [])
        if ended, bytes.last == 0x0D {
            bytes.removeLast()
            framing.ending = [0x0D, 0x0A]
        }
        // A byte order mark before the first record is not part of it.
        if lineNumber == 1, bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            bytes.removeFirst(3)
            framing.byteOrderMark = true
        }
        return .line(number: lineNumber, bytes: bytes, framing: framing)
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
