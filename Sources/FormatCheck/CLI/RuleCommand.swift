/// `fmtcheck rule NAME...` and `fmtcheck rule --all`: what rules check, why, how they are fixed, with examples
/// (`RuleDocumentation`), as `ruff rule` prints them.
public struct RuleCommand: Hashable, Sendable {
    /// How the documentation is printed.
    public enum Format: String, Hashable, Sendable, CaseIterable {
        /// Markdown, a section per rule.
        case text
        /// A JSON object for one rule, an array for several or `--all`.
        case json
    }

    /// The rules asked for: built-in rule ids or constraint names.
    public var names: [String]
    /// `--all`: every built-in rule, and every constraint of the definition when there is one.
    public var all = false
    /// `--definition FILE`: the definition whose constraints (and severities) are described; else the
    /// configuration's (`--config`, or the current folder's nearest `.fmtcheck.json`).
    public var definition: String?
    /// `--config FILE`: the configuration that names the definition, instead of the nearest one.
    public var configFile: String?
    /// `--format`.
    public var format: Format = .text

    /// A rule command.
    public init(names: [String], all: Bool = false, definition: String? = nil) {
        self.names = names
        self.all = all
        self.definition = definition
    }
}
