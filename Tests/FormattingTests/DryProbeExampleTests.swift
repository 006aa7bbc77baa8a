import XCTest
@testable import Formatting
import RichText

/// The dry probe on the recipe story's edits: each case is decided dry and equals copy+apply.
final class DryProbeExampleTests: XCTestCase {
    private func document() -> RichString {
        var s = RichString("Mix the ")
        s.append(RichString("butter", attributes: attributes([(Keys.ingredient, .string("butter")), (Keys.color, green)])))
        s.append(RichString(" and sugar.\nBake."))
        return s
    }

    private func assertDry(_ edit: Edit, on document: RichString, engine: FormattingEngine, file: StaticString = #filePath, line: UInt = #line) throws {
        let dry = try XCTUnwrap(engine.dryProbe(edit, on: document), "not decided dry", file: file, line: line)
        let reference = engine.probeByCopy(edit, on: document)
        XCTAssertEqual(dry.adjustments, reference.adjustments, file: file, line: line)
        XCTAssertEqual(dry.isKept, reference.isKept, file: file, line: line)
        XCTAssertEqual(dry.reverts, reference.reverts, file: file, line: line)
        XCTAssertEqual(dry.document, reference.document, file: file, line: line)
    }

    func testMarkingAnIngredientIsDecidedDry() throws {
        let engine = FormattingEngine(try recipeDefinition())
        let s = document()
        // "sugar": the constraint colours it green.
        try assertDry(.setAttribute(Keys.ingredient, to: .string("sugar"), in: RangeSet(s.scalars(19, 24))), on: s, engine: engine)
        // Green without an ingredient: reverted.
        try assertDry(.setAttribute(Keys.color, to: green, in: RangeSet(s.scalars(0, 3))), on: s, engine: engine)
    }

    func testTypingNextToAndInsideAnIngredientIsDecidedDry() throws {
        let engine = FormattingEngine(try recipeDefinition())
        let s = document()
        // After "butter": the typed text does not inherit the ingredient, and loses its green.
        try assertDry(.insert("y", at: s.scalars(14, 14).lowerBound), on: s, engine: engine)
        // Inside "butter": the ingredient leaves the whole word, and the green with it.
        try assertDry(.insert("x", at: s.scalars(10, 10).lowerBound), on: s, engine: engine)
        XCTAssertEqual(engine.dryTypingAttributes(at: s.scalars(10, 10).lowerBound, in: s), engine.typingAttributesByCopy(at: s.scalars(10, 10).lowerBound, in: s))
        // Plain text.
        try assertDry(.insert("more ", at: s.scalars(4, 4).lowerBound), on: s, engine: engine)
    }
}
