// Follows Apple's swift-foundation
// `Tests/FoundationEssentialsTests/AttributedString/AttributedStringTests.swift`, the two tests of
// `transformingAttributes` (`mutateAttributes`, `mutateMultipleAttributes`): the same inputs and the same
// expected results, written against `RichString`. They sit in a file of their own, beside
// `AttributedStringConformanceTests.swift`, because they were ported after it.
//
// Differences in wording, with the same meaning:
// - `a + b` and `a += b` are written `a.append(b)` on a `var`, as in the other ports.
// - `AttributeScopes.TestAttributes.TestDoubleAttribute.self` is `TestDoubleKey.self`.
// - `AttributeContainer().testInt(1)` is `.testInt(1)` (an `AttributeSet`).

import Foundation
import XCTest
@testable import RichText
import TestKeys

final class FoundationConformanceTransformingAttributesTests: XCTestCase {
    /// "A", "B" and "C" with the attributes `a`, `b` and `c`: the shape of Apple's fixture and of every string
    /// these tests expect.
    private func abc(_ a: AttributeSet, _ b: AttributeSet, _ c: AttributeSet) -> RichString {
        var attrStr = RichString("A", attributes: a)
        attrStr.append(RichString("B", attributes: b))
        attrStr.append(RichString("C", attributes: c))
        return attrStr
    }

    /// Apple's fixture for both tests: "A" (TestInt 1, TestBool true), "B" (TestInt 1, TestDouble 2),
    /// "C" (TestDouble 2, TestBool false).
    private func threeRuns() -> RichString {
        abc(.testInt(1).testBool(true), .testInt(1).testDouble(2), .testDouble(2).testBool(false))
    }

    /// Follows Apple's `mutateMultipleAttributes()`.
    func testMutateMultipleAttributes() {
        let attrStr = threeRuns()

        // Removal.
        let removal1 = attrStr.transformingAttributes(\.testInt, \.testDouble, \.testBool) {
            $0.value = nil
            $1.value = nil
            $2.value = nil
        }
        let removal1expected = RichString("ABC")
        XCTAssertEqual(removal1expected, removal1)

        // A new value for the same key.
        let changeSame1 = attrStr.transformingAttributes(\.testInt, \.testDouble, \.testBool) {
            if $0.value != nil {
                $0.value = 42
            }
            if $1.value != nil {
                $1.value = 3
            }
            if let boolean = $2.value {
                $2.value = !boolean
            }
        }
        let changeSame1expected = abc(.testInt(42).testBool(false), .testInt(42).testDouble(3), .testDouble(3).testBool(true))
        XCTAssertEqual(changeSame1expected, changeSame1)

        // Another key in place of each.
        let changeDifferent1 = attrStr.transformingAttributes(\.testInt, \.testDouble, \.testBool) {
            if $0.value != nil {
                $0.replace(with: TestDoubleKey.self, value: 2)
            }
            if $1.value != nil {
                $1.replace(with: TestBoolKey.self, value: false)
            }
            if $2.value != nil {
                $2.replace(with: TestIntKey.self, value: 42)
            }
        }
        let changeDifferent1expected = abc(.testDouble(2).testInt(42), .testDouble(2).testBool(false), .testBool(false).testInt(42))
        XCTAssertEqual(changeDifferent1expected, changeDifferent1)

        // A new range: the first run of the three keys extended over "B".
        var changeRange1First = true
        let changeRange1 = attrStr.transformingAttributes(\.testInt, \.testDouble, \.testBool) {
            if changeRange1First {
                let range = $0.range
                let extendedRange = range.lowerBound..<attrStr.characters.index(after: range.upperBound)
                $0.range = extendedRange
                $1.range = extendedRange
                $2.range = extendedRange
                changeRange1First = false
            }
        }
        let changeRange1expected = abc(.testInt(1).testBool(true), .testInt(1).testBool(true), .testDouble(2).testBool(false))
        XCTAssertEqual(changeRange1expected, changeRange1)
    }

    /// Follows Apple's `mutateAttributes()`.
    func testMutateAttributes() {
        let attrStr = threeRuns()

        // Removal.
        let removal1 = attrStr.transformingAttributes(\.testInt) {
            $0.value = nil
        }
        let removal1expected = abc(.testBool(true), .testDouble(2), .testDouble(2).testBool(false))
        XCTAssertEqual(removal1expected, removal1)

        // A new value for the same key.
        let changeSame1 = attrStr.transformingAttributes(\.testBool) {
            if let boolean = $0.value {
                $0.value = !boolean
            }
        }
        let changeSame1expected = abc(.testInt(1).testBool(false), .testInt(1).testDouble(2), .testDouble(2).testBool(true))
        XCTAssertEqual(changeSame1expected, changeSame1)

        // Another key in place.
        let changeDifferent1 = attrStr.transformingAttributes(\.testBool) {
            if let value = $0.value {
                $0.replace(with: TestDoubleKey.self, value: value ? 42 : 43)
            }
        }
        let changeDifferent1expected = abc(.testInt(1).testDouble(42), .testInt(1).testDouble(2), .testDouble(43))
        XCTAssertEqual(changeDifferent1expected, changeDifferent1)

        // A shorter range.
        let changeRange1 = attrStr.transformingAttributes(\.testInt) {
            if $0.value != nil {
                $0.range = $0.range.lowerBound..<attrStr.characters.index(before: $0.range.upperBound)
            }
        }
        let changeRange1expected = abc(.testInt(1).testBool(true), .testDouble(2), .testDouble(2).testBool(false))
        XCTAssertEqual(changeRange1expected, changeRange1)

        // A longer range.
        let changeRange2 = attrStr.transformingAttributes(\.testInt) {
            if $0.value != nil {
                $0.range = $0.range.lowerBound..<attrStr.characters.index(after: $0.range.upperBound)
            }
        }
        let changeRange2expected = abc(.testInt(1).testBool(true), .testInt(1).testDouble(2), .testInt(1).testDouble(2).testBool(false))
        XCTAssertEqual(changeRange2expected, changeRange2)
    }
}
