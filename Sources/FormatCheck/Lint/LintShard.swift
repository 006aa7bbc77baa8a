import Foundation
import RichTextFormats
import SafeWrite

/// `--shard K/N` (Jest's and Playwright's spelling, 1-based): the part of the discovered documents one job of
/// a matrix lints.
///
/// A document's shard depends on its path alone: a stable 64-bit hash of the path relative to the project root
/// (`root(for:)`: the git repository holding the current folder, else the current folder), spread over the
/// shards. So the shards are disjoint and cover every document whatever machine or folder the checkout is in,
/// and adding or removing a document moves no other one. Balance comes from the hash: on a corpus of thousands
/// the shards' byte totals are within a few percent of each other (`LintShardTests` measures it), not exact.
///
/// What else a run reports about paths (a path that does not exist, a folder with no documents, what the search
/// passed over) belongs to the shard of that path, so the shards' reports together say each thing once.
public struct LintShard: Hashable, Sendable, CustomStringConvertible {
    /// 1-based: which shard this job lints.
    public let index: Int
    /// How many shards the documents are split into.
    public let count: Int

    /// Shard `index` of `count` (1 ≤ index ≤ count), or nil.
    public init?(index: Int, count: Int) {
        guard count >= 1, (1...count).contains(index) else { return nil }
        self.index = index
        self.count = count
    }

    /// `K/N`.
    public var description: String { "\(index)/\(count)" }

    /// Whether the document or path `path` (as the run names it) is in this shard, for a run in `root`.
    public func contains(_ path: String, root: String) -> Bool {
        Self.shard(of: Self.key(of: path, root: root), count: count) == index
    }

    /// The 1-based shard of the path key `key` among `count`.
    static func shard(of key: String, count: Int) -> Int {
        var hash = FNV1a()
        hash.add(key.utf8)
        // FNV-1a's low bits are weak for short keys that differ at the end: mixed (splitmix64's finaliser),
        // then mapped onto 0..<count by the high half of a full-width product (no modulo bias worth the name).
        var x = hash.value
        x = (x ^ (x >> 30)) &* 0xBF58_476D_1CE4_E5B9
        x = (x ^ (x >> 27)) &* 0x94D0_49BB_1331_11EB
        x ^= x >> 31
        return Int(x.multipliedFullWidth(by: UInt64(count)).high) + 1
    }

    /// What a path is hashed as: relative to `root` with `/` between components and no trailing slash, or the
    /// absolute path when it is outside `root`.
    static func key(of path: String, root: String) -> String {
        let absolute = FileDiscovery.withoutTrailingSlash(FileDiscovery.absolutePath(path))
        let prefix = root.hasSuffix("/") ? root : root + "/"
        return absolute.hasPrefix(prefix) ? String(absolute.dropFirst(prefix.count)) : absolute
    }

    /// The project root paths are hashed relative to: the top of the git repository holding `folder` (the
    /// folder with `.git`), else `folder` itself.
    public static func root(for folder: String = FileManager.default.currentDirectoryPath) -> String {
        var candidate = FileDiscovery.withoutTrailingSlash(FileDiscovery.absolutePath(folder))
        while true {
            if FileManager.default.fileExists(atPath: candidate + "/.git") { return candidate }
            let parent = DurableIO.parent(of: candidate)
            guard parent != candidate, !parent.isEmpty else { break }
            candidate = parent
        }
        return FileDiscovery.withoutTrailingSlash(FileDiscovery.absolutePath(folder))
    }
}
