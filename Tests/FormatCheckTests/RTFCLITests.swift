import Foundation
import XCTest

/// `fmtcheck` on RTF and RTFD, run as a process: lint, `--fix` in the document's own format with its notes up
/// front, folder discovery of `.rtf` files and `.rtfd` packages, conversion both ways, and malformed input.
final class RTFCLITests: XCTestCase {
    static let linkedNote = #"{\rtf1\ansi\ansicpg1252 {\field{\*\fldinst{HYPERLINK "https://swift.org"}}{\fldrslt swift}} is fast\par}"#

    func testLintReadsRTFAndReportsTheDefinitionsFindings() throws {
        let folder = try temporaryFolder(self)
        let note = try write(Self.linkedNote, to: "note.rtf", in: folder)
        let result = try FmtcheckProcess.run(["--definition", shippedDefinition("notes"), note])
        XCTAssertEqual(result.status, 1, result.err)
        XCTAssertTrue(result.out.contains("LinksAreBlue"), result.out)
        XCTAssertTrue(result.out.contains("LinksAreUnderlined"), result.out)
        // Where the link's text "swift" is in the RTF, after its field instruction.
        XCTAssertTrue(result.out.contains("note.rtf:1:85: error LinksAreBlue"), result.out)
    }

    func testFixWritesRTFAndSaysUpFrontWhatRTFDoesNotKeep() throws {
        let folder = try temporaryFolder(self)
        let source = #"{\rtf1\ansi {\field{\*\fldinst{HYPERLINK "https://swift.org"}}{\fldrslt swift}} is {\v secret }fast\par}"#
        let note = try write(source, to: "note.rtf", in: folder)
        let fixed = try FmtcheckProcess.run(["--definition", shippedDefinition("notes"), "--fix", "--unsafe-fixes", note])
        XCTAssertEqual(fixed.status, 0, fixed.err + fixed.out)
        XCTAssertTrue(fixed.err.contains("note.rtf: note: the fix was written as RTF, which does not keep:"), fixed.err)
        XCTAssertTrue(fixed.err.lowercased().contains("hidden"), fixed.err)
        let written = try String(contentsOfFile: note, encoding: .utf8)
        XCTAssertTrue(written.hasPrefix(#"{\rtf1\ansi\ansicpg1252\cocoartf"#), written)
        XCTAssertFalse(written.contains("secret"), "hidden text is what the note said would go")
        let again = try FmtcheckProcess.run(["--definition", shippedDefinition("notes"), note])
        XCTAssertEqual(again.status, 0, again.out + again.err)
    }

    func testDiffOnRTFShowsTheChangeAndWritesNothing() throws {
        let folder = try temporaryFolder(self)
        let note = try write(Self.linkedNote, to: "note.rtf", in: folder)
        // Rewriting this RTF keeps everything it holds, so the fix is safe: --diff shows the RTF --fix writes.
        let result = try FmtcheckProcess.run(["--definition", shippedDefinition("notes"), "--diff", note])
        XCTAssertEqual(result.status, 1, result.err)
        XCTAssertTrue(result.out.contains("--- a/\(note.dropFirst())\n+++ b/\(note.dropFirst())\n") || result.out.contains("--- a/\(note)"), result.out)
        XCTAssertTrue(result.out.contains("-" + Self.linkedNote), result.out)
        XCTAssertTrue(result.out.contains("\\cf"), "the link's colour, in RTF: \(result.out)")
        let runs = try FmtcheckProcess.run(["--definition", shippedDefinition("notes"), "--diff=runs", note])
        XCTAssertTrue(runs.out.contains("foregroundColor"), runs.out)
        XCTAssertEqual(try String(contentsOfFile: note, encoding: .utf8), Self.linkedNote)
    }

    func testAFolderIsSearchedForRTFFilesAndRTFDPackagesEachOneDocument() throws {
        let folder = try temporaryFolder(self)
        _ = try write(Self.linkedNote, to: "a.rtf", in: folder)
        let package = folder.appendingPathComponent("b.rtfd")
        try FileManager.default.createDirectory(at: package, withIntermediateDirectories: true)
        _ = try write(Self.linkedNote, to: "TXT.rtf", in: package)
        _ = try write(#"["plain",{}]"#, to: "c.json", in: folder)
        let result = try FmtcheckProcess.run(["--definition", shippedDefinition("notes"), "--format", "json", folder.path])
        XCTAssertEqual(result.status, 1, result.err)
        let report = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any])
        let summary = try XCTUnwrap(report["summary"] as? [String: Any])
        XCTAssertEqual(summary["files"] as? Int, 3, "a.rtf, the b.rtfd package and c.json; not b.rtfd/TXT.rtf on its own")
        let violations = try XCTUnwrap(report["violations"] as? [[String: Any]])
        // A package's findings are in its TXT.rtf, and name the package as their document.
        let files = Set(violations.compactMap { ($0["file"] as? String).map { String($0.dropFirst(folder.path.count + 1)) } })
        XCTAssertEqual(files, ["a.rtf", "b.rtfd/TXT.rtf"])
        let inPackage = try XCTUnwrap(violations.first { ($0["file"] as? String)?.hasSuffix("TXT.rtf") == true })
        XCTAssertEqual(inPackage["document"] as? String, folder.appendingPathComponent("b.rtfd").path)
        XCTAssertEqual(inPackage["column"] as? Int, 85)
    }

    /// JSON → RTF → JSON gives what JSON → JSON gives (the JSON writer's own forms: `link` as Foundation's URL).
    func testConvertRoundTripsNativeJSONThroughRTF() throws {
        let folder = try temporaryFolder(self)
        let document = ##"["Title\n",{"alignment":"center","bold":true,"fontSize":18},"green ",{"foregroundColor":"#34c759","italic":true},"link",{"link":"https:\/\/swift.org","underline":true}]"##
        let input = try write(document, to: "in.json", in: folder)
        let rtf = folder.appendingPathComponent("note.rtf").path
        let there = try FmtcheckProcess.run(["convert", input, rtf])
        XCTAssertEqual(there.status, 0, there.err)
        let back = folder.appendingPathComponent("back.json").path
        let again = try FmtcheckProcess.run(["convert", rtf, back])
        XCTAssertEqual(again.status, 0, again.err)
        let direct = folder.appendingPathComponent("direct.json").path
        XCTAssertEqual(try FmtcheckProcess.run(["convert", input, direct]).status, 0)
        XCTAssertEqual(try String(contentsOfFile: back, encoding: .utf8), try String(contentsOfFile: direct, encoding: .utf8))
        XCTAssertTrue(try String(contentsOfFile: back, encoding: .utf8).contains(##""foregroundColor":"#34c759""##))
    }

    func testConvertKeepsGlyphImagesInBothRTFDForms() throws {
        let folder = try temporaryFolder(self)
        let input = try write(ConvertCLITests.glyphDocument, to: "in.json", in: folder)
        for (name, format) in [("package.rtfd", "rtfd"), ("flat.rtfd", "rtfd-flat")] {
            let rtfd = folder.appendingPathComponent(name).path
            let there = try FmtcheckProcess.run(["convert", input, rtfd, "--to", format])
            XCTAssertEqual(there.status, 0, there.err)
            var isDirectory: ObjCBool = false
            XCTAssertTrue(FileManager.default.fileExists(atPath: rtfd, isDirectory: &isDirectory))
            XCTAssertEqual(isDirectory.boolValue, format == "rtfd", name)
            let back = folder.appendingPathComponent(name + ".json").path
            let again = try FmtcheckProcess.run(["convert", rtfd, back])
            XCTAssertEqual(again.status, 0, again.err)
            let json = try String(contentsOfFile: back, encoding: .utf8)
            XCTAssertTrue(json.contains(#""data":"AQID""#), "\(name): the image bytes survive: \(json)")
            XCTAssertTrue(json.contains(#""contentIdentifier":"cat""#), json)
        }
    }

    func testMalformedRTFIsAMalformedDocumentWithItsLineAndColumn() throws {
        let folder = try temporaryFolder(self)
        let note = try write("{\\rtf1\\ansi\n{\\b unbalanced\\par\n", to: "broken.rtf", in: folder)
        let result = try FmtcheckProcess.run(["--definition", shippedDefinition("notes"), note])
        XCTAssertEqual(result.status, 2, result.out + result.err)
        XCTAssertTrue(result.out.contains("broken.rtf:"), result.out)
        XCTAssertTrue(result.out.contains("malformed-document"), result.out)
    }
}
