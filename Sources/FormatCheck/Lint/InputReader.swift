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
        let (descriptor, size) = try openRegularFile(path: path, maxSize: maxSize)
        defer { close(descriptor) }
        return try readAll(descriptor, path: path, maxSize: maxSize, sizeHint: size)
    }

    /// At most the first `count` bytes of the regular file at `path` (for sniffing), or why not.
    static func readPrefix(path: String, count: Int) throws(InputFailure) -> [UInt8] {
        let (descriptor, size) = try openRegularFile(path: path, maxSize: Int.max)
        defer { close(descriptor) }
        // No more room than the file has (it may grow meanwhile: then only what fits is read).
        let wanted = min(count, max(size, 1))
        var bytes = [UInt8](repeating: 0, count: wanted)
        var filled = 0
        while filled < wanted {
            let n = bytes.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress! + filled, wanted - filled) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { break }
            filled += n
        }
        bytes.removeSubrange(filled...)
        return bytes
    }

    /// The regular file at `path` opened for reading, with its size, once its type and size are checked.
    ///
    /// The open is non-blocking, so that a FIFO swapped in after the check cannot hold it; fstat then checks
    /// what was opened.
    static func openRegularFile(path: String, maxSize: Int) throws(InputFailure) -> (descriptor: Int32, size: Int) {
        let size = try regularFileSize(path: path)
        if size > maxSize {
            throw tooLarge(path: path, size: size, maxSize: maxSize)
        }
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else {
            let reason = errno
            if reason == ENOENT { throw InputFailure(.notFound, path: path, message: "no such file (was it deleted during the run?)") }
            throw InputFailure(.unreadable, path: path, message: "cannot open the file: \(String(cString: strerror(reason)))")
        }
        var opened = stat()
        guard fstat(descriptor, &opened) == 0, (opened.st_mode & S_IFMT) == S_IFREG else {
            close(descriptor)
            throw InputFailure(.notAFile, path: path, message: "not a regular file; it was not read")
        }
        return (descriptor, Int(opened.st_size))
    }

    /// The size of the regular file at `path` (links followed: the path was named), or why it is not one.
    /// Nothing is opened: a FIFO or a device is refused without blocking on it.
    static func regularFileSize(path: String) throws(InputFailure) -> Int {
        var info = stat()
        guard stat(path, &info) == 0 else {
            let reason = errno
            if reason == ENOENT {
                throw InputFailure(.notFound, path: path, message: "no such file (was it deleted during the run?)")
            }
            throw InputFailure(.unreadable, path: path, message: "cannot read the file: \(String(cString: strerror(reason)))")
        }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            throw InputFailure(.notAFile, path: path, message: "not a regular file (\(fileKind(info.st_mode))); it was not opened")
        }
        return Int(info.st_size)
    }

    /// What a file mode names, for messages.
    static func fileKind(_ mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFDIR: return "a folder"
        case S_IFIFO: return "a FIFO"
        case S_IFCHR: return "a character device"
        case S_IFBLK: return "a block device"
        case S_IFSOCK: return "a socket"
        case S_IFLNK: return "a symbolic link"
        default: return "an unknown kind of file"
        }
    }

    /// All of standard input, up to the limit.
    public static func readStandardInput(name: String, maxSize: Int) throws(InputFailure) -> [UInt8] {
        try readAll(STDIN_FILENO, path: name, maxSize: maxSize, sizeHint: 1 << 16)
    }

    /// Reads `descriptor` to its end, failing once more than `maxSize` bytes arrive. The first `sizeHint` bytes
    /// and one more (which shows the end, or that the file grew) are read straight into the array's storage;
    /// only what lies past them goes through a buffer.
    static func readAll(_ descriptor: Int32, path: String, maxSize: Int, sizeHint: Int) throws(InputFailure) -> [UInt8] {
        func failure(_ number: Int32 = errno) -> InputFailure {
            InputFailure(.unreadable, path: path, message: "cannot read the file: \(String(cString: strerror(number)))")
        }
        let first = min(max(sizeHint, 0), maxSize) + 1
        var failed: Int32?
        var bytes = [UInt8](unsafeUninitializedCapacity: first) { buffer, initialized in
            while initialized < buffer.count {
                let count = systemRead(descriptor, buffer.baseAddress! + initialized, buffer.count - initialized)
                if count < 0 {
                    if errno == EINTR { continue }
                    failed = errno
                    return
                }
                if count == 0 { return }
                initialized += count
            }
        }
        if let failed { throw failure(failed) }
        if bytes.count < first { return bytes }
        if bytes.count > maxSize { throw tooLarge(path: path, size: nil, maxSize: maxSize) }
        // More than the hint: the rest in pieces.
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw failure()
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
