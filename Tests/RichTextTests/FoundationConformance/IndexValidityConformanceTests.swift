// Follows Apple's swift-foundation
// `Tests/FoundationEssentialsTests/AttributedString/AttributedStringIndexValidityTests.swift`:
// `isValid(within:)` on indices, ranges and range sets.
//
// `outOfBoundsContiguous` and `outOfBoundsDiscontiguous` (validity within slices) are ported in
// `IndexValidityConformanceTests+Slices.swift`.
//
// One deliberate difference: attribute-only mutations move no text, so our indices stay valid through them
// (Foundation invalidates every index on any mutation). `testMutationInvalidation` asserts our behaviour there.

import Foundation
import XCTest
@testable import RichText

final class FoundationConformanceIndexValidityTests: XCTestCase {
    /// Follows Apple's `startEndRange()`.
    func testStartEndRange() throws {
        let str = RichString("Hello, world")

        XCTAssertTrue(str.startIndex.isValid(within: str))
        XCTAssertFalse(str.endIndex.isValid(within: str))
        XCTAssertTrue((str.startIndex..<str.endIndex).isValid(within: str))
        XCTAssertTrue((str.startIndex..<str.startIndex).isValid(within: str))
        XCTAssertTrue((str.endIndex..<str.endIndex).isValid(within: str))

        let subStart = str.characters.index(after: str.startIndex)
        let subEnd = str.characters.index(before: str.endIndex)

        do {
            let substr = str[str.startIndex..<str.endIndex]
            XCTAssertTrue(substr.startIndex.isValid(within: substr))
            XCTAssertFalse(substr.endIndex.isValid(within: substr))
            XCTAssertTrue((substr.startIndex..<substr.endIndex).isValid(within: substr))
        }

        do {
            let substr = str[subStart..<str.endIndex]
            XCTAssertTrue(substr.startIndex.isValid(within: substr))
            XCTAssertFalse(substr.endIndex.isValid(within: substr))
            XCTAssertTrue((substr.startIndex..<substr.endIndex).isValid(within: substr))
        }

        do {
            let substr = str[str.startIndex..<subEnd]
            XCTAssertTrue(substr.startIndex.isValid(within: substr))
            XCTAssertFalse(substr.endIndex.isValid(within: substr))
            XCTAssertTrue((substr.startIndex..<substr.endIndex).isValid(within: substr))
        }

        do {
            let substr = str[subStart..<subEnd]
            XCTAssertTrue(substr.startIndex.isValid(within: substr))
            XCTAssertFalse(substr.endIndex.isValid(within: substr))
            XCTAssertTrue((substr.startIndex..<substr.endIndex).isValid(within: substr))
            XCTAssertTrue((substr.startIndex..<substr.startIndex).isValid(within: substr))
            XCTAssertTrue((substr.endIndex..<substr.endIndex).isValid(within: substr))
        }

        do {
            let substr = str[RangeSet(str.startIndex..<str.endIndex)]
            XCTAssertTrue(str.startIndex.isValid(within: substr))
            XCTAssertFalse(str.endIndex.isValid(within: substr))
            XCTAssertTrue((str.startIndex..<str.endIndex).isValid(within: substr))
        }

        do {
            let substr = str[RangeSet(subStart..<str.endIndex)]
            XCTAssertTrue(subStart.isValid(within: substr))
            XCTAssertFalse(str.endIndex.isValid(within: substr))
            XCTAssertTrue((subStart..<str.endIndex).isValid(within: substr))
        }

        do {
            let substr = str[RangeSet(str.startIndex..<subEnd)]
            XCTAssertTrue(str.startIndex.isValid(within: substr))
            XCTAssertFalse(subEnd.isValid(within: substr))
            XCTAssertTrue((str.startIndex..<subEnd).isValid(within: substr))
        }

        do {
            let substr = str[RangeSet(subStart..<subEnd)]
            XCTAssertTrue(subStart.isValid(within: substr))
            XCTAssertFalse(subEnd.isValid(within: substr))
            XCTAssertTrue((subStart..<subEnd).isValid(within: substr))
            XCTAssertTrue((subStart..<subStart).isValid(within: substr))
            XCTAssertTrue((subEnd..<subEnd).isValid(within: substr))
        }
    }

    /// Follows Apple's `exhaustiveIndices()`.
    func testExhaustiveIndices() {
        let str = RichString("Hello Cafe\u{301} 👍🏻🇺🇸 World")
        for i in str.characters.indices {
            XCTAssertTrue(i.isValid(within: str), "character index \(i)")
        }
        for i in str.unicodeScalars.indices {
            XCTAssertTrue(i.isValid(within: str), "scalar index \(i)")
        }
        for i in str.utf8.indices {
            XCTAssertTrue(i.isValid(within: str), "UTF-8 index \(i)")
        }
        for i in str.utf16.indices {
            XCTAssertTrue(i.isValid(within: str), "UTF-16 index \(i)")
        }
    }

