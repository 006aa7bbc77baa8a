@testable import FormatCheck
import Foundation
import StreamingJSON
import XCTest

/// The JSON, SARIF and HTML reports are written a piece at a time (issue 39), with the bytes a one-shot rendering
/// gives: the JSON reports are their own canonical text (`JSONText.write` of the value they parse to), and the HTML
/// page whose sections were rendered as each document was linted is the page rendered from kept documents.
final class StreamedReportsTests: XCTestCase {
    /// A folder of `count` documents with findings of several rules, some sharing a fingerprint, one malformed.
    func corpus(_ count: Int) throws -> URL {
        let folder = try temporaryFolder(self)
        for n in 0..<count {
            try write(##"["Whisk the ",{},"milk \##(n)",{"ingredient":"milk"}," and ",{"foregroundColor":"#ff0000"},"salt",{"ingredient":"salt","bold":true},"\n",{},"salt",{"ingredient":"salt","bold":true}]"##,
                      to: "doc\(n).json", in: folder)
        }
        try write(#"["broken", {"#, to: "broken.json", in: folder)
        return folder
    }

    func testTheJSONAndSARIFReportsAreTheTextTheirValueIsWrittenAs() throws {
        // Enough findings that the report is handed over in many pieces.
        let folder = try corpus(400)
        let reports = try temporaryFolder(self)
        for format in ["json", "sarif"] {
            let report = reports.appendingPathComponent("report." + format)
            let result = try FmtcheckProcess.run(["--definition", shippedDefinition("recipe"), "--format", format, "-o", report.path, "."], in: folder)
            XCTAssertEqual(result.status, 2, result.err)
            let text = try String(contentsOf: report, encoding: .utf8)
            XCTAssertGreaterThan(text.utf8.count, 4 << 16, "\(format): several pieces")
            let value = try JSONValue.parse(Array(text.utf8))
            XCTAssertTrue(text == JSONText.write(value), "\(format) is what the writer makes of its value whole")
            // And standard output gets the same bytes.
            let stdout = try FmtcheckProcess.run(["--definition", shippedDefinition("recipe"), "--format", format, "."], in: folder)
            XCTAssertTrue(stdout.out == text, "\(format) on standard output")
        }
    }

    func testTheHTMLPageRenderedAsItLintsIsThePageRenderedFromKeptDocuments() throws {
        let folder = try corpus(30)
        try FileManager.default.copyItem(at: packageRoot.appendingPathComponent("Examples/notes/meeting.json"), to: folder.appendingPathComponent("meeting.json"))
        let cli = try FmtcheckProcess.run(["--definition", shippedDefinition("recipe"), "--format", "html", folder.path])
        XCTAssertEqual(cli.status, 2, cli.err)
        // The library run keeps every document and renders the page from them.
        var request = LintRequest(paths: [folder.path], definition: shippedDefinition("recipe"))
        request.keepsDocuments = true
        let kept = LintRun(request).run()
        XCTAssertNotNil(kept.files.first { $0.path.hasSuffix("doc0.json") }?.document)
        XCTAssertEqual(cli.out, HTMLReport.render(kept))
        XCTAssertTrue(cli.out.contains(#"<li data-file="file-"#) && cli.out.contains(#"<mark class="e" data-r="#), "sections with marks")
    }

    func testASectionTemplateFillsInTheNumbersItWasRenderedWithout() throws {
        let folder = try corpus(1)
        var request = LintRequest(paths: [folder.appendingPathComponent("doc0.json").path], definition: shippedDefinition("recipe"))
        request.keepsDocuments = true
        let file = try XCTUnwrap(LintRun(request).run().files.first)
        let numbers = ["IngredientsAreGreen": "4", "undeclared-attribute": "9"]
        let rule: (String) -> String = { numbers[$0] ?? "-1" }
        let template = HTMLReport.SectionTemplate(file)
        XCTAssertEqual(template.filled(fileID: "17", ruleNumber: rule), HTMLReport.section(file, fileID: "17", ruleNumber: rule))
        XCTAssertFalse(String(decoding: template.bytes, as: UTF8.self).contains("fmtcheckslot"), "no marker is left in the bytes")
    }
}
