import Formatting
import RichText
import XCTest

/// Issue 18's session bugs, each pinned by the behaviour a text editor shows.
final class EditingSessionBehaviorTests: XCTestCase {
    private func session(_ text: String) throws -> EditingSession {
        EditingSession(document: RichString(text), engine: FormattingEngine(try recipeDefinition()))
    }

    private func caretOffset(_ session: EditingSession) -> Int? {
        session.selection.insertionPoint.map { session.document.offset(of: $0, in: .scalars) }
    }

    func testTypingOverAMultiRangeSelectionReplacesTheFirstRangeAndRemovesTheOthers() throws {
        var session = try session("milk and eggs")
        let text = session.document
        session.select(Selection(ranges: RangeSet([text.range(of: "milk")!, text.range(of: "eggs")!])))
        session.type("cream")
        XCTAssertEqual(session.document.string, "cream and ")
        XCTAssertEqual(caretOffset(session), 5, "the caret ends after the typed text")
        XCTAssertTrue(session.undo())
        XCTAssertEqual(session.document.string, "milk and eggs", "one undo step puts every range back")
    }

    func testAnEmptyRangeSelectionIsACaretAtItsPosition() throws {
        var session = try session("salt")
        let two = session.document.index(atOffset: 2, in: .scalars)
        session.select(Selection(range: two..<two))
        XCTAssertEqual(caretOffset(session), 2)
        session.type("X")
        XCTAssertEqual(session.document.string, "saXlt")
    }

    func testTypingAttributesAreRecomputedFromTheTextAfterEachInsertion() throws {
        var session = try session("")
        session.setAttribute(Keys.ingredient, to: .string("salt"))
        session.type("salt")
        XCTAssertEqual(session.document.value(Keys.ingredient, atScalar: 0), .string("salt"))
        XCTAssertNil(session.typingAttributes["ingredient"], "the key is not inherited by added text")
        XCTAssertEqual(session.typingAttributes, session.engine.typingAttributes(at: session.document.endIndex, in: session.document))
        session.type(" and pepper")
        XCTAssertNil(session.document.value(Keys.ingredient, atScalar: 6), "the pepper is not marked")
        XCTAssertEqual(session.document.value(Keys.ingredient, atScalar: 3), .string("salt"))
    }

    func testPlainTypingNextToAnIngredientIsKeptAndItsInheritedColourIsAnAdjustmentNotARevert() throws {
        let engine = FormattingEngine(try recipeDefinition())
        var text = RichString("milk")
        engine.apply(.setAttribute(Keys.ingredient, to: .string("milk"), in: RangeSet(text.startIndex..<text.endIndex)), to: &text)
        let probe = engine.probe(.insert("y", at: text.endIndex), on: text)
        XCTAssertTrue(probe.isKept, "the typed text stands")
        XCTAssertEqual(probe.reverts, [])
        XCTAssertEqual(probe.document.string, "milky")
        // What the engine did to the inherited colour is still reported.
        XCTAssertEqual(probe.adjustments.map(\.key), ["foregroundColor"])
        // The copy path (the reference) agrees.
        let asDone = engine.apply(.insert("y", at: text.endIndex), to: &text)
        XCTAssertEqual(asDone, probe.adjustments)
    }

    func testAnAttributedPasteWhoseOwnAttributeIsRemovedIsNotKept() throws {
        let engine = FormattingEngine(try recipeDefinition())
        let text = RichString("soup")
        // The pasted text asks for white, which the definition removes from non-ingredients.
        let piece = RichString("!", attributes: attributes([(Keys.color, white)]))
        let probe = engine.probe(.replaceAttributed(text.endIndex..<text.endIndex, with: piece), on: text)
        XCTAssertFalse(probe.isKept)
        XCTAssertEqual(probe.reverts.map(\.key), ["foregroundColor"])
    }

    func testStartingASessionReportsWhatNormalisingTheDocumentChanged() throws {
        let document = RichString("milk", attributes: attributes([(Keys.ingredient, .string("milk"))]))
        let session = EditingSession(document: document, engine: FormattingEngine(try recipeDefinition()))
        XCTAssertEqual(session.lastAdjustments.map(\.key), ["foregroundColor"], "milk turned green, and the session says so")
        XCTAssertEqual(session.document.value(Keys.color, atScalar: 0), green)
    }

    func testAnEditTheEngineRevertsEntirelyLeavesNoUndoStep() throws {
        var session = try session("soup")
        session.select(Selection(range: session.document.startIndex..<session.document.endIndex))
        // The definition removes any colour from text that is not an ingredient: nothing changes.
        session.setAttribute(Keys.color, to: white)
        XCTAssertEqual(session.document, RichString("soup"))
        XCTAssertFalse(session.canUndo, "nothing changed, so there is nothing to undo")
        XCTAssertEqual(session.lastAdjustments.map(\.key), ["foregroundColor"], "the revert is still reported")
    }
}
