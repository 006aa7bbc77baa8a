import XCTest
@testable import Formatting
import RichText

/// The probe on the recipe story's edits: each case is decided on an excerpt (the funnel on the paragraphs it
/// touches, `RichString.probe`) and equals copy and apply.
final class ProbeExampleTests: XCTestCase {
    /// The story's document, normalised (so it carries the definition's behaviours, as an editor's document does).
    private func document(_ engine: FormattingEngine) -> RichString {
        var s = RichString("Mix the ")
        s.append(RichString("butter", attributes: attributes([(Keys.ingredient, .string("butter")), (Keys.color, green)])))
        s.append(RichString(" and sugar.\nBake."))
        engine.normalize(&s)
        return s
    }

    private func assertOnExcerpt(_ edit: Edit, on document: RichString, engine: FormattingEngine, file: StaticString = #filePath, line: UInt = #line) throws {
        var steps = EngineSteps(engine, learnsResults: false)
        XCTAssertNotNil(document.probe(edit.mutation(), under: &steps), "not decided on an excerpt", file: file, line: line)
        let dry = engine.probe(edit, on: document)
        let reference = engine.probeByCopy(edit, on: document)
        XCTAssertEqual(dry.adjustments, reference.adjustments, file: file, line: line)
        XCTAssertEqual(dry.isKept, reference.isKept, file: file, line: line)
        XCTAssertEqual(dry.reverts, reference.reverts, file: file, line: line)
        XCTAssertEqual(dry.document, reference.document, file: file, line: line)
    }

    func testMarkingAnIngredientIsDecidedOnAnExcerpt() throws {
        let engine = FormattingEngine(try recipeDefinition())
        let s = document(engine)
        // "sugar": the constraint colours it green.
        try assertOnExcerpt(.setAttribute(Keys.ingredient, to: .string("sugar"), in: RangeSet(s.scalars(19, 24))), on: s, engine: engine)
        // Green without an ingredient: reverted.
        try assertOnExcerpt(.setAttribute(Keys.color, to: green, in: RangeSet(s.scalars(0, 3))), on: s, engine: engine)
    }

    func testTypingNextToAndInsideAnIngredientIsDecidedOnAnExcerpt() throws {
        let engine = FormattingEngine(try recipeDefinition())
        let s = document(engine)
        // After "butter": the typed text does not inherit the ingredient, and loses its green.
        try assertOnExcerpt(.insert("y", at: s.scalars(14, 14).lowerBound), on: s, engine: engine)
        // Inside "butter": the ingredient leaves the whole word, and the green with it.
        try assertOnExcerpt(.insert("x", at: s.scalars(10, 10).lowerBound), on: s, engine: engine)
        XCTAssertEqual(engine.typingAttributes(at: s.scalars(10, 10).lowerBound, in: s), engine.typingAttributesByCopy(at: s.scalars(10, 10).lowerBound, in: s))
        // Plain text.
        try assertOnExcerpt(.insert("more ", at: s.scalars(4, 4).lowerBound), on: s, engine: engine)
    }
}
