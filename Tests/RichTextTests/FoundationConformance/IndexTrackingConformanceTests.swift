// Follows Apple's swift-foundation
// `Tests/FoundationEssentialsTests/AttributedString/AttributedStringIndexTrackingTests.swift`:
// `transform(updating:)` keeps ranges on the same text through mutations.
//
// Every Apple test has a counterpart here. Two of Apple's are exit tests (`trackingLostPreconditions`,
// `invalidInputRanges`): they expect the process to trap. We never trap in the test process, so their
// counterparts assert what decides the trap instead of triggering it (see each test).
//
// Differences in wording, with the same meaning:
// - `#require(text.range(of:))` is `XCTUnwrap(text.range(of:))`.
// - `String(text[range].characters)` is `text[range].string` where the range falls on characters.
// - `$0.testInt = 2` on the whole string is `$0[$0.wholeRange].testInt = 2`.

import Foundation
import XCTest
@testable import RichText

final class FoundationConformanceIndexTrackingTests: XCTestCase {
    /// Most of Apple's tests track the range of `needle` in "Hello, world" through one body: this one through the
    /// `inout` `transform(updating:)`. Returns the text after and the tracked range.
    private func trackedInPlace(_ needle: String, through body: (inout RichString) throws -> Void) throws
        -> (text: RichString, range: Range<RichString.Index>) {
        var text = RichString("Hello, world")
        var range = try XCTUnwrap(text.range(of: needle))
        try text.transform(updating: &range, body: body)
        return (text, range)
    }

    /// As `trackedInPlace`, through the `transform(updating:)` that returns the tracked range (failing the test
    /// when it returns nil); `body` also gets the range as it was found.
    private func tracked(_ needle: String, through body: (inout RichString, Range<RichString.Index>) throws -> Void) throws
        -> (text: RichString, range: Range<RichString.Index>) {
        var text = RichString("Hello, world")
        let found = try XCTUnwrap(text.range(of: needle))
        let updated = try XCTUnwrap(try text.transform(updating: found) { try body(&$0, found) })
        return (text, updated)
    }

    /// Apple's `basics()` and `attributeMutation()` track the ranges of "Hello" and "world" in `string` through
    /// `body`, by the `transform(updating:)` of an array of ranges (failing the test when it returns nil).
    /// Returns what the two ranges held before, and what each tracked range holds after.
    private func helloAndWorldTracked(in string: String, through body: (inout RichString) -> Void) throws
        -> (before: [RichString], after: [RichString]) {
        var text = RichString(string)
        let found = [try XCTUnwrap(text.range(of: "Hello")), try XCTUnwrap(text.range(of: "world"))]
        let before = found.map { text[$0].richString }
        let updated = try XCTUnwrap(text.transform(updating: found, body: body))
        return (before, updated.map { text[$0].richString })
    }

    /// Follows Apple's `basics()`.
    func testBasics() throws {
        let (before, after) = try helloAndWorldTracked(in: "ABC. Hello, world!") {
            $0.insert(RichString("Goodbye. "), at: $0.startIndex)
        }

        XCTAssertEqual(after.count, 2)
        XCTAssertEqual(after[0], before[0])
        XCTAssertEqual(after[1], before[1])
    }

    /// Follows Apple's `insertionWithinRange()`.
    func testInsertionWithinRange() throws {
        let (text, hello) = try trackedInPlace("Hello") {
            $0.insert(RichString("_Goodbye_"), at: $0.index(atOffset: 3, in: .characters))
        }

        XCTAssertEqual(String(text[hello].characters), "Hel_Goodbye_lo")
    }

    /// Follows Apple's `insertionAtStartOfRange()`.
    func testInsertionAtStartOfRange() throws {
        let (text, updated) = try tracked("llo") {
            $0.insert(RichString("_"), at: $1.lowerBound)
        }

        XCTAssertEqual(String(text[updated].characters), "llo")
    }

    /// Follows Apple's `insertionAtEndOfRange()`.
    func testInsertionAtEndOfRange() throws {
        let (text, updated) = try tracked("llo") {
            $0.insert(RichString("_"), at: $1.upperBound)
        }

        XCTAssertEqual(String(text[updated].characters), "llo")
    }

    /// Follows Apple's `insertionAtEmptyRange()`.
    func testInsertionAtEmptyRange() throws {
        var text = RichString("ABCDE")
        let i = text.index(atOffset: 3, in: .characters)

        let updated = try XCTUnwrap(text.transform(updating: i..<i) {
            $0.insert(RichString("_"), at: i)
        })

        XCTAssertEqual(updated.lowerBound, updated.upperBound)
        XCTAssertEqual(text.characters[updated.lowerBound], "D")
    }

    /// Follows Apple's `removalWithinRange()`.
    func testRemovalWithinRange() throws {
        let (text, hello) = try trackedInPlace("Hello") {
            $0.removeSubrange(try XCTUnwrap($0.range(of: "ll")))
        }

        XCTAssertEqual(String(text[hello].characters), "Heo")
    }

    /// Follows Apple's `fullCollapse()`.
    func testFullCollapse() throws {
        do {
            let (text, hello) = try trackedInPlace("Hello") {
                $0.removeSubrange($0.startIndex..<$0.endIndex)
            }

            XCTAssertEqual(String(text[hello].characters), "")
        }

        do {
            let (text, updated) = try tracked("Hello") {
                $0.removeSubrange($1)
            }

            XCTAssertEqual(String(text[updated].characters), "")
        }

        do {
            let (text, comma) = try trackedInPlace(", ") {
                $0.removeSubrange(try XCTUnwrap($0.range(of: "o, w")))
            }

            XCTAssertEqual(String(text[comma].characters), "")
            let collapsed = text.index(atOffset: 4, in: .characters)
            XCTAssertEqual(comma, collapsed..<collapsed)
        }
    }

