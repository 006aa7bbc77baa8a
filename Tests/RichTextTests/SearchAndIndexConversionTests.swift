import Foundation
import XCTest
@testable import RichText
import struct FormattingTesting.SeededGenerator

/// Searching with `range(of:options:range:locale:)`, converting indices to and from `String.Index`, and asking
/// slices whether indices are valid in them.
final class SearchAndIndexConversionTests: XCTestCase {
    // MARK: - Search examples

    /// The UTF-8 offsets of a found range, for readable expectations.
    private func offsets(_ range: Range<RichString.Index>?) -> Range<Int>? {
        range.map { $0.lowerBound.utf8Offset..<$0.upperBound.utf8Offset }
    }

    func testCaseInsensitiveSearchFoldsAsFoundationStringSearch() {
        let text = RichString("Die Straße, die STRASSE")
        XCTAssertEqual(offsets(text.range(of: "strasse", options: .caseInsensitive)), 4..<11, "ß folds to ss")
        XCTAssertEqual(offsets(text.range(of: "STRASSE", options: [.caseInsensitive, .backwards])), 17..<24)
        XCTAssertNil(text.range(of: "strasse"))
    }

    func testBackwardsAndAnchoredPickTheLastOrTheEdgeMatch() {
        let text = RichString("abc abc abc")
        XCTAssertEqual(offsets(text.range(of: "abc", options: [])), 0..<3)
        XCTAssertEqual(offsets(text.range(of: "abc", options: .backwards)), 8..<11)
        XCTAssertEqual(offsets(text.range(of: "abc", options: .anchored)), 0..<3)
        XCTAssertEqual(offsets(text.range(of: "abc", options: [.anchored, .backwards])), 8..<11)
        XCTAssertNil(text.range(of: "bc", options: .anchored))
        XCTAssertNil(text.range(of: "ab", options: [.anchored, .backwards]))
    }

    func testCanonicallyEquivalentTextMatchesUnlessLiteral() {
        let text = RichString("Cafe\u{301} and caf\u{E9}")
        XCTAssertEqual(offsets(text.range(of: "caf\u{E9}", options: .caseInsensitive)), 0..<6)
        XCTAssertEqual(offsets(text.range(of: "caf\u{E9}", options: [.literal])), 11..<16)
        XCTAssertEqual(offsets(text.range(of: "cafe", options: [.literal, .caseInsensitive])), 0..<4, "literal compares scalars")
        XCTAssertEqual(offsets(text.range(of: "cafe", options: [.diacriticInsensitive, .caseInsensitive, .backwards])), 11..<16)
    }

    func testWidthInsensitiveAndRegularExpressionSearch() {
        let text = RichString("ＡＢＣ abc123")
        XCTAssertEqual(offsets(text.range(of: "abc", options: [.widthInsensitive, .caseInsensitive])), 0..<9)
        XCTAssertEqual(offsets(text.range(of: "[0-9]+", options: .regularExpression)), 13..<16)
    }

    /// As in `AttributedString`, whose search compares whole characters: a match inside a character does not
    /// count, though Foundation's `String` search finds it.
    func testMatchInsideACharacterDoesNotCountUnlessLiteral() {
        // A mark after a line feed is a character of its own.
        let text = RichString("e\u{301}x\r\n🇺🇸🇫🇷\n\u{301}")
        let string = text.string
        XCTAssertNotNil(string.range(of: "\u{301}"), "Foundation's String search finds the mark inside \"é\"")
        XCTAssertEqual(offsets(text.range(of: "\u{301}", options: [])), 23..<25, "the lone mark at the end")
        XCTAssertEqual(offsets(text.range(of: "\u{301}", options: .literal)), 1..<3)
        XCTAssertNil(text.range(of: "\u{301}", options: .anchored), "the anchored match is inside a character")
        XCTAssertNil(text.range(of: "\r"))
        XCTAssertNil(text.range(of: "\n", options: .backwards))
        XCTAssertEqual(offsets(text.range(of: "\r\n", options: [])), 4..<6)
        XCTAssertNil(text.range(of: "🇸🇫", options: []), "the flags' inner halves")
        XCTAssertEqual(offsets(text.range(of: "🇫🇷", options: .backwards)), 14..<22)
    }

