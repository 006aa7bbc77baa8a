import Foundation
import RichTextFormats
import SafeWrite

/// What `--cache` keeps between runs, as ruff's and ESLint's caches do: for each document, the findings of its
/// last lint, with the file's state then (device, inode, size, modification and status-change times to the
/// nanosecond) and a run key (`LintRun`'s: the definition file's bytes, the rules and severities in effect, the
/// size limit, whether fingerprints are made; `fmtcheck` always makes them under `--cache`, so runs of every report
/// format share the cache). A document whose state and run key are unchanged is not read
/// again: its findings come from the cache, and the report is byte for byte what linting it would print. The
/// fmtcheck that wrote the cache must be this one (its version and its executable's state).
///
/// Only check runs use it (`--fix` and `--diff` read every document), and only for regular files (a package's
/// state is many files'). The file is read whole at the start and written atomically at the end, only when
/// something changed; a file that is damaged or foreign is ignored with a warning and replaced, never trusted.
public final class LintCache: @unchecked Sendable {
    /// A regular file's state, as `stat` gives it.
    struct Stamp: Hashable {
        var device: UInt64
        var inode: UInt64
        var size: Int64
        var modified: Int
        var statusChanged: Int

        /// The state of the regular file at `path` (links followed); nil for anything else.
        static func of(_ path: String) -> Stamp? {
            guard let file = FileIdentity.of(path), file.kind == .regular else { return nil }
            return Stamp(file)
        }

        init(device: UInt64, inode: UInt64, size: Int64, modified: Int, statusChanged: Int) {
            self.device = device
            self.inode = inode
            self.size = size
            self.modified = modified
            self.statusChanged = statusChanged
        }

        /// A regular file's stamp from its identity.
        init(_ file: FileIdentity) {
            self.init(device: file.device, inode: file.inode, size: file.size, modified: file.modified, statusChanged: file.statusChanged)
        }
    }

    /// One document's last lint.
    struct Entry {
        var stamp: Stamp
        var runKey: UInt64
        var format: DocumentFormat
        var violations: [Violation]
    }

    /// Where the cache is kept.
    public let path: String
    /// Why the file that was there was not used, when it was not (said as a warning).
    public private(set) var warning: String?
    private var entries: [String: Entry]
    private var changed = false
    private var used: Set<String> = []
    private let lock = NSLock()
    /// How many documents came from the cache, and how many were read.
    public private(set) var hits = 0, misses = 0

    /// The default location: `.fmtcheck-cache` in the current folder (hidden, so folder searches pass over it).
    public static let defaultName = ".fmtcheck-cache"

    /// The cache at `location`: a file, or a folder to keep `.fmtcheck-cache` in. A missing file is an empty
    /// cache; an unusable one is an empty cache with a `warning`.
    public init(location: String) {
        path = Self.file(at: location)
        entries = [:]
        guard FileIdentity.of(path, followingLinks: false) != nil else { return }
        guard FileIdentity.of(path)?.kind == .regular, let data = FileManager.default.contents(atPath: path) else {
            warning = "the cache \(path) cannot be read; it is ignored"
            changed = true
            return
        }
        do {
            entries = try LintCacheFile.decode([UInt8](data), toolVersion: Self.toolIdentity)
        } catch {
            warning = "the cache \(path) is ignored and will be rewritten: \(error.reason)"
            changed = true
        }
    }

    /// The cache file `location` names: itself, or `.fmtcheck-cache` in it when it is a folder.
    public static func file(at location: String) -> String {
        FileIdentity.of(location)?.kind == .directory ? FileDiscovery.withoutTrailingSlash(location) + "/" + defaultName : location
    }

    /// This fmtcheck: its version and its executable's state, so that a rebuilt fmtcheck trusts no older cache.
    static let toolIdentity: String = {
        let executable = FileIdentity.of("/proc/self/exe") ?? Bundle.main.executablePath.flatMap { FileIdentity.of($0) }
        let build = executable.map { "\($0.size)-\($0.modified)" } ?? "unknown"
        return "fmtcheck \(FormatCheckVersion.current) \(build)"
    }()

    /// The findings cached for the document at `document` (absolute) in state `stamp` under `runKey`, if any.
    func lookup(_ document: String, stamp: Stamp, runKey: UInt64) -> Entry? {
        lock.lock(); defer { lock.unlock() }
        guard let entry = entries[document], entry.stamp == stamp, entry.runKey == runKey else {
            misses += 1
            return nil
        }
        hits += 1
        used.insert(document)
        return entry
    }

    /// Whether the file at `document` (absolute), in the state `file` says, is one the cache has linted in
    /// that state: a document, whatever its first bytes look like.
    func isKnownDocument(_ document: String, _ file: FileIdentity?) -> Bool {
        guard let file, file.kind == .regular else { return false }
        lock.lock(); defer { lock.unlock() }
        guard let entry = entries[document] else { return false }
        return entry.stamp == Stamp(file)
    }

    /// Records a document's lint.
    func store(_ document: String, _ entry: Entry) {
        lock.lock(); defer { lock.unlock() }
        entries[document] = entry
        used.insert(document)
        changed = true
    }

    /// Writes the cache when anything changed: the entries of this run, and those of earlier runs whose document
    /// still exists.
    public func save() throws(AtomicWriter.Failure) {
        lock.lock(); defer { lock.unlock() }
        guard changed else { return }
        let kept = entries.filter { used.contains($0.key) || FileManager.default.fileExists(atPath: $0.key) }
        let folder = DurableIO.parent(of: path)
        if !folder.isEmpty, folder != ".", FileIdentity.of(folder) == nil {
            try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        }
        try AtomicWriter.write(LintCacheFile.encode(kept, toolVersion: Self.toolIdentity), to: path)
        changed = false
    }
}
