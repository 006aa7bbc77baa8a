import XCTest
@testable import Formatting
import FormattingTesting
@testable import RichText

/// An editing session keeps a step of typing at a caret as the part of the document it changed
/// (`EditingSession.Snapshot.changed`): the typed text, and what the funnel changed around it, read as it was when
/// the funnel said it would write more (`DefinitionSteps.willWriteBeyondRawEdit`). Undo and redo must still give
/// back exactly the documents a session that keeps every state whole would: the reference model here keeps a copy
/// of the document before each step.
final class UndoKeepsWhatTypingChangedTests: XCTestCase {
    /// Words typed at random carets (some next to keys with behaviours, some with attributes given to the caret),
    /// mixed with the script's other edits, selections, backspaces and undo/redo: after every undo and redo the
    /// document is the one the model kept, behaviours included.
    func testUndoAndRedoGiveBackTheDocumentsAsTheyWere() throws {
        let seeds = propertySeeds(default: 120)
        var keptAsText = 0, keptAPart = 0, undone = 0
        for seed in seeds {
            var rng = SeededGenerator(seed: seed)
            let definition = FastPathPropertyTests.definition(&rng)
            let engine = FormattingEngine(definition)
            let start = DocumentGenerator(engine: engine).rawDocument(maxPieces: 10, strayKeys: true, using: &rng)
            var session = EditingSession(document: start, engine: engine)
            var generator = EditScriptGenerator(engine: engine)
            // The model: the document before each reachable undo step, and after each redo step.
            var before: [RichString] = []
            var after: [RichString] = []
            var log: [String] = []
            for step in 0..<60 {
                let context = "seed \(seed) step \(step)\n\(log.suffix(12).joined(separator: "\n"))"
                let roll = rng.int(0...99)
                /// Undo or redo: the document must become the last one `from` kept, and the one it leaves goes to `to`.
                func goBack(_ name: String, _ move: (inout EditingSession) -> Bool, from: inout [RichString], to: inout [RichString]) {
                    log.append(name)
                    let current = session.document
                    XCTAssertTrue(move(&session), context)
                    let expected = from.removeLast()
                    XCTAssertTrue(session.document.isEqualIncludingBehaviors(to: expected), "\(name): \(session.document) is not \(expected)\n\(context)")
                    to.append(current)
                }
                if roll < 12 && session.canUndo {
                    goBack("undo", { $0.undo() }, from: &before, to: &after)
                    undone += 1
                } else if roll < 18 && session.canRedo {
                    goBack("redo", { $0.redo() }, from: &after, to: &before)
                } else {
                    let document = session.document
                    let steps = session.reachableUndoCount
                    if roll < 30 {
                        let offset = rng.int(0...document.counts.scalars)
                        log.append("caret \(offset)")
                        session.select(.caret(document.index(atOffset: offset, in: .scalars)))
                    } else if roll < 36, let entry = document.runs.randomElement(using: &rng)?.attributes.entries.first {
                        log.append("caret attribute \(entry.name)")
                        session.setAttribute(AttributeKeyDescriptor(name: entry.name, behavior: entry.behavior), to: entry.value)
                    } else if roll < 80 {
                        let word = (0..<rng.int(1...4)).map { _ in rng.pick(Self.typed) }.joined()
                        log.append("type \(word.debugDescription)")
                        session.type(word)
                    } else if roll < 86 {
                        log.append("backspace")
                        session.deleteBackward()
                    } else {
                        let raw = generator.next(document: session.document, selection: ScalarSelection(session.selection, in: session.document), using: &rng)
                        let next = raw.clamped(toScalarCount: session.document.counts.scalars)
                        log.append(next.description)
                        _ = FastPathPropertyTests.run(next, on: &session)
                    }
                    if session.reachableUndoCount > steps {
                        before.append(document)
                        after.removeAll()
                    } else if !session.canRedo {
                        after.removeAll()
                    }
                    XCTAssertEqual(session.reachableUndoCount, before.count, context)
                    if let top = session.undoStack.last, let part = top.changed {
                        if part.before == nil { keptAsText += 1 } else { keptAPart += 1 }
                    }
                }
                if testRun?.failureCount ?? 0 > 0 { return }
            }
            // Everything undone gives back the first document.
            while session.undo() { undone += 1 }
            XCTAssertTrue(session.document.isEqualIncludingBehaviors(to: before.first ?? session.document), "seed \(seed): undoing everything")
        }
        XCTAssertGreaterThan(keptAsText, seeds.count, "typing steps should often be kept as the text typed")
        XCTAssertGreaterThan(keptAPart, seeds.count / 4, "the funnel should often write beyond typed text")
        XCTAssertGreaterThan(undone, seeds.count, "undo should be exercised")
        print("undo property test: \(seeds.count) sessions, \(keptAsText) steps kept as typed text, \(keptAPart) kept as a part the funnel changed around it, \(undone) undos")
    }

