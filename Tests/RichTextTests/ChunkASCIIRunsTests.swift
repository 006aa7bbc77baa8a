@testable import RichText
import XCTest
import struct FormattingTesting.SeededGenerator

/// The ASCII runs a text chunk keeps at its two ends (`leadingASCII`, `trailingASCII`) stay exact through
/// in-place edits, and the unit conversions that use them (scalar and UTF-16 offsets to UTF-8 and back) give
/// what a plain scan of the chunk gives, and, over a whole rope, what the walk over prefix summaries gives.
/// The texts are mostly ASCII with a few other characters, so most chunks hold one or two of them.
final class ChunkASCIIRunsTests: XCTestCase {
    /// Pieces of mostly-ASCII text: words, line ends, and now and then a non-ASCII letter or sequence.
    static let pieces = ["word ", "text ", "a", "\n", "\r\n", "\r", "0123456789 ", "é", "crème ", "日本", "🙂", "e\u{301}", "\u{2029}"]

    /// Text of about `bytes` bytes where a piece is non-ASCII with probability `sparse`.
    static func sparseText(_ rng: inout SeededGenerator, bytes: Int, sparse: Double) -> String {
        var s = ""
        while s.utf8.count < bytes {
            s += rng.chance(sparse) ? rng.pick(Array(pieces[7...])) : rng.pick(Array(pieces[..<7]))
        }
        return s
    }

    /// The exact ASCII runs of `s`.
    static func runs(_ s: String) -> (leading: Int, trailing: Int) {
        let bytes = Array(s.utf8)
        let leading = bytes.firstIndex { $0 >= 0x80 } ?? bytes.count
        let trailing = bytes.count - ((bytes.lastIndex { $0 >= 0x80 }).map { $0 + 1 } ?? 0)
        return (leading, trailing)
    }

    /// The UTF-8 offsets of the scalar starts of `s`, and its end.
    static func scalarStarts(_ s: String) -> [Int] {
        var starts: [Int] = []
        var offset = 0
        for scalar in s.unicodeScalars {
            starts.append(offset)
            offset += String(scalar).utf8.count
        }
        starts.append(offset)
        return starts
    }

    /// Checks a chunk's runs against a scan, and every scalar and UTF-16 conversion against the plain scans.
    func checkChunk(_ chunk: TextChunk, _ context: @autoclosure () -> String,
                    file: StaticString = #filePath, line: UInt = #line) {
        let s = chunk.string
        let expected = Self.runs(s)
        XCTAssertEqual(Int(chunk.leadingASCII), expected.leading, "leading run, \(context())", file: file, line: line)
        XCTAssertEqual(Int(chunk.trailingASCII), expected.trailing, "trailing run, \(context())", file: file, line: line)
        XCTAssertEqual(chunk.summary, TextChunk.summarize(s), "summary, \(context())", file: file, line: line)
        for unit in [TextUnit.scalars, .utf16] {
            for n in 0...chunk.summary[unit] {
                let fast = TextRope.utf8Offset(of: n, in: unit, of: chunk)
                let scan = TextRope.utf8Offset(of: n, in: unit, of: s)
                if fast.offset != scan.offset || fast.trailingSurrogate != scan.trailingSurrogate {
                    XCTFail("utf8Offset(of: \(n), in: \(unit)) \(fast) vs \(scan), \(context())", file: file, line: line)
                    return
                }
            }
            for offset in Self.scalarStarts(s) {
                let fast = TextRope.count(unit, in: chunk, upToUTF8: offset)
                let scan = TextRope.count(unit, in: s, upToUTF8: offset)
                if fast != scan {
                    XCTFail("count(\(unit), upToUTF8: \(offset)) \(fast) vs \(scan), \(context())", file: file, line: line)
                    return
                }
            }
        }
    }

    func testRunsOfNewChunks() {
        for s in ["a", "é", "aé", "éa", "aéb", "ab\u{1F600}cd", "日本", "abcdefghijklmnopé", "éabcdefghijklmnopqrstuvwxyz",
                  String(repeating: "x", count: 40) + "é" + String(repeating: "y", count: 33)] {
            checkChunk(TextChunk(s), s.debugDescription)
        }
        var rng = SeededGenerator(seed: 0xA5C1_0001)
        for round in 0..<propertyBudget(default: 60, long: 600) {
            let s = Self.sparseText(&rng, bytes: rng.int(1...1000), sparse: rng.pick([0.0, 0.01, 0.05, 0.3]))
            checkChunk(TextChunk(s), "seed 0xA5C10001 round \(round)")
        }
    }

