import XCTest
@testable import RichText
import struct FormattingTesting.SeededGenerator

/// The offset lookups' fast paths (a walk that sums one count instead of whole summaries, the all-ASCII
/// shortcut) give what the general walk over prefix summaries gives, on ropes of one leaf and of several levels.
final class TextRopeLookupTests: XCTestCase {
    static let units: [TextUnit] = [.utf8, .utf16, .scalars, .characters]

    /// Random text of about `bytes` UTF-8 bytes: all ASCII, ASCII with CR LF, or mixed Unicode.
    func randomText(_ rng: inout SeededGenerator, bytes: Int) -> String {
        let kind = rng.int(0...2)
        var s = ""
        while s.utf8.count < bytes {
            switch kind {
            case 0: s += rng.pick(["a", "bc", "hello ", "\n", "\t", "0123456789"])
            case 1: s += rng.pick(["a", "word ", "\r\n", "\r", "\n"])
            default: s += MixedText.random(&rng)
            }
        }
        return s
    }

    /// Offsets worth checking along `unit`: both ends, their neighbours and random ones.
    func offsets(_ rng: inout SeededGenerator, total: Int) -> [Int] {
        var result = [0, 1, total - 1, total]
        for _ in 0..<40 { result.append(rng.int(0...total)) }
        return result.filter { $0 >= 0 && $0 <= total }
    }

    func check(_ text: TextRope, _ rng: inout SeededGenerator, file: StaticString = #filePath, line: UInt = #line) {
        for unit in Self.units {
            for n in offsets(&rng, total: text.summary[unit]) {
                let fast = text.utf8Offset(of: n, in: unit)
                let general = text.utf8OffsetByPrefixSummary(of: n, in: unit)
                XCTAssertEqual(fast.offset, general.offset, "utf8Offset(of: \(n), in: \(unit))", file: file, line: line)
                XCTAssertEqual(fast.trailingSurrogate, general.trailingSurrogate, "surrogate of \(n) \(unit)", file: file, line: line)
            }
            for o in offsets(&rng, total: text.utf8Count) {
                XCTAssertEqual(text.count(unit, upToUTF8: o), text.countByPrefixSummary(unit, upToUTF8: o),
                               "count(\(unit), upToUTF8: \(o))", file: file, line: line)
            }
        }
        // The walk itself, both boundary preferences, against `locate`.
        for o in offsets(&rng, total: text.utf8Count) + [text.utf8Count + 3, -2] {
            for prefer in [RopeBoundaryPreference.next, .previous] {
                let general = text.rope.locate(UTF8Metric.self, o, prefer: prefer)
                let carried = text.rope.locate(UTF8Metric.self, o, carrying: CharacterMetric.self, prefer: prefer)
                XCTAssertEqual(carried.remainder, general.remainder, "remainder at \(o) \(prefer)", file: file, line: line)
                XCTAssertEqual(carried.carried, general.prefix.characters, "prefix at \(o) \(prefer)", file: file, line: line)
                XCTAssertEqual(carried.element?.string, general.element?.string, "chunk at \(o) \(prefer)", file: file, line: line)
            }
        }
    }

    /// The in-chunk scalar search (thirty-two, then eight bytes at a time) against a walk over the scalars.
    func testScalarStartsInsideAChunk() {
        var rng = SeededGenerator(seed: 0x5343_414C)
        for _ in 0..<propertyBudget(default: 60, long: 600) {
            let s = randomText(&rng, bytes: rng.int(0...200))
            let starts = ChunkASCIIRunsTests.scalarStarts(s)
            for n in 0..<starts.count {
                XCTAssertEqual(TextRope.utf8Offset(of: n, in: .scalars, of: s).offset, starts[n], "scalar \(n) of \(s.debugDescription)")
                XCTAssertEqual(TextRope.scalarStart(fromEnd: starts.count - 1 - n, in: s), starts[n], "scalar \(n) from the end of \(s.debugDescription)")
                if !s.isEmpty {
                    XCTAssertEqual(TextRope.utf8Offset(of: n, in: .scalars, of: TextChunk(s)).offset, starts[n], "scalar \(n) of the chunk \(s.debugDescription)")
                }
            }
        }
    }

    func testEmptyAndTiny() {
        var rng = SeededGenerator(seed: 0x4C4F_4F4B)
        for s in ["", "a", "\r\n", "é", "😀", "ab\r\ncd"] { check(TextRope(s), &rng) }
    }

    func testRandomTextsOfOneToSeveralLevels() {
        var rng = SeededGenerator(seed: 0x4C4F_4F4B_5550)
        for _ in 0..<propertyBudget(default: 40, long: 400) {
            let bytes = rng.pick([10, 900, 5_000, 40_000])
            let text = TextRope(randomText(&rng, bytes: bytes))
            check(text, &rng)
        }
    }
}
