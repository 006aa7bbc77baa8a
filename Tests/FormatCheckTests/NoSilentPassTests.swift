import Foundation
import XCTest
import DefinitionFiles

/// A CI run never passes silently (issue 19): a rule name that is no rule, an empty selection, a folder with
/// nothing to lint, an unreadable document, a diff where a report was asked for, a definition that did not load
/// and a document the folder search passed over are each said, and the exit code is 2 where nothing was checked.
final class NoSilentPassTests: XCTestCase {
    func run(_ arguments: [String], in folder: URL? = nil) throws -> FmtcheckProcess.Result {
        if let folder { return try FmtcheckProcess.run(arguments, in: folder) }
        return try FmtcheckProcess.run(arguments)
    }

    func testAnUnknownRuleOnTheCommandLineIsAUsageErrorWithDidYouMean() throws {
        for option in ["--select", "--ignore"] {
            let result = try run(["--definition", shippedDefinition("recipe"), option, "IngredientsAreGren", "Examples/recipes"])
            XCTAssertEqual(result.status, 2, "\(option): \(result.err)")
            XCTAssertEqual(result.out, "", "nothing is linted")
            XCTAssertTrue(result.err.contains("\(option): error: 'IngredientsAreGren' is not a rule of any definition in this run (did you mean 'IngredientsAreGreen'?)"), result.err)
        }
    }