    /// Random in-place edits of one chunk: every kind of replacement at every kind of place, including removals
    /// of the first and last non-ASCII character (where the runs must be found again).
    func testRunsFollowInPlaceEdits() {
        let seed: UInt64 = 0xA5C1_0002
        var rng = SeededGenerator(seed: seed)
        // Plain ASCII edits take `TextChunk.replace`'s shortcut (counts from the change in bytes) unless a CR or
        // a non-ASCII byte is next to them; the checks compare the counts with a full re-count.
        let replacements = ["", "x", "yz", "é", "aé", "éa", "a日本b", "🙂", "\n", "\n\n", "\r", "x\r", "\r\n", "\u{301}",
                            "word word word "]
        for round in 0..<propertyBudget(default: 40, long: 400) {
            var chunk = TextChunk(Self.sparseText(&rng, bytes: rng.int(1...900), sparse: rng.pick([0.0, 0.01, 0.05, 0.3])))
            for step in 0..<30 {
                let starts = Self.scalarStarts(chunk.string)
                let a = rng.pick(starts)
                var b = rng.chance(0.5) ? a : rng.pick(starts)
                if b < a { b = a }
                // Often remove exactly the first or last non-ASCII scalar.
                let runs = Self.runs(chunk.string)
                if rng.chance(0.2), runs.leading < chunk.summary.utf8 {
                    let first = runs.leading
                    let next = starts.first { $0 > first }!
                    chunk.replace(first, next, with: rng.pick(["", "x"])[...])
                } else if rng.chance(0.2), runs.trailing < chunk.summary.utf8 {
                    let lastEnd = chunk.summary.utf8 - runs.trailing
                    let start = starts.last { $0 < lastEnd }!
                    chunk.replace(start, lastEnd, with: rng.pick(["", "x"])[...])
                } else {
                    chunk.replace(a, b, with: rng.pick(replacements)[...])
                }
                if chunk.string.isEmpty { break }
                checkChunk(chunk, "seed \(String(seed, radix: 16)) round \(round) step \(step)")
            }
        }
    }

    /// Whole ropes of sparse-accented text under random edits: the lookups against the walk over prefix
    /// summaries and plain scans of each chunk.
    func testRopeLookupsAfterEdits() {
        let seed: UInt64 = 0xA5C1_0003
        var rng = SeededGenerator(seed: seed)
        for round in 0..<propertyBudget(default: 6, long: 60) {
            var text = TextRope(Self.sparseText(&rng, bytes: rng.pick([500, 5_000, 30_000]), sparse: 0.02))
            for step in 0..<200 {
                let total = text.utf8Count
                let a = text.utf8Offset(of: rng.int(0...text.summary.scalars), in: .scalars).offset
                let b = rng.chance(0.5) ? a : text.utf8Offset(of: min(text.count(.scalars, upToUTF8: a) + rng.int(0...3), text.summary.scalars), in: .scalars).offset
                let replacement = rng.pick(["", "x", "é", "ab", "🙂", "\n"])
                if total - (b - a) + replacement.utf8.count == 0 { continue }
                text.replace(a..<b, with: replacement[...])
                let context = "seed \(String(seed, radix: 16)) round \(round) step \(step)"
                for unit in [TextUnit.scalars, .utf16] {
                    for _ in 0..<8 {
                        let n = rng.int(0...text.summary[unit])
                        let fast = text.utf8Offset(of: n, in: unit)
                        let general = text.utf8OffsetByPrefixSummary(of: n, in: unit)
                        XCTAssertTrue(fast == general, "utf8Offset(of: \(n), in: \(unit)) \(fast) vs \(general), \(context)")
                        let o = fast.offset
                        XCTAssertEqual(text.count(unit, upToUTF8: o), text.countByPrefixSummary(unit, upToUTF8: o),
                                       "count(\(unit), upToUTF8: \(o)), \(context)")
                    }
                }
                if step % 50 == 49 {
                    var index = 0
                    text.rope.forEach { _, chunk in
                        let runs = Self.runs(chunk.string)
                        XCTAssertEqual(Int(chunk.leadingASCII), runs.leading, "chunk \(index) leading, \(context)")
                        XCTAssertEqual(Int(chunk.trailingASCII), runs.trailing, "chunk \(index) trailing, \(context)")
                        index += 1
                        return true
                    }
                }
            }
        }
    }
}
