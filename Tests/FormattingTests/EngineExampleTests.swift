import XCTest
import Formatting
import RichText

/// One example per rule of the engine, probe and session.
final class EngineExampleTests: XCTestCase {
    func testIngredientsAreGreenAppliesWhenAnIngredientIsMarked() throws {
        let engine = FormattingEngine(try recipeDefinition())
        var text = RichString("add milk")
        let adjustments = engine.apply(.setAttribute(Keys.ingredient, to: .string("milk"), in: RangeSet(text.scalars(4, 8))), to: &text)
        XCTAssertEqual(text.value(Keys.color, atScalar: 4), green)
        XCTAssertEqual(adjustments.map(\.rule), [.constraint("IngredientsAreGreen")])
        XCTAssertEqual(adjustments.first?.newValue, green)
    }

    func testScopeRemovesKeysTheDefinitionDoesNotKnow() throws {
        let engine = FormattingEngine(try recipeDefinition())
        var text = RichString("bold", attributes: attributes([(Keys.bold, .bool(true))]))
        let adjustments = engine.normalize(&text)
        XCTAssertNil(text.value(Keys.bold, atScalar: 0))
        XCTAssertEqual(adjustments.map(\.rule), [.scope])
        XCTAssertEqual(adjustments.first?.oldValue, .bool(true))
    }

    func testAllowedValuesReplaceAnythingElseWithTheDefault() throws {
        let definition = try FormattingDefinition(name: "sizes", scope: [Keys.size]) {
            AllowedValues(for: Keys.size, values: [.integer(12), .integer(14)], default: .integer(12))
        }
        let engine = FormattingEngine(definition)
        var text = RichString("abc")
        engine.apply(.setAttribute(Keys.size, to: .integer(13), in: RangeSet(text.scalars(0, 3))), to: &text)
        XCTAssertEqual(text.value(Keys.size, atScalar: 1), .integer(12))
        engine.apply(.setAttribute(Keys.size, to: .integer(14), in: RangeSet(text.scalars(0, 3))), to: &text)
        XCTAssertEqual(text.value(Keys.size, atScalar: 1), .integer(14))
    }

    func testClampKeepsNumbersInRange() throws {
        let definition = try FormattingDefinition(name: "clamp", scope: [Keys.size]) {
            Clamp(for: Keys.size, lower: 8, upper: 72)
        }
        let engine = FormattingEngine(definition)
        var text = RichString("abc")
        engine.apply(.setAttribute(Keys.size, to: .integer(200), in: RangeSet(text.scalars(0, 1))), to: &text)
        engine.apply(.setAttribute(Keys.size, to: .number(2.5), in: RangeSet(text.scalars(1, 2))), to: &text)
        engine.apply(.setAttribute(Keys.size, to: .string("big"), in: RangeSet(text.scalars(2, 3))), to: &text)
        XCTAssertEqual(text.value(Keys.size, atScalar: 0), .integer(72))
        XCTAssertEqual(text.value(Keys.size, atScalar: 1), .number(8))
        XCTAssertNil(text.value(Keys.size, atScalar: 2))
    }

    func testRulesTakeTheFirstMatchAndOtherwise() throws {
        let definition = try FormattingDefinition(name: "notes", scope: [Keys.bold, Keys.code, Keys.size]) {
            Rules("CodeIsNeverBold", for: Keys.bold, [Rule(when: .present("code"), .remove)], otherwise: .keep)
            Rules("Sizes", for: Keys.size, [
                Rule(when: .all([.present("code"), .not(.equals("bold", .bool(true)))]), .set(.integer(11))),
                Rule(when: .any([.oneOf("bold", [.bool(true)])]), .set(.integer(14))),
            ], otherwise: .remove)
        }
        let engine = FormattingEngine(definition)
        var text = RichString("ab")
        engine.apply(.setAttribute(Keys.bold, to: .bool(true), in: RangeSet(text.scalars(0, 2))), to: &text)
        XCTAssertEqual(text.value(Keys.size, atScalar: 0), .integer(14))
        engine.apply(.setAttribute(Keys.code, to: .bool(true), in: RangeSet(text.scalars(0, 1))), to: &text)
        XCTAssertNil(text.value(Keys.bold, atScalar: 0), "code is never bold")
        XCTAssertEqual(text.value(Keys.size, atScalar: 0), .integer(11), "a later rule sees the earlier result")
        XCTAssertEqual(text.value(Keys.size, atScalar: 1), .integer(14))
    }

