import Foundation
import XCTest

/// `--fix` changes only what its findings name, `--diff` is the patch it would apply, and a fix that drops data
/// waits for `--unsafe-fixes` (issue 19).
final class FixNamesOnlyItsFindingsTests: XCTestCase {
    func fix(_ file: String, _ definition: String = shippedDefinition("recipe"), _ extra: [String] = [], in folder: URL) throws -> (FmtcheckProcess.Result, String) {
        let result = try FmtcheckProcess.run(["--definition", definition, "--fix"] + extra + [file], in: folder)
        return (result, try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8))
    }

    func testUntouchedValuesKeepTheirSpellingKeyOrderAndTheFileItsLayout() throws {
        let folder = try temporaryFolder(self)
        // A definition where links are blue: the fix adds a colour and leaves the link as written.
        let definition = try write("""
            {"name":"links","attributes":{"link":{"type":"url"},"foregroundColor":{"type":"color"},"size":{"type":"number"}},
             "scope":["link","foregroundColor","size"],
             "constraints":[{"name":"LinksAreBlue","key":"foregroundColor","rules":[{"when":{"present":"link"},"set":"#007AFF"}],"otherwise":"remove"}]}
            """, to: "links.json.definition", in: folder)
        let compact = #"["see ",{"size":12.50},"the docs",{"size":1e1,"link":"https://swift.org/docs"},"\u00e9",{}]"# + "\n"
        try write(compact, to: "compact.json", in: folder)
        let (result, written) = try fix("compact.json", definition, in: folder)
        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertEqual(written, ##"["see ",{"size":12.50},"the docs",{"size":1e1,"link":"https://swift.org/docs","foregroundColor":"#007aff"},"\u00e9",{}]"## + "\n")
        // The same document pretty-printed stays pretty-printed, each member on its line.
        let pretty = """
            [
              "see ",
              {
                "size" : 12.50
              },
              "the docs",
              {
                "size" : 1e1,
                "link" : "https://swift.org/docs"
              }
            ]

            """
        try write(pretty, to: "pretty.json", in: folder)
        let (again, prettyWritten) = try fix("pretty.json", definition, in: folder)
        XCTAssertEqual(again.status, 0, again.err)
        XCTAssertEqual(prettyWritten, pretty.replacingOccurrences(of: "\"link\" : \"https://swift.org/docs\"\n",
                                                                  with: "\"link\" : \"https://swift.org/docs\",\n    \"foregroundColor\" : \"#007aff\"\n"))
    }

    func testARunTheFixSplitsIsCutInItsOwnTokenKeepingItsEscapes() throws {
        let folder = try temporaryFolder(self)
        // Paragraph 1 is "xé\n": its first character is left-aligned, so "é\n" must be too; "b" starts paragraph 2.
        let original = #"["x",{"alignment":"left"},"\u00e9\nb",{"alignment":"center"}]"#
        try write(original, to: "letter.json", in: folder)
        let (result, written) = try fix("letter.json", shippedDefinition("paragraph-styles"), in: folder)
        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertEqual(written, #"["x",{"alignment":"left"},"\u00e9\n",{"alignment":"left"},"b",{"alignment":"center"}]"#)
    }

    func testTheTableFormPatchesAnEntryAllItsRunsShareAndAppendsOneForARunThatDiffers() throws {
        let folder = try temporaryFolder(self)
        let original = #"{"attributeTable":[{"ingredient":"milk"},{}],"runs":["milk",0," and ",1,"milk",0," or ",1,"eggs",1]}"#
        try write(original, to: "table.json", in: folder)
        let (result, written) = try fix("table.json", in: folder)
        XCTAssertEqual(result.status, 0, result.err)
        // Both milks want the same colour: their entry gains it where it is.
        XCTAssertEqual(written, ##"{"attributeTable":[{"ingredient":"milk","foregroundColor":"#34c759"},{}],"runs":["milk",0," and ",1,"milk",0," or ",1,"eggs",1]}"##)
    }

    func testTheDiffIsAPatchGitAndPatchApplyToGiveWhatFixWrites() throws {
        let folder = try temporaryFolder(self)
        let smoothie = try String(contentsOf: packageRoot.appendingPathComponent("Examples/recipes/smoothie.json"), encoding: .utf8)
        try write(smoothie, to: "compact.json", in: folder)
        let pretty = try JSONSerialization.data(withJSONObject: try JSONSerialization.jsonObject(with: Data(smoothie.utf8)), options: [.prettyPrinted])
        try pretty.write(to: folder.appendingPathComponent("pretty.json"))
        // CRLF line ends (issue 39): lines split at each LF, each keeping its CR, as patch splits them.
        try Data(String(decoding: pretty, as: UTF8.self).replacingOccurrences(of: "\n", with: "\r\n").utf8).write(to: folder.appendingPathComponent("crlf.json"))
        try write(RTFCLITests.linkedNote, to: "note.rtf", in: folder)
        let files = [("compact.json", shippedDefinition("recipe")), ("pretty.json", shippedDefinition("recipe")), ("crlf.json", shippedDefinition("recipe")),
                     ("note.rtf", shippedDefinition("notes"))]
        for tool in [["git", "apply"], ["patch", "-p1", "--quiet", "-i"]] {
            let work = try temporaryFolder(self)
            for (name, _) in files { try FileManager.default.copyItem(at: folder.appendingPathComponent(name), to: work.appendingPathComponent(name)) }
            var expected: [String: Data] = [:]
            for (name, definition) in files {
                let diff = try FmtcheckProcess.run(["--definition", definition, "--diff", name], in: work)
                XCTAssertEqual(diff.status, 1, "\(name): \(diff.err)")
                if name == "crlf.json" {
                    XCTAssertFalse(diff.out.contains("@@ -1,1 +1,1 @@"), "not the whole file as one line: \(diff.out)")
                    XCTAssertTrue(diff.out.contains("\r\n+"), "each line a line of the patch, its CR kept: \(diff.out)")
                }
                let patch = try write(diff.out, to: "\(name).patch", in: work)
                // What --fix writes, in a copy.
                let copy = try temporaryFolder(self)
                try FileManager.default.copyItem(at: work.appendingPathComponent(name), to: copy.appendingPathComponent(name))
                XCTAssertEqual(try FmtcheckProcess.run(["--definition", definition, "--fix", name], in: copy).status, 0)
                expected[name] = try Data(contentsOf: copy.appendingPathComponent(name))
                let applied = try Self.run(tool + [patch], in: work)
                guard applied != 127 else { throw XCTSkip("\(tool[0]) is not installed") }
                XCTAssertEqual(applied, 0, "\(tool.joined(separator: " ")) \(name).patch")
            }
            for (name, _) in files {
                XCTAssertEqual(try Data(contentsOf: work.appendingPathComponent(name)), expected[name], "\(tool[0]) gives what --fix writes for \(name)")
            }
        }
    }

    /// Runs a tool in `folder`; its exit status (127 when it is not installed).
    static func run(_ arguments: [String], in folder: URL) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        process.currentDirectoryURL = folder
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }

    func testAFixThroughASymbolicLinkFixesTheTargetAndKeepsTheLink() throws {
        let folder = try temporaryFolder(self)
        try write(#"["milk",{"ingredient":"milk"}]"#, to: "target.json", in: folder)
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("link.json").path, withDestinationPath: "target.json")
        let result = try FmtcheckProcess.run(["--definition", shippedDefinition("recipe"), "--fix", "link.json"], in: folder)
        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: folder.appendingPathComponent("link.json").path), "target.json")
        XCTAssertEqual(try String(contentsOf: folder.appendingPathComponent("target.json"), encoding: .utf8),
                       ##"["milk",{"ingredient":"milk","foregroundColor":"#34c759"}]"##)
    }

    func testAFixThatDropsDataWaitsForUnsafeFixes() throws {
        let folder = try temporaryFolder(self)
        let original = #"["milk",{"ingredient":"milk","bold":true}," salt",{"ingredient":5}]"#
        try write(original, to: "a.json", in: folder)
        // Reports say which findings --fix repairs.
        let report = try FmtcheckProcess.run(["--definition", shippedDefinition("recipe"), "--format", "json", "a.json"], in: folder)
        let root = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(report.out.utf8)) as? [String: Any])
        let fixes = try XCTUnwrap(root["violations"] as? [[String: Any]]).map { "\($0["rule"]!)=\($0["fix"]!)" }
        XCTAssertEqual(Set(fixes), ["IngredientsAreGreen=safe", "undeclared-attribute=unsafe", "wrong-type=unsafe"])
        let summary = try XCTUnwrap(root["summary"] as? [String: Any])
        XCTAssertEqual(summary["fixable"] as? Int, 1)
        XCTAssertEqual(summary["unsafeFixable"] as? Int, 2)
        let plain = try FmtcheckProcess.run(["--definition", shippedDefinition("recipe"), "a.json"], in: folder)
        XCTAssertTrue(plain.err.contains("1 fixable with --fix (2 more with --unsafe-fixes)"), plain.err)
        // --fix: the colour goes in; "bold" and the wrong-typed 5 stay, as written.
        let (safe, written) = try fix("a.json", in: folder)
        XCTAssertEqual(safe.status, 1, safe.err)
        XCTAssertEqual(written, ##"["milk",{"ingredient":"milk","bold":true,"foregroundColor":"#34c759"}," salt",{"ingredient":5}]"##)
        XCTAssertTrue(safe.err.contains("fixed 1 problem in 1 file; 2 problems remaining; 2 more fixable with --unsafe-fixes"), safe.err)
        // --unsafe-fixes: they go too.
        let (unsafe, all) = try fix("a.json", shippedDefinition("recipe"), ["--unsafe-fixes"], in: folder)
        XCTAssertEqual(unsafe.status, 0, unsafe.err)
        XCTAssertEqual(all, ##"["milk",{"ingredient":"milk","foregroundColor":"#34c759"}," salt",{}]"##)
    }

    func testAnRTFRewriteThatWouldDropTextIsUnsafe() throws {
        let folder = try temporaryFolder(self)
        let source = #"{\rtf1\ansi {\field{\*\fldinst{HYPERLINK "https://swift.org"}}{\fldrslt swift}} is {\v secret }fast\par}"#
        try write(source, to: "note.rtf", in: folder)
        let (safe, kept) = try fix("note.rtf", shippedDefinition("notes"), in: folder)
        XCTAssertEqual(safe.status, 1, safe.err)
        XCTAssertEqual(kept, source, "nothing was written")
        XCTAssertTrue(safe.err.contains("note.rtf: note: not fixed: writing it would drop what the note lists, an unsafe fix"), safe.err)
        let (unsafe, rewritten) = try fix("note.rtf", shippedDefinition("notes"), ["--unsafe-fixes"], in: folder)
        XCTAssertEqual(unsafe.status, 0, unsafe.err)
        XCTAssertFalse(rewritten.contains("secret"))
    }

    func testExitNonZeroOnFixTellsAPreCommitHookThatItChangedSomething() throws {
        let folder = try temporaryFolder(self)
        try write(#"["milk",{"ingredient":"milk"}]"#, to: "a.json", in: folder)
        let first = try FmtcheckProcess.run(["--definition", shippedDefinition("recipe"), "--fix", "--exit-non-zero-on-fix", "a.json"], in: folder)
        XCTAssertEqual(first.status, 1, first.err)
        let second = try FmtcheckProcess.run(["--definition", shippedDefinition("recipe"), "--fix", "--exit-non-zero-on-fix", "a.json"], in: folder)
        XCTAssertEqual(second.status, 0, "nothing left to change: \(second.err)")
    }
}
