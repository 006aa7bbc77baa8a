import XCTest
@testable import RichText
import struct FormattingTesting.SeededGenerator

/// The word-at-a-time separator scans give what a byte-by-byte reading gives, and `paragraphStart(atOrBefore:)`
/// agrees with counting separators and finding the last one's end.
final class SeparatorScanTests: XCTestCase {
    /// The ends of every separator in `bytes`, read one byte at a time: LF, CR not before LF, U+2029.
    static func referenceEnds(_ bytes: [UInt8]) -> [Int] {
        var ends: [Int] = []
        for (i, byte) in bytes.enumerated() {
            switch byte {
            case 0x0A: ends.append(i + 1)
            case 0x0D where !(i + 1 < bytes.count && bytes[i + 1] == 0x0A): ends.append(i + 1)
            case 0xE2 where i + 2 < bytes.count && bytes[i + 1] == 0x80 && bytes[i + 2] == 0xA9: ends.append(i + 3)
            default: break
            }
        }
        return ends
    }

    /// Text where separators, near-misses (U+2028, other E2 80 xx scalars, control bytes) and long ASCII
    /// stretches sit at every alignment.
    static func randomText(_ rng: inout SeededGenerator) -> String {
        var s = ""
        for _ in 0..<rng.int(0...40) {
            s += rng.pick(["a", "word ", "0123456789abcdef", "\n", "\r", "\r\n", "\u{2029}", "\u{2028}", "\u{2026}",
                           "\t", "\u{0B}", "\u{0E}", "é", "😀", "\u{A9}", "©\n"])
        }
        return s
    }

    func testScansAgreeWithAByteByByteReading() {
        var rng = SeededGenerator(seed: 0x5345_5053)
        for _ in 0..<propertyBudget(default: 400, long: 4_000) {
            let s = Self.randomText(&rng)
            let bytes = Array(s.utf8)
            let ends = Self.referenceEnds(bytes)
            bytes.withUnsafeBufferPointer { buffer in
                for limit in 0...bytes.count {
                    let expected = ends.filter { $0 <= limit }
                    XCTAssertEqual(SeparatorScan.count(in: buffer, upTo: limit), expected.count, "count up to \(limit) in \(s.debugDescription)")
                    XCTAssertEqual(SeparatorScan.lastEnd(in: buffer, upTo: limit), expected.last, "last end up to \(limit) in \(s.debugDescription)")
                }
                for k in 0...ends.count {
                    XCTAssertEqual(SeparatorScan.end(ofSeparator: k, in: buffer), k < ends.count ? ends[k] : nil, "separator \(k) of \(s.debugDescription)")
                }
            }
        }
    }

    func testParagraphStartAgreesWithTheSeparatorCount() {
        var rng = SeededGenerator(seed: 0x5041_5241)
        for _ in 0..<propertyBudget(default: 40, long: 400) {
            // Long texts span several chunks, so the last separator is often in an earlier chunk.
            var s = ""
            let target = rng.pick([0, 50, 3_000, 20_000])
            let sparse = rng.int(0...1) == 0
            while s.utf8.count < target {
                s += sparse && rng.int(0...30) > 0 ? String(repeating: "abc ", count: rng.int(1...60)) : Self.randomText(&rng)
            }
            let text = TextRope(s)
            var offsets = [0, 1, text.utf8Count - 1, text.utf8Count, text.utf8Count + 2]
            for _ in 0..<60 { offsets.append(rng.int(0...max(0, text.utf8Count))) }
            for o in offsets where o >= 0 {
                let expected = text.endOfSeparator(text.separators(endingAtOrBefore: o))
                XCTAssertEqual(text.paragraphStart(atOrBefore: o), expected, "paragraph start at \(o) of \(text.utf8Count) bytes")
            }
        }
    }

    /// The paragraph step's read around an edit (`separatorMayEndNear`, which lets `isStructural` skip the node
    /// summaries): the separator check against the bytes, on texts of many chunks.
    func testSeparatorsAroundAnEditAgreeWithTheText() {
        var rng = SeededGenerator(seed: 0x4152_4F55)
        for _ in 0..<propertyBudget(default: 30, long: 300) {
            var s = ""
            while s.utf8.count < rng.pick([20, 2_000, 12_000]) {
                s += rng.int(0...20) > 0 ? String(repeating: "wxyz ", count: rng.int(1...40)) : Self.randomText(&rng)
            }
            let string = RichString(s)
            let bytes = Array(s.utf8)
            for _ in 0..<60 {
                let a = rng.int(0...bytes.count)
                let b = min(bytes.count, a + rng.int(0...4))
                let checked = max(0, a - 1)..<min(bytes.count, b + 1)
                let reference = checked.contains { i in
                    bytes[i] == 0x0A || bytes[i] == 0x0D || (bytes[i] == 0xA9 && i >= 2 && bytes[i - 2] == 0xE2 && bytes[i - 1] == 0x80)
                }
                XCTAssertEqual(string.separatorMayEndNear(a..<b), reference, "separator near \(a)..<\(b)")
            }
        }
    }
}