    /// Follows Apple's `collapseLeft()`.
    func testCollapseLeft() throws {
        let (text, hello) = try trackedInPlace("Hello") {
            $0.removeSubrange(try XCTUnwrap($0.range(of: "llo, wo")))
        }

        XCTAssertEqual(String(text[hello].characters), "He")
    }

    /// Follows Apple's `collapseRight()`.
    func testCollapseRight() throws {
        let (text, world) = try trackedInPlace("world") {
            $0.removeSubrange(try XCTUnwrap($0.range(of: "llo, wo")))
        }

        XCTAssertEqual(String(text[world].characters), "rld")
    }

    /// Follows Apple's `nesting()`.
    func testNesting() throws {
        var text = RichString("Hello, world")
        var hello = try XCTUnwrap(text.range(of: "Hello"))
        try text.transform(updating: &hello) {
            var world = try XCTUnwrap($0.range(of: "world"))
            try $0.transform(updating: &world) {
                $0.removeSubrange(try XCTUnwrap($0.range(of: "llo, wo")))
            }
            XCTAssertEqual(String($0[world].characters), "rld")
        }
        XCTAssertEqual(String(text[hello].characters), "He")
    }

    /// Follows Apple's `trackingLostPreconditions()`, an exit test: the `inout` forms of `transform(updating:)`
    /// must trap when the body replaces the string. Ours trap exactly when the optional-returning forms return
    /// nil (`preconditionFailure` in `RichString+Transform.swift`); the trap itself is not executed here, so this
    /// asserts that condition for each of Apple's four bodies.
    func testTrackingLostPreconditions() throws {
        do {
            var text = RichString("Hello, world")
            let hello = try XCTUnwrap(text.range(of: "Hello"))
            XCTAssertNil(text.transform(updating: hello) { $0 = RichString("Foo") })
        }
        do {
            var text = RichString("Hello, world")
            let hello = try XCTUnwrap(text.range(of: "Hello"))
            XCTAssertNil(text.transform(updating: hello) { $0 = RichString("Hello world") })
        }
        do {
            var text = RichString("Hello, world")
            let ranges = [try XCTUnwrap(text.range(of: "Hello"))]
            XCTAssertNil(text.transform(updating: ranges) { $0 = RichString("Foo") })
        }
        do {
            var text = RichString("Hello, world")
            let ranges = [try XCTUnwrap(text.range(of: "Hello"))]
            XCTAssertNil(text.transform(updating: ranges) { $0 = RichString("Hello world") })
        }
    }

    /// Follows Apple's `trackingLost()`.
    func testTrackingLost() throws {
        let text = RichString("Hello, world")
        let hello = try XCTUnwrap(text.range(of: "Hello"))

        do {
            var copy = text
            XCTAssertNil(copy.transform(updating: hello) { $0 = RichString("Foo") })
        }

        do {
            var copy = text
            XCTAssertNil(copy.transform(updating: hello) { $0 = RichString("Hello world") })
        }

        do {
            var copy = text
            XCTAssertNotNil(copy.transform(updating: hello) { $0 = $0 })
        }

        do {
            var copy = text
            XCTAssertNotNil(copy.transform(updating: hello) {
                var reference = $0
                reference[reference.wholeRange].testInt = 2
                $0 = $0
            })
            XCTAssertNil(copy[copy.wholeRange].testInt)
        }
    }

    /// Follows Apple's `attributeMutation()`.
    func testAttributeMutation() throws {
        let (before, after) = try helloAndWorldTracked(in: "Hello, world!") {
            $0[$0.wholeRange].testInt = 2
        }

        XCTAssertEqual(after.count, 2)
        var expectedHello = before[0]
        expectedHello.setAttributes(.testInt(2), in: expectedHello.wholeRange)
        var expectedWorld = before[1]
        expectedWorld.setAttributes(.testInt(2), in: expectedWorld.wholeRange)
        XCTAssertEqual(after[0], expectedHello)
        XCTAssertEqual(after[1], expectedWorld)
    }

    /// Follows Apple's `invalidInputRanges()`, an exit test: `transform(updating:)` must trap on ranges that
    /// are not valid in the string, and on an empty array of ranges. Ours traps on the first two through the
    /// index check; that is not executed here, so this asserts that the ranges are invalid, which is what the
    /// check tests. Apple's third case is a deliberate difference (PORTING.md): ours takes an empty array and
    /// gives back an empty array, or nil when the body replaced the string, as for any other array.
    func testInvalidInputRanges() throws {
        do {
            let text = RichString("Hello, world")
            let other = RichString(concatenating: [text, RichString("Extra text")])
            XCTAssertFalse((other.startIndex..<other.endIndex).isValid(within: text))
        }
        do {
            let text = RichString("Hello, world")
            let other = RichString(concatenating: [text, RichString("Extra text")])
            XCTAssertFalse((other.endIndex..<other.endIndex).isValid(within: text))
        }
        do {
            var text = RichString("Hello, world")
            XCTAssertEqual(text.transform(updating: []) { $0.append("!") }, [])
            XCTAssertEqual(text.string, "Hello, world!")
            XCTAssertNil(text.transform(updating: []) { $0 = RichString("Foo") }, "tracking is lost, as for ranges")
            XCTAssertEqual(text.transform(updating: RangeSet()) { $0.append("?") }, RangeSet())
            XCTAssertNil(text.transform(updating: RangeSet()) { $0 = RichString("Bar") })
        }
    }
}
