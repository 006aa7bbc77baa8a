// Follows Apple's swift-foundation
// `Tests/FoundationEssentialsTests/AttributedString/AttributedStringTests.swift`: the same inputs and the same
// expected results, written against `RichString`.
//
// Not applicable here (35 tests, all compiled only into Apple's framework build, `#if FOUNDATION_FRAMEWORK`):
// - NSAttributedString keys and bridging: `nsSliceEnumeration`, `conversionToObjC`, `conversionFromObjC`,
//   `roundTripConversion_boxed`, `roundTripConversion_customConversion`, `incompleteConversionFromObjC`,
//   `incompleteConversionToObjC`, `conversionNestedScope`, `conversionAttributeContainers`,
//   `conversionFromInvalidObjectiveCValueTypes`, `conversionToUTF16`, `conversionWithoutScope`,
//   `conversionCoalescing`, `unalignedConversion`, `infiniteInflectionAlternativeConversion`,
//   `decodingThenConvertingToNSAttributedString`.
// - Accessibility, AppKit, UIKit and SwiftUI scopes: `conversionWithoutScope_Accessibility`,
//   `conversionWithoutScope_AppKit`, `conversionWithoutScope_UIKit`, `conversionWithoutScope_SwiftUI`.
// - Codable through attribute scopes (`@CodableConfiguration(from: \.test)`), which Linux Foundation lacks and
//   which our RichText module leaves to RichTextFormats: `jsonEncoding`, `customAttributeCoding`,
//   `customCodableTypeWithCodableAttributedString`, `codingErrorsPropagateUpToCallSite`,
//   `encodeWithPartiallyCodableScope`, `automaticCoding`, `manualCoding`, `decodingCorruptedData`,
//   `codableRawRepresentableAttribute`, `containerEncoding`, `defaultAttributesCoding`,
//   `decodingMultibyteCharacters`.
// - NSRange conversions: `rangeConversion`, `unalignedRangeConversion`, `nsRangeConversionOnSlice`.
// Two more framework-only tests are ported, their API being portable: `scopedCopy` and `scopeIterationAPI`
// (Apple's `attributeKeys` is our `keys`), with a scope of ours standing for Foundation's, holding a link key.
// Also not applicable: `reassignmentDuringMutation`, an exit test whose only assertion is that the process
// traps when a slice from another string replaces `text[range]` inside an in-place access. Ours traps there too
// (the `_modify` guard in `RichSubstring.swift`); a trap is never executed in the test process.
//
// Ported in `TransformingAttributesConformanceTests.swift`: `mutateMultipleAttributes`, `mutateAttributes`.
//
// Ported in `SearchAndConversionConformanceTests.swift`: `substringSearch`, `indexConversion`, `oobRangeConversion`.
//
// Differences in wording, with the same meaning:
// - Older ports write attributes on the whole string (`str.testInt = 1`) through `str[str.wholeRange]`, and
//   without the scope (`str.test.testInt`); both forms exist now (`testScopedAttributeContainer` uses them).
// - `AttributeContainer` is `AttributeSet` (immutable: `container.testInt = nil` is `container.with(TestIntKey.self, nil)`).
// - Some older ports write `a + b` and `a += b` as `RichString(concatenating:)` and `append(_:)`, which mean the
//   same; `AttributedString(substring)` is `substring.richString`; `settingAttributes` / `mergingAttributes` / `replacingAttributes` mutate a copy.
// - Older ports compare slices through their `richString`; `RichSubstring` is `Equatable` as Foundation's now.
// - Older ports write through `characters` / `unicodeScalars` as the plain-text edits `replaceSubrange(_:with:
//   String)`, `append(_:)` and `insert(_:at:)`, which mean the same as the writable views;
//   `index(_:offsetByCharacters:)` is `index(_:offsetBy:in: .characters)`.
// - Half-open partial ranges (`..<i`, `i...`) are written out (`startIndex..<i`, `i..<endIndex`).

import Foundation
import XCTest
@testable import RichText
import TestKeys

final class FoundationConformanceAttributedStringTests: XCTestCase {
    typealias Index = RichString.Index

    // MARK: - Helpers (Apple's `verifyAttributes`)

    /// Whole runs, forward and then backward, against (text, TestInt, TestDouble), with no TestString anywhere.
    private func verifyRuns(_ runs: RichRunsView, of string: RichString, expectation: [(String, Int?, Double?)], line: UInt = #line) {
        for (order, expected) in [(Array(runs), expectation), (Array(runs.reversed()), Array(expectation.reversed()))] {
            XCTAssertEqual(order.count, expected.count, "Found a different number of runs", line: line)
            for (run, expected) in zip(order, expected) {
                XCTAssertEqual(String(string[run.range].characters), expected.0, line: line)
                XCTAssertEqual(run.testInt, expected.1, line: line)
                XCTAssertEqual(run.testDouble, expected.2, line: line)
                XCTAssertNil(run.testString, line: line)
            }
        }
    }

    /// Runs of one key, forward and backward, each run's text compared as characters.
    private func verifyAttributes<K: RichAttributeKey, C: BidirectionalCollection>(
        _ runs: C, _ key: K.Type, string: RichString, expectation: [(String, K.Value?)], line: UInt = #line
    ) where C.Element == (K.Value?, Range<Index>) {
        var expected = expectation.makeIterator()
        for (value, range) in runs {
            guard let next = expected.next() else {
                XCTFail("Additional runs found but not expected", line: line)
                break
            }
            XCTAssertEqual(String(string[range].characters), next.0, "Text of run did not match expectation", line: line)
            XCTAssertEqual(value, next.1, "Attribute of run did not match expectation", line: line)
        }
        XCTAssertNil(expected.next().map(\.0), "Additional runs expected but not found", line: line)

        expected = expectation.reversed().makeIterator()
        for (value, range) in runs.reversed() {
            guard let next = expected.next() else {
                XCTFail("Additional reversed runs found but not expected", line: line)
                break
            }
            XCTAssertEqual(String(string[range].characters), next.0, "Text of reversed run did not match expectation", line: line)
            XCTAssertEqual(value, next.1, "Attribute of reversed run did not match expectation", line: line)
        }
        XCTAssertNil(expected.next().map(\.0), "Additional reversed runs expected but not found", line: line)
    }

    /// Runs of two keys, forward and backward.
    private func verifyAttributes<K1: RichAttributeKey, K2: RichAttributeKey, C: BidirectionalCollection>(
        _ runs: C, _ k1: K1.Type, _ k2: K2.Type, string: RichString, expectation: [(String, K1.Value?, K2.Value?)],
        line: UInt = #line
    ) where C.Element == (K1.Value?, K2.Value?, Range<Index>) {
        var expected = expectation.makeIterator()
        for (v1, v2, range) in runs {
            guard let next = expected.next() else {
                XCTFail("Additional runs found but not expected", line: line)
                break
            }
            XCTAssertEqual(String(string[range].characters), next.0, "Text of run did not match expectation", line: line)
            XCTAssertEqual(v1, next.1, "Attribute of run did not match expectation", line: line)
            XCTAssertEqual(v2, next.2, "Attribute of run did not match expectation", line: line)
        }
        XCTAssertNil(expected.next().map(\.0), "Additional runs expected but not found", line: line)

        expected = expectation.reversed().makeIterator()
        for (v1, v2, range) in runs.reversed() {
            guard let next = expected.next() else {
                XCTFail("Additional reversed runs found but not expected", line: line)
                break
            }
            XCTAssertEqual(String(string[range].characters), next.0, "Text of reversed run did not match expectation", line: line)
            XCTAssertEqual(v1, next.1, "Attribute of reversed run did not match expectation", line: line)
            XCTAssertEqual(v2, next.2, "Attribute of reversed run did not match expectation", line: line)
        }
        XCTAssertNil(expected.next().map(\.0), "Additional reversed runs expected but not found", line: line)
    }

    /// The concatenation of pieces, for Apple's `a + b + c`.
    private func concat(_ pieces: RichString...) -> RichString {
        RichString(concatenating: pieces)
    }

    /// "A" … "E" with TestInt 1 … 5, one run each (Apple's description and substring fixtures).
    private func fiveLetters() -> RichString {
        concat(
            RichString("A", attributes: .testInt(1)), RichString("B", attributes: .testInt(2)),
            RichString("C", attributes: .testInt(3)), RichString("D", attributes: .testInt(4)),
            RichString("E", attributes: .testInt(5)))
    }

    // MARK: - Enumeration

    /// Follows Apple's `emptyEnumeration()`.
    func testEmptyEnumeration() {
        for _ in RichString().runs {
            XCTFail("An empty string should not enumerate any runs")
        }

        do {
            let str = RichString("Foo")
            for _ in str[str.startIndex..<str.startIndex].runs {
                XCTFail("An empty slice should not enumerate any runs")
            }
        }

        do {
            let str = RichString("Foo", attributes: .testInt(2))
            let i = str.characters.index(after: str.startIndex)
            for _ in str[i..<i].runs {
                XCTFail("An empty slice should not enumerate any runs")
            }
        }
    }

    /// "Hello" (testInt 1), " ", "World" (testDouble 2.0): Apple's string for `simpleEnumeration()` and
    /// `sliceEnumeration()`.
    private func helloWorldEnumerated() -> RichString {
        var attrStr = RichString("Hello", attributes: .testInt(1))
        attrStr.append(RichString(" "))
        attrStr.append(RichString("World", attributes: .testDouble(2.0)))
        return attrStr
    }

    /// The checks Apple's `simpleEnumeration()` and `sliceEnumeration()` make of a runs view of `attrStr`: its
    /// runs, its runs of testInt, of testDouble and of testString, and its runs of testInt and testDouble together
    /// (which are `expectation` again).
    private func verifyEnumeration(
        _ view: RichRunsView, of attrStr: RichString, expectation: [(String, Int?, Double?)],
        testInt: [(String, Int?)], testDouble: [(String, Double?)], testString: [(String, String?)], line: UInt = #line
    ) {
        verifyRuns(view, of: attrStr, expectation: expectation, line: line)
        verifyAttributes(view[TestIntKey.self], TestIntKey.self, string: attrStr, expectation: testInt, line: line)
        verifyAttributes(view[TestDoubleKey.self], TestDoubleKey.self, string: attrStr, expectation: testDouble, line: line)
        verifyAttributes(view[TestStringKey.self], TestStringKey.self, string: attrStr, expectation: testString, line: line)
        verifyAttributes(view[TestIntKey.self, TestDoubleKey.self], TestIntKey.self, TestDoubleKey.self, string: attrStr,
                         expectation: expectation, line: line)
    }

