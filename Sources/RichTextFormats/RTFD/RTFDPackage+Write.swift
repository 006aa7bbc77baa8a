import Foundation
import SafeWrite
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How `RTFDPackage.write(to:options:)` replaces a package on disk. The defaults are what `write(to:)` does: the
/// new package replaces the whole folder, swapped in whole.
public struct PackageWriteOptions: Sendable {
    /// Keep every entry of the package being replaced that the new one does not write: files the text does not
    /// name, hidden files (`.DS_Store`), other folders. `--fix` keeps them; a conversion replaces the whole folder.
    public var keepsOtherFiles = false
    /// Called once everything is staged and flushed, just before the swap; a reason stops the write, leaving the
    /// package as it was (it fails with `.fileSystem` and that reason). An editor checks here that no other
    /// program saved the package meanwhile.
    public var beforeSwap: @Sendable () -> String? = { nil }
    /// How the staged package is swapped in (`FolderSwap.Options` of the SafeWrite module).
    public var swap = FolderSwap.Options()

    /// Options with the given choices; every default is what `write(to:)` does.
    public init(keepsOtherFiles: Bool = false, beforeSwap: @escaping @Sendable () -> String? = { nil }, swap: FolderSwap.Options = FolderSwap.Options()) {
        self.keepsOtherFiles = keepsOtherFiles
        self.beforeSwap = beforeSwap
        self.swap = swap
    }
}

extension RTFDPackage {
    /// Writes the package as the folder `directory`, replacing any package there.
    ///
    /// The files are staged in a sibling folder (`.NAME.fmtcheck-ID.tmp`), each flushed to disk, then the
    /// folders, and the staged package is swapped in by `FolderSwap`: readers, and a crash, see the old package
    /// or the new one, whole. Files and folders that replace ones of the old package keep their permissions,
    /// owner and extended attributes; new ones get the defaults (0666 and 0777 less the umask).
    /// Throws `.fileSystem` naming the file that failed or when `directory` is something other than a folder,
    /// `.malformed` for a file name that is not a relative path inside the package (or is hidden, which `read`
    /// would skip).
    public func write(to directory: URL) throws(DocumentError) {
        try write(to: directory, options: PackageWriteOptions())
    }

    /// `write(to:)`, with the choices of `options`: keeping the old package's other files (what `fmtcheck --fix`
    /// does), a last check before the swap.
    public func write(to directory: URL, options: PackageWriteOptions) throws(DocumentError) {
        for name in files.keys {
            // Hidden names are refused too: `read` skips them (Finder's .DS_Store), so they would not come back.
            guard Self.isRelativePath(name), name != Self.textFileName,
                  !name.split(separator: "/").contains(where: { $0.hasPrefix(".") }) else {
                throw DocumentError(kind: .malformed, message: "\(MessageText.quoted(name, limit: 200)) cannot be a file of an RTFD package",
                                    expected: "a relative path with no empty or hidden (\".\"-prefixed) parts, other than TXT.rtf")
            }
        }
        let path = directory.standardizedFileURL.path
        let existing = FileIdentity.of(path, followingLinks: false)
        if let existing, existing.kind != .directory {
            throw DocumentError(kind: .fileSystem, message: "\(path) is \(existing.kindDescription), not a package folder; it was not replaced")
        }
        do {
            try FileManager.default.createDirectory(atPath: DurableIO.parent(of: path), withIntermediateDirectories: true)
        } catch {
            throw DocumentError(kind: .fileSystem, message: "cannot create the folder for \(path): \(error.localizedDescription)")
        }
        let id = SiblingNames.newID()
        let staged = SiblingNames.path(beside: path, id: id, kind: .temporary)
        guard mkdir(staged, 0o700) == 0 else {
            throw DocumentError(kind: .fileSystem, message: "cannot create the temporary folder \(staged): \(SystemCalls.message(errno))")
        }
        // Held while staging, so that another run sees the folder is live and leaves it alone.
        let liveness = open(staged, O_RDONLY | O_CLOEXEC)
        if liveness >= 0 { _ = flock(liveness, LOCK_EX | LOCK_NB) }
        defer { if liveness >= 0 { close(liveness) } }
        var swapped = false
        defer { if !swapped { try? FileManager.default.removeItem(atPath: staged) } }

        var staging = PackageStaging(root: staged, old: existing == nil ? nil : path)
        try staging.writeFile(Self.textFileName, Data(rtf))
        for name in files.keys.sorted() { try staging.writeFile(name, files[name]!) }
        if options.keepsOtherFiles, existing != nil { try staging.carryEntries(under: "", depth: 0) }
        try staging.finishFolders()
        if let reason = options.beforeSwap() { throw DocumentError(kind: .fileSystem, message: reason) }
        do {
            try FolderSwap.replace(path, with: staged, id: id, options: options.swap)
        } catch {
            throw DocumentError(kind: .fileSystem, message: error.message)
        }
        swapped = true
    }
}

/// A package being staged: its files written and flushed, the old package's metadata carried onto them, the
/// old package's other entries kept when asked, and each folder flushed once its entries are in.
struct PackageStaging {
    /// The staged folder.
    let root: String
    /// The package being replaced, if any.
    let old: String?
    /// Folders created for the new files, relative to the root, in creation order.
    var createdFolders: [String] = []