    func testAParagraphBoundOwnedKeyIsDecidedByTheParagraphsFirstCharacter() throws {
        let definition = try FormattingDefinition(name: "align", scope: [Keys.alignment, Keys.code]) {
            Rules("CodeIsLeftAligned", for: Keys.alignment, [Rule(when: .present("code"), .set(.string("left")))], otherwise: .keep)
        }
        let engine = FormattingEngine(definition)
        var text = RichString("ab\ncd")
        engine.apply(.setAttribute(Keys.alignment, to: .string("center"), in: RangeSet(text.scalars(0, 5))), to: &text)
        engine.apply(.setAttribute(Keys.code, to: .bool(true), in: RangeSet(text.scalars(1, 2))), to: &text)
        XCTAssertEqual(text.value(Keys.alignment, atScalar: 0), .string("center"), "code on the 2nd character does not decide")
        engine.apply(.setAttribute(Keys.code, to: .bool(true), in: RangeSet(text.scalars(3, 4))), to: &text)
        XCTAssertEqual(text.value(Keys.alignment, atScalar: 4), .string("left"))
        XCTAssertEqual(engine.lint(text), [])
    }

    func testNormalizingTwiceEqualsNormalizingOnce() throws {
        let engine = FormattingEngine(try recipeDefinition())
        var text = RichString(concatenating: [
            RichString("milk", attributes: attributes([(Keys.ingredient, .string("milk")), (Keys.bold, .bool(true))])),
            RichString(" and ", attributes: attributes([(Keys.color, white)])),
            RichString("\u{FFFC}x", attributes: attributes([(Keys.glyph, .string("g"))])),
        ])
        XCTAssertFalse(engine.normalize(&text).isEmpty)
        let once = text
        XCTAssertEqual(engine.normalize(&text), [])
        XCTAssertEqual(text, once)
        XCTAssertNil(text.value(Keys.glyph, atScalar: 10), "a glyph stands only on U+FFFC")
        XCTAssertEqual(text.value(Keys.glyph, atScalar: 9), .string("g"))
    }

    func testLintIsNormalisationRunDry() throws {
        let engine = FormattingEngine(try recipeDefinition())
        let text = RichString("milk", attributes: attributes([(Keys.ingredient, .string("milk"))]))
        let findings = engine.lint(text)
        XCTAssertEqual(findings.map(\.rule), [.constraint("IngredientsAreGreen")])
        XCTAssertNil(text.value(Keys.color, atScalar: 0), "lint changes nothing")
    }

    // MARK: Probing

    func testProbeSaysColouringAnIngredientWhiteIsRevertedByIngredientsAreGreen() throws {
        let engine = FormattingEngine(try recipeDefinition())
        var text = RichString("add milk")
        engine.apply(.setAttribute(Keys.ingredient, to: .string("milk"), in: RangeSet(text.scalars(4, 8))), to: &text)
        let probe = engine.probe(.setAttribute(Keys.color, to: white, in: RangeSet(text.scalars(4, 8))), on: text)
        XCTAssertFalse(probe.isKept)
        XCTAssertEqual(probe.reverts.map(\.rule), [.constraint("IngredientsAreGreen")])
        XCTAssertEqual(text.value(Keys.color, atScalar: 4), green, "probing does not mutate")
        XCTAssertFalse(engine.canSet(Keys.color, to: white, on: RangeSet(text.scalars(4, 8)), in: text))
        XCTAssertTrue(engine.canSet(Keys.ingredient, to: .string("oat milk"), on: RangeSet(text.scalars(4, 8)), in: text))
    }

    func testTypingAttributesAfterAnIngredientLeaveItOff() throws {
        let engine = FormattingEngine(try recipeDefinition())
        var text = RichString("milk")
        engine.apply(.setAttribute(Keys.ingredient, to: .string("milk"), in: RangeSet(text.scalars(0, 4))), to: &text)
        let typing = engine.typingAttributes(at: text.endIndex, in: text)
        XCTAssertNil(typing["ingredient"])
        XCTAssertNil(typing["foregroundColor"], "the constraint removes the inherited green")
    }

    // MARK: Sessions

    func testMarkingEveryOccurrenceInOneMutationDoesNotMoveTheCursor() throws {
        let engine = FormattingEngine(try recipeDefinition())
        var session = EditingSession(document: RichString("butter, milk, butter"), engine: engine)
        let caret = session.document.index(atOffset: 10, in: .scalars)
        session.select(.caret(caret))
        session.perform(.setAttribute(Keys.ingredient, to: .string("butter"), in: session.document.ranges(of: "butter")))
        XCTAssertEqual(session.selection.insertionPoint.map { session.document.offset(of: $0, in: .scalars) }, 10)
        XCTAssertEqual(session.document.value(Keys.color, atScalar: 15), green)
    }