    func testMatchAfterOneInsideACharacterIsFound() {
        let text = RichString("e\u{301}\n\u{301}")
        XCTAssertEqual(offsets(text.range(of: "\u{301}", options: [])), 4..<6)
        XCTAssertEqual(offsets(RichString("\u{301} e\u{301}").range(of: "\u{301}", options: .backwards)), 0..<2)
    }

    func testEmptyTargetFindsNothing() {
        XCTAssertNil(RichString("abc").range(of: "", options: []))
        XCTAssertNil(RichString("").range(of: "a", options: []))
    }

    func testSearchRangeIsSearchedAsATextOfItsOwn() throws {
        let text = RichString("abc abc abc")
        let middle = text.index(atOffset: 2, in: .utf8)..<text.index(atOffset: 9, in: .utf8)
        XCTAssertEqual(offsets(text.range(of: "abc", options: [], range: middle)), 4..<7)
        XCTAssertEqual(offsets(text.range(of: "abc", options: .backwards, range: middle)), 4..<7)
        XCTAssertNil(text.range(of: "abc", options: .anchored, range: middle))
        XCTAssertEqual(offsets(text.range(of: "c a", options: .anchored, range: middle)), 2..<5)
    }

    func testSliceSearchStaysInsideTheSliceAndAnswersInBaseIndices() throws {
        let text = RichString("👍 abc|abc|abc")
        let slice = text[text.index(atOffset: 6, in: .utf8)..<text.index(atOffset: 14, in: .utf8)]
        XCTAssertEqual(slice.string, "bc|abc|a")
        XCTAssertEqual(offsets(slice.range(of: "abc", options: [])), 9..<12)
        XCTAssertEqual(offsets(slice.range(of: "ABC", options: [.backwards, .caseInsensitive])), 9..<12)
        XCTAssertEqual(offsets(slice.range(of: "bc", options: .anchored)), 6..<8)
        XCTAssertNil(slice.range(of: "|abc|abc"))
        let found = try XCTUnwrap(slice.range(of: "abc"))
        XCTAssertEqual(String(text[found].characters), "abc")
        XCTAssertEqual(String(slice.characters[found]), "abc")
        XCTAssertEqual(slice.startIndex, slice.bounds.lowerBound)
        XCTAssertEqual(slice.endIndex, slice.bounds.upperBound)
    }

    func testSliceCuttingACharacterSearchesItsOwnScalars() {
        // Foundation on Linux rounds such a slice's search text out to whole characters and then places the
        // result from the slice's own start (it traps here); ours searches exactly the slice's scalars.
        let text = RichString("e\u{301}x")
        let slice = text[text.index(atOffset: 1, in: .scalars)..<text.endIndex]
        XCTAssertEqual(offsets(slice.range(of: "x")), 3..<4)
        XCTAssertEqual(offsets(slice.range(of: "\u{301}")), 1..<3, "a lone mark is a whole character of the slice's text")
    }

    func testMovedCharacterSearchKeepsItsMeaning() {
        let text = RichString("milk, butter, cafe\u{301}, butter")
        XCTAssertEqual(offsets(text.range(of: "butter", from: text.index(atOffset: 8, in: .utf8))), 22..<28)
        XCTAssertEqual(text.ranges(of: "butter").ranges.count, 2)
        XCTAssertEqual(text.ranges(of: "cafe").ranges.count, 0)
    }

    func testSearchWithALocaleUsesFoundationsLocalizedSearch() {
        let text = RichString("Istanbul")
        let locale = Locale(identifier: "en_US")
        XCTAssertEqual(offsets(text.range(of: "STAN", options: .caseInsensitive, locale: locale)), 1..<5)
    }

    // MARK: - Index conversion examples

