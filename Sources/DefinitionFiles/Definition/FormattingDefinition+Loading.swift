import Foundation
import Formatting

/// Loading a definition file straight into the engine's model, for an app that imports `Formatting` and
/// `DefinitionFiles` without the linter:
///
/// ```swift
/// let definition = try FormattingDefinition(contentsOf: Bundle.main.url(forResource: "recipe", withExtension: "json")!)
/// let engine = FormattingEngine(definition)
/// ```
///
/// The file goes through exactly what `fmtcheck definition check` runs (`DefinitionFile`), so it is rejected
/// for the same errors, with the same messages, locations and hints. Warnings do not stop loading; to see them,
/// load a `LoadedDefinition` instead and read its `warnings`.
extension FormattingDefinition {
    /// Loads and validates the definition file at a file URL; throws every error found (with the warnings).
    public init(contentsOf url: URL) throws(DefinitionDiagnostics) {
        self = try DefinitionFile.load(contentsOf: url).definition
    }

    /// Loads and validates a definition file's bytes; `fileName` names it in diagnostics.
    public init(data: Data, fileName: String = "definition.json") throws(DefinitionDiagnostics) {
        self = try LoadedDefinition(data: data, fileName: fileName).definition
    }

    /// Loads and validates a definition file's text; `fileName` names it in diagnostics.
    public init(json: String, fileName: String = "definition.json") throws(DefinitionDiagnostics) {
        self = try LoadedDefinition(json: json, fileName: fileName).definition
    }
}

extension LoadedDefinition {
    /// Loads and validates the definition file at a file URL, keeping its warnings and what only the file knows
    /// (types, severities, locations); throws every error found (with the warnings).
    public init(contentsOf url: URL) throws(DefinitionDiagnostics) {
        self = try DefinitionFile.load(contentsOf: url)
    }

    /// Loads and validates a definition file's bytes; `fileName` names it in diagnostics.
    public init(data: Data, fileName: String = "definition.json") throws(DefinitionDiagnostics) {
        self = try DefinitionFile.parse(bytes: [UInt8](data), fileName: fileName).get()
    }

    /// Loads and validates a definition file's text; `fileName` names it in diagnostics.
    public init(json: String, fileName: String = "definition.json") throws(DefinitionDiagnostics) {
        self = try DefinitionFile.parse(json, fileName: fileName).get()
    }
}
