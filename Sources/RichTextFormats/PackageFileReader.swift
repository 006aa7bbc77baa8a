import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads the files of a document folder (an RTFD package, the plain-text-with-attachments folder) by path
/// relative to it, never following a symbolic link inside it and within a byte budget for all its files.
///
/// Every step is looked at before it is used (`fstatat` without following links): a link, a FIFO or a device
/// is refused unopened, and a file larger than what is left of the budget is refused unread. Folders are then
/// opened with `O_NOFOLLOW` and files read through one non-blocking `O_NOFOLLOW` open checked again with
/// `fstat`, so swapping a link in after the look changes nothing. The folder itself may be a link: it is the
/// document the user named.
struct PackageFileReader {
    /// The folder.
    let root: URL
    /// Bytes left of the budget.
    private(set) var remaining: Int

    /// A reader of `root` allowed `maxSize` bytes in all.
    init(root: URL, maxSize: Int) {
        self.root = root
        remaining = maxSize
    }

    /// The bytes of the regular file at `relative` (`/`-separated), charged to the budget.
    mutating func read(_ relative: String) throws(DocumentError) -> Data {
        let parts = relative.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        guard !parts.contains(where: { $0.isEmpty || $0 == "." || $0 == ".." }) else {
            throw DocumentError(kind: .malformed, message: "\"\(relative)\" is not a path inside \(root.path)", expected: "a relative path")
        }
        var folder = open(root.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard folder >= 0 else { throw Self.failure("cannot open \(root.path)", errno) }
        defer { close(folder) }
        for (i, part) in parts.dropLast().enumerated() {
            let shown = parts[...i].joined(separator: "/")
            let info = try look(at: part, in: folder, shown: shown)
            guard (info.st_mode & S_IFMT) == S_IFDIR else {
                throw DocumentError(kind: .malformed, message: "\(shown) in \(root.path) is not a folder", expected: "a folder")
            }
            let next = openat(folder, part, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            guard next >= 0 else { throw Self.failure("cannot open \(shown) in \(root.path)", errno) }
            close(folder)
            folder = next
        }
        let name = parts[parts.count - 1]
        let info = try look(at: name, in: folder, shown: relative)
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            throw DocumentError(kind: .malformed, message: "\(relative) in \(root.path) is not a regular file", expected: "a regular file")
        }
        try charge(Int(info.st_size), for: relative)
        let file = openat(folder, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard file >= 0 else { throw Self.failure("cannot open \(relative) in \(root.path)", errno) }
        defer { close(file) }
        var opened = stat()
        guard fstat(file, &opened) == 0, (opened.st_mode & S_IFMT) == S_IFREG else {
            throw DocumentError(kind: .malformed, message: "\(relative) in \(root.path) is not a regular file", expected: "a regular file")
        }
        return try readAll(file, expected: Int(opened.st_size), name: relative)
    }

    /// What `name` in `folder` is, without following a link; a link is refused.
    private func look(at name: String, in folder: Int32, shown: String) throws(DocumentError) -> stat {
        var info = stat()
        guard fstatat(folder, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else {
            throw Self.failure("cannot read \(shown) in \(root.path)", errno)
        }
        if (info.st_mode & S_IFMT) == S_IFLNK {
            throw DocumentError(kind: .malformed, message: "\(shown) in \(root.path) is a symbolic link; links in a document folder are not followed",
                                expected: "regular files and folders")
        }
        return info
    }

    /// Takes `size` bytes from the budget, or refuses the file.
    private mutating func charge(_ size: Int, for name: String) throws(DocumentError) {
        guard size <= remaining else {
            throw DocumentError(kind: .limitExceeded, message: "\(name) in \(root.path) takes the folder past its size limit; it was not read")
        }
        remaining -= size
    }

    /// The file's bytes, at most what was charged for it: a file that grows while read is refused.
    private mutating func readAll(_ file: Int32, expected: Int, name: String) throws(DocumentError) -> Data {
        var bytes = [UInt8](repeating: 0, count: expected + 1)
        var count = 0
        while count < bytes.count {
            let n = bytes.withUnsafeMutableBytes { Self.systemRead(file, $0.baseAddress! + count, $0.count - count) }
            if n < 0 && errno == EINTR { continue }
            if n < 0 { throw Self.failure("cannot read \(name) in \(root.path)", errno) }
            if n == 0 { break }
            count += n
        }
        if count > expected {
            throw DocumentError(kind: .limitExceeded, message: "\(name) in \(root.path) grew while it was read past the size it had; it was refused")
        }
        return Data(bytes[0..<count])
    }

    /// `read(2)`.
    private static func systemRead(_ file: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
        #if canImport(Glibc)
        return Glibc.read(file, buffer, count)
        #else
        return Darwin.read(file, buffer, count)
        #endif
    }

    private static func failure(_ what: String, _ code: Int32) -> DocumentError {
        DocumentError(kind: .fileSystem, message: "\(what): \(String(cString: strerror(code)))")
    }
}
