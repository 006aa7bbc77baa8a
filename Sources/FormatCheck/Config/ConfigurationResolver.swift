import Foundation
import RichTextFormats
import SafeWrite

/// Finds the `.fmtcheck.json` files that apply to a folder — the nearest one and, member by member, the
/// farther ones it does not override — and caches the result per folder. Given a configuration file
/// (`--config FILE`), it searches nothing: that file applies to every folder, alone.
public final class ConfigurationResolver: @unchecked Sendable {
    private var cache: [String: LintConfiguration] = [:]
    private let lock = NSLock()
    /// `--config FILE`: the one configuration every document uses; no `.fmtcheck.json` is looked for.
    public let configFile: String?

    /// A resolver with an empty cache; with `configFile`, one that uses that file everywhere.
    public init(configFile: String? = nil) {
        self.configFile = configFile
    }

    /// The merged configuration for documents in `folder` (an absolute or relative path).
    public func configuration(forFolder folder: String) throws(ConfigurationError) -> LintConfiguration {
        if let configFile { return try explicitConfiguration(configFile) }
        let absolute = FileDiscovery.absolutePath(folder)
        lock.lock()
        if let cached = cache[absolute] { lock.unlock(); return cached }
        lock.unlock()
        var chain: [LintConfiguration] = []
        var current = URL(fileURLWithPath: absolute)
        while true {
            let candidate = current.appendingPathComponent(LintConfiguration.fileName).path
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: candidate, isDirectory: &isDirectory), !isDirectory.boolValue {
                let config = try LintConfiguration.load(path: candidate)
                chain.append(config)
                if config.root { break }
            }
            let parent = current.deletingLastPathComponent()
            if parent.path == current.path || current.path == "/" { break }
            current = parent
        }
        let merged = chain.reversed().reduce(LintConfiguration()) { $0.overridden(by: $1) }
        lock.lock()
        cache[absolute] = merged
        lock.unlock()
        return merged
    }

    /// The `--config` file, read once; its `root` means nothing, as nothing is searched.
    private func explicitConfiguration(_ path: String) throws(ConfigurationError) -> LintConfiguration {
        let key = "--config " + path
        lock.lock()
        if let cached = cache[key] { lock.unlock(); return cached }
        lock.unlock()
        guard FileIdentity.of(path)?.kind != .directory else {
            throw ConfigurationError(fileName: path, message: "--config names a folder; it takes a configuration file such as \(path)/\(LintConfiguration.fileName)")
        }
        let config = try LintConfiguration.load(path: path)
        lock.lock()
        cache[key] = config
        lock.unlock()
        return config
    }

    /// The merged configuration for a document at `path`.
    public func configuration(forFile path: String) throws(ConfigurationError) -> LintConfiguration {
        try configuration(forFolder: DurableIO.parent(of: FileDiscovery.absolutePath(path)))
    }

    /// The merged configuration for what `path` names: a folder's own, a document's (an `.rtfd` package is a
    /// document) or, for a path that names nothing, that of a document there.
    public func configuration(forPath path: String) throws(ConfigurationError) -> LintConfiguration {
        let trimmed = FileDiscovery.withoutTrailingSlash(path)
        return FileDiscovery.isSearchedFolder(trimmed) ? try configuration(forFolder: trimmed) : try configuration(forFile: trimmed)
    }
}