    /// Follows Apple's `simpleEnumeration()`.
    func testSimpleEnumeration() {
        let attrStr = helloWorldEnumerated()
        verifyEnumeration(attrStr.runs, of: attrStr, expectation: [("Hello", 1, nil), (" ", nil, nil), ("World", nil, 2.0)],
                          testInt: [("Hello", 1), (" World", nil)], testDouble: [("Hello ", nil), ("World", 2.0)],
                          testString: [("Hello World", nil)])
    }

    /// Follows Apple's `sliceEnumeration()`.
    func testSliceEnumeration() {
        let attrStr = helloWorldEnumerated()
        let slice = attrStr[attrStr.characters.index(attrStr.startIndex, offsetBy: 3)..<attrStr.characters.index(attrStr.endIndex, offsetBy: -3)]
        verifyEnumeration(slice.runs, of: attrStr, expectation: [("lo", 1, nil), (" ", nil, nil), ("Wo", nil, 2.0)],
                          testInt: [("lo", 1), (" Wo", nil)], testDouble: [("lo ", nil), ("Wo", 2.0)], testString: [("lo Wo", nil)])
    }

    // MARK: - Attributes

    /// Follows Apple's `simpleAttribute()`.
    func testSimpleAttribute() {
        let attrStr = RichString("Foo", attributes: .testInt(42))
        let (value, range) = attrStr.runs[TestIntKey.self][attrStr.startIndex]
        XCTAssertEqual(value, 42)
        XCTAssertEqual(range, attrStr.startIndex..<attrStr.endIndex)
    }

    /// Follows Apple's `constructorAttribute()`.
    func testConstructorAttribute() {
        let attrStr = RichString("Hello", attributes: .testString("Helvetica").testInt(2))
        var expected = RichString("Hello")
        expected[expected.wholeRange].testString = "Helvetica"
        expected[expected.wholeRange].testInt = 2
        XCTAssertEqual(attrStr, expected)
    }

    /// Follows Apple's `addAndRemoveAttribute()`.
    func testAddAndRemoveAttribute() {
        let attr: Int = 42
        let attr2: Double = 1.0
        var attrStr = RichString("Test")
        attrStr[attrStr.wholeRange].testInt = attr
        attrStr[attrStr.wholeRange].testDouble = attr2

        XCTAssertEqual(attrStr, RichString("Test", attributes: .testInt(attr).testDouble(attr2)))

        attrStr[attrStr.wholeRange].testDouble = nil

        XCTAssertEqual(attrStr, RichString("Test", attributes: .testInt(attr)))
    }

    /// Follows Apple's `addingAndRemovingAttribute()`.
    func testAddingAndRemovingAttribute() {
        let container = AttributeSet.testInt(1).testDouble(2.2)
        var attrStr = RichString("Test")
        attrStr.mergeAttributes(container, in: attrStr.wholeRange)
        XCTAssertEqual(attrStr, RichString("Test", attributes: .testInt(1).testDouble(2.2)))
        var doubleRemoved = attrStr
        doubleRemoved[doubleRemoved.wholeRange].testDouble = nil
        XCTAssertEqual(doubleRemoved, RichString("Test", attributes: .testInt(1)))
    }

    /// Follows Apple's `scopedAttributes()`.
    func testScopedAttributes() {
        var str = RichString("Hello, world", attributes: .testInt(2).testDouble(3.4))
        XCTAssertEqual(str.test.testInt, 2)
        XCTAssertEqual(str.test.testDouble, 3.4)
        XCTAssertEqual(str.runs[str.runs.startIndex].test.testInt, 2)

        str.test.testInt = 4
        XCTAssertEqual(str, RichString("Hello, world", attributes: .testInt(4).testDouble(3.4)))

        let range = str.startIndex..<str.characters.index(after: str.startIndex)
        str[range].test.testBool = true
        XCTAssertNil(str.test.testBool)
        XCTAssertNotNil(str[range].test.testBool)
        XCTAssertEqual(str[range].test.testBool, true)
    }

    /// Follows Apple's `runAttributes()`.
    func testRunAttributes() {
        var str = RichString("String", attributes: .testString("test1"))
        str.append(RichString("None"))
        str.append(RichString("String+Int", attributes: .testString("test2").testInt(42)))

        let attributes = str.runs.map(\.attributes)
        XCTAssertEqual(attributes.count, 3)
        XCTAssertEqual(attributes[0], .testString("test1"))
        XCTAssertEqual(attributes[1], .empty)
        XCTAssertEqual(attributes[2], .testString("test2").testInt(42))
    }

    // MARK: - Comparison

    /// Follows Apple's `attributedStringEquality()`.
    func testAttributedStringEquality() throws {
        XCTAssertEqual(RichString(), RichString())
        XCTAssertEqual(RichString("abc"), RichString("abc"))
        XCTAssertEqual(RichString("abc", attributes: .testInt(1)), RichString("abc", attributes: .testInt(1)))
        XCTAssertNotEqual(RichString("abc", attributes: .testInt(1)), RichString("abc", attributes: .testInt(2)))
        XCTAssertNotEqual(RichString("abc", attributes: .testInt(1)), RichString("def", attributes: .testInt(1)))

        var a = RichString("abc", attributes: .testInt(1))
        a.append(RichString("def", attributes: .testInt(1)))
        XCTAssertEqual(a, RichString("abcdef", attributes: .testInt(1)))

        a = RichString("ab", attributes: .testInt(1))
        a.append(RichString("cdef", attributes: .testInt(2)))
        var b = RichString("abcd", attributes: .testInt(1))
        b.append(RichString("ef", attributes: .testInt(2)))
        XCTAssertNotEqual(a, b)

        a = RichString("abc")
        a.append(RichString("defghi", attributes: .testInt(2)))
        a.append(RichString("jkl"))
        b = RichString("abc")
        b.append(RichString("def", attributes: .testInt(2)))
        b.append(RichString("ghijkl"))
        XCTAssertNotEqual(a, b)

        let a1 = RichString("Café", attributes: .testInt(1))
        let a2 = RichString("Cafe\u{301}", attributes: .testInt(1))
        XCTAssertEqual(a1, a2)

        let a3 = concat(RichString("Cafe", attributes: .testInt(1)), RichString("\u{301}", attributes: .testInt(2)))
        XCTAssertNotEqual(a1, a3)
        XCTAssertNotEqual(a2, a3)
        XCTAssertTrue(a1.characters.elementsEqual(a3.characters))
        XCTAssertTrue(a2.characters.elementsEqual(a3.characters))
    }

    /// Follows Apple's `attributedSubstringEquality()`.
    func testAttributedSubstringEquality() {
        let emptyStr = RichString("01234567890123456789")

        let index0 = emptyStr.characters.startIndex
        let index5 = emptyStr.characters.index(index0, offsetBy: 5)
        let index10 = emptyStr.characters.index(index0, offsetBy: 10)
        let index20 = emptyStr.characters.index(index0, offsetBy: 20)

        var singleAttrStr = emptyStr
        singleAttrStr[index0..<index10].testInt = 1

        var halfhalfStr = emptyStr
        halfhalfStr[index0..<index10].testInt = 1
        halfhalfStr[index10..<index20].testDouble = 2.0

        XCTAssertEqual(emptyStr[index0..<index0].richString, emptyStr[index0..<index0].richString)
        XCTAssertEqual(emptyStr[index0..<index5].richString, emptyStr[index0..<index5].richString)
        XCTAssertEqual(emptyStr[index0..<index20].richString, emptyStr[index0..<index20].richString)
        XCTAssertEqual(singleAttrStr[index0..<index20].richString, singleAttrStr[index0..<index20].richString)
        XCTAssertEqual(halfhalfStr[index0..<index20].richString, halfhalfStr[index0..<index20].richString)

        XCTAssertEqual(emptyStr[index0..<index10].richString, singleAttrStr[index10..<index20].richString)
        XCTAssertEqual(halfhalfStr[index0..<index10].richString, singleAttrStr[index0..<index10].richString)

        XCTAssertNotEqual(emptyStr[index0..<index10].richString, singleAttrStr[index0..<index10].richString)
        XCTAssertNotEqual(emptyStr[index0..<index10].richString, singleAttrStr[index0..<index20].richString)

        XCTAssertEqual(emptyStr[index0..<index5].richString, RichString("01234"))
    }

    /// Follows Apple's `runEquality()`: runs are equal when their lengths and attributes are, wherever they stand.
    func testRunEquality() throws {
        var attrStr = RichString("Hello", attributes: .testInt(1))
        attrStr.append(RichString(" "))
        attrStr.append(RichString("World", attributes: .testInt(2)))

        var attrStr2 = RichString("Hello", attributes: .testInt(2))
        attrStr2.append(RichString("_"))
        attrStr2.append(RichString("World", attributes: .testInt(2)))
        attrStr2.append(RichString("Hello", attributes: .testInt(1)))

        var attrStr3 = RichString("Hel", attributes: .testInt(1))
        attrStr3.append(RichString("lo W"))
        attrStr3.append(RichString("orld", attributes: .testInt(2)))

        func run(_ n: Int, in str: RichString) -> RichRunsView.Run {
            str.runs[str.runs.index(str.runs.startIndex, offsetBy: n)]
        }

        // Same string, same range, different attributes.
        XCTAssertNotEqual(run(0, in: attrStr), run(0, in: attrStr2))
        // Different strings, same range, same attributes.
        XCTAssertEqual(run(1, in: attrStr), run(1, in: attrStr2))
        // Same string, same range, same attributes.
        XCTAssertEqual(run(2, in: attrStr), run(2, in: attrStr2))
        // Different string, different range, same attributes.
        XCTAssertEqual(run(2, in: attrStr), run(0, in: attrStr2))
        // Same string, different range, same attributes.
        XCTAssertEqual(run(0, in: attrStr), run(3, in: attrStr2))
        // Runs in the same order but of different lengths.
        XCTAssertFalse(runsMatchLikeFoundation(attrStr.runs, attrStr3.runs))
    }

