import Foundation
import XCTest

/// What pre-commit hooks pass: every changed file by name. A file inside an RTFD package is its package, and
/// under --force-exclude a named file that a folder search passes over is passed over.
final class HookInputCLITests: XCTestCase {
    func testAFileInsideAPackageLintsThePackageOnceAtItsTextFile() throws {
        let folder = try temporaryFolder(self)
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("Note.rtfd"), withIntermediateDirectories: true)
        try write(#"{\rtf1\ansi {\v hidden} text.\par}"#, to: "Note.rtfd/TXT.rtf", in: folder)
        try write("not an image", to: "Note.rtfd/picture.png", in: folder)
        let result = try FmtcheckProcess.run(["Note.rtfd/TXT.rtf", "Note.rtfd/picture.png", "-d", shippedDefinition("notes")], in: folder)
        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertEqual(result.out, "Note.rtfd/TXT.rtf:1:17: warning reader-warning: hidden text (\\v) is not kept\n")
        assertContains(result.err, ["in 1 of 1 file"])
    }

    func testForceExcludePassesOverWhatASearchWouldNotLint() throws {
        let folder = try temporaryFolder(self)
        try FileManager.default.copyItem(atPath: shippedDefinition("recipe"), toPath: folder.appendingPathComponent("recipe.json").path)
        try write(#"{"definition": "recipe.json"}"#, to: ".fmtcheck.json", in: folder)
        try write(#"{"type": "object"}"#, to: "doc.schema.json", in: folder)
        try FileManager.default.createDirectory(at: folder.appendingPathComponent(".vscode"), withIntermediateDirectories: true)
        try write(#"{"editor.tabSize": 2}"#, to: ".vscode/settings.json", in: folder)
        try write(#"["Water",{}]"#, to: "doc.json", in: folder)
        let named = ["recipe.json", ".fmtcheck.json", "doc.schema.json", ".vscode/settings.json", "doc.json"]
        let forced = try FmtcheckProcess.run(["--force-exclude", "--verbose"] + named, in: folder)
        XCTAssertEqual(forced.status, 0, forced.err)
        assertContains(forced.err, ["recipe.json: skipped: a definition file", ".fmtcheck.json: skipped: a hidden file",
                                    "doc.schema.json: skipped: a JSON schema", ".vscode/settings.json: skipped: in a hidden folder",
                                    "no problems in 1 file"])
        // Named without --force-exclude, a file is linted whatever it is.
        let named2 = try FmtcheckProcess.run(["recipe.json"], in: folder)
        XCTAssertEqual(named2.status, 2, named2.err)
    }
}
