// Follows Apple's swift-foundation
// `Tests/FoundationEssentialsTests/AttributedString/AttributedStringDiscontiguousTests.swift`:
// slicing by a `RangeSet` (`DiscontiguousRichSubstring`).
//
// Differences in wording, with the same meaning:
// - `AttributedString(slice)` is `slice.richString`.
// - `a[ranges].mergeAttributes(c)` / `setAttributes(c)` are `a.mergeAttributes(c, in: ranges)` /
//   `a.setAttributes(c, in: ranges)` in the tests written before the slice had them; both forms exist.
// - `a[ranges].test.testInt` (through the scope) is `a[ranges].testInt` in `attributes()`;
//   `testScopedKeysOverRanges` checks the scope form.

import Foundation
import XCTest
@testable import RichText
import TestKeys

final class FoundationConformanceDiscontiguousTests: XCTestCase {
    /// Follows Apple's `emptySlice()`.
    func testEmptySlice() {
        let str = RichString()
        let slice = str[RangeSet()]
        XCTAssertTrue(slice.runs.isEmpty)
        XCTAssertTrue(slice.characters.isEmpty)
        XCTAssertTrue(slice.unicodeScalars.isEmpty)
        XCTAssertEqual(slice, slice)
        XCTAssertEqual(slice.runs.startIndex, slice.runs.endIndex)
        XCTAssertEqual(slice.characters.startIndex, slice.characters.endIndex)
        XCTAssertEqual(slice.unicodeScalars.startIndex, slice.unicodeScalars.endIndex)
        XCTAssertEqual(RichString("abc")[RangeSet()], RichString("def")[RangeSet()])

        for run in slice.runs {
            XCTFail("Enumerating empty runs should not have produced \(run)")
        }
        for character in slice.characters {
            XCTFail("Enumerating empty characters should not have produced \(character)")
        }
        for scalar in slice.unicodeScalars {
            XCTFail("Enumerating empty unicode scalars should not have produced \(scalar)")
        }
    }

    /// Apple's `characters()` and `unicodeScalars()` in one body, for the view `view` of a slice and
    /// `discontiguousView` of a discontiguous slice: the view of the discontiguous slice of the whole string is the
    /// whole string's, and that of `rangeA` and `rangeB` of `str` is `expected`.
    private func assertDiscontiguousView<View: Sequence, DiscontiguousView: Sequence>(
        of str: RichString, _ view: (RichSubstring) -> View, _ discontiguousView: (DiscontiguousRichSubstring) -> DiscontiguousView,
        rangeA: Range<RichString.Index>, rangeB: Range<RichString.Index>, expected: [View.Element], line: UInt = #line
    ) where View.Element == DiscontiguousView.Element, View.Element: Equatable {
        let fullSlice = view(str[str.wholeRange])
        let fullDiscontiguousSlice = discontiguousView(str[RangeSet(str.wholeRange)])
        XCTAssertTrue(fullSlice.elementsEqual(fullDiscontiguousSlice), line: line)

        let slice = discontiguousView(str[RangeSet([rangeA, rangeB])])
        XCTAssertEqual(Array(slice), expected, line: line)
    }

    /// Follows Apple's `characters()`.
    func testCharacters() {
        let str = RichString("abcdefgabc")
        assertDiscontiguousView(of: str, \.characters, \.characters,
                                rangeA: str.startIndex..<str.index(atOffset: 3, in: .characters),
                                rangeB: str.index(str.endIndex, characters: -3)..<str.endIndex,
                                expected: ["a", "b", "c", "a", "b", "c"])
    }

    /// Follows Apple's `unicodeScalars()`.
    func testUnicodeScalars() {
        let str = RichString("abcdefgabc")
        assertDiscontiguousView(of: str, \.unicodeScalars, \.unicodeScalars,
                                rangeA: str.startIndex..<str.index(atOffset: 3, in: .scalars),
                                rangeB: str.index(atOffset: str.counts.scalars - 3, in: .scalars)..<str.endIndex,
                                expected: ["a", "b", "c", "a", "b", "c"])
    }

    /// Follows Apple's `reslicing()`.
    func testReslicing() {
        var str = RichString("abcdefg")
        let (ranges, rangeA) = aceRanges(str)
        let rangeB = ranges.ranges[1]
        str[ranges].testInt = 2

        XCTAssertEqual(str[ranges], str[ranges][ranges])
        XCTAssertEqual(str[ranges][RangeSet([rangeA, rangeB])].richString, RichString("ac", attributes: .testInt(2)))
        XCTAssertEqual(str[ranges][rangeA.lowerBound..<rangeB.upperBound].richString, RichString("ac", attributes: .testInt(2)))

        XCTAssertEqual(str[RangeSet()][RangeSet()], str[RangeSet()])
    }