    /// Follows Apple's `substringRunEquality()`. `RichRunsView` has no `==`; `runsMatchLikeFoundation` is
    /// Foundation's `Runs` equality (each run's length and attributes).
    func testSubstringRunEquality() {
        var attrStr = RichString("Hello", attributes: .testInt(1))
        attrStr.append(RichString(" "))
        attrStr.append(RichString("World", attributes: .testInt(2)))

        var attrStr2 = RichString("Hello", attributes: .testInt(2))
        attrStr2.append(RichString("_"))
        attrStr2.append(RichString("World", attributes: .testInt(2)))

        XCTAssertTrue(runsMatchLikeFoundation(attrStr[attrStr.runs.last!.range].runs, attrStr2[attrStr2.runs.first!.range].runs))
        XCTAssertTrue(runsMatchLikeFoundation(attrStr[attrStr.runs.last!.range].runs, attrStr2[attrStr2.runs.last!.range].runs))

        let rangeA = attrStr.runs.first!.range.upperBound..<attrStr.endIndex
        // Apple mixes the two strings' indices here (`attrStr2.runs.first!.range.upperBound ..< attrStr.endIndex`);
        // both strings are 11 bytes long, so this is the same position in attrStr2.
        let rangeB = attrStr2.runs.first!.range.upperBound..<attrStr2.endIndex
        let rangeC = attrStr.startIndex..<attrStr.runs.last!.range.lowerBound
        let rangeD = attrStr.runs.first!.range
        XCTAssertTrue(runsMatchLikeFoundation(attrStr[rangeA].runs, attrStr2[rangeB].runs))
        XCTAssertFalse(runsMatchLikeFoundation(attrStr[rangeC].runs, attrStr2[rangeB].runs))
        XCTAssertFalse(runsMatchLikeFoundation(attrStr[rangeD].runs, attrStr2[rangeB].runs))

        // Runs that differ only outside the range do not prevent equality.
        attrStr2[attrStr2.runs.first!.range].testInt = 1
        attrStr2.insert("123", at: attrStr2.startIndex)
        attrStr2.append("45")
        let rangeE = attrStr.startIndex..<attrStr.endIndex
        let rangeF = attrStr2.characters.index(attrStr2.startIndex, offsetBy: 3)..<attrStr2.characters.index(attrStr2.startIndex, offsetBy: 14)
        XCTAssertTrue(runsMatchLikeFoundation(attrStr[rangeE].runs, attrStr2[rangeF].runs))
    }

    // MARK: - Mutation

    /// Follows Apple's `directMutationCopyOnWrite()`.
    func testDirectMutationCopyOnWrite() {
        var attrStr = RichString("ABC")
        let copy = attrStr
        attrStr.append(RichString("D"))

        XCTAssertEqual(copy, RichString("ABC"))
        XCTAssertNotEqual(attrStr, copy)
    }

    /// Follows Apple's `attributeMutationCopyOnWrite()`.
    func testAttributeMutationCopyOnWrite() {
        var attrStr = RichString("ABC")
        let copy = attrStr
        attrStr[attrStr.wholeRange].testInt = 1

        XCTAssertNotEqual(attrStr, copy)
    }

    /// Follows Apple's `sliceAttributeMutation()`.
    func testSliceAttributeMutation() {
        let attr: Int = 42
        let attr2: Double = 1.0

        var attrStr = RichString("Hello World", attributes: .testInt(attr))
        let copy = attrStr

        let chars = attrStr.characters
        let start = chars.startIndex
        let end = chars.index(start, offsetBy: 5)
        attrStr[start..<end].testDouble = attr2

        var expected = RichString("Hello", attributes: .testInt(attr).testDouble(attr2))
        expected.append(RichString(" World", attributes: .testInt(attr)))
        XCTAssertEqual(attrStr, expected)

        XCTAssertNotEqual(copy, attrStr)
    }

    /// Follows Apple's `enumerationAttributeMutation()`.
    func testEnumerationAttributeMutation() {
        var attrStr = RichString("A", attributes: .testInt(1))
        attrStr.append(RichString("B", attributes: .testDouble(2.0)))
        attrStr.append(RichString("C", attributes: .testInt(3)))

        for (attr, range) in attrStr.runs[TestIntKey.self] {
            if attr != nil {
                attrStr[range].testInt = nil
            }
        }

        var expected = RichString("A")
        expected.append(RichString("B", attributes: .testDouble(2.0)))
        expected.append(RichString("C"))
        XCTAssertEqual(expected, attrStr)
    }

    /// Follows Apple's `replaceAttributes()`.
    func testReplaceAttributes() {
        var attrStr = RichString("A", attributes: .testInt(1).testBool(true))
        attrStr.append(RichString("B", attributes: .testInt(1).testDouble(2)))
        attrStr.append(RichString("C", attributes: .testDouble(2).testBool(false)))

        // Removal.
        var removal = attrStr
        removal.replaceAttributes(.testInt(1), with: .empty, in: removal.wholeRange)
        var removalExpected = RichString("A", attributes: .testBool(true))
        removalExpected.append(RichString("B", attributes: .testDouble(2)))
        removalExpected.append(RichString("C", attributes: .testDouble(2).testBool(false)))
        XCTAssertEqual(removalExpected, removal)

        // A new value for the same key.
        var changeSame = attrStr
        changeSame.replaceAttributes(.testBool(false), with: .testBool(true), in: changeSame.wholeRange)
        var changeSameExpected = RichString("A", attributes: .testInt(1).testBool(true))
        changeSameExpected.append(RichString("B", attributes: .testInt(1).testDouble(2)))
        changeSameExpected.append(RichString("C", attributes: .testDouble(2).testBool(true)))
        XCTAssertEqual(changeSameExpected, changeSame)

        // Another key.
        var changeDifferent = attrStr
        changeDifferent.replaceAttributes(.testBool(false), with: .testDouble(43), in: changeDifferent.wholeRange)
        var changeDifferentExpected = RichString("A", attributes: .testInt(1).testBool(true))
        changeDifferentExpected.append(RichString("B", attributes: .testInt(1).testDouble(2)))
        changeDifferentExpected.append(RichString("C", attributes: .testDouble(43)))
        XCTAssertEqual(changeDifferentExpected, changeDifferent)
    }

    /// Follows Apple's `sliceMutation()`.
    func testSliceMutation() {
        var attrStr = RichString("Hello World", attributes: .testInt(1))
        let start = attrStr.characters.index(attrStr.startIndex, offsetBy: 6)
        attrStr.replaceSubrange(start..<attrStr.characters.index(start, offsetBy: 5), with: RichString("Goodbye", attributes: .testInt(2)))

        var expected = RichString("Hello ", attributes: .testInt(1))
        expected.append(RichString("Goodbye", attributes: .testInt(2)))
        XCTAssertEqual(attrStr, expected)
        XCTAssertNotEqual(attrStr, RichString("Hello Goodbye", attributes: .testInt(1)))
    }

    /// Follows Apple's `overlappingSliceMutation()`.
    func testOverlappingSliceMutation() throws {
        var attrStr = RichString("Hello, world!")
        attrStr[try XCTUnwrap(attrStr.range(of: "Hello"))].testInt = 1
        attrStr[try XCTUnwrap(attrStr.range(of: "world"))].testInt = 2
        attrStr[try XCTUnwrap(attrStr.range(of: "o, wo"))].testBool = true

        let expected = concat(
            RichString("Hell", attributes: .testInt(1)),
            RichString("o", attributes: .testInt(1).testBool(true)),
            RichString(", ", attributes: .testBool(true)),
            RichString("wo", attributes: .testBool(true).testInt(2)),
            RichString("rld", attributes: .testInt(2)),
            RichString("!"))
        XCTAssertEqual(attrStr, expected)
    }

    /// Follows Apple's `characters_replaceSubrange()`.
    func testCharactersReplaceSubrange() throws {
        var attrStr = RichString("Hello World", attributes: .testInt(1))
        attrStr.replaceSubrange(try XCTUnwrap(attrStr.range(of: " ")), with: " Good ")

        XCTAssertEqual(RichString("Hello Good World", attributes: .testInt(1)), attrStr)
    }

    /// Follows Apple's `charactersMutation_append()`.
    func testCharactersMutationAppend() {
        var attrStr = RichString("Hello World", attributes: .testInt(1))
        attrStr.append(" Goodbye")

        XCTAssertEqual(RichString("Hello World Goodbye", attributes: .testInt(1)), attrStr)
    }

    /// Follows Apple's `unicodeScalars_replaceSubrange()`.
    func testUnicodeScalarsReplaceSubrange() {
        var attrStr = RichString("La Cafe\u{301}", attributes: .testInt(1))
        let unicode = attrStr.unicodeScalars
        attrStr.replaceSubrange(unicode.index(unicode.startIndex, offsetBy: 3)..<unicode.index(unicode.startIndex, offsetBy: 7), with: "Ole")

        XCTAssertEqual(RichString("La Ole\u{301}", attributes: .testInt(1)), attrStr)
    }

    /// Follows Apple's `unicodeScalarsMutation_append()`.
    func testUnicodeScalarsMutationAppend() {
        var attrStr = RichString("Cafe", attributes: .testInt(1))
        attrStr.append("\u{301}")

        XCTAssertEqual(RichString("Cafe\u{301}", attributes: .testInt(1)), attrStr)
    }

    /// Follows Apple's `subCharacterAttributeSetting()`.
    func testSubCharacterAttributeSetting() {
        var attrStr = RichString("Cafe\u{301}", attributes: .testInt(1))
        let cafRange = attrStr.characters.startIndex..<attrStr.characters.index(attrStr.characters.startIndex, offsetBy: 3)
        let eRange = cafRange.upperBound..<attrStr.unicodeScalars.index(after: cafRange.upperBound)
        let accentRange = eRange.upperBound..<attrStr.unicodeScalars.endIndex
        attrStr[cafRange].testDouble = 1.5
        attrStr[eRange].testDouble = 2.5
        attrStr[accentRange].testDouble = 3.5

        let expected = concat(
            RichString("Caf", attributes: .testInt(1).testDouble(1.5)),
            RichString("e", attributes: .testInt(1).testDouble(2.5)),
            RichString("\u{301}", attributes: .testInt(1).testDouble(3.5)))
        XCTAssertEqual(expected, attrStr)
    }

    /// Follows Apple's `replaceSubrange_rangeExpression()`: a partial range (`...i`) is not a `Range`.
    func testReplaceSubrangeRangeExpression() {
        var attrStr = RichString("Hello World", attributes: .testInt(1))
        let rangeOfHello = ...attrStr.characters.index(attrStr.startIndex, offsetBy: 4)
        attrStr.replaceSubrange(rangeOfHello, with: RichString("Goodbye"))

        var expected = RichString("Goodbye")
        expected += RichString(" World", attributes: .testInt(1))
        XCTAssertEqual(attrStr, expected)
    }

    /// Follows Apple's `settingAttributes()`.
    func testSettingAttributes() {
        var attrStr = RichString("Hello World", attributes: .testInt(1))
        attrStr.append(RichString(". My name is Foundation!", attributes: .testBool(true)))

        var result = attrStr
        result.setAttributes(.testBool(false), in: result.wholeRange)

        XCTAssertEqual(result, RichString("Hello World. My name is Foundation!", attributes: .testBool(false)))
    }

