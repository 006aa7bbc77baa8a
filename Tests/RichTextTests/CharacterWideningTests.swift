import XCTest
@testable import RichText
import struct FormattingTesting.SeededGenerator

/// `characterWidening(of:margin:)`, the region the engine enforces after every edit, answers from the text's
/// counts or bytes when it can (`oneByteCharactersWidenedWithMargin`, `smallScalarsWidenedWithMargin`) and by
/// grapheme breaking otherwise. Wherever a shortcut answers, it must give what grapheme breaking gives; and the
/// byte reading must answer for ordinary Latin text.
final class CharacterWideningTests: XCTestCase {
    /// Whatever tactic it picks, `characterWidening` gives what grapheme breaking gives, with and without the
    /// margin.
    func testWideningAgreesWithGraphemeBreaking() {
        let iterations = propertyBudget(default: 400, long: 10_000)
        let seed = UInt64(ProcessInfo.processInfo.environment["FMTCHECK_SEED"] ?? "") ?? 13
        let fragments = ["a", "bc", " ", "\n", "\r", "\r\n", "xyz", "é", "crème", "e\u{301}", "\u{301}", "👍🏽", "🇫🇷",
                         "한", "\u{200D}", "\t", "ʰ", "\u{85}"]
        var rng = SeededGenerator(seed: seed)
        for _ in 0..<iterations {
            var text = ""
            let pieces = rng.chance(0.2) ? rng.int(200...700) : rng.int(0...14)
            for _ in 0..<pieces { text += rng.pick(fragments) }
            // Some texts of one-byte characters only, where the counts decide.
            if rng.chance(0.3) { text = String(text.filter { $0.utf8.count == 1 }) }
            let s = RichString(text)
            let total = s.counts.utf8
            for _ in 0..<8 {
                let a = rng.int(0...total), b = rng.int(0...total)
                let range = min(a, b)..<(rng.chance(0.5) ? min(a, b) : max(a, b))
                let margin = rng.chance(0.8)
                XCTAssertEqual(s.characterWidening(of: range, margin: margin), s.widenedToCharactersByGraphemes(range, margin: margin),
                               "seed \(seed): \(text.debugDescription) \(range) margin \(margin)")
                if testRun?.failureCount ?? 0 > 0 { return }
            }
        }
    }

    /// Widening from the text's counts (every character one byte) gives what grapheme breaking gives, and
    /// answers only when every character is one byte.
    func testWideningFromCountsAgreesWithGraphemeBreaking() {
        let fragments = ["a", "bc", " ", "\n", "\r", "\r\n", "xyz", "é", "e\u{301}", "\u{301}", "👍🏽", "\t"]
        var rng = SeededGenerator(seed: 7)
        for _ in 0..<400 {
            var text = ""
            for _ in 0..<rng.int(0...12) { text += rng.pick(fragments) }
            let s = RichString(text)
            let total = s.counts.utf8
            let oneByte = text.utf8.count == text.count
            for _ in 0..<8 {
                let a = rng.int(0...total), b = rng.int(0...total)
                let range = min(a, b)..<max(a, b)
                let quick = s.oneByteCharactersWidenedWithMargin(range)
                if oneByte && total > 0 {
                    XCTAssertEqual(quick, s.widenedToCharactersByGraphemes(range, margin: true), "\(text.debugDescription) \(range)")
                } else {
                    XCTAssertNil(quick, "\(text.debugDescription) \(range)")
                }
            }
        }
    }

    func testWideningFromSmallScalarsAgreesWithGraphemeBreaking() {
        let iterations = propertyBudget(default: 600, long: 20_000)
        let seed = UInt64(ProcessInfo.processInfo.environment["FMTCHECK_SEED"] ?? "") ?? 11
        // Joiners and non-joiners next to small scalars: combining marks, ZWJ, Hangul, prepend (Arabic number
        // sign), regional indicators, CR LF, soft hyphen, C1 controls, spacing modifiers, multi-byte letters.
        let fragments = ["a", "bc", " ", "\n", "\r", "\r\n", "é", "crème", "brûlée", "naïve", "ʰ", "ǅ", "\u{AD}",
                         "\u{85}", "e\u{301}", "\u{301}", "\u{200D}", "👍🏽", "🇫🇷", "한", "\u{1100}\u{1161}",
                         "\u{600}1", "ß", "Ω", "ж", "\t", "x\u{308}", "ÿ"]
        var rng = SeededGenerator(seed: seed)
        var answered = 0, asked = 0
        for _ in 0..<iterations {
            var text = ""
            // Some texts long enough for several chunks.
            let pieces = rng.chance(0.2) ? rng.int(200...700) : rng.int(0...14)
            for _ in 0..<pieces { text += rng.pick(fragments) }
            let s = RichString(text)
            let total = s.counts.utf8
            for _ in 0..<10 {
                let a = rng.int(0...total), b = rng.int(0...total)
                let range = min(a, b)..<(rng.chance(0.5) ? min(a, b) : max(a, b))
                asked += 1
                guard let quick = s.smallScalarsWidenedWithMargin(range) else { continue }
                answered += 1
                XCTAssertEqual(quick, s.widenedToCharactersByGraphemes(range, margin: true), "seed \(seed): \(text.debugDescription) \(range)")
                if testRun?.failureCount ?? 0 > 0 { return }
            }
        }
        XCTAssertGreaterThan(answered, asked / 10, "the byte reading should decide often")
        print("small-scalar widening: \(answered) of \(asked) ranges decided from the bytes")
    }

    func testLatinTextIsWidenedFromTheBytes() {
        let s = RichString("une crème brûlée, naïve")
        let e = Array("une crème brûlée, naïve".utf8).firstIndex(of: 0xC3)!   // the è of crème
        // Inside "crème": the è is two bytes, its neighbours one byte each.
        XCTAssertEqual(s.smallScalarsWidenedWithMargin(e..<(e + 2)), (e - 1)..<(e + 3))
        XCTAssertEqual(s.smallScalarsWidenedWithMargin((e + 1)..<(e + 1)), (e - 1)..<(e + 3), "an offset inside a scalar rounds out to it")
        // A combining mark after the margin character joins it: the bytes cannot decide.
        XCTAssertNil(RichString("ab\u{301}c").smallScalarsWidenedWithMargin(1..<1))
        XCTAssertNil(RichString("a\r\nb").smallScalarsWidenedWithMargin(3..<3))
    }
}

