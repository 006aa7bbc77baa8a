/// The options a `.fmtcheck.json` file sets, and the effective options of a run after the command line.
///
/// ```json
/// {"definition": "../Definitions/recipe.json", "select": ["IngredientsAreGreen"], "ignore": ["scope"],
///  "format": "default", "maxWarnings": -1, "maxFileSize": 268435456, "root": true,
///  "exclude": ["drafts/", "*.tmp.json"], "extendExclude": ["tsconfig.json"], "respectGitignore": true,
///  "forceExclude": false, "perFileIgnores": {"legacy/**": ["IngredientsAreGreen"]},
///  "severities": {"ParagraphsAreAligned": "warning", "scope": "off"}}
/// ```
///
/// Every member is optional. `definition` and the patterns are relative to the file that names them. A file's
/// options apply to the documents in its folder and below; a nearer file overrides a farther one member by
/// member (`extendExclude` adds to the farther ones', `severities` overrides them rule by rule), and
/// `"root": true` stops the search for farther ones.
public struct LintConfiguration: Hashable, Sendable {
    /// The definition file's path (resolved against the configuration file's folder).
    public var definition: String?
    /// Only these rules, when set.
    public var select: [String]?
    /// Rules never reported.
    public var ignore: [String]?
    /// The report format.
    public var format: ReportFormat?
    /// Warnings allowed before the run fails; -1 for no limit.
    public var maxWarnings: Int?
    /// Files larger than this many bytes are refused unread.
    public var maxFileSize: Int?
    /// Whether farther configuration files are ignored.
    public var root: Bool
    /// The configuration files these options come from, farthest first.
    public var sources: [String]
    /// What folder searches pass over (`exclude`): gitignore-style patterns replacing `defaultExclude`.
    public var exclude: [PathPattern]?
    /// Patterns passed over as well as `exclude`'s (`extendExclude`), nearer files' added to farther ones'.
    public var extendExclude: [PathPattern] = []
    /// Whether `.gitignore` files (and `.git/info/exclude`) of the git repository a search is in are honoured; by default they are.
    public var respectGitignore: Bool?
    /// Whether files named on the command line are excluded too (`forceExclude`); by default a named file is linted.
    public var forceExclude: Bool?
    /// Rules not reported for the documents a pattern matches (`perFileIgnores`), in the file's order.
    public var perFileIgnores: [PerFileIgnore]?
    /// Severities that replace the definition's, by rule; `off` ignores the rule (`severities`).
    public var severities: [String: SeveritySetting] = [:]

    /// A configuration; empty by default.
    public init(definition: String? = nil, select: [String]? = nil, ignore: [String]? = nil, format: ReportFormat? = nil,
                maxWarnings: Int? = nil, maxFileSize: Int? = nil, root: Bool = false, sources: [String] = []) {
        self.definition = definition
        self.select = select
        self.ignore = ignore
        self.format = format
        self.maxWarnings = maxWarnings
        self.maxFileSize = maxFileSize
        self.root = root
        self.sources = sources
    }

    /// The configuration file's name.
    public static let fileName = ".fmtcheck.json"
    /// The default size limit: 256 MiB.
    public static let defaultMaxFileSize = 256 << 20
    /// What a search passes over unless `exclude` says otherwise, as ruff's defaults do: folders of installed
    /// packages and build output, and the JavaScript tools' own JSON files, none of which are documents. Hidden
    /// files and folders are passed over anyway.
    public static let defaultExclude: [PathPattern] = ["node_modules/", "bower_components/", "build/", "_build/", "dist/",
                                                       "venv/", "site-packages/", "__pypackages__/", "buck-out/", "Pods/", "DerivedData/",
                                                       "package.json", "package-lock.json", "tsconfig.json", "tsconfig.*.json", "jsconfig.json"]
        .compactMap { PathPattern($0, base: "/", origin: "the default excludes") }

    /// These options with every member `nearer` sets taking precedence.
    public func overridden(by nearer: LintConfiguration) -> LintConfiguration {
        var merged = LintConfiguration(definition: nearer.definition ?? definition, select: nearer.select ?? select,
                                       ignore: nearer.ignore ?? ignore, format: nearer.format ?? format,
                                       maxWarnings: nearer.maxWarnings ?? maxWarnings, maxFileSize: nearer.maxFileSize ?? maxFileSize,
                                       root: nearer.root || root, sources: sources + nearer.sources)
        merged.exclude = nearer.exclude ?? exclude
        merged.extendExclude = extendExclude + nearer.extendExclude
        merged.respectGitignore = nearer.respectGitignore ?? respectGitignore
        merged.forceExclude = nearer.forceExclude ?? forceExclude
        merged.perFileIgnores = nearer.perFileIgnores ?? perFileIgnores
        merged.severities = severities.merging(nearer.severities) { $1 }
        return merged
    }

