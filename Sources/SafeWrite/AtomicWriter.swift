import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Replaces a file so that readers, and a crash, see the old bytes or the new, never a mix, and so that the file
/// stays the same file in every other way.
///
/// - Only a regular file or a new path is written: a symbolic link, a device, a FIFO or a folder is refused
///   (`-o /dev/full` must not replace the device; a link is not replaced by a file, nor written through).
/// - The bytes go to `.NAME.fmtcheck-ID.tmp` beside the file, are flushed (`fsync`), and take the original's
///   owner and group, extended attributes and permissions (a new file gets 0644 less the umask); the temporary
///   file is then renamed over the destination and the folder flushed.
/// - A file with other hard links (`st_nlink > 1`), or whose owner or attributes cannot be carried over (another
///   user's file, for someone not root), is rewritten in place instead, so its links and identity stay: the
///   flushed temporary file is renamed `.NAME.fmtcheck-ID.inplace` (the commit point), the new bytes are written
///   over the file's own inode and flushed, and the journal is removed. A crash in between leaves the journal,
///   and the next `--fix` copies it over the document (`Leftovers`).
///
/// On any failure before the commit the temporary file is removed and the original is untouched.
public enum AtomicWriter {
    /// Why a write failed.
    public struct Failure: Error, Hashable, Sendable, CustomStringConvertible {
        /// What went wrong.
        public var message: String
        public var description: String { message }

        /// A failure saying `message`, for the package's writers that prepare a write (its folders).
        public init(message: String) {
            self.message = message
        }
    }

    /// Writes `bytes` to `path` atomically (see the type's description).
    public static func write(_ bytes: [UInt8], to path: String) throws(Failure) {
        try write(bytes, to: path, beforeCommit: { nil })
    }

    /// Why `path` cannot be written as a file: it exists and is not a regular file. Nil for a regular file or
    /// a new path.
    static func refusal(_ path: String) -> String? {
        guard let existing = FileIdentity.of(path, followingLinks: false) else { return nil }
        switch existing.kind {
        case .regular:
            return nil
        case .symbolicLink:
            return "\(path) is a symbolic link; fmtcheck does not replace links or write through them (name the file it points to)"
        default:
            return "\(path) is \(existing.kindDescription), not a regular file; fmtcheck writes only regular files or new paths"
        }
    }

    /// `write(_:to:)`, calling `beforeCommit` once the new bytes are on disk beside the file and before anything
    /// replaces it: a reason stops the write, with the original untouched.
    public static func write(_ bytes: [UInt8], to path: String, beforeCommit: () -> String?) throws(Failure) {
        try write(to: path, beforeCommit: beforeCommit, fill: { (descriptor, temporary) throws(Failure) in
            let status = DurableIO.writeAll(bytes, to: descriptor)
            guard status == 0 else { throw Failure(message: "cannot write \(temporary): \(SystemCalls.message(status))") }
        }, written: { bytes })
    }

    /// Writes to `path` atomically what `produce` hands its writer, a piece at a time (a stream whose whole is
    /// never held): the pieces go to the temporary file as they come, and nothing replaces `path` unless
    /// `produce` returns. A file rewritten in place (see the type's description) is read back from the journal.
    public static func write(to path: String, streaming produce: (_ write: ([UInt8]) throws(Failure) -> Void) throws(Failure) -> Void) throws(Failure) {
        var journalPath = ""
        try write(to: path, beforeCommit: { nil }, fill: { (descriptor, temporary) throws(Failure) in
            journalPath = temporary
            try produce { (piece: [UInt8]) throws(Failure) in
                let status = DurableIO.writeAll(piece, to: descriptor)
                guard status == 0 else { throw Failure(message: "cannot write \(temporary): \(SystemCalls.message(status))") }
            }
        }, written: { () throws(Failure) in
            guard let data = FileManager.default.contents(atPath: journalPath) else { throw Failure(message: "cannot read back \(journalPath)") }
            return [UInt8](data)
        })
    }

    /// The write: `fill` writes the new content to the temporary file (its descriptor and path); `written`
    /// gives the same bytes again for a rewrite in place.
    private static func write(to path: String, beforeCommit: () -> String?, fill: (Int32, String) throws(Failure) -> Void,
                              written: () throws(Failure) -> [UInt8]) throws(Failure) {
        if let refusal = refusal(path) { throw Failure(message: refusal) }
        let existing = FileIdentity.of(path, followingLinks: false)
        let folder = DurableIO.parent(of: path)
        let id = SiblingNames.newID()
        let temporary = SiblingNames.path(beside: path, id: id, kind: .temporary)
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, existing == nil ? 0o644 : 0o600)
        guard descriptor >= 0 else {
            throw Failure(message: "cannot create a temporary file in \(folder): \(SystemCalls.message(errno))")
        }
        // Held while it is written, so that another run sees the file is live and leaves it alone.
        _ = flock(descriptor, LOCK_EX | LOCK_NB)
        var committed = false
        defer {
            if !committed { unlink(temporary) }
            close(descriptor)
        }
        var inPlace = false
        if let existing {
            inPlace = !FileMetadata.carry(from: path, to: descriptor).isEmpty || existing.links > 1
        }
        try fill(descriptor, temporary)
        guard fsync(descriptor) == 0 else {
            throw Failure(message: "cannot flush \(temporary) to disk: \(SystemCalls.message(errno))")
        }
        if let reason = beforeCommit() { throw Failure(message: reason) }
        guard inPlace else {
            guard rename(temporary, path) == 0 else {
                throw Failure(message: "cannot move the new content into place at \(path): \(SystemCalls.message(errno))")
            }
            committed = true
            DurableIO.syncFolder(folder)
            return
        }
        let bytes = try written()
        let journal = SiblingNames.path(beside: path, id: id, kind: .inPlace)
        guard rename(temporary, journal) == 0 else {
            throw Failure(message: "cannot stage the new content of \(path): \(SystemCalls.message(errno))")
        }
        committed = true
        DurableIO.syncFolder(folder)
        try rewriteInPlace(path, with: bytes, journal: journal)
    }

    /// Writes `bytes` over the file at `path` itself (same inode, so hard links and owner stay), flushed, then
    /// removes `journal`, the flushed copy of the same bytes that makes the rewrite recoverable.
    public static func rewriteInPlace(_ path: String, with bytes: [UInt8], journal: String) throws(Failure) {
        let descriptor = open(path, O_WRONLY | O_CLOEXEC | O_NOFOLLOW)
        guard descriptor >= 0 else {
            let reason = SystemCalls.message(errno)
            unlink(journal)
            throw Failure(message: "cannot open \(path) to rewrite it in place: \(reason); the original is untouched")
        }
        defer { close(descriptor) }
        // Reserve the space first: running out of it half-way would leave a mix of old and new bytes.
        let reserved = bytes.isEmpty ? 0 : posix_fallocate(descriptor, 0, off_t(bytes.count))
        guard reserved == 0 || reserved == EOPNOTSUPP || reserved == EINVAL else {
            unlink(journal)
            throw Failure(message: "cannot make room to rewrite \(path) in place: \(SystemCalls.message(reserved)); the original is untouched")
        }
        let status = DurableIO.writeAll(bytes, to: descriptor, at: 0)
        guard status == 0, ftruncate(descriptor, off_t(bytes.count)) == 0, fsync(descriptor) == 0 else {
            throw Failure(message: "rewriting \(path) in place failed (\(SystemCalls.message(status == 0 ? errno : status))); its new content is in \(journal), which the next fmtcheck --fix copies over it")
        }
        unlink(journal)
        DurableIO.syncFolder(DurableIO.parent(of: path))
    }
}
