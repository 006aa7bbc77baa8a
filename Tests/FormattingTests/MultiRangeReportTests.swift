import Formatting
import FormattingTesting
import RichText
import XCTest

/// What an edit over several ranges reports is in offsets of the text after the whole edit, in the order made.
/// Both bugs were found by the harness once it generated selections of several ranges (issue 25): removing a
/// range set shifted only the reports that lay wholly after each removed range and listed the later removals'
/// reports after the earlier ones; typing over a multi-range selection kept what removing the other ranges
/// reported in the offsets from before the first range was replaced.
final class MultiRangeReportTests: XCTestCase {
    private static let lineHeight = AttributeKeyDescriptor(name: "lineHeight", behavior: AttributeBehavior(runBoundaries: .paragraph))
    private static let tag = AttributeKeyDescriptor(name: "tag", behavior: AttributeBehavior(inheritedByAddedText: false, invalidationConditions: [.textChanged]))

    /// "o\n" (0.5) "a\r" (none) "aa" (0.5), with the "\n" and the "\ra" removed in one mutation.
    func testRemovingARangeSetReportsParagraphFixUpsInTheFinalOffsetsInTheOrderMade() throws {
        let half = AttributeSet([AttributeEntry(name: "lineHeight", value: .number(0.5), behavior: Self.lineHeight.behavior)])
        var text = try XCTUnwrap(RichString(unenforcedText: "o\na\raa", runs: [
            AttributeRun(utf8Count: 2, attributes: half), AttributeRun(utf8Count: 2, attributes: .empty), AttributeRun(utf8Count: 2, attributes: half),
        ]))
        func i(_ n: Int) -> RichString.Index { text.index(atOffset: n, in: .scalars) }
        let adjustments = text.removeSubranges(RangeSet([i(1)..<i(2), i(3)..<i(5)]))
        XCTAssertEqual(text.string, "oaa")
        // Removing "\ra" first made "aa" one paragraph whose first character has no line height; then removing
        // "\n" joined it to "o", whose 0.5 decides.
        XCTAssertEqual(adjustments, [
            AttributeAdjustment(cause: .paragraphBoundary, utf8Range: 2..<3, key: "lineHeight", oldValue: .number(0.5), newValue: nil),
            AttributeAdjustment(cause: .paragraphBoundary, utf8Range: 1..<3, key: "lineHeight", oldValue: nil, newValue: .number(0.5)),
        ])
    }

    /// "amilkaa", tagged, with "am" and the last "a" selected; typing "•" removes the "a", which clears the tag
    /// from the whole stretch, then replaces "am".
    func testTypingOverSeveralRangesReportsWhatRemovingTheOthersDidInTheFinalOffsets() throws {
        let definition = try FormattingDefinition(name: "tags", scope: [Self.tag]) {}
        let engine = FormattingEngine(definition)
        let tagged = RichString("amilkaa", attributes: AttributeSet([AttributeEntry(name: "tag", value: .string("t"), behavior: Self.tag.behavior)]))
        var session = EditingSession(document: tagged, engine: engine)
        func i(_ n: Int) -> RichString.Index { session.document.index(atOffset: n, in: .scalars) }
        session.select(Selection(ranges: RangeSet([i(0)..<i(2), i(6)..<i(7)])))
        let before = session.document
        let adjustments = session.type("•")
        XCTAssertEqual(session.document.string, "•ilka")
        XCTAssertEqual(adjustments.map(\.utf8Range), [3..<7], "\(adjustments)")
        XCTAssertEqual(adjustments.first?.oldValue, .string("t"))
        let steps = try XCTUnwrap(ScriptStep.type("•").lowered(selection: ScalarSelection.ranges([0..<2, 6..<7]), in: before)).steps
        XCTAssertNil(Invariants.adjustmentsExplain(before: before, after: session.document, steps: steps, adjustments: adjustments,
                                                   definition: definition))
    }
}
