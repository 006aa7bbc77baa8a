import XCTest
import Formatting
@testable import FormattingTesting
import RichText

/// Shrinking cuts a failure down to a script of a few steps that still fails.
final class ShrinkingTests: XCTestCase {
    func testAToggLingConstraintShrinksToAtMostThreeStepsThatStillFail() throws {
        let definition = try Fixtures.toggling()
        let result = PropertyCheck.run(definition: definition, seed: 42, budget: PropertyCheckBudget(scripts: 5, steps: 80))
        guard case let .failed(seed, _, failure, script, report, stats) = result else { return XCTFail("the toggle was not caught") }
        print(report)
        XCTAssertEqual(seed, 42)
        XCTAssertLessThanOrEqual(script.count, 3, report)
        XCTAssertGreaterThan(stats.shrinkAttempts, 0)
        // The shrunk script, replayed on its own, still fails the same check.
        let replayed = try XCTUnwrap(PropertyCheck.check(script: script, definition: definition))
        XCTAssertEqual(replayed.failure.check, failure.check)
        // And it reads back from its JSON Lines.
        let parsed = try ScriptStep.parse(jsonLines: ScriptStep.jsonLines(script))
        XCTAssertEqual(try XCTUnwrap(PropertyCheck.check(script: parsed, definition: definition)).failure.check, failure.check)
    }

    func testShrinkingDropsIrrelevantStepsAndShortensText() throws {
        let definition = try Fixtures.toggling()
        let engine = FormattingEngine(definition)
        let script: [ScriptStep] = [
            .select(from: 0, to: 0),
            .insert(at: 0, text: "hello world"),
            .select(from: 2, to: 5),
            .set(from: 0, to: 3, key: "other", value: .integer(1)),
        ]
        let checks: Set<InvariantCheck> = [.lintClean]
        let (failure, applied) = ScriptRunner.run(script, engine: engine, checks: checks) { SessionEditor(engine: $0) }
        let found = try XCTUnwrap(failure)
        let outcome = Shrinker(engine: engine, checks: checks) { SessionEditor(engine: $0) }.shrink(applied, failure: found.failure)
        XCTAssertEqual(outcome.script.count, 1, ScriptStep.jsonLines(outcome.script))
        guard case let .insert(at, text)? = outcome.script.first else { return XCTFail("\(outcome.script)") }
        XCTAssertEqual(at, 0)
        XCTAssertEqual(text.unicodeScalars.count, 1)
    }

    /// Issue 25: HeadingsGrow at seed 2003 shrank to 33 steps, 32 of them one-character inserts.
    func testTheGrowingHeadingAtSeed2003ShrinksToAtMostThreeSteps() throws {
        let definition = try headingDefinition(headingsGrow)
        let result = PropertyCheck.run(definition: definition, seed: 2003, budget: .standard, failuresFolder: nil)
        guard case let .failed(_, _, failure, script, report, stats) = result else { return XCTFail("not caught: \(result)") }
        XCTAssertEqual(failure.check, .idempotentNormalization, report)
        XCTAssertEqual(stats.unshrunkFailure?.check, .idempotentNormalization)
        XCTAssertLessThanOrEqual(script.count, 3, report)
        XCTAssertTrue(report.contains("the generated script failed at step"), report)
    }

    func testATextStepCutOutTakesItsTextWithItAndLaterOffsetsFollow() {
        let script: [ScriptStep] = [.insert(at: 0, text: "abc"), .insert(at: 1, text: "XY"), .set(from: 4, to: 5, key: "k", value: .integer(1))]
        // Without the second insert, "c" (4..<5 after it) is at 2..<3.
        XCTAssertEqual(Shrinker<SessionEditor>.removing(1..<2, from: script),
                       [.insert(at: 0, text: "abc"), .set(from: 2, to: 3, key: "k", value: .integer(1))])
        // Without the first, what came after its text moves back by it: "Y" of "abcXY" is "Y" of "XY".
        let after: [ScriptStep] = [.insert(at: 0, text: "abc"), .insert(at: 3, text: "XY"), .set(from: 4, to: 5, key: "k", value: .integer(1))]
        XCTAssertEqual(Shrinker<SessionEditor>.removing(0..<1, from: after),
                       [.insert(at: 0, text: "XY"), .set(from: 1, to: 2, key: "k", value: .integer(1))])
    }

