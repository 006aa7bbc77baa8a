import XCTest
@testable import FormatCheck
import FormattingTesting
import RichTextFormats

/// A finding's quoted text is the same whichever way `ViolationMessage.quote` builds it: the text as it is when
/// no character needs showing otherwise and none is cut, else character by character (escapes, the cut at the
/// limit).
final class ViolationMessageQuoteTests: XCTestCase {
    /// Pieces that take each way: plain and non-ASCII text, a quote mark alone and under a combining mark,
    /// controls, C1 controls, separators, bidi controls, U+FFFC, and lead bytes the quick check sends the long way
    /// though they need nothing (U+00E9 after 0xC3 does not; U+00A0 after 0xC2, U+2014 after 0xE2 and U+FF01
    /// after 0xEF do).
    static let pieces = ["a", "milk ", "crème ", "日本", "👩🏽‍💻", "e\u{301}", "\"", "\"\u{301}", "\\", "\n", "\r\n", "\t",
                         "\u{1B}", "\u{7F}", "\u{85}", "\u{A0}", "\u{2014}", "\u{2028}", "\u{2029}", "\u{202E}", "\u{2067}",
                         "\u{FFFC}", "\u{FF01}", "क्षीर", "🇫🇷"]

    /// The quote built character by character, as `MessageText.quoted` with `TerminalText` shows it.
    func byCharacter(_ text: Substring, limit: Int) -> String {
        MessageText.quoted(text, limit: limit, cutMark: "…") { character, shown in
            if character == "\"" { shown += "\\\"" } else { TerminalText.append(character, to: &shown) }
        }
    }

    func testQuoteAgreesWithTheCharacterByCharacterWayOnRandomText() {
        var rng = SeededGenerator(seed: 0x5155_4F54)
        for round in 0..<2_000 {
            var text = ""
            for _ in 0..<rng.int(0...(rng.chance(0.3) ? 60 : 12)) {
                text += Self.pieces[rng.int(0...(rng.chance(0.6) ? 4 : Self.pieces.count - 1))]
            }
            let limit = rng.chance(0.2) ? Int.max : rng.int(1...45)
            XCTAssertEqual(ViolationMessage.quote(Substring(text), limit: limit), byCharacter(Substring(text), limit: limit),
                           "round \(round), limit \(limit): \(text.debugDescription)")
        }
    }

    func testExamples() {
        XCTAssertEqual(ViolationMessage.quote("milk"), "\"milk\"")
        XCTAssertEqual(ViolationMessage.quote("say \"hi\""), #""say \"hi\"""#)
        XCTAssertEqual(ViolationMessage.quote(Substring(String(repeating: "日", count: 41))), "\"" + String(repeating: "日", count: 40) + "…\"")
        XCTAssertEqual(ViolationMessage.quote(Substring(String(repeating: "日", count: 40))), "\"" + String(repeating: "日", count: 40) + "\"")
        XCTAssertEqual(ViolationMessage.sentence("a", "", "b c", " — ", "日"), "ab c — 日")
    }
}
