import XCTest
@testable import RichText
import struct FormattingTesting.SeededGenerator

/// `TextRope.count(_:in:upToUTF8:)`'s fast paths (eight bytes at a time, characters without grapheme breaking
/// below U+0300) give what the straightforward walks give, at every offset, aligned or not.
final class TextRopeCountTests: XCTestCase {
    /// Straightforward counts, with no fast path.
    func reference(_ unit: TextUnit, in string: String, upToUTF8 offset: Int) -> Int {
        let utf8 = string.utf8
        switch unit {
        case .utf8:
            return offset
        case .scalars:
            return utf8.prefix(offset).filter { $0 & 0xC0 != 0x80 }.count
        case .utf16:
            return utf8.prefix(offset).reduce(0) { $1 & 0xC0 == 0x80 ? $0 : $0 + ($1 >= 0xF0 ? 2 : 1) }
        case .characters:
            // The characters that end at or before the offset.
            let target = utf8.index(utf8.startIndex, offsetBy: offset)
            return string.indices.filter { string.index(after: $0) <= target }.count
        }
    }

    func check(_ string: String, file: StaticString = #filePath, line: UInt = #line) {
        for offset in 0...string.utf8.count {
            for unit in [TextUnit.scalars, .utf16, .characters] {
                XCTAssertEqual(TextRope.count(unit, in: string, upToUTF8: offset), reference(unit, in: string, upToUTF8: offset),
                               "\(unit) up to \(offset) in \(string.debugDescription)", file: file, line: line)
            }
        }
    }

    func testExamples() {
        for s in ["", "a", "crème brûlée", "naïve café\r\n", "\r\n\r\n", "ab\rc\r\n\nd", "e\u{301}", "abcdefgh\u{301}",
                  "abcdefg\r\nhijklmnop\r\nq", "😀 and 🇫🇷 then \u{2029} ok", "\u{2FF}\u{300}", "0123456789abcdefé\u{301}xyz"] {
            check(s)
        }
    }

    func testRandomStringsWithAstralScalarsCRLFAndCombiningMarks() {
        var rng = SeededGenerator(seed: 0x434F_554E_54)
        let pieces = ["a", "b", "hello ", "crème ", "\r", "\n", "\r\n", "\u{2029}", "e\u{301}", "\u{301}", "😀", "🇫🇷",
                      "👩🏽‍💻", "\u{2FF}", "ü", "日本", "\t", "0123456789"]
        for _ in 0..<propertyBudget(default: 400, long: 5000) {
            var s = ""
            for _ in 0..<rng.int(0...30) { s += rng.pick(pieces) }
            check(s)
        }
    }
}