    /// The rules these options select.
    public var selection: RuleSelection {
        RuleSelection(select: select.map(Set.init), ignore: Set(ignore ?? []))
    }

    /// The rules a document under these options is linted with, the command line's options combined with them
    /// as ruff combines its own: `--select` replaces the configuration's `select` and its `ignore` (a rule named
    /// on the command line is meant); `--ignore` adds to the `ignore` in effect; `--extend-select` adds to the
    /// `select` in effect (nothing, when every rule is selected). Severities come after, as ESLint's `--rule`
    /// does: a rule set `off` is ignored, one set to `warning` or `error` on the command line is turned on.
    /// Per-file ignores are not here: they depend on the document (`selection(with:forDocument:)`).
    public func selection(with request: LintRequest) -> RuleSelection {
        var select = (request.select ?? self.select).map(Set.init)
        if let extra = request.extendSelect, select != nil { select?.formUnion(extra) }
        var ignore = request.select != nil ? Set(request.ignore ?? []) : Set(self.ignore ?? []).union(request.ignore ?? [])
        for (rule, setting) in severities.merging(request.severities, uniquingKeysWith: { $1 }) where setting == .off { ignore.insert(rule) }
        for (rule, setting) in request.severities where setting != .off {
            ignore.remove(rule)
            if select != nil { select?.insert(rule) }
        }
        return RuleSelection(select: select, ignore: ignore)
    }

    /// `selection(with:)` for the document at `path` (absolute): the rules of the per-file ignores whose
    /// pattern matches it are ignored too (the command line's `--per-file-ignores` replacing the
    /// configuration's, `--extend-per-file-ignores` adding to them).
    public func selection(with request: LintRequest, forDocument path: String) -> RuleSelection {
        selection(with: request).ignoring(perFileIgnores(with: request).filter { $0.applies(to: path) })
    }

    /// The per-file ignores in effect under the command line's options.
    public func perFileIgnores(with request: LintRequest) -> [PerFileIgnore] {
        (request.perFileIgnores ?? perFileIgnores ?? []) + request.extendPerFileIgnores
    }

    /// The severities in effect: the configuration's with the command line's (`--rule`) over them.
    public func severitySettings(with request: LintRequest) -> [String: SeveritySetting] {
        severities.merging(request.severities) { $1 }
    }

    /// The patterns a folder search under these options passes over: `--exclude` (else `exclude`, else
    /// `defaultExclude`), then `extendExclude` and `--extend-exclude`.
    public func excludePatterns(with request: LintRequest) -> [PathPattern] {
        (request.exclude ?? exclude ?? Self.defaultExclude) + extendExclude + request.extendExclude
    }

    /// The options a document under this configuration is linted with, the command line's taking precedence:
    /// its definition and size limit, and the rules of `selection(with:)` (with the per-file ignores of the
    /// document at `path`, when one is given). Run-wide options (format, warning limit) are left as they are.
    public func applying(_ request: LintRequest, forDocument path: String? = nil) -> LintConfiguration {
        var effective = self
        let rules = path.map { selection(with: request, forDocument: $0) } ?? selection(with: request)
        effective.definition = request.definition ?? definition
        effective.select = rules.select.map { $0.sorted() }
        effective.ignore = rules.ignore.sorted()
        effective.maxFileSize = request.maxFileSize ?? maxFileSize
        effective.exclude = request.exclude ?? exclude
        effective.extendExclude = extendExclude + request.extendExclude
        effective.respectGitignore = request.respectGitignore ?? respectGitignore
        effective.forceExclude = request.forceExclude || (forceExclude ?? false)
        effective.perFileIgnores = perFileIgnores(with: request)
        effective.severities = severitySettings(with: request)
        return effective
    }
}

/// A severity a configuration or `--rule` gives a rule: `off` ignores it.
public enum SeveritySetting: String, Hashable, Sendable, CaseIterable {
    /// Not reported.
    case off
    /// Reported as a warning.
    case warning
    /// Reported as an error.
    case error

    /// The severity findings get; nil for `off`.
    public var severity: Severity? {
        switch self {
        case .off: return nil
        case .warning: return .warning
        case .error: return .error
        }
    }
}

/// Rules not reported for the documents a pattern matches: `"perFileIgnores": {"legacy/**": ["IngredientsAreGreen"]}`,
/// or `--per-file-ignores 'legacy/**:IngredientsAreGreen'`. A pattern starting with `!` applies to the
/// documents it does not match, as ruff's do.
public struct PerFileIgnore: Hashable, Sendable {
    /// Which documents.
    public var pattern: PathPattern
    /// The rules ignored in them.
    public var rules: [String]

    /// An entry.
    public init(pattern: PathPattern, rules: [String]) {
        self.pattern = pattern
        self.rules = rules
    }

    /// Whether the rules are ignored in the document at `path` (absolute).
    public func applies(to path: String) -> Bool {
        pattern.matches(path, isFolder: { false }) != pattern.isNegated
    }
}