    func testTypingMovesTheCaretAfterTheTypedText() throws {
        let engine = FormattingEngine(try recipeDefinition())
        var session = EditingSession(document: RichString("ab"), engine: engine)
        session.select(.caret(session.document.index(atOffset: 1, in: .scalars)))
        session.type("XY")
        XCTAssertEqual(session.document.string, "aXYb")
        XCTAssertEqual(session.selection.insertionPoint.map { session.document.offset(of: $0, in: .scalars) }, 3)
    }

    func testSelectionStaysOnItsTextWhenTextIsInsertedBefore() throws {
        let engine = FormattingEngine(try recipeDefinition())
        var session = EditingSession(document: RichString("one two"), engine: engine)
        session.select(.ranges(RangeSet(session.document.range(of: "two")!)))
        session.perform(.insert(">> ", at: session.document.startIndex))
        XCTAssertEqual(session.selection.ranges.ranges.map { session.document[$0].string }, ["two"])
    }

    func testUndoAndRedoRestoreWholeEditsWithTheirAdjustments() throws {
        let engine = FormattingEngine(try recipeDefinition())
        var session = EditingSession(document: RichString("milk"), engine: engine)
        session.select(.ranges(RangeSet(session.document.scalars(0, 4))))
        let adjustments = session.setAttribute(Keys.ingredient, to: .string("milk"))
        XCTAssertEqual(adjustments.count, 1)
        let marked = session.document
        XCTAssertTrue(session.undo())
        XCTAssertNil(session.document.value(Keys.ingredient, atScalar: 0))
        XCTAssertNil(session.document.value(Keys.color, atScalar: 0), "the constraint's adjustment is undone with the edit")
        XCTAssertTrue(session.redo())
        XCTAssertEqual(session.document, marked)
        XCTAssertEqual(session.lastAdjustments, adjustments)
        XCTAssertFalse(session.canRedo)
    }

    func testDeleteBackwardRemovesOneCharacterAndInvalidatesTheIngredient() throws {
        let engine = FormattingEngine(try recipeDefinition())
        var session = EditingSession(document: RichString("milk"), engine: engine)
        session.select(.ranges(RangeSet(session.document.scalars(0, 4))))
        session.setAttribute(Keys.ingredient, to: .string("milk"))
        session.select(.caret(session.document.index(atOffset: 3, in: .scalars)))
        let adjustments = session.deleteBackward()
        XCTAssertEqual(session.document.string, "mik")
        XCTAssertEqual(Set(adjustments.map(\.rule.identifier)), ["text-changed", "IngredientsAreGreen"])
        XCTAssertEqual(session.document.runs.count, 1)
    }

    func testACustomSwiftConstraintRunsInOrder() throws {
        let shout = CustomConstraint("LoudIsBold", owns: Keys.bold, reads: ["size"]) { run in
            if case .integer(let size)? = run["size"], size >= 20 { run.value = .bool(true) } else { run.value = nil }
        }
        let definition = try FormattingDefinition(name: "loud", scope: [Keys.size, Keys.bold]) { shout }
        let engine = FormattingEngine(definition)
        var text = RichString("hey")
        engine.apply(.setAttribute(Keys.size, to: .integer(24), in: RangeSet(text.scalars(0, 3))), to: &text)
        XCTAssertEqual(text.value(Keys.bold, atScalar: 0), .bool(true))
    }

    /// The engine's one-range edits are `apply` over a range set of one range: the same adjustments and document.
    func testOneRangeEditsAreApplyOverARangeSetOfOne() throws {
        let engine = FormattingEngine(try recipeDefinition())
        var start = RichString("Add the milk and the butter.")
        start.setAttribute(Keys.ingredient, to: .string("milk"), in: start.scalars(8, 12))
        engine.normalize(&start)
        var ours = start, reference = start
        let marked = ours.scalars(21, 27)
        XCTAssertEqual(engine.setAttribute(Keys.ingredient, to: .string("butter"), in: marked, of: &ours),
                       engine.apply(.setAttribute(Keys.ingredient, to: .string("butter"), in: RangeSet(reference.scalars(21, 27))), to: &reference))
        XCTAssertEqual(ours, reference)
        XCTAssertEqual(ours.runs.map { $0.attributes[Keys.color.name] }.compactMap { $0 }.count, 2, "both ingredients are green")
        let letter = ours.scalars(9, 10)
        XCTAssertEqual(engine.removeText(in: letter, of: &ours), engine.apply(.removeText(RangeSet(reference.scalars(9, 10))), to: &reference))
        XCTAssertEqual(ours, reference)
        XCTAssertEqual(ours.string, "Add the mlk and the butter.")
    }
}