    func testTypingRunsJoinAndAttributeChangesMoveOutOfTheirWay() {
        XCTAssertEqual(Shrinker<SessionEditor>.joiningRuns([.insert(at: 2, text: "a"), .insert(at: 3, text: "b"), .insert(at: 4, text: "c")]),
                       [.insert(at: 2, text: "abc")])
        XCTAssertEqual(Shrinker<SessionEditor>.joiningRuns([.type("a"), .type("b"), .deleteBackward, .type("c")]), [.type("ab"), .deleteBackward, .type("c")])
        XCTAssertEqual(Shrinker<SessionEditor>.joiningRuns([.delete(from: 4, to: 5), .delete(from: 3, to: 4)]), [.delete(from: 3, to: 5)])
        // A set in the middle of a typing run moves before the typing (its offsets back through it), and the
        // typing after it joins.
        let script: [ScriptStep] = [.insert(at: 0, text: "ab"), .insert(at: 2, text: "c"), .set(from: 0, to: 1, key: "k", value: .integer(1)), .insert(at: 3, text: "d")]
        XCTAssertEqual(Shrinker<SessionEditor>.movingEarlier(2, in: script),
                       [.insert(at: 0, text: "ab"), .set(from: 0, to: 1, key: "k", value: .integer(1)), .insert(at: 2, text: "cd")])
    }

    func testCharactersValuesAndKeysSimplify() {
        XCTAssertTrue(Shrinker<SessionEditor>.simplerTexts("日").contains("a"))
        XCTAssertTrue(Shrinker<SessionEditor>.simplerTexts("👍🏽").contains("👍"), "a modifier alone goes")
        XCTAssertFalse(Shrinker<SessionEditor>.simplerTexts("\n").contains("a"), "a paragraph separator stays what it is")
        XCTAssertEqual(Shrinker<SessionEditor>.simplerValues(.number(1.5)).first, .number(1))
        XCTAssertTrue(Shrinker<SessionEditor>.simplerValues(.string("milk")).contains(.string("")))
        // A pasted document with a key fewer is smaller: the size counts keys.
        let two = RichString("x", attributes: AttributeSet([AttributeEntry(name: "a", value: .integer(1)), AttributeEntry(name: "b", value: .integer(1))]))
        let one = RichString("x", attributes: AttributeSet([AttributeEntry(name: "a", value: .integer(1))]))
        XCTAssertLessThan(Shrinker<SessionEditor>.size([.paste(one)]), Shrinker<SessionEditor>.size([.paste(two)]))
    }

    /// An editor with two bugs in the same check: typing after a "b" selects what it typed (a range), any other
    /// typing leaves the caret where it was. Cutting "ab" to "a" would show the second bug; shrinking keeps the
    /// first, which the script was found with.
    struct TwoBugEditor: ScriptEditor {
        var inner: SessionEditor
        var document: RichString { inner.document }
        var selection: ScalarSelection { inner.selection }
        mutating func apply(_ step: ScriptStep) -> [Adjustment] {
            guard case .type = step, let caret = inner.selection.caret else { return inner.apply(step) }
            let before = Array(inner.document.string.unicodeScalars)
            let adjustments = inner.apply(step)
            _ = inner.apply(caret > 0 && before[caret - 1] == "b" ? .select(from: caret, to: caret + 1) : .select(from: caret, to: caret))
            return adjustments
        }
    }

    func testShrinkingNeverSlipsToAnotherBug() throws {
        let definition = try Fixtures.recipe()
        let engine = FormattingEngine(definition)
        let script: [ScriptStep] = [.insert(at: 0, text: "ab"), .type("z")]
        let checks = Set(InvariantCheck.allCases)
        let (found, applied) = ScriptRunner.run(script, engine: engine, checks: checks) { TwoBugEditor(inner: SessionEditor(engine: $0)) }
        let failure = try XCTUnwrap(found).failure
        XCTAssertEqual(failure, .selectionMismatch(actual: ScalarSelection(caret: nil, ranges: [2..<3]), expected: .caret(3)))
        let outcome = Shrinker(engine: engine, checks: checks) { TwoBugEditor(inner: SessionEditor(engine: $0)) }.shrink(applied, failure: failure)
        XCTAssertEqual(outcome.script, [.insert(at: 0, text: "b"), .type("z")], ScriptStep.jsonLines(outcome.script))
        XCTAssertTrue(failure.signature.isKept(by: outcome.failure.signature))
        // The other bug's failure is not the same one.
        XCTAssertFalse(failure.signature.isKept(by: InvariantFailure.selectionMismatch(actual: .caret(1), expected: .caret(2)).signature))
    }

    /// What each step of `script` came to on the reference model, as the shrinker records it.
    func lowerings(_ script: [ScriptStep]) throws -> [Lowering] {
        let engine = FormattingEngine(try Fixtures.recipe())
        var runner = ScriptRunner(engine: engine, editor: SessionEditor(engine: engine), checks: [])
        XCTAssertNil(runner.run(script))
        return runner.lowerings
    }