    /// "abcdefg" and the ranges of "a", "c" and "e", as Apple's attribute tests build them.
    private func aceRanges(_ str: RichString) -> (RangeSet<RichString.Index>, Range<RichString.Index>) {
        let rangeA = str.startIndex..<str.index(atOffset: 1, in: .characters)
        let rangeB = str.index(atOffset: 2, in: .characters)..<str.index(atOffset: 3, in: .characters)
        let rangeC = str.index(atOffset: 4, in: .characters)..<str.index(atOffset: 5, in: .characters)
        return (RangeSet([rangeA, rangeB, rangeC]), rangeA)
    }

    /// Apple's `attributes()` checks one thing again and again: a change made through the discontiguous slice of
    /// `ranges` equals the same change made to each of its ranges in turn, after `prepare` on both copies.
    private func assertThroughTheSetAsThroughEachRange(
        _ str: RichString, _ ranges: RangeSet<RichString.Index>, prepare: (inout RichString) -> Void = { _ in },
        _ throughSet: (inout RichString, RangeSet<RichString.Index>) -> Void,
        _ throughRange: (inout RichString, Range<RichString.Index>) -> Void, line: UInt = #line
    ) {
        var a = str
        prepare(&a)
        throughSet(&a, ranges)
        var b = str
        prepare(&b)
        for range in ranges.ranges { throughRange(&b, range) }
        XCTAssertEqual(a, b, line: line)
    }

    /// Follows Apple's `attributes()`.
    func testAttributes() {
        let str = RichString("abcdefg")
        let (ranges, rangeA) = aceRanges(str)

        assertThroughTheSetAsThroughEachRange(str, ranges, { $0[$1].testInt = 2 }, { $0[$1].testInt = 2 })
        // Apple: `a[ranges].test.testInt = 2` (through the test scope).
        assertThroughTheSetAsThroughEachRange(str, ranges, { $0[$1].testInt = 2 }, { $0[$1].testInt = 2 })
        assertThroughTheSetAsThroughEachRange(str, ranges, { $0[$1][TestIntKey.self] = 2 }, { $0[$1][TestIntKey.self] = 2 })
        assertThroughTheSetAsThroughEachRange(str, ranges, prepare: { $0[$0.wholeRange].testInt = 3 },
                                              { $0[$1].testInt = nil }, { $0[$1].testInt = nil })

        do {
            var a = str
            a[a.wholeRange].testInt = 2
            XCTAssertEqual(a[ranges].testInt, 2)
            a[rangeA].testInt = 3
            XCTAssertNil(a[ranges].testInt)
        }

        let fooOnTheWhole: (inout RichString) -> Void = { $0[$0.wholeRange].testString = "foo" }
        assertThroughTheSetAsThroughEachRange(str, ranges, prepare: fooOnTheWhole,
                                              { $0.mergeAttributes(.testInt(2), in: $1) }, { $0[$1].mergeAttributes(.testInt(2)) })
        assertThroughTheSetAsThroughEachRange(str, ranges, prepare: fooOnTheWhole,
                                              { $0.setAttributes(.testInt(2), in: $1) }, { $0[$1].setAttributes(.testInt(2)) })
        for match in [AttributeSet.empty, .testString("foo")] {
            assertThroughTheSetAsThroughEachRange(str, ranges, prepare: fooOnTheWhole,
                                                  { $0[$1].replaceAttributes(match, with: .testInt(2)) },
                                                  { $0[$1].replaceAttributes(match, with: .testInt(2)) })
        }
    }

    /// Follows Apple's `reinitialization()`.
    func testReinitialization() {
        var str = RichString("abcdefg")
        let (ranges, _) = aceRanges(str)
        str[ranges].testInt = 2

        let reinitialized = str[ranges].richString
        XCTAssertEqual(reinitialized, RichString("ace", attributes: .testInt(2)))
    }

    /// Apple's five-run fixture for `runs()` and `coalescedRuns()`, with the ranges both tests take of it.
    private struct FiveRuns {
        let str: RichString
        let rangeA, rangeB, rangeC, rangeD, rangeE: Range<RichString.Index>
        /// The two runs `rangeB` spans.
        let rangeBFirst, rangeBSecond: Range<RichString.Index>
        var rangeSet: RangeSet<RichString.Index> { RangeSet([rangeA, rangeB, rangeC, rangeD, rangeE]) }

        init() {
            var str = RichString("AAA", attributes: .testInt(2))
            str.append(RichString("BBB", attributes: .testInt(3).testString("foo")))
            str.append(RichString("CC", attributes: .testInt(3).testString("bar")))
            str.append(RichString("D", attributes: .testInt(3).testString("baz")))
            str.append(RichString("EEEEEEEE"))
            func chars(_ from: Int, _ to: Int) -> Range<RichString.Index> {
                str.index(atOffset: from, in: .characters)..<str.index(atOffset: to, in: .characters)
            }
            self.str = str
            rangeA = chars(1, 2)  // A
            rangeB = chars(4, 7)  // BBC (two runs)
            rangeC = chars(8, 9)  // D
            rangeD = chars(10, 11)  // E
            rangeE = chars(12, 13)  // E
            rangeBFirst = chars(4, 6)
            rangeBSecond = chars(6, 7)
        }
    }

