import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An RTFD package: `TXT.rtf` and the files its `\NeXTGraphic` groups name, as a directory on disk or, through
/// `FlattenedRTFD`, as one serialized file.
///
/// File names are paths relative to the package, `/`-separated (TextEdit writes only plain names; a name with
/// folders is a file in a subfolder). `files` never holds `TXT.rtf` itself: that is `rtf`.
public struct RTFDPackage: Sendable, Hashable {
    /// The name of the RTF text inside the package.
    public static let textFileName = "TXT.rtf"

    /// The bytes of `TXT.rtf`.
    public var rtf: [UInt8]
    /// The other files, by path relative to the package.
    public var files: [String: Data]

    /// A package from its parts.
    public init(rtf: [UInt8], files: [String: Data]) {
        self.rtf = rtf
        self.files = files
    }

    /// The files of a package folder, found without reading any: their paths and total size.
    public struct Listing: Sendable, Hashable {
        /// The package folder.
        public var directory: URL
        /// Every regular file's path relative to the package (`TXT.rtf` among them), in the order a walk of the
        /// folders in name order finds them.
        public var files: [String]
        /// The files' sizes added up.
        public var byteCount: Int
    }

    /// The package in `directory`: `TXT.rtf` and every regular file beside it or in its subfolders (hidden
    /// files such as `.DS_Store` are skipped), at most `maxSize` bytes in all.
    ///
    /// Throws `.fileSystem` when the folder or a file cannot be read, `.malformed` when `TXT.rtf` is missing
    /// or the package holds something that is neither a file nor a folder (a symbolic link among them: links
    /// are never followed, so a package cannot pull in a file from outside it), `.limitExceeded` past
    /// `maxSize`; the message names the file.
    public static func read(directory: URL, maxSize: Int = Int.max) throws(DocumentError) -> RTFDPackage {
        try read(try list(directory: directory), maxSize: maxSize)
    }

    /// The files of the package in `directory`, each looked at without following links (`lstat`) and none read,
    /// so that a caller can weigh the package before reading it.
    public static func list(directory: URL) throws(DocumentError) -> Listing {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory.path, isDirectory: &isFolder) else {
            throw DocumentError(kind: .fileSystem, message: "the RTFD package \(directory.path) does not exist")
        }
        guard isFolder.boolValue else {
            throw DocumentError(kind: .malformed, message: "\(directory.path) is not an RTFD package (a folder holding TXT.rtf)",
                                expected: "a folder")
        }
        var listing = Listing(directory: directory, files: [], byteCount: 0)
        try collect(directory, prefix: "", depth: 0, into: &listing)
        guard listing.files.contains(textFileName) else {
            throw DocumentError(kind: .malformed, message: "the RTFD package \(directory.path) has no \(textFileName)",
                                expected: textFileName)
        }
        return listing
    }

    /// The files of `listing`, at most `maxSize` bytes in all; each is looked at again just before it is read.
    public static func read(_ listing: Listing, maxSize: Int) throws(DocumentError) -> RTFDPackage {
        var reader = PackageFileReader(root: listing.directory, maxSize: maxSize)
        let rtf = [UInt8](try reader.read(textFileName))
        var files: [String: Data] = [:]
        for name in listing.files where name != textFileName {
            files[name] = try reader.read(name)
        }
        return RTFDPackage(rtf: rtf, files: files)
    }

    /// Folders deeper than this inside a package are refused (`.limitExceeded`), so a link loop or a hostile
    /// tree cannot exhaust the stack.
    static let maximumFolderDepth = 32

    private static func collect(_ folder: URL, prefix: String, depth: Int, into listing: inout Listing) throws(DocumentError) {
        guard depth <= maximumFolderDepth else {
            throw DocumentError(kind: .limitExceeded, message: "the RTFD package nests folders deeper than \(maximumFolderDepth) at \(folder.path)")
        }
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        } catch {
            throw DocumentError(kind: .fileSystem, message: "cannot list \(folder.path): \(error.localizedDescription)")
        }
        for name in names.sorted() where !name.hasPrefix(".") {
            let url = folder.appendingPathComponent(name)
            var info = stat()
            guard lstat(url.path, &info) == 0 else {
                throw DocumentError(kind: .fileSystem, message: "cannot read \(url.path): \(String(cString: strerror(errno)))")
            }
            switch info.st_mode & S_IFMT {
            case S_IFREG:
                listing.files.append(prefix + name)
                let (sum, overflow) = listing.byteCount.addingReportingOverflow(Int(info.st_size))
                listing.byteCount = overflow ? Int.max : sum
            case S_IFDIR:
                try collect(url, prefix: prefix + name + "/", depth: depth + 1, into: &listing)
            case S_IFLNK:
                throw DocumentError(kind: .malformed, message: "\(url.path) in the RTFD package is a symbolic link; links in a package are not followed",
                                    expected: "regular files and folders")
            default:
                throw DocumentError(kind: .malformed, message: "\(url.path) in the RTFD package is neither a file nor a folder",
                                    expected: "regular files and folders")
            }
        }
    }

    /// Whether `name` is a `/`-separated relative path whose parts are all non-empty, not `.` or `..`, and
    /// hold no NUL.
    static func isRelativePath(_ name: String) -> Bool {
        guard !name.isEmpty, !name.contains("\0") else { return false }
        return name.split(separator: "/", omittingEmptySubsequences: false).allSatisfy { part in
            !part.isEmpty && part != "." && part != ".."
        }
    }
}
