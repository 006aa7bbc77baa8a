import Foundation
import XCTest

/// Where the tests' shared inputs live and how hard the tests work: the package root, the shared data
/// directory next to it (`../shared`, or `FMTCHECK_SHARED`), the `FMTCHECK_LONG` switch and a `FMTCHECK_SEED`
/// that reruns one printed seed.
enum SharedData {
    /// The package root, derived from this file's location (`Tests/RichTextTests/Support/SharedData.swift`).
    static var packageRoot: URL {
        URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent()  // Support
            .deletingLastPathComponent()  // RichTextTests
            .deletingLastPathComponent()  // Tests
            .deletingLastPathComponent()  // package root
    }

    /// The shared data directory: `FMTCHECK_SHARED`, else `../shared` next to the package root.
    /// Throws `XCTSkip`, with the places looked at, when there is none.
    static func sharedDirectory() throws -> URL {
        var tried: [String] = []
        if let env = ProcessInfo.processInfo.environment["FMTCHECK_SHARED"], !env.isEmpty {
            let url = URL(fileURLWithPath: env)
            if isDirectory(url) { return url }
            tried.append("FMTCHECK_SHARED=\(env)")
        }
        let sibling = packageRoot.deletingLastPathComponent().appendingPathComponent("shared")
        if isDirectory(sibling) { return sibling }
        tried.append(sibling.path)
        throw XCTSkip("shared data directory not found (looked at: \(tried.joined(separator: ", "))); set FMTCHECK_SHARED")
    }

    /// Whether `FMTCHECK_LONG=1` asks for the long, exploratory budgets.
    static var isLongRun: Bool {
        ProcessInfo.processInfo.environment["FMTCHECK_LONG"] == "1"
    }

    /// A seed from `FMTCHECK_SEED` (decimal or 0x-hex), if set.
    static var seedOverride: UInt64? {
        guard let raw = ProcessInfo.processInfo.environment["FMTCHECK_SEED"], !raw.isEmpty else { return nil }
        if raw.hasPrefix("0x") || raw.hasPrefix("0X") { return UInt64(raw.dropFirst(2), radix: 16) }
        return UInt64(raw)
    }

    private static func isDirectory(_ url: URL) -> Bool {
        var isDir: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &isDir) && isDir.boolValue
    }
}
