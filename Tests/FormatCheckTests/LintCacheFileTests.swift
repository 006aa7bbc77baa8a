@testable import FormatCheck
import Formatting
import FormattingTesting
import XCTest

/// The cache file reads back what was written, and a damaged one is an error, never a crash or a trusted entry.
final class LintCacheFileTests: XCTestCase {
    func entries(seed: UInt64) -> [String: LintCache.Entry] {
        var rng = SeededGenerator(seed: seed)
        var entries: [String: LintCache.Entry] = [:]
        let words = ["milk", "é", "🍞", "", "a\u{0}b", "IngredientsAreGreen", "#34c759"]
        for i in 0..<Int(rng.next() % 6) {
            var violations: [Violation] = []
            for _ in 0..<Int(rng.next() % 5) {
                func word() -> String { words[Int(rng.next() % UInt64(words.count))] }
                func maybe() -> String? { rng.next() % 3 == 0 ? nil : word() }
                let n = (0..<10).map { _ in Int(truncatingIfNeeded: rng.next() % 2 == 0 ? rng.next() % 1000 : rng.next()) }
                var v = Violation(rule: word(), severity: rng.next() % 2 == 0 ? .error : .warning, message: word(),
                                  position: DocumentPosition(line: n[0], column: n[1], endLine: n[2], endColumn: n[3], byteOffset: n[4],
                                                             byteLength: n[5], member: maybe(), utf8Offset: n[6], utf8Length: n[7],
                                                             utf16Offset: n[8], utf16Length: n[9]),
                                  key: maybe(), expected: rng.next() % 2 == 0 ? nil : ValueDescription(text: maybe(), kind: maybe()),
                                  actual: rng.next() % 2 == 0 ? nil : ValueDescription(text: maybe(), kind: maybe()))
                v.fingerprint = word()
                violations.append(v)
            }
            let stamp = LintCache.Stamp(device: rng.next(), inode: rng.next(), size: Int64(truncatingIfNeeded: rng.next()),
                                        modified: Int(truncatingIfNeeded: rng.next()), statusChanged: -Int(rng.next() % 1000))
            entries["/docs/\(i)-\(words[i % words.count]).json"] = LintCache.Entry(stamp: stamp, runKey: rng.next(),
                                                                                  format: DocumentFormat.allCases[Int(rng.next() % 7)], violations: violations)
        }
        return entries
    }

    func testWhatIsWrittenReadsBack() throws {
        let seed = ProcessInfo.processInfo.environment["FMTCHECK_SEED"].flatMap { UInt64($0) } ?? 20_261_203
        for k in 0..<200 {
            let written = entries(seed: seed &+ UInt64(k))
            let bytes = LintCacheFile.encode(written, toolVersion: "test")
            let read = try LintCacheFile.decode(bytes, toolVersion: "test")
            XCTAssertEqual(Set(read.keys), Set(written.keys), "seed \(seed &+ UInt64(k))")
            for (path, entry) in written {
                let back = try XCTUnwrap(read[path])
                XCTAssertEqual(back.stamp, entry.stamp)
                XCTAssertEqual(back.runKey, entry.runKey)
                XCTAssertEqual(back.format, entry.format)
                XCTAssertEqual(back.violations.map(\.fingerprint), entry.violations.map(\.fingerprint))
                XCTAssertEqual(back.violations, entry.violations, "seed \(seed &+ UInt64(k)), \(path)")
            }
        }
    }

    func testAnotherFmtcheckOrAnyDamageIsAnError() throws {
        let bytes = LintCacheFile.encode(entries(seed: 7), toolVersion: "test")
        XCTAssertThrowsError(try LintCacheFile.decode(bytes, toolVersion: "other"))
        var rng = SeededGenerator(seed: 99)
        for _ in 0..<2000 {
            var damaged = bytes
            switch rng.next() % 3 {
            case 0: damaged[Int(rng.next() % UInt64(damaged.count))] ^= UInt8(1 + rng.next() % 255)
            case 1: damaged.removeLast(Int(1 + rng.next() % UInt64(damaged.count)))
            default: damaged.insert(UInt8(truncatingIfNeeded: rng.next()), at: Int(rng.next() % UInt64(damaged.count)))
            }
            XCTAssertThrowsError(try LintCacheFile.decode(damaged, toolVersion: "test"))
        }
    }

    func testABodyWithAValidChecksumButNonsenseInsideIsStillAnError() {
        // Checksums guard against damage, not against a file made to pass them: the reader checks every index.
        var body = LintCacheFile.magic
        LintCacheFile.unsigned(&body, LintCacheFile.formatVersion)
        LintCacheFile.unsigned(&body, 4)
        body += Array("test".utf8)
        LintCacheFile.unsigned(&body, 0)       // no strings
        LintCacheFile.unsigned(&body, 1)       // one entry
        LintCacheFile.unsigned(&body, 5)       // whose path is string 5 of none
        var hash = FNV1a()
        hash.add(body)
        withUnsafeBytes(of: hash.value.littleEndian) { body += $0 }
        XCTAssertThrowsError(try LintCacheFile.decode(body, toolVersion: "test"))
    }
}
