#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes that reach the disk: every byte written (retrying short writes and `EINTR`), files and folders
/// flushed with `fsync`, so a crash after a rename finds the new content, not an empty file.
public enum DurableIO {
    /// Writes all of `bytes` to `descriptor` from `offset` (its current position when nil); 0 or the `errno`.
    public static func writeAll(_ bytes: [UInt8], to descriptor: Int32, at offset: Int? = nil) -> Int32 {
        var written = 0
        while written < bytes.count {
            let n = bytes.withUnsafeBytes { raw -> Int in
                let start = raw.baseAddress! + written
                if let offset { return pwrite(descriptor, start, raw.count - written, off_t(offset + written)) }
                #if canImport(Glibc)
                return Glibc.write(descriptor, start, raw.count - written)
                #else
                return Darwin.write(descriptor, start, raw.count - written)
                #endif
            }
            if n < 0 {
                if errno == EINTR { continue }
                return errno
            }
            written += n
        }
        return 0
    }

    /// `fsync` on the folder at `path`, so the names created, renamed or removed in it are on disk; 0 or the `errno`.
    @discardableResult
    public static func syncFolder(_ path: String) -> Int32 {
        let descriptor = open(path.isEmpty ? "." : path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return errno }
        defer { close(descriptor) }
        return fsync(descriptor) == 0 ? 0 : errno
    }

    /// The folder holding `path` ("." for a bare name).
    public static func parent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// The last component of `path`.
    public static func name(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return path }
        return String(path[path.index(after: slash)...])
    }
}