    /// Follows Apple's `addAttributedString()`.
    func testAddAttributedString() {
        let attrStr = RichString("Hello ", attributes: .testInt(1))
        let attrStr2 = RichString("World", attributes: .testInt(2))
        let original = attrStr
        let original2 = attrStr2

        var concatenated = RichString("Hello ", attributes: .testInt(1))
        concatenated.append(RichString("World", attributes: .testInt(2)))
        let combined = concat(attrStr, attrStr2)
        XCTAssertEqual(attrStr, original)
        XCTAssertEqual(attrStr2, original2)
        XCTAssertEqual(String(combined.characters), "Hello World")
        XCTAssertEqual(String(concatenated.characters), "Hello World")

        let testInts = [1, 2]
        for str in [concatenated, combined] {
            XCTAssertEqual(str.runs.count, testInts.count)
            for (run, expected) in zip(str.runs, testInts) {
                XCTAssertEqual(run.testInt, expected)
            }
        }
    }

    /// Follows Apple's `replaceSubrangeWithSubstrings()`.
    func testReplaceSubrangeWithSubstrings() {
        let baseString = fiveLetters()
        let substring = baseString[baseString.characters.index(after: baseString.startIndex)..<baseString.characters.index(before: baseString.endIndex)]

        var targetString = RichString("XYZ", attributes: .testString("foo"))
        targetString.replaceSubrange(
            targetString.characters.index(after: targetString.startIndex)..<targetString.characters.index(before: targetString.endIndex),
            with: substring)

        var expected = concat(
            RichString("X", attributes: .testString("foo")),
            RichString("B", attributes: .testInt(2)),
            RichString("C", attributes: .testInt(3)),
            RichString("D", attributes: .testInt(4)),
            RichString("Z", attributes: .testString("foo")))
        XCTAssertEqual(targetString, expected)

        targetString = RichString("XYZ", attributes: .testString("foo"))
        targetString.append(substring)
        expected = concat(
            RichString("XYZ", attributes: .testString("foo")),
            RichString("B", attributes: .testInt(2)),
            RichString("C", attributes: .testInt(3)),
            RichString("D", attributes: .testInt(4)))
        XCTAssertEqual(targetString, expected)
    }

    /// Apple's `assertStringIsCoalesced`: no two neighbouring runs have equal attributes.
    /// Checks that no two neighbouring runs of `str` have equal attributes, and, where given, how many runs
    /// there are.
    private func assertCoalesced(_ str: RichString, runs count: Int? = nil, line: UInt = #line) {
        var previous: RichRunsView.Run?
        for run in str.runs {
            if let previous {
                XCTAssertNotEqual(previous.attributes, run.attributes, line: line)
            }
            previous = run
        }
        if let count { XCTAssertEqual(str.runs.count, count, line: line) }
    }

    /// `base` with its characters replaced by `text` valued `testInt`: all of them, but the first when
    /// `keepingFirst`, and but the last when `keepingLast` (Apple's `coalescing()` replaces these four ways).
    private func replacing(_ base: RichString, keepingFirst: Bool, keepingLast: Bool, with text: String, testInt: Int) -> RichString {
        var result = base
        let lower = keepingFirst ? result.characters.index(after: result.startIndex) : result.startIndex
        let upper = keepingLast ? result.characters.index(before: result.endIndex) : result.endIndex
        result.replaceSubrange(lower..<upper, with: RichString(text, attributes: .testInt(testInt)))
        return result
    }

    /// Follows Apple's `coalescing()`.
    func testCoalescing() {
        let str = RichString("Hello", attributes: .testInt(1))
        let appendSame = concat(str, RichString("World", attributes: .testInt(1)))
        let appendDifferent = concat(str, RichString("World", attributes: .testInt(2)))

        assertCoalesced(str)
        assertCoalesced(appendSame, runs: 1)
        assertCoalesced(appendDifferent, runs: 2)

        // Replacing the whole string keeps it coalesced.
        assertCoalesced(replacing(str, keepingFirst: false, keepingLast: false, with: "Hello", testInt: 2), runs: 1)

        // Replacing subranges splits runs, and does not coalesce unequal ones.
        assertCoalesced(replacing(str, keepingFirst: true, keepingLast: false, with: "ello", testInt: 2), runs: 2)
        assertCoalesced(replacing(str, keepingFirst: false, keepingLast: true, with: "Hell", testInt: 2), runs: 2)
        let str5 = replacing(str, keepingFirst: true, keepingLast: true, with: "ell", testInt: 2)
        assertCoalesced(str5, runs: 3)

        // Attributes changed back to match the neighbouring runs coalesce with them.
        assertCoalesced(replacing(str5, keepingFirst: true, keepingLast: false, with: "ello", testInt: 1), runs: 1)
        assertCoalesced(replacing(str5, keepingFirst: false, keepingLast: true, with: "Hell", testInt: 1), runs: 1)
        assertCoalesced(replacing(str5, keepingFirst: true, keepingLast: true, with: "ell", testInt: 1), runs: 1)

        var str9 = str5
        str9[str9.wholeRange].testInt = 1
        assertCoalesced(str9, runs: 1)

        var str10 = str5
        str10[str10.characters.index(after: str10.startIndex)..<str10.characters.index(before: str10.endIndex)].testInt = 1
        assertCoalesced(str10, runs: 1)
    }

    /// Follows Apple's `replaceWithEmptyElements()`.
    func testReplaceWithEmptyElements() {
        var str = RichString("Hello, world")
        let range = str.startIndex..<str.characters.index(str.startIndex, offsetBy: 5)
        str.replaceSubrange(range, with: "")

        XCTAssertEqual(str, RichString(", world"))
    }

    /// Apple's expected description of `fiveLetters()`.
    private let fiveLettersDescription = """
        A {
        \tTestInt = 1
        }
        B {
        \tTestInt = 2
        }
        C {
        \tTestInt = 3
        }
        D {
        \tTestInt = 4
        }
        E {
        \tTestInt = 5
        }
        """

    /// Follows Apple's `description()`.
    func testDescription() {
        let string = fiveLetters()
        XCTAssertEqual(String(describing: string), fiveLettersDescription)
        XCTAssertEqual(String(describing: string.runs), fiveLettersDescription)
    }

    /// Follows Apple's `containerDescription()`.
    func testContainerDescription() {
        let container = AttributeSet.testBool(false).testInt(1).testDouble(2.0).testString("3")
        let desc = String(describing: container)

        XCTAssertTrue(desc.hasPrefix("{\n"))
        XCTAssertTrue(desc.hasSuffix("\n}"))
        XCTAssertTrue(desc.contains("\tTestDouble = 2.0\n"))
        XCTAssertTrue(desc.contains("\tTestInt = 1\n"))
        XCTAssertTrue(desc.contains("\tTestString = 3\n"))
        XCTAssertTrue(desc.contains("\tTestBool = false\n"))
    }

    /// Follows Apple's `runAndSubstringDescription()`.
    func testRunAndSubstringDescription() {
        let string = fiveLetters()
        let expected = fiveLettersDescription.components(separatedBy: "\n}\n").enumerated().map { i, piece in
            i == 4 ? piece : piece + "\n}"
        }
        XCTAssertEqual(expected.count, 5)
        XCTAssertEqual(string.runs.map { String(describing: $0) }, expected)
        let sliceDescriptions = string.runs.map { String(describing: string[$0.range]) }
        XCTAssertEqual(sliceDescriptions, expected)
    }

    /// Follows Apple's `replacingAttributes()`.
    func testReplacingAttributes() {
        var str = RichString("Hello", attributes: .testInt(2))
        str.append(RichString("World", attributes: .testString("Test")))

        var result = str
        result.replaceAttributes(.testInt(2).testString("NotTest"), with: .testBool(false), in: result.wholeRange)
        XCTAssertEqual(result, str)

        result = str
        result.replaceAttributes(.testInt(2), with: .testBool(false), in: result.wholeRange)
        var expected = RichString("Hello", attributes: .testBool(false))
        expected.append(RichString("World", attributes: .testString("Test")))
        XCTAssertEqual(result, expected)
    }

    /// Follows Apple's `scopedAttributeContainer()`.
    func testScopedAttributeContainer() {
        var str = RichString("Hello, world")

        XCTAssertNil(str.test.testInt)
        XCTAssertNil(str.testInt)
        str.test.testInt = 2
        XCTAssertEqual(str.test.testInt, 2)
        XCTAssertEqual(str.testInt, 2)
        str.test.testInt = nil
        XCTAssertNil(str.test.testInt)
        XCTAssertNil(str.testInt)

        let range = str.startIndex..<str.index(atOffset: 5, in: .characters)
        let otherRange = range.upperBound..<str.endIndex

        str[range].test.testBool = true
        XCTAssertEqual(str[range].test.testBool, true)
        XCTAssertEqual(str[range].testBool, true)
        XCTAssertNil(str.test.testBool)
        XCTAssertNil(str.testBool)
        str[range].test.testBool = nil
        XCTAssertNil(str[range].test.testBool)
        XCTAssertNil(str[range].testBool)
        XCTAssertNil(str.test.testBool)
        XCTAssertNil(str.testBool)

        str.test.testBool = true
        str[range].test.testBool = nil
        XCTAssertNil(str[range].test.testBool)
        XCTAssertNil(str[range].testBool)
        XCTAssertNil(str.test.testBool)
        XCTAssertNil(str.testBool)
        XCTAssertEqual(str[otherRange].test.testBool, true)
        XCTAssertEqual(str[otherRange].testBool, true)
    }

    /// Follows Apple's `mergeAttributes()`.
    func testMergeAttributes() {
        let originalAttributes = AttributeSet.testInt(2).testBool(true)
        let newAttributes = AttributeSet.testString("foo")
        let overlappingAttributes = AttributeSet.testInt(3).testDouble(4.3)
        let str = RichString("Hello, world", attributes: originalAttributes)

        var merged = str
        merged.mergeAttributes(newAttributes, in: merged.wholeRange)
        XCTAssertEqual(merged, RichString("Hello, world", attributes: newAttributes.testInt(2).testBool(true)))

        merged = str
        merged.mergeAttributes(newAttributes, mergePolicy: .keepCurrent, in: merged.wholeRange)
        XCTAssertEqual(merged, RichString("Hello, world", attributes: newAttributes.testInt(2).testBool(true)))

        merged = str
        merged.mergeAttributes(overlappingAttributes, in: merged.wholeRange)
        XCTAssertEqual(merged, RichString("Hello, world", attributes: overlappingAttributes.testBool(true)))

        merged = str
        merged.mergeAttributes(overlappingAttributes, mergePolicy: .keepCurrent, in: merged.wholeRange)
        XCTAssertEqual(merged, RichString("Hello, world", attributes: originalAttributes.testDouble(4.3)))
    }

