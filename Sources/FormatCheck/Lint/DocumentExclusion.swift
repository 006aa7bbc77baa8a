import Foundation
import RichTextFormats
import SafeWrite

/// What a folder search passes over by pattern, as ruff decides it: the exclude patterns in effect for each
/// folder (`LintConfiguration.excludePatterns(with:)`: the `.fmtcheck.json` that applies there, with the command
/// line's), then the `.gitignore` files of the git repository the folder is in (with `.git/info/exclude`), unless
/// `respectGitignore` is off. A path named on the command line is excluded only under `--force-exclude`
/// (`forceExclude`), for pre-commit hooks that pass every changed file.
///
/// A search is single-threaded; the exclusion caches what it read per folder.
final class DocumentExclusion {
    let request: LintRequest
    let resolver: ConfigurationResolver
    /// The current folder, below which the folders of a named path are checked too.
    let currentFolder: String
    /// Per folder: the exclude patterns, whether `.gitignore` files count, whether named files are excluded too.
    private var folderSettings: [String: (patterns: [PathPattern], gitignore: Bool, force: Bool)] = [:]
    /// Per folder: the patterns of the `.gitignore` files from the repository's root down to it.
    private var gitignorePatterns: [String: [PathPattern]] = [:]

    init(request: LintRequest, resolver: ConfigurationResolver, currentFolder: String = FileManager.default.currentDirectoryPath) {
        self.request = request
        self.resolver = resolver
        self.currentFolder = FileDiscovery.withoutTrailingSlash(currentFolder)
    }

    /// The absolute, standardised form of `path` (symbolic links kept, as the search found them).
    func absolute(_ path: String) -> String {
        FileDiscovery.absolutePath(path, in: currentFolder)
    }

    /// `path` relative to the current folder when it is below it.
    func relative(_ path: String) -> String {
        path.hasPrefix(currentFolder + "/") ? String(path.dropFirst(currentFolder.count + 1)) : path
    }

    /// Why the search passes over `path` (absolute, found in a folder search), or nil; `isFolder` is asked only
    /// when a pattern matches only folders.
    func reason(for path: String, isFolder: () -> Bool) -> String? {
        let folder = DurableIO.parent(of: path)
        let settings = self.settings(forFolder: folder)
        if let pattern = settings.patterns.decidingMatch(for: path, isFolder: isFolder), !pattern.isNegated {
            return "excluded by '\(pattern.text)' (\(relative(pattern.origin)))"
        }
        if settings.gitignore, let pattern = gitignore(forFolder: folder).decidingMatch(for: path, isFolder: isFolder), !pattern.isNegated {
            return "ignored by '\(pattern.text)' (\(relative(pattern.origin)))"
        }
        return nil
    }

    /// Why a path named on the command line is passed over: only under `--force-exclude`, when it or a folder
    /// holding it below the current folder is excluded.
    func reasonForNamed(_ path: String) -> String? {
        let target = absolute(path)
        guard settings(forFolder: DurableIO.parent(of: target)).force else { return nil }
        var candidate = target
        while true {
            if let reason = reason(for: candidate, isFolder: { candidate != target || FileDiscovery.isSearchedFolder(path) || FileDiscovery.isPackageName(path) }) {
                return reason
            }
            let parent = DurableIO.parent(of: candidate)
            guard parent != candidate, parent.hasPrefix(currentFolder + "/") else { return nil }
            candidate = parent
        }
    }

    /// Whether `--force-exclude` (or `forceExclude`) applies to the named path `path`.
    func forcesExclusion(of path: String) -> Bool {
        settings(forFolder: DurableIO.parent(of: absolute(path))).force
    }

    private func settings(forFolder folder: String) -> (patterns: [PathPattern], gitignore: Bool, force: Bool) {
        if let known = folderSettings[folder] { return known }
        // An invalid configuration is reported where the run resolves each document's; here it excludes nothing
        // more than the command line says.
        let config = (try? resolver.configuration(forFolder: folder)) ?? LintConfiguration()
        let settings = (config.excludePatterns(with: request), request.respectGitignore ?? config.respectGitignore ?? true,
                        request.forceExclude || (config.forceExclude ?? false))
        folderSettings[folder] = settings
        return settings
    }

    /// The `.gitignore` patterns that apply in `folder`: `.git/info/exclude`, then each `.gitignore` from the
    /// repository's root down (git's precedence: the last match wins, a deeper file's after a shallower one's).
    /// Outside a git repository, none.
    private func gitignore(forFolder folder: String) -> [PathPattern] {
        if let known = gitignorePatterns[folder] { return known }
        var patterns: [PathPattern] = []
        if FileManager.default.fileExists(atPath: folder + "/.git") {
            patterns = self.patterns(inFile: folder + "/.git/info/exclude", base: folder)
        } else if isInRepository(folder) {
            patterns = gitignore(forFolder: DurableIO.parent(of: folder))
        } else {
            // Outside a repository no .gitignore counts.
            gitignorePatterns[folder] = []
            return []
        }
        patterns += self.patterns(inFile: folder + "/.gitignore", base: folder)
        gitignorePatterns[folder] = patterns
        return patterns
    }

    /// Folders known to be inside a git repository (whose root has `.git`).
    private var repositoryFolders: [String: Bool] = [:]

    private func isInRepository(_ folder: String) -> Bool {
        if let known = repositoryFolders[folder] { return known }
        let parent = DurableIO.parent(of: folder)
        let inside = FileManager.default.fileExists(atPath: folder + "/.git") || (parent != folder && isInRepository(parent))
        repositoryFolders[folder] = inside
        return inside
    }

    /// The patterns of one ignore file, each naming its line; none when there is no such file.
    func patterns(inFile path: String, base: String) -> [PathPattern] {
        guard let data = FileManager.default.contents(atPath: path) else { return [] }
        let shown = relative(path)
        let text = String(decoding: data, as: UTF8.self)
        var patterns: [PathPattern] = []
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = line.hasSuffix("\r") ? line.dropLast() : line
            if let pattern = PathPattern(String(line), base: base, origin: "\(shown):\(index + 1)") { patterns.append(pattern) }
        }
        return patterns
    }
}
