import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes files so that a reader sees the old content or the new, never a half-written file: the bytes go to
/// a temporary file in the same folder, which is then renamed over the destination.
public enum AtomicFile {
    /// Writes `data` to `url` atomically, creating the folder if needed.
    public static func write(_ data: Data, to url: URL) throws(DocumentError) {
        let folder = url.deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw DocumentError(kind: .fileSystem, message: "cannot create the folder \(folder.path): \(error.localizedDescription)")
        }
        let temporary = folder.appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString).tmp")
        guard FileManager.default.createFile(atPath: temporary.path, contents: data) else {
            throw DocumentError(kind: .fileSystem, message: "cannot write the temporary file \(temporary.path)")
        }
        guard rename(temporary.path, url.path) == 0 else {
            let reason = String(cString: strerror(errno))
            try? FileManager.default.removeItem(at: temporary)
            throw DocumentError(kind: .fileSystem, message: "cannot move the temporary file into place at \(url.path): \(reason)")
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
