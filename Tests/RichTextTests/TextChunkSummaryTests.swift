import XCTest
@testable import RichText

/// A chunk's cached counts match the standard library's, on the fast path for scalars below U+0300 and on
/// the grapheme-breaking path past it.
final class TextChunkSummaryTests: XCTestCase {
    func expected(_ s: String) -> TextSummary {
        var separators = 0
        let scalars = Array(s.unicodeScalars)
        for (k, scalar) in scalars.enumerated() {
            if scalar == "\n" || scalar == "\u{2029}" || (scalar == "\r" && (k + 1 == scalars.count || scalars[k + 1] != "\n")) { separators += 1 }
        }
        return TextSummary(utf8: s.utf8.count, utf16: s.utf16.count, scalars: scalars.count, characters: s.count, separators: separators)
    }

    func testLatinTextCountsCharactersWithoutGraphemeBreaking() {
        for s in ["crème brûlée", "naïve café\r\n", "\r\r\n\n\u{AD}\u{7F}\u{9F}©®\u{2FF}", "\u{2FF}\u{300}", "e\u{301}", "a\u{200D}b", "🇫🇷🇩🇪", "가각\u{11A8}", ""] {
            XCTAssertEqual(TextChunk.summarize(s), expected(s), s.debugDescription)
        }
    }

    func testRandomStringsOfLowAndBoundaryScalarsCountLikeTheStandardLibrary() {
        var rng = SystemRandomNumberGenerator()
        let pool: [Unicode.Scalar] = (0...0x2FF).compactMap(Unicode.Scalar.init) + ["\u{300}", "\u{301}", "\u{200D}", "\u{1F1EB}", "\u{1F600}", "\u{2029}"]
        for _ in 0..<2000 {
            var s = String.UnicodeScalarView()
            for _ in 0..<Int.random(in: 0...40, using: &rng) {
                // Mostly low scalars, with CR and LF often.
                let r = Int.random(in: 0..<10, using: &rng)
                s.append(r == 0 ? "\r" : r == 1 ? "\n" : pool[Int.random(in: 0..<(r == 2 ? pool.count : 0x300), using: &rng)])
            }
            let string = String(s)
            XCTAssertEqual(TextChunk.summarize(string), expected(string), string.debugDescription)
        }
    }
}
