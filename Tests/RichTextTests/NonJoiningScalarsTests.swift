import XCTest
@testable import RichText

/// `NonJoiningScalars` says only what the standard library's breaker says: every scalar in it is checked.
final class NonJoiningScalarsTests: XCTestCase {
    func characters(_ scalars: Unicode.Scalar...) -> Int {
        var s = String.UnicodeScalarView()
        s.append(contentsOf: scalars)
        return String(s).count
    }

    /// Each scalar of the table stands alone next to a letter, a Hangul syllable, a regional indicator and a line
    /// feed on either side it can join from. Together those rule out every Grapheme_Cluster_Break class that can
    /// join (Extend, ZWJ and SpacingMark after "a"; V and T after an LV syllable; Prepend before "a"; L before an
    /// LV syllable; a regional indicator before another; CR before LF), so two scalars of the table never join.
    func testEveryScalarInTheTableIsOfAClassThatNeverJoinsAnother() {
        let a: Unicode.Scalar = "a", syllable: Unicode.Scalar = "\u{AC00}", indicator: Unicode.Scalar = "\u{1F1E6}", lf: Unicode.Scalar = "\n"
        var checked = 0
        for range in NonJoiningScalars.ranges {
            for value in range {
                guard let x = Unicode.Scalar(value) else { continue }
                checked += 1
                if characters(a, x) == 2, characters(syllable, x) == 2, characters(x, a) == 2, characters(x, syllable) == 2,
                   characters(x, indicator) == 2, x == "\r" || characters(x, lf) == 2 {
                    continue
                }
                XCTFail("U+\(String(value, radix: 16, uppercase: true)) joins a neighbour in the standard library's breaker")
                return
            }
        }
        XCTAssertGreaterThan(checked, 100_000)
    }

    func testTheLeadByteLimitCoversExactlyTheScalarsBelowU0300() {
        XCTAssertEqual(String(decoding: [NonJoiningScalars.leadByteLimit, 0x80], as: UTF8.self), "\u{300}")
        XCTAssertTrue(NonJoiningScalars.ranges.first == 0x0000...0x02FF)
        XCTAssertFalse(NonJoiningScalars.contains(0x300))
    }

    func testTheLookupAgreesWithTheRanges() {
        let ranges = NonJoiningScalars.ranges
        XCTAssertEqual(ranges, ranges.sorted { $0.lowerBound < $1.lowerBound })
        for (a, b) in zip(ranges, ranges.dropFirst()) { XCTAssertLessThan(a.upperBound, b.lowerBound) }
        var next = 0
        for value: UInt32 in 0...0x10FFFF {
            while next < ranges.count && ranges[next].upperBound < value { next += 1 }
            let expected = next < ranges.count && ranges[next].contains(value)
            if NonJoiningScalars.contains(value) != expected {
                XCTFail("U+\(String(value, radix: 16, uppercase: true)): lookup \(!expected), ranges \(expected)")
                return
            }
        }
    }

    /// The scalars the tests of `CharacterCounting` lean on are where the table says.
    func testExamples() {
        for inside: Unicode.Scalar in ["a", "\r", "\n", "é", "Ж", "ש", "ب", "क", "ก", "日", "ア", "가", "힣", "😀", "\u{20000}", "\u{2029}"] {
            XCTAssertTrue(NonJoiningScalars.contains(inside.value), "\(inside.debugDescription)")
        }
        for outside: Unicode.Scalar in ["\u{300}", "\u{200D}", "\u{200C}", "\u{FE0F}", "\u{94D}", "\u{903}", "\u{600}", "\u{1100}",
                                        "\u{1161}", "\u{11A8}", "\u{1F1E6}", "\u{1F3FB}", "\u{E0067}", "\u{E33}", "\u{3099}", "\u{FF9E}"] {
            XCTAssertFalse(NonJoiningScalars.contains(outside.value), "\(outside.debugDescription)")
        }
    }
}
