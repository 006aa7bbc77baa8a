import Foundation
import SafeWrite
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes and reads the files a document export makes (an HTML page and its images, a plain-text folder). Writes
/// go through `AtomicWriter`: flushed beside the destination, renamed over it, the folder flushed, mode and owner
/// kept. A destination that is a symbolic link is written where the link points (the link stays).
public enum AtomicFile {
    /// Writes `data` to `url` atomically, creating the folder if needed.
    public static func write(_ data: Data, to url: URL) throws(DocumentError) {
        let folder = url.deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw DocumentError(kind: .fileSystem, message: "cannot create the folder \(folder.path): \(error.localizedDescription)")
        }
        var path = url.path
        if FileIdentity.of(path, followingLinks: false)?.kind == .symbolicLink, let real = realpath(path, nil) {
            path = String(cString: real)
            free(real)
        }
        do {
            try AtomicWriter.write([UInt8](data), to: path)
        } catch {
            throw DocumentError(kind: .fileSystem, message: error.message)
        }
    }

    /// Reads the whole file at `url`.
    public static func read(_ url: URL) throws(DocumentError) -> Data {
        do {
            // Through a file handle: Foundation's `Data(contentsOf:)` leaks its 4 KiB buffer on an empty file.
            let handle = try FileHandle(forReadingFrom: url)
            defer { try? handle.close() }
            return try handle.readToEnd() ?? Data()
        } catch {
            throw DocumentError(kind: .fileSystem, message: "cannot read \(url.path): \(error.localizedDescription)")
        }
    }
}