    func testIndexInsideACharacterDoesNotConvert() {
        let string = "e\u{301}👍🏽x"
        let text = RichString(string)
        for index in text.utf16.indices {
            let converted = String.Index(index, within: string)
            let startsCharacter = text.characters.indices.contains(index)
            XCTAssertEqual(converted != nil, startsCharacter, "\(index)")
            if let converted {
                XCTAssertEqual(string.utf8.distance(from: string.startIndex, to: converted), index.utf8Offset)
            }
        }
        XCTAssertNotNil(String.Index(text.endIndex, within: string))
        XCTAssertNil(String.Index(text.endIndex, within: "e"), "past the target's end")
    }

    func testStringIndexInsideACharacterDoesNotConvert() {
        let string = "e\u{301}👍🏽x"
        let text = RichString(string)
        for index in string.utf16.indices {
            let converted = RichString.Index(index, within: text)
            XCTAssertEqual(converted != nil, string.indices.contains(index), "\(index)")
            if let converted {
                XCTAssertEqual(converted.utf8Offset, string.utf8.distance(from: string.startIndex, to: index))
                XCTAssertTrue(converted.isValid(within: text))
            }
        }
        XCTAssertEqual(RichString.Index(string.endIndex, within: text), text.endIndex)
        XCTAssertNil(RichString.Index(string.endIndex, within: RichString("e")))
    }

    func testRangesConvertExactlyBothWaysEvenInsideCharacters() throws {
        let string = "a😀e\u{301}"
        let text = RichString(string)
        let units = Array(string.utf16.indices) + [string.endIndex]
        for lower in units.indices {
            for upper in lower..<units.count {
                let range = units[lower]..<units[upper]
                let ours = try XCTUnwrap(Range<RichString.Index>(range, in: text), "\(range)")
                XCTAssertEqual(text.offset(of: ours.lowerBound, in: .utf16), lower)
                XCTAssertEqual(text.offset(of: ours.upperBound, in: .utf16), upper)
                XCTAssertEqual(Range<String.Index>(ours, in: string), range)
            }
        }
    }

    func testTrailingSurrogateIndexKeepsItsHalf() throws {
        let string = "a😀"
        let text = RichString(string)
        let trailing = text.index(atOffset: 2, in: .utf16)
        XCTAssertTrue(trailing.isTrailingSurrogate)
        XCTAssertNil(String.Index(trailing, within: string), "not a character boundary")
        let range = try XCTUnwrap(Range<String.Index>(text.startIndex..<trailing, in: string))
        XCTAssertEqual(string.utf16.distance(from: string.startIndex, to: range.upperBound), 2)
        XCTAssertNil(Range<String.Index>(text.startIndex..<trailing, in: "ab"), "no surrogate pair there")
    }

    func testSubstringTargetCountsFromItsBaseAndHasItsOwnBoundaries() throws {
        let string = "xe\u{301}yz"
        let substring = string.dropFirst()
        let text = RichString(string)
        let e = text.index(atOffset: 1, in: .scalars)
        let accent = text.index(atOffset: 2, in: .scalars)
        XCTAssertEqual(String.Index(e, within: substring), substring.startIndex)
        XCTAssertNil(String.Index(accent, within: substring))
        XCTAssertNil(String.Index(text.startIndex, within: substring), "before the substring")
        let range = try XCTUnwrap(Range<String.Index>(e..<text.endIndex, in: substring))
        XCTAssertEqual(String(string[range]), "e\u{301}yz")
        XCTAssertNil(Range<String.Index>(text.startIndex..<e, in: substring))
    }

    func testRichSubstringTargetTakesOnlyIndicesInsideTheSlice() {
        let string = "hello world"
        let text = RichString(string)
        let slice = text[text.index(atOffset: 6, in: .utf8)..<text.endIndex]
        let w = string.index(string.startIndex, offsetBy: 6)
        XCTAssertEqual(RichString.Index(w, within: slice), slice.startIndex)
        XCTAssertNil(RichString.Index(string.startIndex, within: slice))
        XCTAssertEqual(RichString.Index(string.endIndex, within: slice), slice.endIndex)
        XCTAssertNotNil(Range<RichString.Index>(w..<string.endIndex, in: slice))
        XCTAssertNil(Range<RichString.Index>(string.startIndex..<w, in: slice))
    }

