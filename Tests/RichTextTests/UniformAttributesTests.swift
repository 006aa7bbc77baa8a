import XCTest
import RichText

/// `uniformAttributes` keeps the attributes whose value is the same over all of the text it is asked about, as
/// Foundation reads a key over a slice: on a string, a slice and a discontiguous slice alike.
final class UniformAttributesTests: XCTestCase {
    private func set(_ entries: [String: AttributeValue]) -> AttributeSet {
        AttributeSet(entries.map { AttributeEntry(name: $0.key, value: $0.value) })
    }

    /// "milk and shake": "milk" bold and tagged 1, " and " bold, "shake" bold and tagged 2.
    private func text() -> RichString {
        var text = RichString("milk")
        text.append(RichString(" and ", attributes: set(["bold": .bool(true)])))
        text.append(RichString("shake", attributes: set(["bold": .bool(true), "tag": .integer(2)])))
        _ = text[text.startIndex..<text.index(atOffset: 4, in: .characters)].setAttributes(set(["bold": .bool(true), "tag": .integer(1)]))
        return text
    }

    func testAValueSharedByEveryRangeOfADiscontiguousSliceIsKeptAndOneThatDiffersIsNot() {
        let text = text()
        let milk = text.range(0, 4, in: .characters), shake = text.range(9, 14, in: .characters)
        XCTAssertEqual(text[RangeSet([milk, shake])].uniformAttributes, set(["bold": .bool(true)]))
        XCTAssertEqual(text[RangeSet([milk])].uniformAttributes, set(["bold": .bool(true), "tag": .integer(1)]))
        XCTAssertEqual(text[milk].uniformAttributes, set(["bold": .bool(true), "tag": .integer(1)]))
    }

    func testTheWholeStringAndEmptySelectionsHaveWhatTheyShareOrNothing() {
        let text = text()
        XCTAssertEqual(text.uniformAttributes, set(["bold": .bool(true)]))
        XCTAssertEqual(RichString().uniformAttributes, AttributeSet.empty)
        let caret = text.index(atOffset: 2, in: .characters)
        XCTAssertEqual(text[RangeSet([caret..<caret])].uniformAttributes, AttributeSet.empty)
        XCTAssertEqual(text[caret..<caret].uniformAttributes, AttributeSet.empty)
    }
}