    /// Follows Apple's `mergeAttributeContainers()`.
    func testMergeAttributeContainers() {
        let originalAttributes = AttributeSet.testInt(2).testBool(true)
        let newAttributes = AttributeSet.testString("foo")
        let overlappingAttributes = AttributeSet.testInt(3).testDouble(4.3)

        XCTAssertEqual(originalAttributes.merging(newAttributes, mergePolicy: .keepNew), newAttributes.testInt(2).testBool(true))
        XCTAssertEqual(originalAttributes.merging(newAttributes, mergePolicy: .keepCurrent), newAttributes.testInt(2).testBool(true))
        XCTAssertEqual(originalAttributes.merging(overlappingAttributes, mergePolicy: .keepNew), overlappingAttributes.testBool(true))
        XCTAssertEqual(originalAttributes.merging(overlappingAttributes, mergePolicy: .keepCurrent), originalAttributes.testDouble(4.3))
    }

    /// Follows Apple's `changingSingleCharacterUTF8Length()`.
    func testChangingSingleCharacterUTF8Length() throws {
        var attrstr = RichString("\u{1F3BA}\u{1F3BA}")  // 8 UTF-8 bytes
        attrstr.characters[attrstr.startIndex] = "A"  // Changes UTF-8 length to 5
        XCTAssertEqual(attrstr.runs.count, 1)
        let runRange = try XCTUnwrap(attrstr.runs.first).range
        XCTAssertEqual(String(attrstr[runRange].characters), "A\u{1F3BA}")
    }

    // MARK: - Substrings

    /// Follows Apple's `substringBase()`.
    func testSubstringBase() {
        let str = RichString("Hello World", attributes: .testInt(1))
        var substr = str[str.startIndex..<str.characters.index(str.startIndex, offsetBy: 5)]
        XCTAssertEqual(substr.base, str)
        substr.testInt = 3
        XCTAssertNotEqual(substr.base, str)

        var str2 = RichString("Hello World", attributes: .testInt(1))
        let range = str2.startIndex..<str2.characters.index(str2.startIndex, offsetBy: 5)
        XCTAssertEqual(str2[range].base, str2)
        str2[range].testInt = 3
        XCTAssertEqual(str2[range].base, str2)
    }

    /// Follows Apple's `substringGetAttribute()`.
    func testSubstringGetAttribute() {
        let str = RichString("Hello World", attributes: .testInt(1))
        let range = str.startIndex..<str.characters.index(str.startIndex, offsetBy: 5)
        XCTAssertEqual(str[range].testInt, 1)
        XCTAssertNil(str[range].testString)

        var str2 = RichString("Hel", attributes: .testInt(1))
        str2.append(RichString("lo World", attributes: .testInt(2).testBool(true)))
        let range2 = str2.startIndex..<str2.characters.index(str2.startIndex, offsetBy: 5)
        XCTAssertNil(str2[range2].testInt)
        XCTAssertNil(str2[range2].testBool)
    }

    /// Follows Apple's `substringDescription()`.
    func testSubstringDescription() {
        var str = RichString("Hello", attributes: .testInt(2))
        str.append(RichString(" "))
        str.append(RichString("World", attributes: .testInt(3)))

        for run in str.runs {
            XCTAssertFalse(str[run.range].description.isEmpty)
        }
    }

    /// Follows Apple's `substringReplaceAttributes()`: `str[range].replaceAttributes(a, with: b)` is
    /// `str.replaceAttributes(a, with: b, in: range)`.
    func testSubstringReplaceAttributes() {
        var str = RichString("Hello", attributes: .testInt(2).testString("Foundation"))
        str.append(RichString(" "))
        str.append(RichString("World", attributes: .testInt(3)))

        let range = str.index(atOffset: 2, in: .characters)..<str.index(atOffset: 8, in: .characters)
        str.replaceAttributes(.testInt(2).testString("Foundation"), with: .testBool(true), in: range)

        let expected = concat(
            RichString("He", attributes: .testInt(2).testString("Foundation")),
            RichString("llo", attributes: .testBool(true)),
            RichString(" "),
            RichString("World", attributes: .testInt(3)))
        XCTAssertEqual(str, expected)
    }

    /// Follows Apple's `substringEquality()`.
    func testSubstringEquality() {
        let str = RichString("")
        let range = str.startIndex..<str.endIndex
        XCTAssertEqual(str[range].richString, str[range].richString)

        let str2 = concat("A", RichString("A", attributes: .testInt(2)))
        let substringA = str2[str2.startIndex..<str2.characters.index(after: str2.startIndex)]
        let substringB = str2[str2.characters.index(after: str2.startIndex)..<str2.endIndex]
        XCTAssertNotEqual(substringA.richString, substringB.richString)
        XCTAssertEqual(substringA.richString, substringA.richString)
        XCTAssertEqual(substringB.richString, substringB.richString)
    }

    /// Follows Apple's `initializationFromSubstring()`. `attrFinal.runs == subFinal.runs` is
    /// `runsMatchLikeFoundation` (Foundation's `Runs` equality).
    func testInitializationFromSubstring() throws {
        var attrStr = RichString("yolo^+1 result<:s>^", attributes: .testInt(2).testString("Hello"))
        attrStr.replaceSubrange(try XCTUnwrap(attrStr.range(of: "<:s>")), with: RichString(""))
        attrStr[try XCTUnwrap(attrStr.range(of: "1 result"))].testInt = 3

        let range = try XCTUnwrap(attrStr.range(of: "+1 result"))
        let subFinal = attrStr[range]
        let attrFinal = subFinal.richString
        XCTAssertTrue(attrFinal.characters.elementsEqual(subFinal.characters))
        XCTAssertTrue(runsMatchLikeFoundation(attrFinal.runs, subFinal.runs))

        var attrStr2 = RichString("xxxxxxxx", attributes: .testInt(1))
        attrStr2.append(RichString("y", attributes: .testInt(2)))
        attrStr2.append(RichString("zzzzzzzz", attributes: .testInt(3)))

        let subrange = attrStr2.index(atOffset: 5, in: .characters)..<attrStr2.endIndex
        let recreated = attrStr2[subrange].richString
        XCTAssertEqual(recreated.runs.count, 3)
    }

    // MARK: - Views

    /// Follows Apple's `charViewIndexing_backwardsFromEndIndex()`.
    func testCharViewIndexingBackwardsFromEndIndex() {
        let testString = RichString("abcdefghi")
        let testChars = testString.characters
        let testIndex = testChars.index(testChars.endIndex, offsetBy: -1)
        XCTAssertEqual(testChars[testIndex], "i")
    }

    /// Follows Apple's `attrViewIndexing()`.
    func testAttrViewIndexing() {
        var attrStr = RichString("A")
        attrStr.append(RichString("B"))
        attrStr.append(RichString("C"))
        attrStr.append(RichString("D"))

        let runs = attrStr.runs
        var i = 0
        var current = runs.startIndex
        while current < runs.endIndex {
            i += 1
            current = runs.index(after: current)
        }
        XCTAssertEqual(i, 1)
        XCTAssertEqual(runs.count, 1)
    }

    /// Follows Apple's `unicodeScalarsViewIndexing()`.
    func testUnicodeScalarsViewIndexing() {
        let attrStr = RichString("Cafe\u{301}", attributes: .testInt(1))
        let unicode = attrStr.unicodeScalars
        XCTAssertEqual(unicode[unicode.index(before: unicode.endIndex)], "\u{301}")
        XCTAssertEqual(unicode[unicode.index(unicode.endIndex, offsetBy: -2)], "e")
    }

    /// Follows Apple's `characterSlicing()`: a slice of the characters view that ends inside a character is
    /// rounded down (`a.characters[..<i]` is `a.characters[a.startIndex..<i]`).
    func testCharacterSlicing() {
        let a: RichString = "\u{1f1fa}\u{1f1f8}"  // Regional indicators U and S: one character
        let i = a.unicodeScalars.index(after: a.startIndex)
        let b = a.characters[a.startIndex..<i]
        XCTAssertEqual(a.characters.count, 1)
        XCTAssertEqual(b.startIndex, a.startIndex)
        XCTAssertEqual(b.endIndex, a.startIndex)
        XCTAssertEqual(b.count, 0)
    }

    /// Follows Apple's `characterSlicing_RangeExpressions()`: slicing at every scalar boundary, by every range
    /// expression, gives the same scalars as `String`.
    func testCharacterSlicingRangeExpressions() {
        let str = "F\u{301}a\u{308}n\u{303}c\u{327}y\u{30a}"  // "F́äñçẙ"
        let astr = RichString(str)

        func check<T: Equatable>(_ a: some Sequence<T>, _ b: some Sequence<T>, line: UInt = #line) {
            XCTAssertTrue(a.elementsEqual(b), "'\(Array(a))' does not equal '\(Array(b))'", line: line)
        }

        check(str, astr.characters)
        check(str.unicodeScalars, astr.unicodeScalars)

        var i1 = str.unicodeScalars.startIndex
        var i2 = astr.unicodeScalars.startIndex
        while true {
            check(str[..<i1].unicodeScalars, astr[..<i2].unicodeScalars)
            check(str[i1...].unicodeScalars, astr[i2...].unicodeScalars)

            var j1 = i1
            var j2 = i2
            while true {
                check(str[i1..<j1].unicodeScalars, astr[i2..<j2].unicodeScalars)
                if j1 == str.endIndex { break }
                check(str[i1...j1].unicodeScalars, astr[i2...j2].unicodeScalars)
                str.unicodeScalars.formIndex(after: &j1)
                j2 = astr.unicodeScalars.index(after: j2)
            }

            if i1 == str.endIndex { break }
            str.unicodeScalars.formIndex(after: &i1)
            i2 = astr.unicodeScalars.index(after: i2)
        }
    }