    func testConvertedIndexBelongsToTheCurrentVersion() {
        var text = RichString("abc")
        let string = "xabc"
        text.insert(RichString("x"), at: text.startIndex)
        let index = RichString.Index(string.index(after: string.startIndex), within: text)
        XCTAssertEqual(index.map { text.characters[$0] }, "a")
    }

    // MARK: - Slice validity examples

    func testSliceValidityFollowsTheSlicesBounds() {
        let text = RichString("Hello, world")
        let a = text.index(atOffset: 2, in: .characters), b = text.index(atOffset: 5, in: .characters)
        let slice = text[a..<b]
        XCTAssertTrue(a.isValid(within: slice))
        XCTAssertFalse(b.isValid(within: slice))
        XCTAssertTrue((a..<b).isValid(within: slice))
        XCTAssertTrue((b..<b).isValid(within: slice))
        XCTAssertTrue(RangeSet([a..<text.index(atOffset: 3, in: .characters), b..<b]).isValid(within: slice))
        XCTAssertFalse(RangeSet([text.startIndex..<a]).isValid(within: slice))
    }

    func testDiscontiguousValidityEndsOnlyAtTheLastRange() {
        let text = RichString("0123456789")
        func at(_ n: Int) -> RichString.Index { text.index(atOffset: n, in: .characters) }
        let slice = text[RangeSet([at(1)..<at(3), at(6)..<at(8)])]
        XCTAssertTrue(at(1).isValid(within: slice))
        XCTAssertTrue(at(2).isValid(within: slice))
        XCTAssertFalse(at(3).isValid(within: slice), "the end of an earlier range is in the gap")
        XCTAssertFalse(at(8).isValid(within: slice), "the slice's end")
        XCTAssertTrue((at(1)..<at(7)).isValid(within: slice), "a range may span a gap")
        XCTAssertTrue((at(6)..<at(8)).isValid(within: slice))
        XCTAssertFalse((at(1)..<at(3)).isValid(within: slice), "as in Foundation, only the last range's end ends a range")
        XCTAssertTrue((at(8)..<at(8)).isValid(within: slice))
        XCTAssertTrue(RangeSet([at(1)..<at(2), at(6)..<at(8)]).isValid(within: slice))
        XCTAssertFalse(RangeSet([at(1)..<at(2), at(4)..<at(5)]).isValid(within: slice))
        XCTAssertFalse(at(0).isValid(within: text[RangeSet<RichString.Index>()]))
    }

    func testDiscontiguousRangesAreRoundedToScalars() {
        let text = RichString("a😀b")
        let trailing = text.index(atOffset: 2, in: .utf16)
        let slice = text[RangeSet([trailing..<text.endIndex])]
        XCTAssertTrue(text.index(atOffset: 1, in: .scalars).isValid(within: slice), "the range starts at the emoji")
        XCTAssertFalse(text.startIndex.isValid(within: slice))
    }

    func testSliceValidityRejectsStaleIndices() {
        var text = RichString("Hello, world")
        let old = text.index(atOffset: 3, in: .characters)
        text.append(RichString("!"))
        let slice = text[text.startIndex..<text.endIndex]
        XCTAssertFalse(old.isValid(within: slice))
        XCTAssertFalse((old..<old).isValid(within: slice))
        XCTAssertFalse(old.isValid(within: text[RangeSet(text.startIndex..<text.endIndex)]))
        XCTAssertFalse((old..<old).isValid(within: text[RangeSet(text.startIndex..<text.endIndex)]))
    }

    // MARK: - Properties

