import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Replaces a file so that readers see the old bytes or the new, never a mix: the bytes go to a temporary
/// file in the same folder, are flushed to disk (`fsync`), take the original's permissions, and the temporary
/// file is then renamed over the destination. On any failure the temporary file is removed and the original
/// is untouched.
public enum AtomicWriter {
    /// Why a write failed.
    public struct Failure: Error, Hashable, Sendable, CustomStringConvertible {
        /// What went wrong.
        public var message: String
        public var description: String { message }
    }

    /// Writes `bytes` to `path` atomically. A new file gets mode 0644 (less the umask); an existing one keeps its mode.
    public static func write(_ bytes: [UInt8], to path: String) throws(Failure) {
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent().path
        var existing = stat()
        let hasOriginal = stat(path, &existing) == 0
        let temporary = folder + "/." + url.lastPathComponent + ".fmtcheck-" + String(UInt64.random(in: 0...UInt64.max), radix: 36) + ".tmp"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL, 0o644)
        guard descriptor >= 0 else {
            throw Failure(message: "cannot create a temporary file in \(folder): \(String(cString: strerror(errno)))")
        }
        var succeeded = false
        defer { if !succeeded { unlink(temporary) } }
        do {
            defer { close(descriptor) }
            var written = 0
            while written < bytes.count {
                let n = bytes.withUnsafeBytes { raw in
                    systemWrite(descriptor, raw.baseAddress! + written, raw.count - written)
                }
                if n < 0 {
                    if errno == EINTR { continue }
                    throw Failure(message: "cannot write \(temporary): \(String(cString: strerror(errno)))")
                }
                written += n
            }
            if hasOriginal, fchmod(descriptor, existing.st_mode & 0o7777) != 0 {
                throw Failure(message: "cannot give \(temporary) the permissions of \(path): \(String(cString: strerror(errno)))")
            }
            guard fsync(descriptor) == 0 else {
                throw Failure(message: "cannot flush \(temporary) to disk: \(String(cString: strerror(errno)))")
            }
        }
        guard rename(temporary, path) == 0 else {
            throw Failure(message: "cannot move the new content into place at \(path): \(String(cString: strerror(errno)))")
        }
        succeeded = true
        // Make the rename itself durable.
        let folderDescriptor = open(folder.isEmpty ? "." : folder, O_RDONLY)
        if folderDescriptor >= 0 { _ = fsync(folderDescriptor); close(folderDescriptor) }
    }

    /// `write(2)`.
    static func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
        #if canImport(Glibc)
        return Glibc.write(descriptor, buffer, count)
        #else
        return Darwin.write(descriptor, buffer, count)
        #endif
    }
}