    /// Follows Apple's `unicodeScalarsSlicing()`.
    func testUnicodeScalarsSlicing() {
        let attrStr = RichString("Cafe\u{301}", attributes: .testInt(1))
        let range = attrStr.startIndex..<attrStr.endIndex
        let substringScalars = attrStr[range].unicodeScalars
        let slicedScalars = attrStr.unicodeScalars[range]

        let expected: [Unicode.Scalar] = ["C", "a", "f", "e", "\u{301}"]
        XCTAssertEqual(substringScalars.count, expected.count)
        XCTAssertEqual(slicedScalars.count, expected.count)
        var indexA = substringScalars.startIndex
        var indexB = slicedScalars.startIndex
        var indexExpected = expected.startIndex
        while indexA != substringScalars.endIndex && indexB != slicedScalars.endIndex {
            XCTAssertEqual(substringScalars[indexA], expected[indexExpected])
            XCTAssertEqual(slicedScalars[indexB], expected[indexExpected])
            indexA = substringScalars.index(after: indexA)
            indexB = slicedScalars.index(after: indexB)
            indexExpected = expected.index(after: indexExpected)
        }
    }

    /// Follows Apple's `protocolRunIndexing()`: `index(afterRun:)`, `index(beforeRun:)` and
    /// `index(_:offsetByRuns:)` are the runs view's `index(after:)`, `index(before:)` and `index(_:offsetBy:)`.
    func testProtocolRunIndexing() {
        var str = RichString("Foo", attributes: .testInt(1))
        str.append(RichString("Bar", attributes: .testInt(2)))
        str.append(RichString("Baz", attributes: .testInt(3)))

        let runIndices = str.runs.map(\.range.lowerBound) + [str.endIndex]

        for (i, index) in runIndices.enumerated().dropLast() {
            XCTAssertEqual(str.runs.index(after: index), runIndices[i + 1])
        }

        for (i, index) in runIndices.enumerated().reversed().dropLast() {
            XCTAssertEqual(str.runs.index(before: index), runIndices[i - 1])
        }

        for (i, a) in runIndices.enumerated() {
            for (j, b) in runIndices.enumerated() {
                XCTAssertEqual(str.runs.index(a, offsetBy: j - i), b)
            }
        }
    }

    /// Follows Apple's `runSliceSubscripting()`: subscripting per-key runs at any position gives the whole run
    /// that holds it.
    func testRunSliceSubscripting() throws {
        var str = RichString("Foo", attributes: .testInt(1))
        str.append(RichString("Bar", attributes: .testInt(2)))
        str.append(RichString("Baz", attributes: .testInt(3)))

        do {
            let runs = str.runs[TestIntKey.self]
            for (value, range) in runs {
                for i in str.utf8[range].indices {
                    let result = runs[i]
                    XCTAssertEqual(result.0, value, "Subscript index \(i) did not produce the value of its run")
                    XCTAssertEqual(result.1, range, "Subscript index \(i) did not produce the range of its run")
                }
            }
        }

        do {
            let runs = str[str.characters.index(after: str.startIndex)..<str.characters.index(before: str.endIndex)].runs[TestIntKey.self]
            for (value, range) in runs {
                for i in str.utf8[range].indices {
                    let result = runs[i]
                    XCTAssertEqual(result.0, value, "Subscript index \(i) did not produce the value of its run")
                    XCTAssertEqual(result.1, range, "Subscript index \(i) did not produce the range of its run")
                }
            }
        }
    }

    /// Follows Apple's `runSlicing()`. Four and five keys go through `runs[[descriptors]]` (typed runs stop at three).
    func testRunSlicing() {
        var str = RichString()
        for i in 0..<3 {
            var container = AttributeSet.empty
            str.append(RichString("\(i)", attributes: container))
            container = container.testInt(2)
            str.append(RichString("\(i)", attributes: container))
            container = container.testDouble(3.4)
            str.append(RichString("\(i)", attributes: container))
            container = container.testString("foo")
            str.append(RichString("\(i)", attributes: container))
            container = container.testBool(true)
            str.append(RichString("\(i)", attributes: container))
            container = container.with(TestLanguageIdentifierKey.self, "en")
            str.append(RichString("\(i)", attributes: container))
        }

        XCTAssertEqual(Array(str.runs[TestIntKey.self]).map(\.0), [nil, 2, nil, 2, nil, 2])

        let two = Array(str.runs[TestIntKey.self, TestDoubleKey.self]).map { [$0.0?.attributeValue, $0.1?.attributeValue] }
        let twoExpected: [[AttributeValue?]] = [
            [nil, nil], [.integer(2), nil], [.integer(2), .number(3.4)],
            [nil, nil], [.integer(2), nil], [.integer(2), .number(3.4)],
            [nil, nil], [.integer(2), nil], [.integer(2), .number(3.4)],
        ]
        XCTAssertEqual(two, twoExpected)

        let three = Array(str.runs[TestIntKey.self, TestDoubleKey.self, TestStringKey.self]).map {
            [$0.0?.attributeValue, $0.1?.attributeValue, $0.2?.attributeValue]
        }
        let threeBlock: [[AttributeValue?]] = [
            [nil, nil, nil], [.integer(2), nil, nil], [.integer(2), .number(3.4), nil], [.integer(2), .number(3.4), .string("foo")],
        ]
        XCTAssertEqual(three, threeBlock + threeBlock + threeBlock)

        let four = Array(str.runs[[TestIntKey.descriptor, TestDoubleKey.descriptor, TestStringKey.descriptor, TestBoolKey.descriptor]]).map(\.values)
        let fourBlock: [[AttributeValue?]] = [
            [nil, nil, nil, nil],
            [.integer(2), nil, nil, nil],
            [.integer(2), .number(3.4), nil, nil],
            [.integer(2), .number(3.4), .string("foo"), nil],
            [.integer(2), .number(3.4), .string("foo"), .bool(true)],
        ]
        XCTAssertEqual(four, fourBlock + fourBlock + fourBlock)

        let five = Array(str.runs[[
            TestIntKey.descriptor, TestDoubleKey.descriptor, TestStringKey.descriptor, TestBoolKey.descriptor,
            TestLanguageIdentifierKey.descriptor,
        ]]).map(\.values)
        let fiveBlock: [[AttributeValue?]] = [
            [nil, nil, nil, nil, nil],
            [.integer(2), nil, nil, nil, nil],
            [.integer(2), .number(3.4), nil, nil, nil],
            [.integer(2), .number(3.4), .string("foo"), nil, nil],
            [.integer(2), .number(3.4), .string("foo"), .bool(true), nil],
            [.integer(2), .number(3.4), .string("foo"), .bool(true), .string("en")],
        ]
        XCTAssertEqual(five, fiveBlock + fiveBlock + fiveBlock)
    }

    // MARK: - Other

    /// Follows Apple's `initWithSequence()`.
    func testInitWithSequence() {
        let expected = RichString("Hello World", attributes: .testInt(2))
        let sequence: [Character] = ["H", "e", "l", "l", "o", " ", "W", "o", "r", "l", "d"]

        let container = AttributeSet.testInt(2)
        let attrStr = RichString(sequence, attributes: container)
        XCTAssertEqual(attrStr, expected)

        let attrStr2 = RichString(sequence, attributes: .testInt(2))
        XCTAssertEqual(attrStr2, expected)

        let attrStr3 = RichString(sequence, attributes: .empty.testInt(2))
        XCTAssertEqual(attrStr3, expected)
    }

    /// Follows Apple's `longestEffectiveRangeOfAttribute()`.
    func testLongestEffectiveRangeOfAttribute() throws {
        var str = RichString("Abc")
        str.append(RichString("def", attributes: .testInt(2).testString("World")))
        str.append(RichString("ghi", attributes: .testInt(2).testBool(true)))
        str.append(RichString("jkl", attributes: .testInt(2).testDouble(3.0)))
        str.append(RichString("mno", attributes: .testString("Hello")))

        let i = str.characters.index(str.startIndex, offsetBy: 7)
        let expectedRange = str.characters.index(str.startIndex, offsetBy: 3)..<str.characters.index(str.startIndex, offsetBy: 12)
        let (value, range) = str.runs[TestIntKey.self][i]

        XCTAssertEqual(value, 2)
        XCTAssertEqual(range, expectedRange)
    }

    /// Follows Apple's `attributeContainer()`.
    func testAttributeContainer() {
        var container = AttributeSet.empty.testBool(true).testInt(1)
        XCTAssertEqual(container[TestBoolKey.self], true)
        XCTAssertNil(container[TestStringKey.self])

        let attrString = RichString("Hello", attributes: container)
        for run in attrString.runs {
            XCTAssertEqual("Hello", String(attrString.characters[run.range]))
            XCTAssertEqual(run.testBool, true)
            XCTAssertEqual(run.testInt, 1)
        }

        container = container.with(TestBoolKey.self, nil)
        XCTAssertNil(container[TestBoolKey.self])
    }

    /// Follows Apple's `attributeContainerEquality()`.
    func testAttributeContainerEquality() {
        let containerA = AttributeSet.empty.testInt(2).testString("test")
        let containerB = AttributeSet.empty.testInt(2).testString("test")
        let containerC = AttributeSet.empty.testInt(3).testString("test")
        let containerD = AttributeSet.testInt(4)
        var containerE = AttributeSet.empty
        containerE = containerE.with(TestIntKey.self, 4)

        XCTAssertEqual(containerA, containerB)
        XCTAssertNotEqual(containerB, containerC)
        XCTAssertNotEqual(containerC, containerD)
        XCTAssertEqual(containerD, containerE)
    }

    /// Follows Apple's `attributeContainerSetOnSubstring()`.
    func testAttributeContainerSetOnSubstring() {
        let container = AttributeSet.empty.testBool(true).testInt(1)
        var attrString = RichString("Hello world", attributes: container)

        let container2 = AttributeSet.empty.testString("yellow")
        attrString[attrString.startIndex..<attrString.characters.index(attrString.startIndex, offsetBy: 4)].setAttributes(container2)

        let runs = attrString.runs
        let run = runs[runs.startIndex]
        XCTAssertEqual(String(attrString.characters[run.range]), "Hell")
        XCTAssertEqual(run.testString, "yellow")
    }

    /// Follows Apple's `slice()`.
    func testSlice() {
        let attrStr = RichString("Hello World")
        let chars = attrStr.characters
        let start = chars.index(chars.startIndex, offsetBy: 6)
        let slice = attrStr[start..<chars.index(start, offsetBy: 5)]
        XCTAssertEqual(slice.richString, RichString("World"))
    }

