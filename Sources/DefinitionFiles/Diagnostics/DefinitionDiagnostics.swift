/// Why a definition file did not load: every error found (not just the first), with the warnings, in file order.
public struct DefinitionDiagnostics: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file, as named to the loader.
    public var fileName: String
    /// Every finding, errors and warnings, ordered by position in the file.
    public var diagnostics: [Diagnostic]

    /// A set of findings.
    public init(fileName: String, diagnostics: [Diagnostic]) {
        self.fileName = fileName
        self.diagnostics = diagnostics
    }

    /// The errors.
    public var errors: [Diagnostic] { diagnostics.filter { $0.severity == .error } }
    /// The warnings.
    public var warnings: [Diagnostic] { diagnostics.filter { $0.severity == .warning } }

    /// Every finding rendered, one block each.
    public var description: String { diagnostics.map(\.description).joined(separator: "\n") }
}
