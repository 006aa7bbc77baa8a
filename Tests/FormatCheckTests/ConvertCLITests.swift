import Foundation
import XCTest

/// `fmtcheck convert` run as a process: round trips, HTML export, and failures that leave OUT untouched.
final class ConvertCLITests: XCTestCase {
    static let glyphDocument = #"{"attributeTable":[{"adaptiveImageGlyph":{"contentDescription":"a cat","contentIdentifier":"cat","contentType":"public.heic"}}],"imageGlyphs":{"cat":{"contentDescription":"a cat","contentType":"public.heic","data":"AQID"}},"runs":["I like ",{},"\#u{FFFC}",0," a lot",{}]}"#

    func testNativeJSONRoundTripsThroughPlainTextWithAttachments() throws {
        let folder = try temporaryFolder(self)
        let input = try write(Self.glyphDocument, to: "note.json", in: folder)
        let plain = folder.appendingPathComponent("note").path
        let there = try FmtcheckProcess.run(["convert", input, plain])
        XCTAssertEqual(there.status, 0, there.err)
        XCTAssertTrue(FileManager.default.fileExists(atPath: plain + "/text.txt"))
        XCTAssertTrue(FileManager.default.fileExists(atPath: plain + "/attachments.json"))
        let back = folder.appendingPathComponent("back.json").path
        let again = try FmtcheckProcess.run(["convert", plain, back])
        XCTAssertEqual(again.status, 0, again.err)
        XCTAssertEqual(try String(contentsOfFile: back, encoding: .utf8), Self.glyphDocument)
    }

    func testNativeJSONRoundTripsThroughItself() throws {
        let folder = try temporaryFolder(self)
        let vector = #"["Hello ",{},"world",{"Highlight":"yellow","NSLink":{"relative":"https:\/\/swift.org"}},"!",{}]"#
        let input = try write(vector, to: "in.json", in: folder)
        let output = folder.appendingPathComponent("out.json").path
        XCTAssertEqual(try FmtcheckProcess.run(["convert", input, output]).status, 0)
        XCTAssertEqual(try String(contentsOfFile: output, encoding: .utf8), vector)
    }

    func testHTMLExportIsEscapedAndPlainTextDropsAttributes() throws {
        let folder = try temporaryFolder(self)
        let input = try write(#"["</p><script>alert(1)</script>",{"bold":true}]"#, to: "x.json", in: folder)
        let html = folder.appendingPathComponent("x.html").path
        XCTAssertEqual(try FmtcheckProcess.run(["convert", input, html]).status, 0)
        let page = try String(contentsOfFile: html, encoding: .utf8)
        XCTAssertTrue(page.contains("<strong>&lt;/p&gt;&lt;script&gt;alert(1)&lt;/script&gt;</strong>"), page)
        let text = folder.appendingPathComponent("x.txt").path
        let result = try FmtcheckProcess.run(["convert", input, text])
        XCTAssertEqual(result.status, 0)
        XCTAssertTrue(result.err.contains("cannot carry bold"), result.err)
        XCTAssertEqual(try String(contentsOfFile: text, encoding: .utf8), "</p><script>alert(1)</script>")
    }

    func testAFailedConversionLeavesTheOutputUntouched() throws {
        let folder = try temporaryFolder(self)
        let input = try write(#"["truncated",{"#, to: "bad.json", in: folder)
        let output = try write("precious", to: "out.html", in: folder)
        let result = try FmtcheckProcess.run(["convert", input, output])
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.err.contains("is untouched"), result.err)
        XCTAssertEqual(try String(contentsOfFile: output, encoding: .utf8), "precious")
        XCTAssertEqual(try FmtcheckProcess.run(["convert", output, input]).status, 2, "HTML cannot be read")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted(), ["bad.json", "out.html"])
    }
}
