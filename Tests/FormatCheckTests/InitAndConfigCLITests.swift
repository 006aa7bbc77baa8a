import Foundation
import XCTest

/// `fmtcheck init` writes a starter configuration from the documents it finds and the definitions it is told
/// of, and never replaces one without --force; `--config FILE` uses that file and looks for no other.
final class InitAndConfigCLITests: XCTestCase {
    /// recipes/ and notes/ from Examples, the two definitions, and a JSON file that is not a document.
    func corpus() throws -> URL {
        let folder = try temporaryFolder(self)
        let manager = FileManager.default
        for (sub, names) in [("recipes", ["bread", "pancakes", "smoothie"]), ("notes", ["meeting", "shopping-list"])] {
            try manager.createDirectory(at: folder.appendingPathComponent(sub), withIntermediateDirectories: true)
            for name in names {
                try manager.copyItem(at: packageRoot.appendingPathComponent("Examples/\(sub)/\(name).json"),
                                     to: folder.appendingPathComponent("\(sub)/\(name).json"))
            }
        }
        try manager.createDirectory(at: folder.appendingPathComponent("defs"), withIntermediateDirectories: true)
        for name in ["recipe", "notes"] {
            try manager.copyItem(atPath: shippedDefinition(name), toPath: folder.appendingPathComponent("defs/\(name).json").path)
        }
        try write(#"{"name": "tool", "version": 3}"#, to: "recipes/settings.json", in: folder)
        return folder
    }

    func testInitChoosesTheDefinitionEachFolderFitsAndExcludesWhatIsNoDocument() throws {
        let folder = try corpus()
        let result = try FmtcheckProcess.run(["init", "--definition", "defs/recipe.json", "--definition", "defs/notes.json"], in: folder)
        XCTAssertEqual(result.status, 0, result.err)
        let root = try String(contentsOf: folder.appendingPathComponent(".fmtcheck.json"), encoding: .utf8)
        XCTAssertEqual(root, """
        {
          "definition" : "defs/recipe.json",
          "extendExclude" : [
            "/recipes/settings.json"
          ]
        }

        """)
        let notes = try String(contentsOf: folder.appendingPathComponent("notes/.fmtcheck.json"), encoding: .utf8)
        XCTAssertEqual(notes, "{\n  \"definition\" : \"../defs/notes.json\"\n}\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("recipes/.fmtcheck.json").path))
        assertContains(result.out, ["wrote .fmtcheck.json: definition defs/recipe.json (fits 3 of 5 documents); 1 JSON file that is not a document excluded (recipes/settings.json)\n",
                                    "wrote notes/.fmtcheck.json: definition ../defs/notes.json (fits 2 of 2 documents)\n",
                                    "next: fmtcheck . ("])
        // What it says a first run finds is what a first run finds.
        let lint = try FmtcheckProcess.run(["."], in: folder)
        XCTAssertEqual(lint.status, 1, lint.err)
        let problems = lint.out.split(separator: "\n").count
        XCTAssertTrue(result.out.contains("(\(problems) problem"), "init: \(result.out)\nlint: \(lint.out)")
        XCTAssertFalse(lint.out.contains("settings.json"), lint.out)
    }

    func testInitWithoutADefinitionUsesTheDefinitionFilesItFinds() throws {
        let folder = try corpus()
        let result = try FmtcheckProcess.run(["init"], in: folder)
        XCTAssertEqual(result.status, 0, result.err)
        assertContains(result.err, ["found 2 definitions under ."])
        XCTAssertTrue(FileManager.default.fileExists(atPath: folder.appendingPathComponent(".fmtcheck.json").path))
    }

    func testInitNeverReplacesAConfigurationWithoutForce() throws {
        let folder = try corpus()
        let mine = #"{"definition": "defs/notes.json", "maxWarnings": 3}"#
        try write(mine, to: ".fmtcheck.json", in: folder)
        let refused = try FmtcheckProcess.run(["init", "-d", "defs/recipe.json"], in: folder)
        XCTAssertEqual(refused.status, 2)
        assertContains(refused.err, [".fmtcheck.json exists; 'init' never replaces a configuration (pass --force to replace it)"])
        XCTAssertEqual(try String(contentsOf: folder.appendingPathComponent(".fmtcheck.json"), encoding: .utf8), mine)
        let forced = try FmtcheckProcess.run(["init", "-d", "defs/recipe.json", "--force"], in: folder)
        XCTAssertEqual(forced.status, 0, forced.err)
        XCTAssertTrue(try String(contentsOf: folder.appendingPathComponent(".fmtcheck.json"), encoding: .utf8).contains("defs/recipe.json"))
    }

    func testInitRefusesADefinitionThatDoesNotLoadAndAFolderWithNone() throws {
        let folder = try temporaryFolder(self)
        try write(#"["a",{}]"#, to: "a.json", in: folder)
        let none = try FmtcheckProcess.run(["init"], in: folder)
        XCTAssertEqual(none.status, 2)
        assertContains(none.err, ["no definition file under ., and none given"])
        try write(#"{"name": "x", "attributes": {}, "scope": ["nope"]}"#, to: "broken.def", in: folder)
        let broken = try FmtcheckProcess.run(["init", "-d", "broken.def"], in: folder)
        XCTAssertEqual(broken.status, 2)
        assertContains(broken.err, ["broken.def does not load"])
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent(".fmtcheck.json").path))
    }

    func testConfigUsesThatFileAndNoOther() throws {
        let folder = try corpus()
        // A nearer configuration that --config must not read, and one under another name that it names; its
        // paths are relative to its own folder, as a found file's are.
        try write(#"{"definition": "../defs/notes.json"}"#, to: "recipes/.fmtcheck.json", in: folder)
        try write(#"{"definition": "defs/recipe.json", "extendExclude": ["settings.json"], "select": ["IngredientsAreGreen"]}"#, to: "fmtcheck.ci.json", in: folder)
        let result = try FmtcheckProcess.run(["--config", "fmtcheck.ci.json", "recipes"], in: folder)
        XCTAssertEqual(result.status, 1, result.err)
        XCTAssertEqual(result.out, "recipes/bread.json:1:22: error IngredientsAreGreen: foregroundColor is #34c759 but IngredientsAreGreen requires no foregroundColor on \"500 g of flour\"\n"
                       + "recipes/smoothie.json:1:118: error IngredientsAreGreen: foregroundColor is nil but IngredientsAreGreen requires #34c759 on \"milk\"\n")
        let printed = try FmtcheckProcess.run(["--config", "fmtcheck.ci.json", "--print-config", "recipes/bread.json"], in: folder)
        assertContains(printed.out, ["defs/recipe.json"])
        assertLacks(printed.out, ["notes.json"])
        // Without it, the nearest file decides.
        let nearest = try FmtcheckProcess.run(["--print-config", "recipes/bread.json"], in: folder)
        assertContains(nearest.out, ["defs/notes.json"])
    }

    func testAConfigThatCannotBeReadIsAnErrorAtItsPath() throws {
        let folder = try corpus()
        let missing = try FmtcheckProcess.run(["--config", "nope.json", "recipes"], in: folder)
        XCTAssertEqual(missing.status, 2)
        assertContains(missing.err, ["nope.json", "cannot be read"])
        try write(#"{"definition": 3}"#, to: "bad.json", in: folder)
        let bad = try FmtcheckProcess.run(["--config", "bad.json", "recipes"], in: folder)
        XCTAssertEqual(bad.status, 2)
        assertContains(bad.err, ["bad.json:1:", "\"definition\" must be a path to a definition file"])
    }
}