    /// Follows Apple's `runs()`.
    func testRuns() {
        let f = FiveRuns()
        let runs = f.str[f.rangeSet].runs
        let expected = [f.rangeA, f.rangeBFirst, f.rangeBSecond, f.rangeC, f.rangeD, f.rangeE]
        XCTAssertEqual(runs.count, expected.count)
        XCTAssertEqual(runs.reversed().count, expected.reversed().count)
        XCTAssertEqual(runs.map(\.range), expected)
        XCTAssertEqual(runs.reversed().map(\.range), expected.reversed())
    }

    /// Follows Apple's `coalescedRuns()`: per-key runs of a discontiguous slice break at every gap between its
    /// ranges, and inside a range only where the key's value changes.
    func testCoalescedRuns() {
        let f = FiveRuns()
        let runs = f.str[f.rangeSet].runs

        struct Box<T: Equatable>: Equatable { let value: T?; let range: Range<RichString.Index> }
        let testIntExpectation = [Box(value: 2, range: f.rangeA), Box(value: 3, range: f.rangeB), Box(value: 3, range: f.rangeC),
                                  Box<Int>(value: nil, range: f.rangeD), Box<Int>(value: nil, range: f.rangeE)]
        XCTAssertEqual(runs[\.testInt].map { Box(value: $0.0, range: $0.1) }, testIntExpectation)
        XCTAssertEqual(runs[\.testInt].reversed().map { Box(value: $0.0, range: $0.1) }, testIntExpectation.reversed())

        let testStringExpectation = [Box<String>(value: nil, range: f.rangeA), Box(value: "foo", range: f.rangeBFirst),
                                     Box(value: "bar", range: f.rangeBSecond), Box(value: "baz", range: f.rangeC),
                                     Box<String>(value: nil, range: f.rangeD), Box<String>(value: nil, range: f.rangeE)]
        XCTAssertEqual(runs[\.testString].map { Box(value: $0.0, range: $0.1) }, testStringExpectation)
        XCTAssertEqual(runs[\.testString].reversed().map { Box(value: $0.0, range: $0.1) }, testStringExpectation.reversed())
    }

    /// Follows Apple's `removeSubranges()`.
    func testRemoveSubranges() {
        var str = RichString("abcdefg")
        let (ranges, rangeA) = aceRanges(str)
        str[ranges].testInt = 2
        str[str.wholeRange].testBool = true
        str[rangeA].testString = "foo"

        str.removeSubranges(ranges)
        XCTAssertEqual(str, RichString("bdfg", attributes: .testBool(true)))
    }

    /// Follows Apple's `sliceSetter()`.
    func testSliceSetter() throws {
        var str = RichString("abcdefg")
        let (ranges, rangeA) = aceRanges(str)
        str[ranges].testInt = 2
        str[str.wholeRange].testBool = true
        str[rangeA].testString = "foo"

        do {
            var copy = str
            copy[ranges] = copy[ranges]
            XCTAssertEqual(copy, str)
        }

        do {
            var copy = str
            copy[ranges] = str[ranges]
            XCTAssertEqual(copy, str)
        }

        do {
            let str2 = RichString("Z_Y_X__")
            let (ranges2, _) = aceRanges(str2)
            var copy = str
            copy[ranges] = str2[ranges2]
            XCTAssertEqual(copy.string, "ZbYdXfg")
        }
    }

    /// Follows Apple's `graphemesAcrossDiscontiguousRanges()`: "a" and U+0301 picked out of "a\n\u{301}" are two
    /// characters, as in `String`'s discontiguous slice, and slicing does not trap.
    func testGraphemesAcrossDiscontiguousRanges() {
        let str = "a\n\u{301}"
        let attrStr = RichString(str)
        let strRangeA = str.startIndex..<str.index(after: str.startIndex)  // "a"
        let strRangeB = str.index(before: str.endIndex)..<str.endIndex  // U+0301
        let attrStrRangeA = attrStr.startIndex..<attrStr.characters.index(after: attrStr.startIndex)
        let attrStrRangeB = attrStr.characters.index(before: attrStr.endIndex)..<attrStr.endIndex
        let strSlice = str[RangeSet([strRangeA, strRangeB])]
        let attrStrSlice = attrStr[RangeSet([attrStrRangeA, attrStrRangeB])].characters
        XCTAssertTrue(strSlice.elementsEqual(attrStrSlice), "Characters \(Array(strSlice)) and \(attrStrSlice) do not match")
    }
}
