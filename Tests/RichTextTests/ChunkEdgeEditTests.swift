@testable import RichText
import XCTest
import struct FormattingTesting.SeededGenerator

/// Edits right at and next to the chunk boundaries of the text rope, where the one-walk edit of a single chunk
/// must hand over to the edit that looks at a neighbour (a combining mark typed after a chunk that ends in "\n"
/// joins nothing, one typed after a letter does; CR typed before a chunk that starts with LF makes one
/// character). Each result is checked against the same edit on a plain `String`, and the rope's invariants
/// (chunk counts re-summarised, chunk boundaries on character boundaries) after every edit.
final class ChunkEdgeEditTests: XCTestCase {
    /// Texts long enough for several chunks, whose bytes near a chunk end differ: letters, line ends, CRLF,
    /// non-ASCII letters and a combining sequence.
    private let bodies: [String] = [
        String(repeating: "abcdefghij", count: 300),
        String(repeating: "line of text\n", count: 250),
        String(repeating: "crlf line\r\n", count: 300),
        String(repeating: "crème brûlée ", count: 250),
        String(repeating: "e\u{301}x\n", count: 700),
        // Chunks that start with a combining mark standing alone after a line end.
        String(repeating: "ab\n\u{301}", count: 700),
        String(repeating: "abc\n\u{301}", count: 600),
        String(repeating: "a\n\u{301}", count: 900),
        String(repeating: "ab\r\n\u{301}", count: 600),
    ]

    private let replacements: [String] = ["x", "", "\n", "\r", "\u{301}", "é", "ab\r\n", "\u{1F600}"]

    func testEditsAtEveryChunkBoundaryMatchAString() {
        var rng = SeededGenerator(seed: 0xC4E0_0001)
        for body in bodies {
            let base = RichString(body)
            let scalars = Array(body.unicodeScalars)
            // Every chunk boundary, as a scalar offset, and the offsets next to it.
            var boundaries: [Int] = []
            var bytes = 0
            base.text.rope.forEach { _, chunk in
                bytes += chunk.summary.utf8
                boundaries.append(base.text.count(.scalars, upToUTF8: bytes))
                return true
            }
            XCTAssertGreaterThan(boundaries.count, 2, "the text should span several chunks")
            var probes = Set<Int>()
            for k in boundaries {
                for d in -2...2 where k + d >= 0 && k + d <= scalars.count { probes.insert(k + d) }
            }
            for p in probes.sorted() {
                for replacement in replacements {
                    let deleteCount = rng.int(0...2)
                    guard p + deleteCount <= scalars.count else { continue }
                    var s = base
                    var model = String(String.UnicodeScalarView(scalars))
                    let a = s.index(atOffset: p, in: .scalars)
                    let b = s.index(atOffset: p + deleteCount, in: .scalars)
                    s.replaceSubrange(a..<b, with: replacement)
                    // Typing more at the same place keeps hitting the same chunk edge.
                    let c = s.index(atOffset: p + replacement.unicodeScalars.count, in: .scalars)
                    s.insert("y", at: c)
                    var u = model.unicodeScalars
                    let ua = u.index(u.startIndex, offsetBy: p)
                    let ub = u.index(ua, offsetBy: deleteCount)
                    u.replaceSubrange(ua..<ub, with: replacement.unicodeScalars)
                    let uc = u.index(u.startIndex, offsetBy: p + replacement.unicodeScalars.count)
                    u.insert("y", at: uc)
                    model = String(u)
                    s._invariantCheck()
                    XCTAssertEqual(s.string, model, "offset \(p), replacement \(replacement.debugDescription)")
                    XCTAssertEqual(s.counts.characters, model.count, "offset \(p), replacement \(replacement.debugDescription)")
                }
            }
            // The original is a copy the edits never touched.
            XCTAssertEqual(base.string, body)
        }
    }
}
