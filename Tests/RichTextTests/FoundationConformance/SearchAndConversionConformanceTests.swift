// Follows Apple's swift-foundation
// `Tests/FoundationEssentialsTests/AttributedString/AttributedStringTests.swift`: the search of a slice and the
// conversions between `String.Index` and our index (`substringSearch`, `indexConversion`, `oobRangeConversion`),
// with the same inputs and the same expected results. (`search`, on the whole string, is
// `FoundationConformanceAttributedStringTests.testSearch`.)
//
// Differences in wording, with the same meaning:
// - `index(_:offsetByCharacters:)` is `characters.index(_:offsetBy:)`; `index(afterCharacter:)` is
//   `characters.index(after:)`.
// - A slice of a slice (`testString[range]`) is `testString.base[range]`: as in Foundation, slicing a slice gives
//   a slice of the same string, with the same indices.

import Foundation
import XCTest
@testable import RichText

final class FoundationConformanceSearchAndConversionTests: XCTestCase {
    /// Follows Apple's `substringSearch()`: searching a slice finds only what lies inside it, and answers in the
    /// indices of the whole string.
    func testSubstringSearch() throws {
        let fullString = RichString("___abcdefghi___")
        let testString = fullString[try XCTUnwrap(fullString.range(of: "abcdefghi"))]
        XCTAssertNil(testString.range(of: "baba"))

        let abc = try XCTUnwrap(testString.range(of: "abc"))
        XCTAssertEqual(abc.lowerBound, testString.startIndex)
        XCTAssertEqual(String(testString.base[abc].characters), "abc")

        let def = try XCTUnwrap(testString.range(of: "def"))
        XCTAssertEqual(def.lowerBound, testString.characters.index(testString.startIndex, offsetBy: 3))
        XCTAssertEqual(String(testString.base[def].characters), "def")

        let ghi = try XCTUnwrap(testString.range(of: "ghi"))
        XCTAssertEqual(ghi.lowerBound, testString.characters.index(testString.startIndex, offsetBy: 6))
        XCTAssertEqual(String(testString.base[ghi].characters), "ghi")

        XCTAssertNil(testString.range(of: "ghij"))

        let substring = testString.base[testString.characters.index(after: testString.startIndex)..<testString.endIndex]
        XCTAssertNil(substring.range(of: "abc"))

        let BcD = try XCTUnwrap(testString.range(of: "BcD", options: [.caseInsensitive]))
        XCTAssertEqual(BcD.lowerBound, testString.characters.index(testString.startIndex, offsetBy: 1))
        XCTAssertEqual(String(testString.base[BcD].characters), "bcd")

        let ghi_backwards = try XCTUnwrap(testString.range(of: "ghi", options: [.backwards]))
        XCTAssertEqual(ghi_backwards.lowerBound, testString.characters.index(testString.startIndex, offsetBy: 6))
        XCTAssertEqual(String(testString.base[ghi_backwards].characters), "ghi")

        let abc_backwards = try XCTUnwrap(testString.range(of: "abc", options: [.backwards]))
        XCTAssertEqual(abc_backwards.lowerBound, testString.startIndex)
        XCTAssertEqual(String(testString.base[abc_backwards].characters), "abc")

        let abc_anchored = try XCTUnwrap(testString.range(of: "abc", options: [.anchored]))
        XCTAssertEqual(abc_anchored.lowerBound, testString.startIndex)
        XCTAssertEqual(String(testString.base[abc_anchored].characters), "abc")

        let ghi_anchored = try XCTUnwrap(testString.range(of: "ghi", options: [.backwards, .anchored]))
        XCTAssertEqual(ghi_anchored.lowerBound, testString.characters.index(testString.startIndex, offsetBy: 6))
        XCTAssertEqual(String(testString.base[ghi_anchored].characters), "ghi")

        XCTAssertNil(testString.range(of: "bcd", options: [.anchored]))
        XCTAssertNil(testString.range(of: "abc", options: [.anchored, .backwards]))
    }

    /// Follows Apple's `indexConversion()`: a character's index converts to the same character of a `String`
    /// holding the same text, and back.
    func testIndexConversion() throws {
        let attrStr = RichString("ABCDE")
        let str = "ABCDE"

        let attrStrIdx = attrStr.characters.index(attrStr.startIndex, offsetBy: 2)
        XCTAssertEqual(attrStr.characters[attrStrIdx], "C")

        let strIdx = try XCTUnwrap(String.Index(attrStrIdx, within: str))
        XCTAssertEqual(str[strIdx], "C")

        let reconvertedAttrStrIdex = RichString.Index(strIdx, within: attrStr)!
        XCTAssertEqual(attrStr.characters[reconvertedAttrStrIdex], "C")
    }

    /// Follows Apple's `oobRangeConversion()`: a range of a longer string does not convert into a shorter one.
    func testOOBRangeConversion() {
        let attrStr = RichString("")
        let str = "Hello"
        let range = str.index(before: str.endIndex)..<str.endIndex
        XCTAssertNil(Range<RichString.Index>(range, in: attrStr))
    }
}
