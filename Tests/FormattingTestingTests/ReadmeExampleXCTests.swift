import XCTest
import Formatting
import FormattingTesting

/// The README's XCTest example.
final class HeadingPropertyTests: XCTestCase {
    func testHeadingsKeepEveryInvariant() throws {
        let result = PropertyCheck.run(definition: try headingDefinition(headingsAreLarge), seed: 1)
        XCTAssertTrue(result.passed, result.description)
        print("headings: \(result.stats)")
    }

    func testAGrowingHeadingIsCaughtAndShrunk() throws {
        let definition = try headingDefinition(headingsGrow)
        let result = PropertyCheck.run(definition: definition, seed: 1)
        print(result)
        guard case let .failed(_, _, failure, script, _, _) = result else { return XCTFail("the growing heading was not caught") }
        // A heading that grows on every pass is a normalisation that is not idempotent: the check that names
        // the cause, not the unclean document it leaves behind.
        XCTAssertEqual(failure.check, .idempotentNormalization)
        XCTAssertLessThanOrEqual(script.count, 3)
        XCTAssertNotNil(PropertyCheck.check(script: script, definition: definition))
    }

    /// The README's loop of its own, built on `StepContext`: the harness's generator, checks and shrinking, with
    /// its own stopping rule.
    func testALoopOfYourOwnDrivesTheGeneratorThroughStepContext() throws {
        let engine = FormattingEngine(try headingDefinition(headingsGrow))
        let values = ValuePool(for: engine.definition)
        var generator = EditScriptGenerator(engine: engine, values: values)
        var runner = ScriptRunner(engine: engine, editor: SessionEditor(engine: engine), checks: Set(InvariantCheck.allCases))
        var rng = SeededGenerator(seed: 7)
        var found: Shrinker<SessionEditor>.Outcome?
        for index in 0..<200 {
            let context = StepContext(document: runner.editor.document, selection: runner.expectedSelection,
                                      engine: engine, values: values, stepIndex: index)
            if let failure = runner.apply(generator.next(context, using: &rng)) {
                found = Shrinker(engine: engine, checks: runner.checks) { SessionEditor(engine: $0) }.shrink(runner.applied, failure: failure)
                break
            }
        }
        let shrunk = try XCTUnwrap(found, "the growing heading was not caught")
        XCTAssertEqual(shrunk.failure.check, .idempotentNormalization)
        XCTAssertLessThanOrEqual(shrunk.script.count, 3, ScriptStep.jsonLines(shrunk.script))
    }
}
