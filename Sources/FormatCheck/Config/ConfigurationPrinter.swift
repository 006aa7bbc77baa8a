import StreamingJSON

/// The effective configuration as `fmtcheck --print-config` shows it: every option with its value (defaults
/// filled in), and the files it came from.
public enum ConfigurationPrinter {
    /// Pretty-printed JSON, keys sorted.
    public static func json(_ config: LintConfiguration, runWideSources: [String]? = nil) -> String {
        let root: JSONValue = .object(JSONObject([
            ("definition", config.definition.map(JSONValue.string) ?? .null),
            ("select", config.select.map { .array($0.map(JSONValue.string)) } ?? .null),
            ("ignore", .array((config.ignore ?? []).map(JSONValue.string))),
            ("format", .string((config.format ?? .default).rawValue)),
            ("maxWarnings", .integer(config.maxWarnings ?? -1)),
            ("maxFileSize", .integer(config.maxFileSize ?? LintConfiguration.defaultMaxFileSize)),
            ("sources", .array(config.sources.map(JSONValue.string))),
            ("exclude", .array((config.exclude ?? LintConfiguration.defaultExclude).map(shown))),
            ("extendExclude", .array(config.extendExclude.map(shown))),
            ("respectGitignore", .bool(config.respectGitignore ?? true)),
            ("forceExclude", .bool(config.forceExclude ?? false)),
            ("perFileIgnores", .array((config.perFileIgnores ?? []).map { entry in
                .object(JSONObject([("pattern", shown(entry.pattern)), ("rules", .array(entry.rules.map(JSONValue.string)))]))
            })),
            ("severities", .object(JSONObject(config.severities.sorted { $0.key < $1.key }.map { ($0.key, JSONValue.string($0.value.rawValue)) }))),
        ] + (runWideSources.map { [("runWideSources", JSONValue.array($0.map(JSONValue.string)))] } ?? [])))
        return JSONText.write(root)
    }

    /// A pattern with the folder it is anchored at ("/" for the defaults, which match at any depth).
    static func shown(_ pattern: PathPattern) -> JSONValue {
        .object(JSONObject([("pattern", .string(pattern.text)), ("base", .string(pattern.base))]))
    }
}
