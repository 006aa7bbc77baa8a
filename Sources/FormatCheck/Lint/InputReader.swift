import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads a document's bytes with a size limit: the size is checked before reading, and reading stops one byte
/// past the limit, so a 1 GB file (or one that grows while read) is refused without being held in memory.
public enum InputReader {
    /// The bytes of the file at `path`, or why not.
    public static func read(path: String, maxSize: Int) throws(InputFailure) -> [UInt8] {
        var info = stat()
        guard stat(path, &info) == 0 else {
            let reason = errno
            if reason == ENOENT {
                throw InputFailure(.notFound, path: path, message: "no such file (was it deleted during the run?)")
            }
            throw InputFailure(.unreadable, path: path, message: "cannot read the file: \(String(cString: strerror(reason)))")
        }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            throw InputFailure(.notAFile, path: path, message: "not a regular file")
        }
        if Int(info.st_size) > maxSize {
            throw tooLarge(path: path, size: Int(info.st_size), maxSize: maxSize)
        }
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else {
            let reason = errno
            if reason == ENOENT { throw InputFailure(.notFound, path: path, message: "no such file (was it deleted during the run?)") }
            throw InputFailure(.unreadable, path: path, message: "cannot open the file: \(String(cString: strerror(reason)))")
        }
        defer { close(descriptor) }
        return try readAll(descriptor, path: path, maxSize: maxSize, sizeHint: Int(info.st_size))
    }

    /// All of standard input, up to the limit.
    public static func readStandardInput(name: String, maxSize: Int) throws(InputFailure) -> [UInt8] {
        try readAll(STDIN_FILENO, path: name, maxSize: maxSize, sizeHint: 1 << 16)
    }

    /// Reads `descriptor` to its end, failing once more than `maxSize` bytes arrive.
    static func readAll(_ descriptor: Int32, path: String, maxSize: Int, sizeHint: Int) throws(InputFailure) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(min(sizeHint, maxSize) + 1)
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw InputFailure(.unreadable, path: path, message: "cannot read the file: \(String(cString: strerror(errno)))")
            }
            if count == 0 { return bytes }
            bytes.append(contentsOf: chunk[0..<count])
            if bytes.count > maxSize { throw tooLarge(path: path, size: nil, maxSize: maxSize) }
        }
    }

    /// `read(2)`, named apart from this type's own `read`.
    static func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
        #if canImport(Glibc)
        return Glibc.read(descriptor, buffer, count)
        #else
        return Darwin.read(descriptor, buffer, count)
        #endif
    }

    static func tooLarge(path: String, size: Int?, maxSize: Int) -> InputFailure {
        let actual = size.map { " (\(ByteSize.describe($0)))" } ?? ""
        return InputFailure(.tooLarge, path: path,
                            message: "the file\(actual) is larger than the limit of \(ByteSize.describe(maxSize)); it was not read (raise --max-file-size to lint it)")
    }
}

/// Byte counts for people: "512 bytes", "3.2 MiB".
enum ByteSize {
    static func describe(_ bytes: Int) -> String {
        if bytes < 1024 { return "\(bytes) byte\(bytes == 1 ? "" : "s")" }
        let units = ["KiB", "MiB", "GiB", "TiB"]
        var value = Double(bytes) / 1024
        var unit = 0
        while value >= 1024 && unit < units.count - 1 { value /= 1024; unit += 1 }
        let rounded = (value * 10).rounded() / 10
        return rounded == rounded.rounded() ? "\(Int(rounded)) \(units[unit])" : "\(rounded) \(units[unit])"
    }
}
