// Definition files load in the DefinitionFiles library, which an app imports without the linter. The linter
// reports their diagnostics and severities in its own API, so it re-exports that module: code that imports
// FormatCheck keeps seeing `DefinitionFile`, `LoadedDefinition` and `Diagnostic` as before.
@_exported import DefinitionFiles
