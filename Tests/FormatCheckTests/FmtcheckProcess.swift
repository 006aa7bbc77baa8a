import Foundation
import XCTest

/// Runs the built `fmtcheck` as a process, for the CLI tests: the binary next to the test bundle in
/// `.build/debug`, else next to the test runner, else under the package root.
enum FmtcheckProcess {
    /// What one run printed and its exit code.
    struct Result {
        var status: Int32
        var out: String
        var err: String
        /// Whether the run was killed for outlasting its timeout.
        var timedOut = false
    }

    /// The binary, or an XCTSkip naming where it was looked for.
    static func binary() throws -> URL {
        var candidates: [URL] = []
        if let bundle = Bundle.allBundles.first(where: { $0.bundlePath.hasSuffix(".xctest") }) {
            candidates.append(bundle.bundleURL.deletingLastPathComponent().appendingPathComponent("fmtcheck"))
        }
        candidates.append(URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("fmtcheck"))
        candidates.append(packageRoot.appendingPathComponent(".build/debug/fmtcheck"))
        guard let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0.path) }) else {
            throw XCTSkip("fmtcheck is not built (looked in \(candidates.map(\.path)))")
        }
        return found
    }

    /// Runs `fmtcheck arguments` in `directory` (the package root by default), feeding `input` to stdin; with a
    /// `timeout`, a run still going after that many seconds is killed and reported as `timedOut`, so a test of
    /// something that used to hang fails instead of hanging. `environment` adds to (or overrides) this process's, less
    /// its FORCE_COLOR and NO_COLOR.
    static func run(_ arguments: [String], in directory: URL = packageRoot, input: Data? = nil, timeout: TimeInterval? = nil,
                    environment: [String: String] = [:]) throws -> Result {
        let process = Process()
        process.executableURL = try binary()
        process.arguments = arguments
        // The colour variables of the machine running the tests do not reach fmtcheck unless a test sets them.
        let inherited = ProcessInfo.processInfo.environment.filter { !["FORCE_COLOR", "NO_COLOR"].contains($0.key) }
        process.environment = inherited.merging(environment) { $1 }
        process.currentDirectoryURL = directory
        let out = Pipe(), err = Pipe(), inPipe = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = inPipe
        try process.run()
        let killed = DataBox()
        if let timeout {
            DispatchQueue.global().asyncAfter(deadline: .now() + timeout) {
                guard process.isRunning else { return }
                killed.data = Data([1])
                kill(process.processIdentifier, SIGKILL)
            }
        }
        if let input { inPipe.fileHandleForWriting.write(input) }
        try inPipe.fileHandleForWriting.close()
        // Read both pipes concurrently so a full stderr pipe cannot block the child.
        let errBox = DataBox()
        let reader = Thread { errBox.data = err.fileHandleForReading.readDataToEndOfFile(); errBox.done.signal() }
        reader.start()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        errBox.done.wait()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, out: String(decoding: outData, as: UTF8.self),
                      err: String(decoding: errBox.data, as: UTF8.self), timedOut: !killed.data.isEmpty)
    }

    final class DataBox: @unchecked Sendable {
        var data = Data()
        let done = DispatchSemaphore(value: 0)
    }
}

/// A fresh temporary folder, removed after the test.
func temporaryFolder(_ test: XCTestCase) throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("fmtcheck-test-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    test.addTeardownBlock {
        _ = try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: url.path)
        try? FileManager.default.removeItem(at: url)
    }
    return url
}

/// Writes `text` to `name` in `folder` and returns its path.
@discardableResult
func write(_ text: String, to name: String, in folder: URL) throws -> String {
    let url = folder.appendingPathComponent(name)
    try Data(text.utf8).write(to: url)
    return url.path
}
