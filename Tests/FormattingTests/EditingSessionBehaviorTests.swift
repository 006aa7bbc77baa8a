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

    // MARK: Undo like a text editor

    func testAWordTypedLetterByLetterIsOneUndoStep() throws {
        var session = try session("a ")
        for letter in ["s", "a", "l", "t"] { session.type(letter) }
        XCTAssertEqual(session.document.string, "a salt")
        XCTAssertTrue(session.undo())
        XCTAssertEqual(session.document.string, "a ")
        XCTAssertFalse(session.canUndo)
        XCTAssertTrue(session.redo())
        XCTAssertEqual(session.document.string, "a salt")
    }

    func testMovingTheSelectionEndsTheTypingStep() throws {
        var session = try session("")
        session.type("a")
        session.type("b")
        session.select(.caret(session.document.startIndex))
        session.type("c")
        XCTAssertEqual(session.document.string, "cab")
        XCTAssertTrue(session.undo())
        XCTAssertEqual(session.document.string, "ab")
        XCTAssertTrue(session.undo())
        XCTAssertEqual(session.document.string, "")
    }

    func testDeletingAfterTypingIsAStepOfItsOwnAndConsecutiveDeletesGather() throws {
        var session = try session("")
        session.type("pepper")
        session.deleteBackward()
        session.deleteBackward()
        XCTAssertEqual(session.document.string, "pepp")
        XCTAssertTrue(session.undo())
        XCTAssertEqual(session.document.string, "pepper", "both deletes undo together")
        XCTAssertTrue(session.undo())
        XCTAssertEqual(session.document.string, "")
    }

    func testAttributeEditsAreStepsOfTheirOwnBetweenTyping() throws {
        var session = try session("")
        session.type("milk")
        session.select(Selection(range: session.document.startIndex..<session.document.endIndex))
        session.setAttribute(Keys.ingredient, to: .string("milk"))
        XCTAssertTrue(session.undo())
        XCTAssertNil(session.document.value(Keys.ingredient, atScalar: 0))
        XCTAssertEqual(session.document.string, "milk")
    }

    func testGroupingUndoMakesSeveralEditsOneStep() throws {
        var session = try session("milk and eggs")
        session.groupingUndo { session in
            for word in ["milk", "eggs"] {
                session.perform(.setAttribute(Keys.ingredient, to: .string(word), in: session.document.ranges(of: word)))
            }
            session.groupingUndo { $0.perform(.insert("2 ", at: $0.document.startIndex)) }
        }
        XCTAssertEqual(session.document.string, "2 milk and eggs")
        XCTAssertTrue(session.undo())
        XCTAssertEqual(session.document, RichString("milk and eggs"))
        XCTAssertFalse(session.canUndo)
    }

    func testAGroupThatChangesNothingLeavesNoStep() throws {
        var session = try session("soup")
        session.groupingUndo { session in
            session.perform(.setAttribute(Keys.color, to: white, in: RangeSet(session.document.startIndex..<session.document.endIndex)))
        }
        XCTAssertFalse(session.canUndo)
    }

    // MARK: The caller's own ranges

    func testABookmarkStaysOnItsTextThroughTheSessionsEdits() throws {
        var session = try session("one two three")
        var bookmark = [session.document.range(of: "three")!]
        session.transform(updating: &bookmark) { session in
            session.select(.caret(session.document.startIndex))
            session.type(">> ")
            session.select(Selection(range: session.document.range(of: "two ")!))
            session.deleteBackward()
        }
        XCTAssertEqual(session.document.string, ">> one three")
        XCTAssertEqual(session.document[bookmark[0]].string, "three")
    }

    func testABookmarkOfRemovedTextCollapsesWhereItStood() throws {
        var session = try session("one two three")
        var hit = session.document.range(of: "two")!
        session.transform(updating: &hit) { session in
            session.select(Selection(range: session.document.range(of: "two ")!))
            session.deleteBackward()
        }
        XCTAssertTrue(hit.isEmpty)
        XCTAssertEqual(session.document.offset(of: hit.lowerBound, in: .scalars), 4)
    }
}