    /// Characters typed: letters, a space, a paragraph separator, a combining mark and a two-scalar emoji.
    static let typed: [String] = ["a", "b", "x", " ", "\n", "\u{301}", "é", "👍🏽"]

    /// One word typed inside a marked ingredient, whose `textChanged` rule removes the mark: the first keystroke
    /// writes beyond its text, so the step keeps the document whole, and undo gives it back with the mark.
    func testTypingThatInvalidatesAStretchIsUndoneWithTheStretchBack() throws {
        let engine = FormattingEngine(try recipeDefinition())
        var document = RichString("mix flour in")
        engine.apply(.setAttribute(Keys.ingredient, to: .string("flour"), in: RangeSet(document.scalars(4, 9))), to: &document)
        var session = EditingSession(document: document, engine: engine)
        let start = session.document
        session.select(.caret(session.document.index(atOffset: 6, in: .scalars)))
        session.type("x")
        session.type("y")
        XCTAssertEqual(session.undoStack.count, 1, "one step")
        XCTAssertNil(session.document.value(Keys.ingredient, atScalar: 4), "the mark is removed")
        XCTAssertNotNil(session.undoStack.last?.changed?.before, "the step keeps the marked word as it was")
        XCTAssertTrue(session.undo())
        XCTAssertTrue(session.document.isEqualIncludingBehaviors(to: start))
        XCTAssertTrue(session.redo())
        XCTAssertEqual(session.document.string, "mix flxyour in")
    }

    /// A paragraph separator typed between plain text and code, where no key with a behaviour stands: the raw edit
    /// is made, then the definition aligns the new paragraph, which starts with code. The funnel says so after the
    /// raw edit, and undo gives back the document without the separator and without the alignment.
    func testTypingThatTheDefinitionAnswersAfterTheRawEditIsUndoneWhole() throws {
        let definition = try FormattingDefinition(name: "align", scope: [Keys.alignment, Keys.code]) {
            Rules("CodeIsLeftAligned", for: Keys.alignment, [Rule(when: .present("code"), .set(.string("left")))], otherwise: .keep)
        }
        let engine = FormattingEngine(definition)
        var document = RichString("abCD")
        engine.apply(.setAttribute(Keys.code, to: .bool(true), in: RangeSet(document.scalars(2, 4))), to: &document)
        var session = EditingSession(document: document, engine: engine)
        let start = session.document
        session.select(.caret(session.document.index(atOffset: 2, in: .scalars)))
        session.type("\n")
        XCTAssertEqual(session.document.value(Keys.alignment, atScalar: 3), .string("left"), "the new paragraph is aligned")
        XCTAssertNotNil(session.undoStack.last?.changed?.before, "the step keeps the paragraph as it was")
        XCTAssertTrue(session.undo())
        XCTAssertTrue(session.document.isEqualIncludingBehaviors(to: start))
        XCTAssertNil(session.document.value(Keys.alignment, atScalar: 2))
    }

    /// A word typed in plain text is kept as its text: the step holds no document, and undo removes the word.
    func testPlainTypingIsKeptAsTheTextTyped() throws {
        let engine = FormattingEngine(try recipeDefinition())
        var session = EditingSession(document: RichString("mix flour in"), engine: engine)
        let start = session.document
        session.select(.caret(session.document.index(atOffset: 3, in: .scalars)))
        for character in " well" { session.type(String(character)) }
        XCTAssertEqual(session.undoStack.count, 1)
        XCTAssertNil(session.undoStack[0].document)
        XCTAssertEqual(session.undoStack[0].changed?.range, 3..<8)
        XCTAssertNil(session.undoStack[0].changed?.before, "nothing but the typed text changed")
        XCTAssertTrue(session.undo())
        XCTAssertTrue(session.document.isEqualIncludingBehaviors(to: start))
        XCTAssertEqual(session.selection, .caret(session.document.index(atOffset: 3, in: .scalars)))
        XCTAssertTrue(session.redo())
        XCTAssertEqual(session.document.string, "mix well flour in")
    }
}