    func testAnUnknownRuleInAConfigurationIsAnErrorNamingTheFile() throws {
        let folder = try temporaryFolder(self)
        try write(#"{"definition":"\#(shippedDefinition("recipe"))","ignore":["wrong-typ"]}"#, to: ".fmtcheck.json", in: folder)
        try write(#"["milk",{"ingredient":"milk"}]"#, to: "a.json", in: folder)
        let result = try run([folder.path])
        XCTAssertEqual(result.status, 2, result.err)
        XCTAssertTrue(result.err.contains(".fmtcheck.json: error: \"ignore\" names 'wrong-typ', which is not a rule of definition 'recipe' (did you mean 'wrong-type'?)"), result.err)
    }

    func testAnEmptySelectionIsAnError() throws {
        for arguments in [["--select", ""], ["--select", "scope", "--ignore", "scope"]] {
            let result = try run(["--definition", shippedDefinition("recipe")] + arguments + ["Examples/recipes"])
            XCTAssertEqual(result.status, 2, "\(arguments): \(result.err)")
            XCTAssertTrue(result.err.contains("the selection is empty"), "\(arguments): \(result.err)")
        }
    }

    func testAFolderWithNoDocumentsExitsTwo() throws {
        let folder = try temporaryFolder(self)
        let empty = folder.appendingPathComponent("empty")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        try write("notes", to: "README.txt", in: empty)
        let result = try run(["--definition", shippedDefinition("recipe"), empty.path])
        XCTAssertEqual(result.status, 2, result.err)
        XCTAssertTrue(result.err.contains("no documents found under \(empty.path)"), result.err)
        XCTAssertTrue(result.err.contains("0 files linted"), result.err)
    }

    func testAMalformedDocumentIsReportedAndExitsTwoWhateverTheSelection() throws {
        let folder = try temporaryFolder(self)
        let bad = try write("not json", to: "bad.json", in: folder)
        for arguments in [[], ["--select", "IngredientsAreGreen"], ["--ignore", "malformed-document"]] {
            let result = try run(["--definition", shippedDefinition("recipe")] + arguments + [bad])
            XCTAssertEqual(result.status, 2, "\(arguments): \(result.out)\(result.err)")
            XCTAssertTrue(result.out.contains("bad.json:1:2: error malformed-document: the document cannot be read"), "\(arguments): \(result.out)")
        }
    }

    func testADiffIsNeverPlainTextWhereAReportFormatWasAsked() throws {
        for format in ["json", "sarif", "html"] {
            let result = try run(["--definition", shippedDefinition("recipe"), "--diff", "--format", format, "Examples/recipes/smoothie.json"])
            XCTAssertEqual(result.status, 2, "\(format): \(result.err)")
            XCTAssertEqual(result.out, "", format)
            XCTAssertTrue(result.err.contains("--diff writes a unified diff, which --format \(format) does not carry"), result.err)
        }
    }

    func testADefinitionThatDidNotLoadIsSaidOnceAndNothingCountsAsLinted() throws {
        let folder = try temporaryFolder(self)
        for name in ["a", "b", "c"] { try write(#"["x",{}]"#, to: "\(name).json", in: folder) }
        let missing = folder.appendingPathComponent("missing.json").path
        let result = try run(["--definition", missing, folder.path])
        XCTAssertEqual(result.status, 2, result.err)
        XCTAssertEqual(result.err.components(separatedBy: "definition-unreadable").count - 1, 1, result.err)
        XCTAssertEqual(result.err.components(separatedBy: "did not load").count - 1, 1, "once, not per document: \(result.err)")
        XCTAssertTrue(result.err.contains("3 documents not linted: their definition \(missing) did not load"), result.err)
        XCTAssertTrue(result.err.contains("0 files linted; 3 files not linted"), result.err)
        XCTAssertFalse(result.err.contains("no problems"), result.err)
    }

    func testTheDocumentADefinitionThatDidNotLoadKeptFromLintingIsNamedEscaped() throws {
        let folder = try temporaryFolder(self)
        let document = "bell\u{07}.json"
        try write(#"["x",{}]"#, to: document, in: folder)
        let result = try run(["--definition", folder.appendingPathComponent("missing.json").path, folder.appendingPathComponent(document).path])
        XCTAssertEqual(result.status, 2, result.err)
        XCTAssertFalse(result.err.contains("\u{07}"), "no control character reaches the terminal: \(result.err)")
        XCTAssertTrue(result.err.contains(TerminalText.escaped(document) + ": error: its definition"), result.err)
    }

    func testFolderSearchDecidesByContentMatchesExtensionsInAnyCaseAndSaysWhatItSkips() throws {
        let folder = try temporaryFolder(self)
        // Documents whose object starts with what a definition's does, and one with an upper-case extension.
        try write(#"{"description":"x","runs":["milk",{"ingredient":"milk"}]}"#, to: "described.json", in: folder)
        try write(#"{"name":"n","runs":["milk",{"ingredient":"milk"}]}"#, to: "named.json", in: folder)
        try write(#"["milk",{"ingredient":"milk"}]"#, to: "UPPER.JSON", in: folder)
        // The table form as fmtcheck writes it: its table first, longer than the first bytes looked at.
        let table = (0..<40).map { #"{"ingredient":"item \#($0)"}"# }.joined(separator: ",")
        try write(#"{"attributeTable":["# + table + #"],"runs":["milk",0]}"#, to: "tabled.json", in: folder)
        // What is passed over, each said with --verbose and counted always.
        try write(#"{"name":"d","attributes":{},"scope":[]}"#, to: "definition.json", in: folder)
        try write(#"{"type":"object"}"#, to: "thing.schema.json", in: folder)
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("dangling.json").path, withDestinationPath: "gone.json")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("folder.json"), withIntermediateDirectories: true)
        try write(#"["x",{}]"#, to: "inner.json", in: folder.appendingPathComponent("folder.json"))
        let plain = try run(["--definition", shippedDefinition("recipe"), folder.path])
        XCTAssertEqual(plain.status, 1, plain.err)
        for name in ["described.json", "named.json", "UPPER.JSON", "tabled.json"] {
            XCTAssertTrue(plain.out.contains("\(folder.path)/\(name):"), "\(name) is linted: \(plain.out)")
        }
        XCTAssertTrue(plain.err.contains("4 skipped (--verbose lists them)"), plain.err)
        XCTAssertFalse(plain.err.contains("skipped:"), "listed only with --verbose")
        let verbose = try run(["--definition", shippedDefinition("recipe"), "--verbose", folder.path])
        for (name, reason) in [("definition.json", "a definition file"), ("thing.schema.json", "a JSON schema"),
                               ("dangling.json", "a symbolic link to gone.json, which does not exist"),
                               ("folder.json", "a folder named like a document, searched as a folder")] {
            XCTAssertTrue(verbose.err.contains("\(folder.path)/\(name): skipped: \(reason)"), "\(name): \(verbose.err)")
        }
        // Named on the command line, the definition file is linted, and is no document.
        let named = try run(["--definition", shippedDefinition("recipe"), folder.appendingPathComponent("definition.json").path])
        XCTAssertEqual(named.status, 2, named.err)
        XCTAssertTrue(named.out.contains("malformed-document"), named.out)
    }
}
