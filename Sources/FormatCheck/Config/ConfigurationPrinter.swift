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
        ] + (runWideSources.map { [("runWideSources", JSONValue.array($0.map(JSONValue.string)))] } ?? [])))
        return JSONText.write(root)
    }
}