    init(root: String, old: String?) {
        self.root = root
        self.old = old
    }

    /// Writes one file (creating its folders), flushed, with the metadata of the old package's file of that name.
    mutating func writeFile(_ name: String, _ data: Data) throws(DocumentError) {
        let parts = name.split(separator: "/").map(String.init)
        for depth in 1..<max(parts.count, 1) {
            let folder = parts[0..<depth].joined(separator: "/")
            if FileIdentity.of(root + "/" + folder, followingLinks: false) == nil {
                guard mkdir(root + "/" + folder, 0o700) == 0 else {
                    throw DocumentError(kind: .fileSystem, message: "cannot create the folder for \(name) in \(root): \(SystemCalls.message(errno))")
                }
                createdFolders.append(folder)
            }
        }
        try create(root + "/" + name, data, like: name)
    }

    /// Creates the staged file `target` holding `data`, with the metadata of the old package's `relative`,
    /// flushed to disk.
    func create(_ target: String, _ data: Data, like relative: String) throws(DocumentError) {
        let descriptor = open(target, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw DocumentError(kind: .fileSystem, message: "cannot write \(target): \(SystemCalls.message(errno))")
        }
        defer { close(descriptor) }
        giveMetadata(to: descriptor, like: relative, kind: .regular, defaultPermissions: 0o666)
        let status = DurableIO.writeAll([UInt8](data), to: descriptor)
        guard status == 0 else { throw DocumentError(kind: .fileSystem, message: "cannot write \(target): \(SystemCalls.message(status))") }
        guard fsync(descriptor) == 0 else {
            throw DocumentError(kind: .fileSystem, message: "cannot flush \(target) to disk: \(SystemCalls.message(errno))")
        }
    }

    /// The old package's entry `relative` carried onto `descriptor` when it is of `kind`; the default permissions
    /// otherwise. What cannot be carried (another user's files, for someone not root) is left at the defaults.
    func giveMetadata(to descriptor: Int32, like relative: String, kind: FileIdentity.Kind, defaultPermissions: UInt32) {
        if let old {
            let model = relative.isEmpty ? old : old + "/" + relative
            if FileIdentity.of(model, followingLinks: false)?.kind == kind {
                _ = FileMetadata.carry(from: model, to: descriptor)
                return
            }
        }
        _ = fchmod(descriptor, mode_t(FileMetadata.defaultPermissions(defaultPermissions)))
    }

    /// Keeps each entry of the old package under `relative` that the staged package does not have: files as hard
    /// links to the same data (or copies where a link cannot be made), symbolic links as links, folders whole.
    func carryEntries(under relative: String, depth: Int) throws(DocumentError) {
        guard let old, depth <= RTFDPackage.maximumFolderDepth else { return }
        let source = relative.isEmpty ? old : old + "/" + relative
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: source)
        } catch {
            throw DocumentError(kind: .fileSystem, message: "cannot list \(source): \(error.localizedDescription)")
        }
        for name in names.sorted() {
            let entry = relative.isEmpty ? name : relative + "/" + name
            let from = old + "/" + entry, to = root + "/" + entry
            guard let info = FileIdentity.of(from, followingLinks: false) else { continue }
            if let staged = FileIdentity.of(to, followingLinks: false) {
                if staged.kind == .directory && info.kind == .directory { try carryEntries(under: entry, depth: depth + 1) }
                continue // the new package writes this name
            }
            switch info.kind {
            case .regular:
                if link(from, to) != 0 { try copyFile(from, to, entry) }
            case .directory:
                guard mkdir(to, 0o700) == 0 else {
                    throw DocumentError(kind: .fileSystem, message: "cannot create \(to): \(SystemCalls.message(errno))")
                }
                try carryEntries(under: entry, depth: depth + 1)
                try finishFolder(entry)
            case .symbolicLink:
                if let destination = try? FileManager.default.destinationOfSymbolicLink(atPath: from) {
                    _ = symlink(destination, to)
                }
            case .other:
                continue // devices and FIFOs are no part of a document
            }
        }
    }

    /// Copies a file the package keeps but cannot link, flushed, with its metadata.
    func copyFile(_ from: String, _ to: String, _ entry: String) throws(DocumentError) {
        let data: Data
        do { data = try Data(contentsOf: URL(fileURLWithPath: from)) } catch {
            throw DocumentError(kind: .fileSystem, message: "cannot read \(from) to keep it: \(error.localizedDescription)")
        }
        try create(to, data, like: entry)
    }

    /// Gives a staged folder its metadata and flushes it (its entries are all in).
    func finishFolder(_ relative: String) throws(DocumentError) {
        let path = relative.isEmpty ? root : root + "/" + relative
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw DocumentError(kind: .fileSystem, message: "cannot open \(path): \(SystemCalls.message(errno))") }
        defer { close(descriptor) }
        giveMetadata(to: descriptor, like: relative, kind: .directory, defaultPermissions: 0o777)
        guard fsync(descriptor) == 0 else {
            throw DocumentError(kind: .fileSystem, message: "cannot flush \(path) to disk: \(SystemCalls.message(errno))")
        }
    }

    /// Finishes the folders made for new files, deepest first, then the root.
    func finishFolders() throws(DocumentError) {
        for folder in createdFolders.reversed() { try finishFolder(folder) }
        try finishFolder("")
    }
}
