import FormatCheck
import Foundation
@testable import RichText
import XCTest

/// Replays the real editing traces in the shared data (`traces/*.json.gz`, see its README) into a `RichString`
/// and checks the result against the recorded end content, exactly (scalar for scalar), with the counts and
/// the rope invariants.
final class TraceReplayTests: XCTestCase {
    /// Patches between two invariant checks.
    static let checkInterval = 10_000

    func testAutomergePaper() throws { try replay("automerge-paper") }
    func testSephBlog() throws { try replay("seph-blog1") }
    func testRustCode() throws { try replay("rustcode") }

    /// Every trace in the directory, so that a trace added later is replayed too.
    func testEveryTraceIsCovered() throws {
        let directory = try Self.tracesDirectory()
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
            .filter { $0.hasSuffix(".json.gz") }
            .map { String($0.dropLast(".json.gz".count)) }
            .sorted()
        XCTAssertFalse(names.isEmpty, "no *.json.gz in \(directory.path)")
        let known: Set<String> = ["automerge-paper", "seph-blog1", "rustcode"]
        for name in names where !known.contains(name) {
            try replay(name)
        }
    }

    // MARK: Replay

    static func tracesDirectory() throws -> URL {
        let directory = try SharedData.sharedDirectory().appendingPathComponent("traces")
        guard FileManager.default.fileExists(atPath: directory.path) else {
            throw XCTSkip("no traces directory at \(directory.path)")
        }
        return directory
    }

    /// The trace `name`, read by `fmtcheck trace-to-script`'s loader (`TraceConversion.load`, through `gzip -dc`).
    /// Throws `XCTSkip` when the trace or gzip is missing.
    static func load(_ name: String) throws -> TraceConversion.Trace {
        let file = try tracesDirectory().appendingPathComponent("\(name).json.gz")
        guard FileManager.default.fileExists(atPath: file.path) else {
            throw XCTSkip("trace \(file.path) not found")
        }
        guard ["/usr/bin/gzip", "/bin/gzip"].contains(where: FileManager.default.isExecutableFile(atPath:)) else {
            throw XCTSkip("gzip not found; it decompresses the traces")
        }
        return try TraceConversion.load(path: file.path)
    }

    func replay(_ name: String) throws {
        let loadStart = Date()
        let trace = try Self.load(name)
        let loadTime = Date().timeIntervalSince(loadStart)

        let replayStart = Date()
        var text = RichString(trace.startContent)
        var expectedLength = trace.startContent.unicodeScalars.count
        for (i, (position, deleted, inserted)) in trace.patches.enumerated() {
            guard position >= 0, deleted >= 0, position + deleted <= expectedLength else {
                XCTFail("\(name): patch \(i) [\(position), \(deleted)] out of bounds 0...\(expectedLength)")
                return
            }
            // Exercise all three plain-text mutations: replace, remove and insert.
            if deleted > 0 && !inserted.isEmpty {
                let range = text.range(position, position + deleted, in: .scalars)
                text.replaceSubrange(range, with: inserted)
            } else if deleted > 0 {
                text.removeSubrange(text.range(position, position + deleted, in: .scalars))
            } else if !inserted.isEmpty {
                text.insert(inserted, at: text.index(atOffset: position, in: .scalars))
            }
            expectedLength += inserted.unicodeScalars.count - deleted
            if text.counts.scalars != expectedLength {
                XCTFail("\(name): after patch \(i) \([position, deleted]) \(inserted.debugDescription), "
                    + "\(text.counts.scalars) scalars, expected \(expectedLength)")
                return
            }
            if (i + 1) % Self.checkInterval == 0 { text._invariantCheck() }
        }
        let replayTime = Date().timeIntervalSince(replayStart)
        text._invariantCheck()

        let result = text.string
        let end = trace.endContent
        if !result.unicodeScalars.elementsEqual(end.unicodeScalars) {
            let a = Array(result.unicodeScalars)
            let b = Array(end.unicodeScalars)
            let first = (0..<min(a.count, b.count)).first { a[$0] != b[$0] } ?? min(a.count, b.count)
            let context = { (s: [Unicode.Scalar]) in
                String(String.UnicodeScalarView(s[max(0, first - 20)..<min(s.count, first + 20)])).debugDescription
            }
            XCTFail("\(name): content differs from endContent at scalar \(first) (lengths \(a.count) vs \(b.count)): "
                + "ours \(context(a)), expected \(context(b))")
        }
        XCTAssertEqual(text.counts.scalars, end.unicodeScalars.count, "\(name): scalar count")
        XCTAssertEqual(text.counts.characters, end.count, "\(name): character count")
        XCTAssertEqual(text.counts.utf16, end.utf16.count, "\(name): UTF-16 count")
        XCTAssertEqual(text.counts.utf8, end.utf8.count, "\(name): UTF-8 count")
        XCTAssertEqual(text.characters.count, end.count, "\(name): characters view count")
        print("trace \(name): \(trace.patches.count) patches, final \(end.unicodeScalars.count) scalars, "
            + "load \(String(format: "%.2f", loadTime)) s, replay \(String(format: "%.2f", replayTime)) s, "
            + "text tree height \(text._textTreeHeight)")
    }
}