    /// Over random text with combining marks, emoji, CRLF, flags and case variants, the search finds what
    /// Foundation's `String` search finds, held to whole characters (unless `.literal`), on the string, with a
    /// search range, and in a slice. The reference runs the `String` search anchored at every character boundary
    /// and keeps the matches that end on one. A failure prints its seed and a shrunk case.
    func testSearchAgreesWithFoundationStringSearch() {
        let iterations = propertyBudget(default: 150, long: 3000)
        for seed in 1...UInt64(iterations) {
            var rng = SeededGenerator(seed: seed)
            let original = SearchCase.random(&rng)
            guard let failure = original.failure() else { continue }
            let shrunk = original.shrunk()
            XCTFail("seed \(seed): \(failure)\nshrunk: \(shrunk) → \(shrunk.failure() ?? "?")")
            return
        }
    }

    /// Every UTF-16 position of random text converts both ways as a `String` holding the same text places it:
    /// a single index only on a character boundary, a range always.
    func testIndexConversionAgreesWithStringPositions() {
        let iterations = propertyBudget(default: 60, long: 1000)
        for seed in 1...UInt64(iterations) {
            var rng = SeededGenerator(seed: seed)
            let string = MixedText.random(&rng, maxPieces: 6)
            let text = RichString(string)
            let units = Array(string.utf16.indices) + [string.endIndex]
            let characterStarts = Set(string.indices.map { string.utf16.distance(from: string.startIndex, to: $0) } + [string.utf16.count])
            for (offset, stringIndex) in units.enumerated() {
                let ours = text.index(atOffset: offset, in: .utf16)
                let startsCharacter = characterStarts.contains(offset)
                guard (RichString.Index(stringIndex, within: text) == ours) == startsCharacter,
                      RichString.Index(stringIndex, within: text) == nil || startsCharacter,
                      (String.Index(ours, within: string) == stringIndex) == startsCharacter,
                      String.Index(ours, within: string) == nil || startsCharacter,
                      Range<RichString.Index>(stringIndex..<string.endIndex, in: text) == ours..<text.endIndex,
                      Range<String.Index>(text.startIndex..<ours, in: string) == string.startIndex..<stringIndex
                else {
                    XCTFail("seed \(seed): \(string.debugDescription) at UTF-16 offset \(offset)")
                    return
                }
            }
        }
    }
}

/// One random search: the text (as pieces, so it can shrink), what to find, the options, and an optional slice
/// of the text (in Unicode scalars) to search instead of the whole.
private struct SearchCase: CustomStringConvertible {
    var pieces: [String]
    var target: String
    var options: String.CompareOptions
    var slice: (lower: Int, upper: Int)?

    static let fragments = MixedText.fragments + [
        "Straße", "STRASSE", "ss", "abc", "ABC", "Abc", "caf\u{E9}", "CAFE\u{301}", "\u{E9}", "E\u{301}", "ǅ", "İ",
    ]

    static func random(_ rng: inout SeededGenerator) -> SearchCase {
        let pieces = (0..<rng.int(1...6)).map { _ in rng.pick(fragments) }
        let scalars = Array(pieces.joined().unicodeScalars)
        var target: String
        if rng.chance(0.7) {
            // A stretch of the text: often on character boundaries, sometimes cutting into a character.
            let start = rng.int(0...(scalars.count - 1))
            let end = min(scalars.count, start + rng.int(1...4))
            target = String(String.UnicodeScalarView(scalars[start..<end]))
            if rng.chance(0.3) { target = rng.chance(0.5) ? target.uppercased() : target.lowercased() }
        } else {
            target = rng.pick(fragments)
        }
        var options: String.CompareOptions = []
        for option in [String.CompareOptions.caseInsensitive, .backwards, .anchored, .literal] where rng.chance(0.35) {
            options.insert(option)
        }
        var slice: (Int, Int)? = nil
        if rng.chance(0.4) {
            let lower = rng.int(0...scalars.count)
            slice = (lower, rng.int(lower...scalars.count))
        }
        return SearchCase(pieces: pieces, target: target, options: options, slice: slice)
    }

    var description: String {
        "text \(pieces.joined().debugDescription), target \(target.debugDescription), options \(optionNames), slice \(slice.map { "\($0.lower)..<\($0.upper) scalars" } ?? "none")"
    }

