import XCTest
import Formatting
import FormattingTesting
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
}
