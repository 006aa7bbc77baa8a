import DefinitionFiles
import FormatCheck
import Formatting
import Foundation
import RichText
import XCTest

/// An app loading a definition through the DefinitionFiles library gets exactly what `fmtcheck definition
/// check` gives: the same definition, and the same errors and warnings, rendered the same.
final class LibraryLoadingMatchesCLITests: XCTestCase {
    /// What a definition means to the engine, as comparable text.
    private func fingerprint(_ definition: FormattingDefinition) -> [String] {
        ["name \(definition.name)"] + definition.scope.map { "scope \($0.name): \($0.behavior)" } + definition.constraints.map { constraint in
            var line = "\(type(of: constraint)) \(constraint.name) owns \(constraint.key.name) (\(constraint.key.behavior)) reads \(constraint.reads.sorted())"
            switch constraint {
            case let rules as Rules: line += " rules \(rules.rules.map { "\($0.condition) -> \($0.action)" }) otherwise \(rules.otherwise)"
            case let allowed as AllowedValues: line += " values \(allowed.values) default \(String(describing: allowed.defaultValue))"
            case let clamp as Clamp: line += " clamp \(String(describing: clamp.lower))...\(String(describing: clamp.upper))"
            default: break
            }
            return line
        }
    }

    /// The library's result for `path`, compared with the CLI's on the same path (relative to the package root).
    private func assertLibraryMatchesCLI(_ path: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let cli = try FmtcheckProcess.run(["definition", "check", path])
        let url = URL(fileURLWithPath: path, relativeTo: packageRoot)
        do {
            let library = try LoadedDefinition(contentsOf: url)
            let linter = try DefinitionFile.load(path: url.path)
            XCTAssertEqual(fingerprint(library.definition), fingerprint(linter.definition), path, file: file, line: line)
            XCTAssertEqual(library.warnings.map(\.check), linter.warnings.map(\.check), path, file: file, line: line)
            XCTAssertEqual(cli.status, 0, path, file: file, line: line)
            XCTAssertEqual(cli.err, library.warnings.map { $0.description + "\n" }.joined(), path, file: file, line: line)
            XCTAssertTrue(cli.out.hasPrefix("\(path): ok: definition '\(library.name)'"), cli.out, file: file, line: line)
        } catch {
            XCTAssertNotEqual(cli.status, 0, path, file: file, line: line)
            XCTAssertTrue(cli.err.hasPrefix(error.diagnostics.map { $0.description + "\n" }.joined()), "\(path):\n\(cli.err)\n---\n\(error)",
                          file: file, line: line)
            XCTAssertTrue(cli.err.hasSuffix("\(path): invalid definition: \(error.errors.count) error\(error.errors.count == 1 ? "" : "s")"
                                            + (error.warnings.isEmpty ? "" : ", \(error.warnings.count) warning\(error.warnings.count == 1 ? "" : "s")") + "\n"),
                          cli.err, file: file, line: line)
        }
    }

    func testEveryFileInDefinitionsLoadsThroughTheLibraryAsTheCLIChecksIt() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: packageRoot.appendingPathComponent("Definitions").path)
            .filter { $0.hasSuffix(".json") }.sorted()
        XCTAssertTrue(files.contains("recipe.json"))
        for file in files { try assertLibraryMatchesCLI("Definitions/" + file) }
    }

    func testAFileWithErrorsAndWarningsFailsTheLibraryAsItFailsTheCLI() throws {
        let path = try write("""
        {"name": "recipe",
         "attributes": {"foregroundColor": {"type": "color"}, "ingredient": {"type": "string"},
                        "adaptiveImageGlyph": {"type": "imageGlyph", "runBoundaries": {"character": "\\uFFFC"}}},
         "scope": ["foregroundColor", "ingredient", "adaptiveImageGlyph"],
         "constraints": [{"name": "IngredientsAreGreen", "key": "foregroundColor",
                          "rules": [{"when": {"present": "ingredeint"}, "set": "#34C759"}], "otherwise": "remove"}]}
        """, to: "misspelled.json", in: try temporaryFolder(self))
        try assertLibraryMatchesCLI(path)
        XCTAssertThrowsError(try FormattingDefinition(contentsOf: URL(fileURLWithPath: path))) { error in
            let problems = error as? DefinitionDiagnostics
            XCTAssertEqual(problems?.diagnostics.map(\.check), [.inheritableGlyph, .unknownAttribute])
            XCTAssertEqual(problems?.errors.first?.hint, "did you mean 'ingredient'?")
        }
    }

    func testAWarnedFileLoadsThroughTheLibraryWithTheCLIWarnings() throws {
        let path = try write("""
        {"name": "glyph", "attributes": {"adaptiveImageGlyph": {"type": "imageGlyph"}}, "scope": ["adaptiveImageGlyph"]}
        """, to: "glyph.json", in: try temporaryFolder(self))
        try assertLibraryMatchesCLI(path)
        XCTAssertEqual(try LoadedDefinition(contentsOf: URL(fileURLWithPath: path)).warnings.map(\.headline),
                       ["\(path):1:34: warning definition-inheritable-glyph: 'adaptiveImageGlyph' holds image glyphs and is inherited by added text, so typing U+FFFC after a glyph duplicates it"])
    }
}
