import Foundation
import Formatting
import StreamingJSON

/// Loads definition files: JSON that declares attributes, a scope and ordered constraints (see
/// `Definitions/definition.schema.json`), validated with every problem located by line, column and JSON path.
///
/// ```swift
/// switch DefinitionFile.parse(bytes: bytes, fileName: "recipe.json") {
/// case .success(let loaded): let engine = FormattingEngine(loaded.definition)
/// case .failure(let problems): for diagnostic in problems.diagnostics { print(diagnostic) }
/// }
/// ```
public enum DefinitionFile {
    /// Reads and loads the file at `path`; throws every error found (with the warnings).
    public static func load(path: String) throws(DefinitionDiagnostics) -> LoadedDefinition {
        try parse(bytes: try read(path: path, fileName: path), fileName: path).get()
    }

    /// Reads and loads the file at a file URL; diagnostics name it by its path as the URL was made (relative
    /// paths stay relative, as `fmtcheck definition check` prints them). Throws every error found (with the
    /// warnings).
    public static func load(contentsOf url: URL) throws(DefinitionDiagnostics) -> LoadedDefinition {
        let fileName = url.isFileURL ? url.relativePath : url.absoluteString
        guard url.isFileURL else {
            throw DefinitionDiagnostics(fileName: fileName, diagnostics: [
                Diagnostic(severity: .error, check: .unreadable, message: "only file URLs are read", fileName: fileName,
                           location: nil, jsonPath: nil, hint: "fetch the bytes yourself and load them with init(data:fileName:)"),
            ])
        }
        return try parse(bytes: try read(path: url.path, fileName: fileName), fileName: fileName).get()
    }

    /// Loads a definition from UTF-8 bytes; `fileName` is only used in diagnostics.
    public static func parse(bytes: [UInt8], fileName: String) -> Result<LoadedDefinition, DefinitionDiagnostics> {
        let root: LocatedJSON
        do {
            root = try JSONValue.parseWithLocations(bytes)
        } catch {
            return .failure(DefinitionDiagnostics(fileName: fileName, diagnostics: [syntaxDiagnostic(error, fileName: fileName)]))
        }
        return load(root, fileName: fileName)
    }

    /// Loads a definition from text; `fileName` is only used in diagnostics.
    public static func parse(_ text: String, fileName: String) -> Result<LoadedDefinition, DefinitionDiagnostics> {
        parse(bytes: Array(text.utf8), fileName: fileName)
    }

    /// Loads an already parsed definition.
    public static func load(_ root: LocatedJSON, fileName: String) -> Result<LoadedDefinition, DefinitionDiagnostics> {
        var reader = DefinitionReader(fileName: fileName)
        reader.read(root)
        reader.checkUnusedAttributes()
        reader.checkConsistency()
        reader.checkReachability()
        let diagnostics = ordered(reader.diagnostics)
        let failure = DefinitionDiagnostics(fileName: fileName, diagnostics: diagnostics)
        guard failure.errors.isEmpty, let name = reader.name else { return .failure(failure) }
        let definition: FormattingDefinition
        do {
            definition = try FormattingDefinition(name: name, scope: reader.scopeDescriptors, declaredKeys: reader.attributeOrder,
                                              constraintList: reader.builtConstraints)
        } catch {
            // The checks above run the same validation, so this is only a safety net.
            reader.report(error)
            return .failure(DefinitionDiagnostics(fileName: fileName, diagnostics: ordered(reader.diagnostics)))
        }
        var ruleLocations: [String: JSONLocation] = [:]
        var summaries: [String: String] = [:]
        for constraint in reader.constraints {
            ruleLocations[constraint.name] = constraint.nameSite.location
            if let summary = constraint.summary { summaries[constraint.name] = summary }
        }
        if let scopeSite = reader.scopeSite { ruleLocations[BuiltInRule.scope.id] = scopeSite.location }
        if let summary = reader.summary { summaries[""] = summary }
        return .success(LoadedDefinition(
            fileName: fileName, definition: definition, attributes: reader.attributes, attributeOrder: reader.attributeOrder,
            severities: reader.severities, ruleLocations: ruleLocations, summaries: summaries, warnings: diagnostics))
    }

    /// The bytes of a file, or an `unreadable` diagnostic naming it `fileName`.
    static func read(path: String, fileName: String) throws(DefinitionDiagnostics) -> [UInt8] {
        var isDirectory: ObjCBool = false
        let problem: String
        if !FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
            problem = "no such file"
        } else if isDirectory.boolValue {
            problem = "it is a directory, not a definition file"
        } else if let data = FileManager.default.contents(atPath: path) {
            return [UInt8](data)
        } else {
            problem = "the file cannot be read (check its permissions)"
        }
        throw DefinitionDiagnostics(fileName: fileName, diagnostics: [
            Diagnostic(severity: .error, check: .unreadable, message: problem, fileName: fileName, location: nil, jsonPath: nil),
        ])
    }

    /// A JSON syntax error as a diagnostic; a repeated key is a duplicate name.
    static func syntaxDiagnostic(_ error: JSONSyntaxError, fileName: String) -> Diagnostic {
        let hint: String?
        var check = DefinitionCheck.syntax
        switch error.kind {
        case .duplicateKey:
            check = .duplicateName
            hint = "each name may appear once in an object; remove or rename one of them"
        case .unexpectedEnd: hint = "the file ends early; is a closing '}' or ']' missing?"
        case .trailingData: hint = "remove what follows the definition's closing '}'"
        case .unexpectedCharacter: hint = "check for a missing or extra comma, or an unquoted name"
        case .invalidUTF8: hint = "save the file as UTF-8"
        default: hint = nil
        }
        return Diagnostic(severity: .error, check: check, message: error.message, fileName: fileName,
                          location: error.location, jsonPath: nil, hint: hint)
    }

    /// Findings in file order (stable for findings at one place).
    static func ordered(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        diagnostics.enumerated().sorted { a, b in
            let (x, y) = (a.element.location?.byteOffset ?? -1, b.element.location?.byteOffset ?? -1)
            return x != y ? x < y : a.offset < b.offset
        }.map(\.element)
    }
}
