/// Which rules a run reports: `--select` (only these, when given) minus `--ignore`. Names are rule ids
/// (`scope`, `wrong-type`, …) or constraint names (`IngredientsAreGreen`).
public struct RuleSelection: Hashable, Sendable {
    /// When non-nil, only these rules are reported.
    public var select: Set<String>?
    /// Rules never reported.
    public var ignore: Set<String>

    /// A selection; everything by default.
    public init(select: Set<String>? = nil, ignore: Set<String> = []) {
        self.select = select
        self.ignore = ignore
    }

    /// Every rule.
    public static let all = RuleSelection()

    /// Whether findings of `rule` are reported.
    public func includes(_ rule: String) -> Bool {
        if ignore.contains(rule) { return false }
        return select?.contains(rule) ?? true
    }

    /// This selection with the rules of `entries` (per-file ignores a document matches) ignored too.
    public func ignoring(_ entries: some Sequence<PerFileIgnore>) -> RuleSelection {
        var selection = self
        for entry in entries { selection.ignore.formUnion(entry.rules) }
        return selection
    }

    /// The names in this selection that no rule of `definition` carries, for a did-you-mean warning.
    public func unknownNames(for definition: LoadedDefinition) -> [String] {
        let known = Set(definition.ruleIDs)
        return (Array(select ?? []) + Array(ignore)).filter { !known.contains($0) }.sorted()
    }
}
