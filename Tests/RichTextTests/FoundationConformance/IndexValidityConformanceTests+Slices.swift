// Follows Apple's swift-foundation
// `Tests/FoundationEssentialsTests/AttributedString/AttributedStringIndexValidityTests.swift`: `isValid(within:)`
// asked of a slice (`outOfBoundsContiguous`) and of a discontiguous slice (`outOfBoundsDiscontiguous`), with the
// same inputs and the same expected results.
//
// Differences in wording, with the same meaning: `index(afterCharacter:)` / `index(beforeCharacter:)` are
// `characters.index(after:)` / `characters.index(before:)`.

import Foundation
import XCTest
@testable import RichText

extension FoundationConformanceIndexValidityTests {
    /// Follows Apple's `outOfBoundsContiguous()`: positions of the string outside a slice are not valid in it,
    /// nor are ranges reaching outside it, even empty ones.
    func testOutOfBoundsContiguous() {
        let str = RichString("Hello, world")
        let subStart = str.characters.index(after: str.startIndex)
        let subEnd = str.characters.index(before: str.endIndex)
        let substr = str[subStart..<subEnd]

        XCTAssertFalse(str.startIndex.isValid(within: substr))
        XCTAssertFalse(str.endIndex.isValid(within: substr))
        XCTAssertFalse((str.startIndex..<str.endIndex).isValid(within: substr))
        XCTAssertFalse((str.startIndex..<substr.startIndex).isValid(within: substr))
        XCTAssertFalse((substr.startIndex..<str.endIndex).isValid(within: substr))
        XCTAssertFalse((str.startIndex..<str.startIndex).isValid(within: substr))
        XCTAssertFalse((str.endIndex..<str.endIndex).isValid(within: substr))
    }

    /// Follows Apple's `outOfBoundsDiscontiguous()`: positions in a gap, or at the end of a range that is not the
    /// last, are not valid in a discontiguous slice, nor are ranges with such a bound.
    func testOutOfBoundsDiscontiguous() {
        let str = RichString("Hello, world")
        let idxA = str.characters.index(after: str.startIndex)
        let idxB = str.characters.index(after: idxA)
        let idxD = str.characters.index(before: str.endIndex)
        let idxC = str.characters.index(before: idxD)
        let middleIdx = str.characters.index(after: idxB)
        let substr = str[RangeSet([idxA..<idxB, idxC..<idxD])]

        XCTAssertFalse(str.startIndex.isValid(within: substr))
        XCTAssertFalse(str.endIndex.isValid(within: substr))
        XCTAssertFalse(idxD.isValid(within: substr))
        XCTAssertFalse(middleIdx.isValid(within: substr))
        XCTAssertFalse((str.startIndex..<idxA).isValid(within: substr))
        XCTAssertFalse((idxA..<middleIdx).isValid(within: substr))
        XCTAssertFalse((middleIdx..<idxD).isValid(within: substr))
        XCTAssertFalse((str.startIndex..<str.startIndex).isValid(within: substr))
        XCTAssertFalse((str.endIndex..<str.endIndex).isValid(within: substr))
    }
}
