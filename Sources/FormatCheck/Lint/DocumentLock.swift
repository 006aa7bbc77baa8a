import RichTextFormats
import SafeWrite
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An advisory lock (`flock`) on one document — the file itself, or an RTFD package's folder — held by `--fix`
/// from before it reads the document until the fixed one is in place, so that two runs fixing the same
/// document take turns instead of writing over each other.
///
/// Replacing the document gives the path a new inode, so a run that waited on the old one finds, once it has the
/// lock, that the path names another file; it then locks that one instead. Editors do not take the lock: the
/// fix checks before replacing that the document is still the one it read (`DocumentSnapshot`).
final class DocumentLock {
    private var descriptor: Int32

    private init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    /// Waits for the lock on the document at `path`, a regular file or a package folder.
    static func acquire(_ path: String) throws(InputFailure) -> DocumentLock {
        for _ in 0..<64 {
            if let kind = FileIdentity.of(path)?.kind, kind != .regular && kind != .directory {
                throw InputFailure(.notAFile, path: path, message: "not a regular file")
            }
            let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
            guard descriptor >= 0 else {
                let code = errno
                if code == ENOENT { throw InputFailure(.notFound, path: path, message: "no such file (was it deleted during the run?)") }
                throw InputFailure(.unreadable, path: path, message: "cannot open the document to lock it: \(SystemCalls.message(code))")
            }
            var status = flock(descriptor, LOCK_EX)
            while status != 0 && errno == EINTR { status = flock(descriptor, LOCK_EX) }
            guard status == 0 else {
                let code = errno
                close(descriptor)
                throw InputFailure(.unreadable, path: path, message: "cannot lock the document: \(SystemCalls.message(code))")
            }
            if let locked = FileIdentity.of(descriptor: descriptor), let current = FileIdentity.of(path), locked.isSameFile(as: current) {
                return DocumentLock(descriptor: descriptor)
            }
            close(descriptor) // replaced while we waited: lock the new one
        }
        throw InputFailure(.unreadable, path: path, message: "the document kept being replaced while fmtcheck waited to lock it")
    }

    /// Releases the lock.
    func release() {
        guard descriptor >= 0 else { return }
        close(descriptor)
        descriptor = -1
    }

    deinit { release() }

    /// Whether some process holds a lock on the file or folder at `path` (false when it cannot be opened).
    static func isHeld(_ path: String) -> Bool {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        if flock(descriptor, LOCK_EX | LOCK_NB) == 0 { return false }
        return errno == EWOULDBLOCK
    }
}