    /// Follows Apple's `mutationInvalidation()`. Text mutations invalidate, in place and in a mutated copy
    /// (never in the original). Attribute-only mutations are our deliberate difference: the indices stay valid,
    /// because no text moved.
    func testMutationInvalidation() {
        func checkInPlace(_ staysValid: Bool, _ mutation: (inout RichString) -> Void, line: UInt = #line) {
            var str = RichString("Hello World")
            let a = str.startIndex
            let b = str.characters.index(after: a)

            XCTAssertTrue(a.isValid(within: str), "index A invalid in the original", line: line)
            XCTAssertTrue(b.isValid(within: str), "index B invalid in the original", line: line)
            XCTAssertTrue((a..<b).isValid(within: str), "range invalid in the original", line: line)
            XCTAssertTrue(RangeSet(a..<b).isValid(within: str), "range set invalid in the original", line: line)

            mutation(&str)

            XCTAssertEqual(a.isValid(within: str), staysValid, "index A after an in-place mutation", line: line)
            XCTAssertEqual(b.isValid(within: str), staysValid, "index B after an in-place mutation", line: line)
            XCTAssertEqual((a..<b).isValid(within: str), staysValid, "range after an in-place mutation", line: line)
            XCTAssertEqual(RangeSet(a..<b).isValid(within: str), staysValid, "range set after an in-place mutation", line: line)
        }

        func checkCopy(_ staysValid: Bool, _ mutation: (inout RichString) -> Void, line: UInt = #line) {
            let str = RichString("Hello World")
            let a = str.startIndex
            let b = str.characters.index(after: a)

            var copy = str
            XCTAssertTrue(a.isValid(within: str), "index A invalid in the original", line: line)
            XCTAssertTrue(b.isValid(within: str), "index B invalid in the original", line: line)
            XCTAssertTrue((a..<b).isValid(within: str), "range invalid in the original", line: line)
            XCTAssertTrue(RangeSet(a..<b).isValid(within: str), "range set invalid in the original", line: line)
            XCTAssertTrue(a.isValid(within: copy), "index A invalid in the copy", line: line)
            XCTAssertTrue(b.isValid(within: copy), "index B invalid in the copy", line: line)
            XCTAssertTrue((a..<b).isValid(within: copy), "range invalid in the copy", line: line)
            XCTAssertTrue(RangeSet(a..<b).isValid(within: copy), "range set invalid in the copy", line: line)

            mutation(&copy)

            XCTAssertTrue(a.isValid(within: str), "index A invalid in the original after the copy changed", line: line)
            XCTAssertTrue(b.isValid(within: str), "index B invalid in the original after the copy changed", line: line)
            XCTAssertTrue((a..<b).isValid(within: str), "range invalid in the original after the copy changed", line: line)
            XCTAssertTrue(RangeSet(a..<b).isValid(within: str), "range set invalid in the original after the copy changed", line: line)
            XCTAssertEqual(a.isValid(within: copy), staysValid, "index A in the mutated copy", line: line)
            XCTAssertEqual(b.isValid(within: copy), staysValid, "index B in the mutated copy", line: line)
            XCTAssertEqual((a..<b).isValid(within: copy), staysValid, "range in the mutated copy", line: line)
            XCTAssertEqual(RangeSet(a..<b).isValid(within: copy), staysValid, "range set in the mutated copy", line: line)
        }

        func check(staysValid: Bool = false, _ mutation: (inout RichString) -> Void, line: UInt = #line) {
            checkInPlace(staysValid, mutation, line: line)
            checkCopy(staysValid, mutation, line: line)
        }

        check {
            $0.replaceSubrange($0.startIndex..<$0.endIndex, with: RichString("Hello"))
        }

        // Foundation: invalid. Ours: valid, by design (an attribute-only mutation moves no text).
        check(staysValid: true) {
            $0[$0.wholeRange].testInt = 2
        }

        check {
            $0.append("Hello")
        }

        // Apple: `$0.unicodeScalars.remove(at: $0.startIndex)`.
        check {
            $0.removeSubrange($0.startIndex..<$0.unicodeScalars.index(after: $0.startIndex))
        }

        // Foundation: invalid. Ours: valid, by design (an attribute-only mutation moves no text).
        check(staysValid: true) {
            $0[$0.startIndex..<$0.characters.index(after: $0.startIndex)].testInt = 2
        }
    }
}
