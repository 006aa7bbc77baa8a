#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Which file a path names and the state it was last seen in: device and inode (the file itself, whatever its
/// names), size, modification and status-change times to the nanosecond, type, permissions, owner and link count.
///
/// `--fix` takes one before reading a document and another just before replacing it: if the two differ, another
/// program saved the document meanwhile and the fix must not overwrite it.
public struct FileIdentity: Hashable, Sendable {
    /// What kind of file it is.
    public enum Kind: Hashable, Sendable {
        /// A regular file, a folder, a symbolic link.
        case regular, directory, symbolicLink
        /// Anything else, by name ("a character device", "a FIFO", …).
        case other(String)
    }

    /// The device holding the file (`st_dev`).
    public var device: UInt64
    /// The file's inode number on that device (`st_ino`).
    public var inode: UInt64
    /// The size in bytes (`st_size`).
    public var size: Int64
    /// Nanoseconds since 1970 (an `Int` holds them until 2262).
    public var modified: Int
    /// When the file's status (owner, mode, links, content) last changed, in nanoseconds since 1970.
    public var statusChanged: Int
    /// What kind of file it is.
    public var kind: Kind
    /// The permission bits (`0o7777`).
    public var permissions: UInt32
    /// The owner's user ID.
    public var owner: UInt32
    /// The group ID.
    public var group: UInt32
    /// The number of hard links (names) the file has.
    public var links: UInt64

    init(_ info: stat) {
        device = UInt64(truncatingIfNeeded: info.st_dev)
        inode = UInt64(truncatingIfNeeded: info.st_ino)
        size = Int64(info.st_size)
        #if canImport(Darwin)
        modified = Int(info.st_mtimespec.tv_sec) * 1_000_000_000 + Int(info.st_mtimespec.tv_nsec)
        statusChanged = Int(info.st_ctimespec.tv_sec) * 1_000_000_000 + Int(info.st_ctimespec.tv_nsec)
        #else
        modified = Int(info.st_mtim.tv_sec) * 1_000_000_000 + Int(info.st_mtim.tv_nsec)
        statusChanged = Int(info.st_ctim.tv_sec) * 1_000_000_000 + Int(info.st_ctim.tv_nsec)
        #endif
        permissions = UInt32(info.st_mode) & 0o7777
        owner = UInt32(info.st_uid)
        group = UInt32(info.st_gid)
        links = UInt64(truncatingIfNeeded: info.st_nlink)
        switch UInt32(info.st_mode) & UInt32(S_IFMT) {
        case UInt32(S_IFREG): kind = .regular
        case UInt32(S_IFDIR): kind = .directory
        case UInt32(S_IFLNK): kind = .symbolicLink
        case UInt32(S_IFCHR): kind = .other("a character device")
        case UInt32(S_IFBLK): kind = .other("a block device")
        case UInt32(S_IFIFO): kind = .other("a FIFO")
        case UInt32(S_IFSOCK): kind = .other("a socket")
        default: kind = .other("not a regular file")
        }
    }

    /// The file at `path` (the link itself unless `followingLinks`), or nil when there is none.
    public static func of(_ path: String, followingLinks: Bool = true) -> FileIdentity? {
        var info = stat()
        let status = followingLinks ? stat(path, &info) : lstat(path, &info)
        return status == 0 ? FileIdentity(info) : nil
    }

    /// The file open as `descriptor`.
    public static func of(descriptor: Int32) -> FileIdentity? {
        var info = stat()
        return fstat(descriptor, &info) == 0 ? FileIdentity(info) : nil
    }

    /// Whether both name the same file (device and inode).
    public func isSameFile(as other: FileIdentity) -> Bool {
        device == other.device && inode == other.inode
    }

    /// Whether it is the same file, not written or changed since `earlier` was taken.
    public func isUnchanged(since earlier: FileIdentity) -> Bool {
        isSameFile(as: earlier) && size == earlier.size && modified == earlier.modified && statusChanged == earlier.statusChanged
    }

    /// "a folder", "a symbolic link", "a character device", … for messages.
    public var kindDescription: String {
        switch kind {
        case .regular: return "a regular file"
        case .directory: return "a folder"
        case .symbolicLink: return "a symbolic link"
        case .other(let name): return name
        }
    }
}
