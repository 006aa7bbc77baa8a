import Foundation
import RichTextFormats
import SafeWrite
#if canImport(Glibc)
import Glibc
#endif

/// Waits for files to change, for `fmtcheck lint --watch`: Linux's inotify, a watch per folder (folders are
/// watched rather than files, so that an editor that saves by writing a new file and renaming it over the old
/// one is seen), new folders watched as they appear. Only what could change a run counts: documents (`.json`,
/// `.rtf`, `.rtfd` and what is inside a package), `.gitignore` files, folders coming and going, and the files
/// named with `watchFile(_:)` (definitions and configurations outside the watched folders). A burst of changes
/// is one change: `nextChanges` returns once nothing has moved for `quiet` seconds.
final class FileWatcher {
    /// Why watching cannot start.
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    #if canImport(Glibc)
    private let descriptor: Int32
    /// The watched folder of each watch descriptor.
    private var folders: [Int32: String] = [:]
    private var watched: Set<String> = []
    #endif
    /// Files outside the watched folders whose changes count (absolute paths).
    private var files: Set<String> = []
    /// Problems adding watches (a folder that went, the system's watch limit), said once each.
    private(set) var warnings: [String] = []
    /// Folder names not searched for documents, and so not watched (`LintConfiguration.defaultExclude`'s folders).
    static let unwatchedNames: Set<String> = ["node_modules", "bower_components", "build", "_build", "dist", "venv", "site-packages",
                                              "__pypackages__", "buck-out", "Pods", "DerivedData"]

    /// A watcher, or why the system cannot give one.
    init() throws(Failure) {
        #if canImport(Glibc)
        descriptor = inotify_init1(Int32(IN_NONBLOCK) | Int32(IN_CLOEXEC))
        guard descriptor >= 0 else { throw Failure(description: "inotify cannot start: \(String(cString: strerror(errno)))") }
        #else
        throw Failure(description: "--watch needs Linux's inotify, which this system does not have")
        #endif
    }

    deinit {
        #if canImport(Glibc)
        close(descriptor)
        #endif
    }

    /// The folders watched, absolute.
    var watchedFolders: [String] {
        #if canImport(Glibc)
        return watched.sorted()
        #else
        return []
        #endif
    }

    /// Watches `folder` and every folder below it that a search would enter (not hidden ones, not package or
    /// build folders).
    func watchTree(_ folder: String) {
        #if canImport(Glibc)
        let absolute = FileDiscovery.absolutePath(folder)
        add(absolute)
        guard let enumerator = FileManager.default.enumerator(atPath: absolute) else { return }
        while let relative = enumerator.nextObject() as? String {
            let name = (relative as NSString).lastPathComponent
            let path = absolute + "/" + relative
            guard FileIdentity.of(path, followingLinks: false)?.kind == .directory else { continue }
            if name.hasPrefix(".") || Self.unwatchedNames.contains(name) {
                enumerator.skipDescendants()
                continue
            }
            add(path)
        }
        #endif
    }

    /// Watches the file at `path` (a document named on the command line, a definition, a configuration) through
    /// its folder.
    func watchFile(_ path: String) {
        let absolute = FileDiscovery.absolutePath(path)
        files.insert(absolute)
        #if canImport(Glibc)
        add(DurableIO.parent(of: absolute))
        #endif
    }

    #if canImport(Glibc)
    private func add(_ folder: String) {
        guard !watched.contains(folder) else { return }
        let mask = UInt32(IN_CLOSE_WRITE) | UInt32(IN_MOVED_TO) | UInt32(IN_MOVED_FROM) | UInt32(IN_CREATE) | UInt32(IN_DELETE)
            | UInt32(IN_DELETE_SELF) | UInt32(IN_MOVE_SELF) | UInt32(IN_ONLYDIR)
        let watch = inotify_add_watch(descriptor, folder, mask)
        guard watch >= 0 else {
            let reason = errno == ENOSPC ? "the system's inotify watch limit (fs.inotify.max_user_watches) is reached" : String(cString: strerror(errno))
            warnings.append("cannot watch \(folder): \(reason)")
            return
        }
        folders[watch] = folder
        watched.insert(folder)
    }
    #endif

    /// Whether a change to `path` could change a lint run.
    func counts(_ path: String, isFolder: Bool) -> Bool {
        if isFolder || files.contains(path) { return true }
        let lower = path.lowercased()
        if lower.contains(".rtfd/") { return true }
        let name = (lower as NSString).lastPathComponent
        return name.hasSuffix(".json") || name.hasSuffix(".rtf") || name.hasSuffix(".rtfd") || name == ".gitignore"
    }

    /// The next burst of changes that count, as absolute paths, once `quiet` seconds pass without another; nil
    /// when `interrupt` (a pipe's read end) becomes readable first.
    func nextChanges(quiet: Double = 0.2, interrupt: Int32) -> [String]? {
        #if canImport(Glibc)
        var changed: [String] = []
        while true {
            var fds = [pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0), pollfd(fd: interrupt, events: Int16(POLLIN), revents: 0)]
            // Until something counts, wait as long as it takes; then only until the burst is over.
            let ready = poll(&fds, 2, changed.isEmpty ? -1 : Int32(quiet * 1000))
            if ready < 0 {
                if errno == EINTR { continue }
                return changed.isEmpty ? nil : changed
            }
            if fds[1].revents != 0 { return nil }
            if ready == 0 { return changed }
            for (path, isFolder, created) in readEvents() where counts(path, isFolder: isFolder) {
                if isFolder && created { watchTree(path) }
                if !changed.contains(path) { changed.append(path) }
            }
        }
        #else
        return nil
        #endif
    }

    #if canImport(Glibc)
    /// The events waiting: each one's path, whether it names a folder, and whether it was created (or moved in).
    private func readEvents() -> [(String, Bool, Bool)] {
        var events: [(String, Bool, Bool)] = []
        var buffer = [UInt8](repeating: 0, count: 64 << 10)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { break }
            var offset = 0
            while offset + 16 <= count {
                let (watch, mask, length) = buffer.withUnsafeBytes { raw in
                    (raw.loadUnaligned(fromByteOffset: offset, as: Int32.self), raw.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self),
                     Int(raw.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self)))
                }
                let nameBytes = buffer[(offset + 16)..<min(count, offset + 16 + length)].prefix { $0 != 0 }
                offset += 16 + length
                guard let folder = folders[watch] else { continue }
                if mask & UInt32(IN_IGNORED) != 0 {
                    folders[watch] = nil
                    watched.remove(folder)
                    continue
                }
                let isFolder = mask & UInt32(IN_ISDIR) != 0 || mask & (UInt32(IN_DELETE_SELF) | UInt32(IN_MOVE_SELF)) != 0
                let path = nameBytes.isEmpty ? folder : folder + "/" + String(decoding: nameBytes, as: UTF8.self)
                events.append((path, isFolder, mask & (UInt32(IN_CREATE) | UInt32(IN_MOVED_TO)) != 0))
            }
        }
        return events
    }
    #endif
}
