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
