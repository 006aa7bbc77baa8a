import Formatting

/// The check that no rule selection passes silently: every name in `--select`/`--ignore` (or in a configuration
/// file's `select`/`ignore`) is a rule, and a selection leaves at least one rule. A command-line name is checked
/// against every definition of the run (it must be a rule of one of them); a configuration file's against the
/// definition that file gives its documents.
struct SelectionCheck {
    let request: LintRequest
    /// Command-line names and whether some definition of the run has them.
    private var commandLineNames: [(option: String, name: String)] = []
    private var known: Set<String> = []
    private var reported: Set<String> = []
    private var found: [SelectionProblem] = []

    init(request: LintRequest) {
        self.request = request
        for name in request.select ?? [] { commandLineNames.append(("--select", name)) }
        for name in request.ignore ?? [] { commandLineNames.append(("--ignore", name)) }
        for name in request.extendSelect ?? [] { commandLineNames.append(("--extend-select", name)) }
        for name in request.severities.keys.sorted() { commandLineNames.append(("--rule", name)) }
        for entry in request.perFileIgnores ?? [] { for name in entry.rules { commandLineNames.append(("--per-file-ignores", name)) } }
        for entry in request.extendPerFileIgnores { for name in entry.rules { commandLineNames.append(("--extend-per-file-ignores", name)) } }
    }

    /// Checks the selection `selection` that `config` (with the command line's options) gives documents under
    /// `loaded`.
    mutating func check(_ selection: RuleSelection, of config: LintConfiguration, under loaded: LoadedDefinition) {
        let rules = Set(loaded.ruleIDs)
        known.formUnion(rules)
        let source = config.sources.last ?? "the configuration"
        var fromConfig: [(option: String, name: String)] = []
        // The configuration's names that are in effect (`LintConfiguration.selection(with:)`).
        if request.select == nil {
            for name in config.select ?? [] { fromConfig.append(("select", name)) }
            for name in config.ignore ?? [] { fromConfig.append(("ignore", name)) }
        }
        if request.perFileIgnores == nil {
            for entry in config.perFileIgnores ?? [] { for name in entry.rules { fromConfig.append(("perFileIgnores", name)) } }
        }
        for name in config.severities.keys.sorted() { fromConfig.append(("severities", name)) }
        for (option, name) in fromConfig where !rules.contains(name) {
            add(SelectionProblem(source: source, message: "\"\(option)\" names '\(name)', which is not a rule of definition '\(loaded.name)'" + hint(name, in: rules)))
        }
        if let select = selection.select, select.subtracting(selection.ignore).isEmpty {
            let from = request.select != nil || request.ignore != nil || request.extendSelect != nil ? "the command line" : source
            add(SelectionProblem(source: from, message: select.isEmpty
                ? "the selection is empty: no rule is selected, so nothing would be reported"
                : "the selection is empty: every selected rule is also ignored, so nothing would be reported"))
        }
    }

    /// The problems: what `check` found, then command-line names no definition of the run has.
    var problems: [SelectionProblem] {
        var all = found
        var seen: Set<String> = []
        for (option, name) in commandLineNames where !known.contains(name) && seen.insert(option + name).inserted && !known.isEmpty {
            all.append(SelectionProblem(source: option, message: "'\(name)' is not a rule of any definition in this run" + hint(name, in: known)))
        }
        return all
    }

    private mutating func add(_ problem: SelectionProblem) {
        if reported.insert(problem.description).inserted { found.append(problem) }
    }

    private func hint(_ name: String, in rules: Set<String>) -> String {
        Suggestions.didYouMean(name, in: rules).map { " (\($0))" } ?? "; the rules are " + rules.sorted().joined(separator: ", ")
    }
}
