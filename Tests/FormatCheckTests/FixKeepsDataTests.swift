import Foundation
import XCTest

/// `--fix` rewrites a document without losing what it does not change: unused images, package files the text
/// does not name, the spelling of numbers, and the file's owner, mode, extended attributes and hard links.
final class FixKeepsDataTests: XCTestCase {
    /// A definition with one declared attribute, so an undeclared one is a fixable finding.
    static let tinyDefinition = #"{"name": "tiny", "attributes": {"a": {"type": "bool"}}, "scope": ["a"]}"#

    func testFixKeepsAGlyphImageNoGlyphUses() throws {
        let folder = try temporaryFolder(self)
        let definition = try write(Self.tinyDefinition, to: "tiny.definition.json", in: folder)
        let document = try write(#"{"attributeTable":[{"a":true,"b":true}],"imageGlyphs":{"spare":{"contentDescription":"a dog","contentType":"public.heic","data":"AQID"}},"runs":["x",0]}"#,
                                 to: "doc.json", in: folder)
        let fixed = try FmtcheckProcess.run(["--definition", definition, "--fix", document])
        XCTAssertEqual(fixed.status, 0, fixed.out + fixed.err)
        let written = try String(contentsOfFile: document, encoding: .utf8)
        XCTAssertTrue(written.contains(#""spare":{"contentDescription":"a dog","contentType":"public.heic","data":"AQID"}"#), written)
        XCTAssertFalse(written.contains(#""b""#), written)
    }
}

extension FixKeepsDataTests {
    func testFixRefusesADocumentWhoseNumbersWouldChangeAndSaysWhere() throws {
        let folder = try temporaryFolder(self)
        let definition = try write(#"{"name": "sizes", "attributes": {"a": {"type": "bool"}, "n": {"type": "number"}, "m": {"type": "number"}, "z": {"type": "number"}}, "scope": ["a", "n", "m", "z"]}"#,
                                   to: "sizes.definition.json", in: folder)
        let original = "[\"x\",{\"a\":true,\"b\":true,\n \"n\":123456789012345678901234567890,\"m\":1e-999,\"z\":-0}]"
        let document = try write(original, to: "doc.json", in: folder)
        let fixed = try FmtcheckProcess.run(["--definition", definition, "--fix", document])
        XCTAssertEqual(fixed.status, 2, fixed.out + fixed.err)
        XCTAssertEqual(try String(contentsOfFile: document, encoding: .utf8), original, "nothing was written")
        XCTAssertTrue(fixed.out.contains("doc.json:2:6: warning reader-warning: the number 123456789012345678901234567890 would be written back as 1.2345678901234568e+29"), fixed.out)
        XCTAssertTrue(fixed.out.contains("doc.json:2:52: warning reader-warning: the number -0 would be written back as 0"), fixed.out)
        XCTAssertTrue(fixed.err.contains("doc.json: error: --fix would change 3 numbers (the first at line 2, column 6); nothing was written"), fixed.err)
    }
}
