import Foundation
import XCTest

/// The HTML report renders in real headless Chromium, with the findings' text highlighted.
final class HTMLReportChromiumTests: XCTestCase {
    /// The chromium binary, or an XCTSkip saying why the test cannot run.
    static func chromium() throws -> String {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for folder in path.split(separator: ":") {
            for name in ["chromium", "chromium-browser", "google-chrome", "google-chrome-stable"] {
                let candidate = "\(folder)/\(name)"
                if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            }
        }
        throw XCTSkip("chromium is not installed (.ci/run installs it with apt-get when it can); the HTML report was not rendered")
    }

    func testTheReportHighlightsEachFindingsText() throws {
        let folder = try temporaryFolder(self)
        let report = folder.appendingPathComponent("report.html").path
        let lint = try FmtcheckProcess.run(["Examples", "--format", "html", "-o", report])
        XCTAssertEqual(lint.status, 1, lint.err)
        let page = try String(contentsOfFile: report)
        XCTAssertTrue(page.contains(#"<mark class="error" data-rules="IngredientsAreGreen""#), "the page has no highlight")
        let browser = try Self.chromium()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: browser)
        process.arguments = ["--headless", "--no-sandbox", "--disable-gpu", "--user-data-dir=\(folder.path)/profile",
                             "--dump-dom", URL(fileURLWithPath: report).absoluteString]
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0)
        let dom = String(decoding: data, as: UTF8.self)
        // Chromium's serialised DOM: the marks survived parsing with their text.
        XCTAssertTrue(dom.contains(#"data-rules="IngredientsAreGreen""#) && dom.contains(">milk</mark>"), dom)
        XCTAssertTrue(dom.contains(">the shared doc</mark>"), dom)
        XCTAssertTrue(dom.contains(">lovely letter.</mark>"), dom)
        XCTAssertFalse(dom.contains("<script"), "the report must not carry scripts")
    }
}
