/// The options a `.fmtcheck.json` file sets, and the effective options of a run after the command line.
///
/// ```json
/// {"definition": "../Definitions/recipe.json", "select": ["IngredientsAreGreen"], "ignore": ["scope"],
///  "format": "default", "maxWarnings": -1, "maxFileSize": 268435456, "root": true}
/// ```
///
/// Every member is optional. `definition` is relative to the file that names it. A file's options apply to
/// the documents in its folder and below; a nearer file overrides a farther one member by member, and
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

    /// These options with every member `nearer` sets taking precedence.
    public func overridden(by nearer: LintConfiguration) -> LintConfiguration {
        LintConfiguration(definition: nearer.definition ?? definition, select: nearer.select ?? select,
                          ignore: nearer.ignore ?? ignore, format: nearer.format ?? format,
                          maxWarnings: nearer.maxWarnings ?? maxWarnings, maxFileSize: nearer.maxFileSize ?? maxFileSize,
                          root: nearer.root || root, sources: sources + nearer.sources)
    }

    /// The rules these options select.
    public var selection: RuleSelection {
        RuleSelection(select: select.map(Set.init), ignore: Set(ignore ?? []))
    }

    /// The rules a document under these options is linted with, the command line's options combined with them
    /// as ruff combines its own: `--select` replaces the configuration's `select` and its `ignore` (a rule named
    /// on the command line is meant); `--ignore` adds to the `ignore` in effect; `--extend-select` adds to the
    /// `select` in effect (nothing, when every rule is selected).
    public func selection(with request: LintRequest) -> RuleSelection {
        var select = (request.select ?? self.select).map(Set.init)
        if let extra = request.extendSelect, select != nil { select?.formUnion(extra) }
        let ignore = request.select != nil ? Set(request.ignore ?? []) : Set(self.ignore ?? []).union(request.ignore ?? [])
        return RuleSelection(select: select, ignore: ignore)
    }

    /// The options a document under this configuration is linted with, the command line's taking precedence:
    /// its definition and size limit, and the rules of `selection(with:)`. Run-wide options (format, warning
    /// limit) are left as they are.
    public func applying(_ request: LintRequest) -> LintConfiguration {
        var effective = self
        let rules = selection(with: request)
        effective.definition = request.definition ?? definition
        effective.select = rules.select.map { $0.sorted() }
        effective.ignore = rules.ignore.sorted()
        effective.maxFileSize = request.maxFileSize ?? maxFileSize
        return effective
    }
}
