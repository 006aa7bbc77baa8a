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
}