    private var optionNames: [String] {
        [(String.CompareOptions.caseInsensitive, "caseInsensitive"), (.backwards, "backwards"), (.anchored, "anchored"), (.literal, "literal")]
            .filter { options.contains($0.0) }.map(\.1)
    }

    /// What is wrong with our answer to this case, or nil when it is right.
    func failure() -> String? {
        let text = RichString(pieces.joined())
        var searched = text.startIndex..<text.endIndex
        if let slice {
            searched = text.index(atOffset: slice.lower, in: .scalars)..<text.index(atOffset: slice.upper, in: .scalars)
        }
        let haystack = text[searched].string
        let origin = searched.lowerBound.utf8Offset
        let viaRange = text.range(of: target, options: options, range: slice == nil ? nil : searched)
        let viaSlice = text[searched].range(of: target, options: options)
        guard viaRange == viaSlice else { return "range: gives \(String(describing: viaRange)), the slice \(String(describing: viaSlice))" }
        let ours = viaRange.map { ($0.lowerBound.utf8Offset - origin)..<($0.upperBound.utf8Offset - origin) }
        return Self.check(ours, haystack: haystack, target: target, options: options)
    }

    /// Checks a found range (UTF-8 offsets into `haystack`) against Foundation's `String` search.
    static func check(_ ours: Range<Int>?, haystack: String, target: String, options: String.CompareOptions) -> String? {
        func utf8(_ r: Range<String.Index>) -> Range<Int> {
            haystack.utf8.distance(from: haystack.startIndex, to: r.lowerBound)..<haystack.utf8.distance(from: haystack.startIndex, to: r.upperBound)
        }
        if options.contains(.literal) {
            let expected = haystack.range(of: target, options: options).map(utf8)
            return ours == expected ? nil : "ours \(String(describing: ours)), String search \(String(describing: expected))"
        }
        // Every match that the String search, anchored at a character boundary (and seeing the rest of the text
        // after it, as the search of the whole does), finds ending on a character boundary.
        let boundaries = Set(haystack.indices).union([haystack.endIndex])
        let anchoredForward = options.subtracting(.backwards).union(.anchored)
        var matches = boundaries.compactMap { i in
            haystack.range(of: target, options: anchoredForward, range: i..<haystack.endIndex)
        }.filter { boundaries.contains($0.upperBound) }.map(utf8)
        let end = haystack.utf8.count
        if options.contains(.anchored) {
            matches = matches.filter { options.contains(.backwards) ? $0.upperBound == end : $0.lowerBound == 0 }
        }
        guard let ours else {
            return matches.isEmpty ? nil : "ours nil, matches \(matches)"
        }
        guard matches.contains(ours) else { return "ours \(ours) is not a match; matches \(matches)" }
        let extreme = options.contains(.backwards) ? matches.map(\.lowerBound).max()! : matches.map(\.lowerBound).min()!
        return ours.lowerBound == extreme ? nil : "ours \(ours) is not the \(options.contains(.backwards) ? "last" : "first"); matches \(matches)"
    }

    /// A smaller case that still fails: pieces dropped, the slice removed, options dropped, as long as it fails.
    func shrunk() -> SearchCase {
        var best = self
        var progress = true
        while progress {
            progress = false
            var candidates: [SearchCase] = []
            for k in best.pieces.indices where best.pieces.count > 1 {
                var c = best
                c.pieces.remove(at: k)
                let count = c.pieces.joined().unicodeScalars.count
                if let s = c.slice { c.slice = (min(s.lower, count), min(s.upper, count)) }
                candidates.append(c)
            }
            if best.slice != nil { var c = best; c.slice = nil; candidates.append(c) }
            for option in [String.CompareOptions.caseInsensitive, .backwards, .anchored, .literal] where best.options.contains(option) {
                var c = best
                c.options.remove(option)
                candidates.append(c)
            }
            if let smaller = candidates.first(where: { $0.failure() != nil }) {
                best = smaller
                progress = true
            }
        }
        return best
    }
}
