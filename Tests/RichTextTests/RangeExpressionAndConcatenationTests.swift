import XCTest
@testable import RichText
import TestKeys

/// The AttributedString-shaped API for slicing by range expressions and for `+` / `+=`, one behaviour each.
final class RangeExpressionAndConcatenationTests: XCTestCase {
    private func colored(_ text: String, _ color: Int) -> RichString {
        RichString(text, attributes: AttributeSet([AttributeEntry(name: "color", value: .integer(color))]))
    }

    func testPlusKeepsEachPiecesAttributes() {
        let text = colored("milk", 1) + RichString(" and ") + colored("eggs", 2)
        XCTAssertEqual(text.string, "milk and eggs")
        XCTAssertEqual(text.runs.map { text[$0.range].string }, ["milk", " and ", "eggs"])
        XCTAssertEqual(text.runs.map { $0.attributes["color"] }, [.integer(1), nil, .integer(2)])
    }

    func testPlusEqualsAppendsTextWithNoAttributesWhileAppendingAStringInherits() {
        // Foundation's `+= AttributedString(" ")` appends text with none; typing (`append` of a String) inherits.
        var attributed = colored("milk", 1)
        attributed += RichString(" ")
        XCTAssertNil(attributed.runs.last?.attributes["color"])
        var typed = colored("milk", 1)
        typed.append(" ")
        XCTAssertEqual(typed.runs.count, 1)
        XCTAssertEqual(typed.runs.first?.attributes["color"], .integer(1))
    }

    func testPlusWithASliceTakesTheSlicesAttributes() {
        let source = colored("abc", 3)
        let slice = source[source.index(atOffset: 1, in: .characters)...]
        let text = RichString("x") + slice
        XCTAssertEqual(text.string, "xbc")
        XCTAssertEqual(text.runs.map { $0.attributes["color"] }, [nil, .integer(3)])
    }

    func testAStringMadeFromASliceHasTheSlicesTextAndRunsCutAtItsBounds() {
        // As `AttributedString(source[range])`: the runs the slice shows, the outer ones cut at its bounds.
        let source = colored("milk", 1) + RichString(" and ") + colored("eggs", 2)
        let slice = source[source.index(atOffset: 2, in: .characters)..<source.index(atOffset: 11, in: .characters)]
        let text = RichString(slice)
        XCTAssertEqual(text.string, "lk and eg")
        XCTAssertEqual(text.runs.map { text[$0.range].string }, ["lk", " and ", "eg"])
        XCTAssertEqual(text.runs.map { $0.attributes["color"] }, [.integer(1), nil, .integer(2)])
        XCTAssertEqual(text, RichString() + slice)
        XCTAssertEqual(RichString(source[source.startIndex..<source.startIndex]), RichString())
    }

    func testPartialAndClosedRangesSliceAsTheirHalfOpenForms() {
        let text = RichString("Hello, world")
        let comma = text.index(atOffset: 5, in: .characters)
        XCTAssertEqual(text[..<comma].string, "Hello")
        XCTAssertEqual(text[comma...].string, ", world")
        XCTAssertEqual(text[...comma].string, "Hello,")
        XCTAssertEqual(text[text.startIndex...comma].string, "Hello,")
    }

    func testAClosedRangeEndsAfterTheWholeCharacterAtItsUpperBound() {
        let text = RichString("ae\u{301}b")
        let accented = text.index(atOffset: 1, in: .characters)
        XCTAssertEqual(text[...accented].string, "ae\u{301}")
    }

    func testSettingAnAttributeThroughAPartialRangeSlice() {
        var text = RichString("milk and eggs")
        let space = text.index(atOffset: 4, in: .characters)
        text[..<space][ColorKey.self] = 2
        XCTAssertEqual(text.runs.map { text[$0.range].string }, ["milk", " and eggs"])
    }

    func testReplacingAndRemovingThroughRangeExpressions() {
        var text = colored("milk and eggs", 1)
        text.replaceSubrange(text.index(atOffset: 9, in: .characters)..., with: RichString("cream"))
        XCTAssertEqual(text.string, "milk and cream")
        XCTAssertNil(text.runs.last?.attributes["color"])
        text.removeSubrange(..<text.index(atOffset: 5, in: .characters))
        XCTAssertEqual(text.string, "and cream")
        text.replaceSubrange(...text.index(atOffset: 2, in: .characters), with: "or")
        XCTAssertEqual(text.string, "or cream")
        XCTAssertEqual(text.runs.first?.attributes["color"], .integer(1), "typed text takes the first replaced character's")
    }

    func testMakingTextFromCharacters() {
        let text = RichString(Array("héllo").reversed())
        XCTAssertEqual(text.string, "olléh")
        XCTAssertEqual(text.runs.count, 1)
        XCTAssertTrue(text.runs.first?.attributes.isEmpty ?? false)
    }
}
