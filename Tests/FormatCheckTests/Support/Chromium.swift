import Foundation
import XCTest

/// Headless Chromium, for the tests that render what fmtcheck writes: one place that finds the browser and
/// launches it with the flags every such test needs.
enum Chromium {
    /// The chromium binary, or an XCTSkip saying why the test cannot run.
    static func binary() throws -> String {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for folder in path.split(separator: ":") {
            for name in ["chromium", "chromium-browser", "google-chrome", "google-chrome-stable"] {
                let candidate = "\(folder)/\(name)"
                if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            }
        }
        throw XCTSkip("chromium is not installed (.ci/run installs it with apt-get when it can); the HTML report was not rendered")
    }

    /// Runs headless Chromium with `arguments`, its profile in `folder`, and returns what it printed on stdout
    /// (stderr is dropped); fails the test unless it exits 0.
    @discardableResult
    static func run(_ arguments: [String], profileIn folder: URL, file: StaticString = #filePath, line: UInt = #line) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try binary())
        process.arguments = ["--headless", "--no-sandbox", "--disable-gpu", "--user-data-dir=\(folder.path)/profile"] + arguments
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, file: file, line: line)
        return String(decoding: data, as: UTF8.self)
    }
}