    /// Follows Apple's `createStringsFromCharactersWithUnicodeScalarIndexes()`.
    func testCreateStringsFromCharactersWithUnicodeScalarIndexes() {
        var attrStr = RichString("Caf", attributes: .testString("a"))
        attrStr.append(RichString("e", attributes: .testString("b")))
        attrStr.append(RichString("\u{301}", attributes: .testString("c")))

        // The Unicode scalars view handles boundaries inside a character.
        let strs1 = attrStr.runs.map { String(String.UnicodeScalarView(attrStr.unicodeScalars[$0.range])) }
        XCTAssertEqual(strs1, ["Caf", "e", "\u{301}"])

        // The characters view rounds indices down to the nearest character boundary.
        let strs2 = attrStr.runs.map { String(attrStr.characters[$0.range]) }
        XCTAssertEqual(strs2, ["Caf", "", "e\u{301}"])
    }

    /// Follows Apple's `settingAttributeOnSlice()`. Apple reads the new first character through the
    /// `startIndex` taken before the text changed; such an index is stale here and would trap (by design), so
    /// the check reads through the string's current `startIndex`.
    func testSettingAttributeOnSlice() {
        var attrString = RichString("This is a string.")
        var range = attrString.startIndex..<attrString.characters.index(attrString.startIndex, offsetBy: 1)
        var myInt = 1
        while myInt < 6 {
            // Twice, for both the set and the replace paths.
            attrString[range].testInt = myInt
            attrString[range].testInt = myInt + 7
            myInt += 1
            range = range.upperBound..<attrString.characters.index(after: range.upperBound)
        }

        myInt = 8
        for (attribute, _) in attrString.runs[TestIntKey.self] {
            if let value = attribute {
                XCTAssertEqual(myInt, value)
                myInt += 1
            }
        }
        XCTAssertEqual(myInt, 13)

        var newAttrString = attrString
        newAttrString[newAttrString.wholeRange].testInt = nil
        for (attribute, _) in newAttrString.runs[TestIntKey.self] {
            XCTAssertNil(attribute)
        }

        let startIndex = attrString.startIndex
        attrString.characters[startIndex] = "D"
        XCTAssertEqual(attrString.characters[attrString.startIndex], "D")
    }

    /// Follows Apple's `expressibleByStringLiteral()`.
    func testExpressibleByStringLiteral() {
        let variable: RichString = "Test"
        XCTAssertEqual(variable, RichString("Test"))

        func takesRichString(_ str: RichString) {
            XCTAssertEqual(str, RichString("Test"))
        }
        takesRichString("Test")
    }

    /// Follows Apple's `hashing()`.
    func testHashing() {
        let attrStr = RichString("Hello, world.", attributes: .testInt(2).testBool(false))
        let attrStr2 = RichString("Hello, world.", attributes: .testInt(2).testBool(false))

        var dictionary = [attrStr: 123]
        dictionary[attrStr2] = 456

        XCTAssertEqual(attrStr, attrStr2)
        XCTAssertEqual(dictionary[attrStr], 456)
        XCTAssertEqual(dictionary[attrStr2], 456)
    }

    /// Follows Apple's `hashingSubstring()`, hashing the slices' `richString`s (`RichSubstring` is not `Hashable`).
    func testHashingSubstring() {
        let a: RichString = "aXa"
        let b: RichString = "bXb"

        let i1 = a.characters.index(a.startIndex, offsetBy: 1)
        let i2 = a.characters.index(a.startIndex, offsetBy: 2)
        let j1 = b.characters.index(b.startIndex, offsetBy: 1)
        let j2 = b.characters.index(b.startIndex, offsetBy: 2)

        let substrA = a[i1..<i2].richString
        let substrB = b[j1..<j2].richString
        XCTAssertEqual(substrA, substrB)

        var hasherA = Hasher()
        hasherA.combine(substrA)
        var hasherB = Hasher()
        hasherB.combine(substrB)
        XCTAssertEqual(hasherA.finalize(), hasherB.finalize())
    }

    /// Follows Apple's `hashingContainer()`.
    func testHashingContainer() {
        let containerA = AttributeSet.testInt(2).testBool(false)
        let containerB = AttributeSet.testInt(2).testBool(false)

        var dictionary = [containerA: 123]
        dictionary[containerB] = 456

        XCTAssertEqual(containerA, containerB)
        XCTAssertEqual(dictionary[containerA], 456)
        XCTAssertEqual(dictionary[containerB], 456)
    }

    /// Follows Apple's `utf16String()`.
    func testUTF16String() {
        let multiByteCharacters = ["\u{2029}", "\u{1D11E}", "\u{1D122}", "\u{1F91A}\u{1F3FB}"]

        for str in multiByteCharacters {
            var attrStr = RichString("A" + str)
            attrStr.append(RichString("B", attributes: .testInt(2)))
            attrStr.append(RichString("C", attributes: .testInt(3)))
            XCTAssertEqual(attrStr, attrStr)
            XCTAssertEqual(Array(attrStr.runs), Array(attrStr.runs))
        }
    }

    /// Follows Apple's `plusOperators()`: `+` and `+=` are `RichString(concatenating:)` and `append(_:)`; a string
    /// literal operand is a `RichString` literal.
    func testPlusOperators() {
        let ab = concat(RichString("a"), RichString("b"))
        XCTAssertEqual(ab, RichString("ab"))

        var abSub = RichString("a")
        abSub.append(ab[ab.characters.index(before: ab.endIndex)..<ab.endIndex])
        XCTAssertEqual(abSub, ab)

        let abLit = concat(RichString("a"), "b")
        XCTAssertEqual(abLit, ab)

        var abc = ab
        abc.append(RichString("c"))
        XCTAssertEqual(abc, RichString("abc"))

        var abcSub = ab
        abcSub.append(abc[abc.characters.index(before: abc.endIndex)..<abc.endIndex])
        XCTAssertEqual(abcSub, abc)

        var abcLit = ab
        abcLit.append("c" as RichString)
        XCTAssertEqual(abcLit, abc)
    }

    /// Follows Apple's `search()`.
    func testSearch() throws {
        let testString = RichString("abcdefghi")
        XCTAssertNil(testString.range(of: "baba"))

        let abc = try XCTUnwrap(testString.range(of: "abc"))
        XCTAssertEqual(abc.lowerBound, testString.startIndex)
        XCTAssertEqual(String(testString[abc].characters), "abc")

        let def = try XCTUnwrap(testString.range(of: "def"))
        XCTAssertEqual(def.lowerBound, testString.index(atOffset: 3, in: .characters))
        XCTAssertEqual(String(testString[def].characters), "def")

        let ghi = try XCTUnwrap(testString.range(of: "ghi"))
        XCTAssertEqual(ghi.lowerBound, testString.index(atOffset: 6, in: .characters))
        XCTAssertEqual(String(testString[ghi].characters), "ghi")

        XCTAssertNil(testString.range(of: "ghij"))

        let substring = testString[testString.characters.index(after: testString.startIndex)..<testString.endIndex]
        XCTAssertNil(substring.range(of: "abc"))

        let BcD = try XCTUnwrap(testString.range(of: "BcD", options: [.caseInsensitive]))
        XCTAssertEqual(BcD.lowerBound, testString.index(atOffset: 1, in: .characters))
        XCTAssertEqual(String(testString[BcD].characters), "bcd")

        let ghi_backwards = try XCTUnwrap(testString.range(of: "ghi", options: [.backwards]))
        XCTAssertEqual(ghi_backwards.lowerBound, testString.index(atOffset: 6, in: .characters))
        XCTAssertEqual(String(testString[ghi_backwards].characters), "ghi")

        let abc_backwards = try XCTUnwrap(testString.range(of: "abc", options: [.backwards]))
        XCTAssertEqual(abc_backwards.lowerBound, testString.startIndex)
        XCTAssertEqual(String(testString[abc_backwards].characters), "abc")

        let abc_anchored = try XCTUnwrap(testString.range(of: "abc", options: [.anchored]))
        XCTAssertEqual(abc_anchored.lowerBound, testString.startIndex)
        XCTAssertEqual(String(testString[abc_anchored].characters), "abc")

        let ghi_anchored = try XCTUnwrap(testString.range(of: "ghi", options: [.backwards, .anchored]))
        XCTAssertEqual(ghi_anchored.lowerBound, testString.index(atOffset: 6, in: .characters))
        XCTAssertEqual(String(testString[ghi_anchored].characters), "ghi")

        XCTAssertNil(testString.range(of: "bcd", options: [.anchored]))
        XCTAssertNil(testString.range(of: "abc", options: [.anchored, .backwards]))
    }

    /// Follows Apple's `scopedCopy()` (framework-only there). `FoundationLinkAttributes` stands for Foundation's
    /// scope: its `link` key is the one that test uses from it.
    func testScopedCopy() throws {
        let apple = try XCTUnwrap(URL(string: "http://apple.com"))
        var str = RichString("A")
        str += RichString("B", attributes: .testInt(2))
        str += RichString("C", attributes: .empty.with(ConformanceLinkKey.self, apple))
        str += RichString("D", attributes: .testInt(3).with(ConformanceLinkKey.self, apple))

        struct FoundationAndTest: RichAttributeScope {
            let foundation = FoundationLinkAttributes()
            let test = TestAttributes()
        }
        XCTAssertEqual(RichString(str, including: FoundationAndTest.self), str)

        struct None: RichAttributeScope {}
        XCTAssertEqual(RichString(str, including: None.self), RichString("ABCD"))

        var expected = RichString("AB")
        expected += RichString("CD", attributes: .empty.with(ConformanceLinkKey.self, apple))
        XCTAssertEqual(RichString(str, including: \.foundation), expected)

        expected = RichString("A")
        expected += RichString("B", attributes: .testInt(2))
        expected += "C"
        expected += RichString("D", attributes: .testInt(3))
        XCTAssertEqual(RichString(str, including: \.test), expected)

        let range = str.characters.index(after: str.startIndex)..<str.characters.index(before: str.endIndex)
        expected = RichString("B", attributes: .testInt(2)) + "C"
        XCTAssertEqual(RichString(str[range], including: \.test), expected)

        expected = "B" + RichString("C", attributes: .empty.with(ConformanceLinkKey.self, apple))
        XCTAssertEqual(RichString(str[range], including: \.foundation), expected)

        XCTAssertEqual(RichString(str[range], including: None.self), RichString("BC"))
    }

    /// Follows Apple's `scopeIterationAPI()` (framework-only there): Apple's `attributeKeys` is `keys`.
    func testScopeIterationAPI() {
        struct TestScope: RichAttributeScope {
            let testInt = TestIntKey.self
            let testBool = TestBoolKey.self
        }

        let testNames = TestScope.keys.map(\.name).sorted()
        XCTAssertEqual(testNames, [TestBoolKey.name, TestIntKey.name].sorted())

        struct EmptyScope: RichAttributeScope {}
        for key in EmptyScope.keys {
            XCTFail("Empty scope should not have produced key \(key)")
        }
    }