    func testACommandCutOutTakesWhatItTypedOrDeletedWithIt() throws {
        // "ab", the caret at 1, "XY" typed there, then "b" (3..<4 of "aXYb") styled.
        let typed: [ScriptStep] = [.insert(at: 0, text: "ab"), .select(from: 1, to: 1), .type("XY"), .set(from: 3, to: 4, key: "k", value: .integer(1))]
        let typedLowerings = try lowerings(typed)
        // Without the typing, "b" is at 1..<2.
        XCTAssertEqual(Shrinker<SessionEditor>.removing(2..<3, from: typed, lowerings: typedLowerings),
                       [.insert(at: 0, text: "ab"), .select(from: 1, to: 1), .set(from: 1, to: 2, key: "k", value: .integer(1))])
        // Text cut out of what the command typed moves later offsets too.
        XCTAssertTrue(Shrinker<SessionEditor>.textCuts(of: typed, at: 2, lowerings: typedLowerings)
            .contains([.insert(at: 0, text: "ab"), .select(from: 1, to: 1), .type("Y"), .set(from: 2, to: 3, key: "k", value: .integer(1))]))
        // Without what it knows a command came to, later offsets stay as they are.
        XCTAssertEqual(Shrinker<SessionEditor>.removing(2..<3, from: typed), [.insert(at: 0, text: "ab"), .select(from: 1, to: 1), typed[3]])
        // "abc", backspace at 2 (over "b"), then "c" (1..<2 of "ac") styled: without the backspace "b" is back
        // before "c", and the range grows over it.
        let deleted: [ScriptStep] = [.insert(at: 0, text: "abc"), .select(from: 2, to: 2), .deleteBackward, .set(from: 1, to: 2, key: "k", value: .integer(1))]
        XCTAssertEqual(Shrinker<SessionEditor>.removing(2..<3, from: deleted, lowerings: try lowerings(deleted)),
                       [.insert(at: 0, text: "abc"), .select(from: 2, to: 2), .set(from: 1, to: 3, key: "k", value: .integer(1))])
    }

    func testACommandBecomesTheOffsetStepItComesToAndTypingJoinsTheInsertItContinues() throws {
        let script: [ScriptStep] = [.select(from: 0, to: 0), .insert(at: 0, text: "ab"), .type("c"), .deleteBackward]
        let lowered = try lowerings(script)
        XCTAssertEqual(Shrinker<SessionEditor>.lowering(2, in: script, lowerings: lowered),
                       [.select(from: 0, to: 0), .insert(at: 0, text: "ab"), .insert(at: 2, text: "c"), .deleteBackward])
        XCTAssertEqual(Shrinker<SessionEditor>.lowering(3, in: script, lowerings: lowered),
                       [.select(from: 0, to: 0), .insert(at: 0, text: "ab"), .type("c"), .delete(from: 2, to: 3)])
        XCTAssertNil(Shrinker<SessionEditor>.lowering(1, in: script, lowerings: lowered), "an offset step is itself")
        // The insert was at the caret, so it and the typing after it are one `type`, or one `insert`.
        XCTAssertEqual(Set(Shrinker<SessionEditor>.commandJoins(2, in: script, lowerings: lowered)),
                       [[.select(from: 0, to: 0), .insert(at: 0, text: "abc"), .deleteBackward], [.select(from: 0, to: 0), .type("abc"), .deleteBackward]])
        // A command weighs more than the offset step it comes to, so the lowered script is the smaller.
        XCTAssertLessThan(Shrinker<SessionEditor>.stepSize(.insert(at: 2, text: "c")), Shrinker<SessionEditor>.stepSize(.type("c")))
        XCTAssertLessThan(Shrinker<SessionEditor>.stepSize(.delete(from: 2, to: 3)), Shrinker<SessionEditor>.stepSize(.deleteBackward))
    }

    func testTextTypedPastedOrStyledInsideAnInsertFoldsIntoIt() {
        let green = AttributeValue.string("milk")
        XCTAssertEqual(Shrinker<SessionEditor>.splicing(.insert(at: 1, text: "ab"), .insert(at: 2, text: "X")), .insert(at: 1, text: "aXb"))
        XCTAssertEqual(Shrinker<SessionEditor>.splicing(.insert(at: 1, text: "ab"), .set(from: 1, to: 2, key: "ingredient", value: green)),
                       .insertAttributed(at: 1, document: RichString(concatenating: [RichString("a", attributes: AttributeSet([AttributeEntry(name: "ingredient", value: green)])), RichString("b")])))
        XCTAssertEqual(Shrinker<SessionEditor>.splicing(.insertAttributed(at: 0, document: RichString("a\n")), .insertAttributed(at: 2, document: RichString("b"))),
                       .insertAttributed(at: 0, document: RichString("a\nb")))
        XCTAssertNil(Shrinker<SessionEditor>.splicing(.insert(at: 1, text: "ab"), .insert(at: 4, text: "X")), "outside its text")
        XCTAssertNil(Shrinker<SessionEditor>.splicing(.delete(from: 0, to: 1), .insert(at: 0, text: "X")))
    }
}