    /// Follows Apple's `assignDifferentSubstring()`.
    func testAssignDifferentSubstring() {
        var attrStr1 = RichString("ABCDE")
        let attrStr2 = RichString("XYZ")

        attrStr1[attrStr1.range(of: "BCD")!] = attrStr2[attrStr2.range(of: "X")!]

        XCTAssertEqual(attrStr1, "AXE")
    }

    /// Follows Apple's `cowDuringSubstringMutation()`.
    func testCOWDuringSubstringMutation() {
        func frobnicate(_ sub: inout RichSubstring) {
            var new = sub
            new.testInt = 2
            new.testString = "Hello"
            sub = new
        }
        var attrStr = RichString("ABCDE")
        frobnicate(&attrStr[attrStr.range(of: "BCD")!])

        let expected = concat(RichString("A"), RichString("BCD", attributes: .testInt(2).testString("Hello")), RichString("E"))
        XCTAssertEqual(attrStr, expected)
    }

    /// Follows Apple's `assignDifferentCharacterView()`: `a.characters = b.characters` replaces the text with plain
    /// text, which takes the attributes of the first replaced character.
    func testAssignDifferentCharacterView() {
        var attrStr1 = concat(RichString("ABC", attributes: .testInt(1)), RichString("DE", attributes: .testInt(3)))
        let attrStr2 = RichString("XYZ", attributes: .testInt(2))

        attrStr1.characters = attrStr2.characters
        XCTAssertEqual(attrStr1, RichString("XYZ", attributes: .testInt(1)))
    }

    /// Apple's `frobnicate` for the character view: edits a copy of the view to "XYZ" and assigns it back.
    private func frobnicate(_ chars: inout RichCharacterView) {
        var new = chars
        new.replaceSubrange(chars.startIndex..<chars.endIndex, with: "XYZ")
        chars = new
    }

    /// Follows Apple's `cowDuringCharactersMutation()`: a copy of the view, edited and assigned back inside the
    /// in-place access, edits the string.
    func testCOWDuringCharactersMutation() {
        var attrStr = RichString("ABCDE", attributes: .testInt(1))
        frobnicate(&attrStr.characters)

        XCTAssertEqual(attrStr, RichString("XYZ", attributes: .testInt(1)))
    }

    /// Follows Apple's `cowDuringUnicodeScalarsMutation()`, whose body (as Apple's) mutates `characters`; the
    /// scalar view is mutated the same way after it.
    func testCOWDuringUnicodeScalarsMutation() {
        var attrStr = RichString("ABCDE", attributes: .testInt(1))
        frobnicate(&attrStr.characters)
        XCTAssertEqual(attrStr, RichString("XYZ", attributes: .testInt(1)))

        func frobnicateScalars(_ scalars: inout RichUnicodeScalarView) {
            var new = scalars
            new.replaceSubrange(scalars.startIndex..<scalars.endIndex, with: "UVW".unicodeScalars)
            scalars = new
        }
        frobnicateScalars(&attrStr.unicodeScalars)
        XCTAssertEqual(attrStr, RichString("UVW", attributes: .testInt(1)))
    }

    /// Follows Apple's `assignDifferentUnicodeScalarView()`: as above, through the scalars.
    func testAssignDifferentUnicodeScalarView() {
        var attrStr1 = concat(RichString("ABC", attributes: .testInt(1)), RichString("DE", attributes: .testInt(3)))
        let attrStr2 = RichString("XYZ", attributes: .testInt(2))

        attrStr1.replaceSubrange(attrStr1.wholeRange, with: String(String.UnicodeScalarView(attrStr2.unicodeScalars)))
        XCTAssertEqual(attrStr1, RichString("XYZ", attributes: .testInt(1)))
    }

    private let viewTestStrings = [
        "Hello, world",
        "🎺😄abc🎶def",
        "¡Hola! ¿Cómo estás?",
        "שָׁלוֹם",
    ]

    /// Apple's `utf88View()` and `utf16View()` run one body over two views; this is that body. `view` and
    /// `substringView` take a string's and a substring's code-unit view, `richView` and `richSubstringView` the
    /// same of `RichString` and `RichSubstring`.
    private func assertViewMatchesString<View: BidirectionalCollection, RichView: BidirectionalCollection>(
        _ string: String, _ view: (String) -> View, _ substringView: (Substring) -> View.SubSequence,
        _ richView: (RichString) -> RichView, _ richSubstringView: (RichSubstring) -> RichView,
        file: StaticString = #filePath, line: UInt = #line
    ) where View.Index == String.Index, RichView.Index == RichString.Index, View.Element == RichView.Element, View.Element: Equatable {
        let attrStr = RichString(string)
        XCTAssertEqual(richView(attrStr).count, view(string).count, "Counts are not equal for \(string)", file: file, line: line)
        XCTAssertTrue(richView(attrStr).elementsEqual(view(string)), "Elements are not equal for \(string)", file: file, line: line)
        for offset in 0..<view(string).count {
            let idxInString = view(string).index(string.startIndex, offsetBy: offset)
            let idxInAttrStr = richView(attrStr).index(attrStr.startIndex, offsetBy: offset)
            XCTAssertEqual(
                view(string).distance(from: string.startIndex, to: idxInString),
                richView(attrStr).distance(from: attrStr.startIndex, to: idxInAttrStr),
                "Offsets to \(offset) are not equal for \(string)", file: file, line: line)
            XCTAssertEqual(view(string)[idxInString], richView(attrStr)[idxInAttrStr], "Elements at \(offset) are not equal for \(string)",
                           file: file, line: line)
            XCTAssertTrue(
                view(string)[..<idxInString].elementsEqual(richView(attrStr)[attrStr.startIndex..<idxInAttrStr]),
                "View slices up to \(offset) are not equal for \(string)", file: file, line: line)
            XCTAssertTrue(
                view(string)[idxInString...].elementsEqual(richView(attrStr)[idxInAttrStr..<attrStr.endIndex]),
                "View slices from \(offset) are not equal for \(string)", file: file, line: line)
            XCTAssertTrue(
                substringView(string[..<idxInString]).elementsEqual(richSubstringView(attrStr[attrStr.startIndex..<idxInAttrStr])),
                "String slices up to \(offset) are not equal for \(string)", file: file, line: line)
            XCTAssertTrue(
                substringView(string[idxInString...]).elementsEqual(richSubstringView(attrStr[idxInAttrStr..<attrStr.endIndex])),
                "String slices from \(offset) are not equal for \(string)", file: file, line: line)
        }
    }

    /// Follows Apple's `utf88View()`.
    func testUTF8View() throws {
        for string in viewTestStrings {
            assertViewMatchesString(string, \.utf8, \.utf8, \.utf8, \.utf8)
        }
    }

    /// Follows Apple's `utf16View()`.
    func testUTF16View() throws {
        for string in viewTestStrings {
            assertViewMatchesString(string, \.utf16, \.utf16, \.utf16, \.utf16)
        }
    }

    /// Follows Apple's `attributeContainerFiltering()`: `filter(runBoundaries:)` and
    /// `filter(inheritedByAddedText:)` are `filter(_:)` on the entries' behaviour.
    func testAttributeContainerFiltering() {
        func filter(_ set: AttributeSet, runBoundaries: RunBoundary?) -> AttributeSet {
            set.filter { $0.behavior.runBoundaries == runBoundaries }
        }
        func filter(_ set: AttributeSet, inheritedByAddedText: Bool) -> AttributeSet {
            set.filter { $0.behavior.inheritedByAddedText == inheritedByAddedText }
        }

        XCTAssertEqual(filter(.empty, runBoundaries: nil), .empty)
        XCTAssertEqual(filter(.empty, runBoundaries: .paragraph), .empty)
        XCTAssertEqual(filter(.empty, inheritedByAddedText: true), .empty)
        XCTAssertEqual(filter(.empty, inheritedByAddedText: false), .empty)

        let testContainer = AttributeSet.testInt(2).testBool(true).testString("Hello")
        XCTAssertEqual(filter(testContainer, runBoundaries: nil), testContainer)
        XCTAssertEqual(filter(testContainer, runBoundaries: .paragraph), .empty)
        XCTAssertEqual(filter(testContainer, inheritedByAddedText: true), testContainer)
        XCTAssertEqual(filter(testContainer, inheritedByAddedText: false), .empty)

        let constrained = AttributeSet.testInt(2).testParagraphConstrained(3).testCharacterConstrained(4).testNonExtended(5)
        XCTAssertEqual(filter(constrained, runBoundaries: nil), .testInt(2).testNonExtended(5))
        XCTAssertEqual(filter(constrained, runBoundaries: .paragraph), .testParagraphConstrained(3))
        XCTAssertEqual(filter(constrained, runBoundaries: .character("A")), .empty)
        XCTAssertEqual(filter(constrained, runBoundaries: .character("*")), .testCharacterConstrained(4))
        XCTAssertEqual(filter(constrained, inheritedByAddedText: true), .testInt(2).testParagraphConstrained(3).testCharacterConstrained(4))
        XCTAssertEqual(filter(constrained, inheritedByAddedText: false), .testNonExtended(5))
    }

    /// Follows Apple's `writingDirectionBehavior()`, with a paragraph-bound stand-in for Foundation's
    /// `writingDirection` (values "rightToLeft" / "leftToRight").
    func testWritingDirectionBehavior() throws {
        // Primarily right to left: the English "Swift" is embedded in an Arabic sentence.
        var string = RichString("Swift مذهل!", attributes: .empty.with(TestWritingDirectionKey.self, "rightToLeft"))
        XCTAssertEqual(string[string.wholeRange].writingDirection, "rightToLeft")

        string[string.wholeRange].writingDirection = nil
        XCTAssertNil(string[string.wholeRange].writingDirection)

        let range = try XCTUnwrap(string.range(of: "Swift"))

        // Set on a part, the value applies to every paragraph the part touches.
        string[range].writingDirection = "leftToRight"
        XCTAssertEqual(Array(string.runs[TestWritingDirectionKey.self]).count, 1)

        string.append(RichString(" It is awesome for working with strings!"))
        XCTAssertEqual(Array(string.runs[TestWritingDirectionKey.self]).count, 1)
        XCTAssertEqual(string[string.wholeRange].writingDirection, "leftToRight")

        string.append(RichString("\nThe new paragraph does not inherit the writing direction."))
        XCTAssertEqual(Array(string.runs[TestWritingDirectionKey.self]).count, 2)
        XCTAssertNil(string.runs.last?.writingDirection)
    }
}
