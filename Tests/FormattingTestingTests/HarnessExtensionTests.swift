import Formatting
import FormattingTesting
import Foundation
import RichText
import XCTest

/// What you can add to the harness: generators built with combinators, invariants of your own, time limits, and
/// statistics of what was generated; and what it does for nearby seeds and keys it knows little about.
final class HarnessExtensionTests: XCTestCase {
    let small = PropertyCheckBudget(scripts: 6, steps: 30)

    func testACustomGeneratorBuiltFromCombinatorsDrivesTheRun() throws {
        let definition = try Fixtures.recipe()
        var seen: [String: Int] = [:]
        let result = PropertyCheck.run(definition: definition, seed: 3, budget: small, failuresFolder: nil, generator: { engine, values in
            StepGenerators.oneOf([
                (3, AnyStepGenerator(EditScriptGenerator(engine: engine, values: values))),
                (1, AnyStepGenerator(StepGenerators.from { context, rng in .type(rng.pick(["\n", "• "])) })),
                (1, AnyStepGenerator(StepGenerators.just(.deleteBackward))),
            ])
            .filter { step, _ in step != .redo }
            .map { step, context in
                // Every select becomes a caret at its start.
                if case let .select(from, _) = step { return .select(from: from, to: from) }
                return step
            }
        })
        XCTAssertTrue(result.passed, result.description)
        seen = result.stats.generation.stepsByOperation
        XCTAssertNil(seen["redo"], "the filter keeps redo out: \(seen)")
        XCTAssertGreaterThan(seen["deleteBackward"] ?? 0, 10, "\(seen)")
        XCTAssertGreaterThan(seen["type"] ?? 0, 10, "\(seen)")
    }

    func testAFilterThatAcceptsNothingGivesACaretAndCannotStopTheRun() throws {
        let result = PropertyCheck.run(definition: try Fixtures.recipe(), seed: 1, budget: PropertyCheckBudget(scripts: 1, steps: 5), failuresFolder: nil,
                                       generator: { engine, values in EditScriptGenerator(engine: engine, values: values).filter(maxTries: 3) { _, _ in false } })
        XCTAssertTrue(result.passed, result.description)
        XCTAssertEqual(result.stats.stepsChecked, 5 + 2, "the pasted start and its selection, then five carets")
    }

    func testAUserInvariantIsCheckedNamedAndKeptWhileShrinking() throws {
        // "No paragraph separator is ever typed": a rule of this app, not of the engine.
        let noSeparators = PropertyInvariant("no paragraph separators") { context in
            context.after.string.contains("\u{2029}") ? "U+2029 in \(context.after.string.debugDescription)" : nil
        }
        let result = PropertyCheck.run(definition: try Fixtures.recipe(), seed: 1, invariants: [noSeparators], failuresFolder: nil)
        guard case let .failed(_, _, failure, script, report, _) = result else { return XCTFail("the invariant was never broken: \(result)") }
        XCTAssertEqual(failure.check, .userInvariants)
        XCTAssertEqual(failure.signature.kinds, ["no paragraph separators"])
        XCTAssertTrue(report.contains("invariant 'no paragraph separators' failed"), report)
        XCTAssertEqual(script.count, 1, report)
        XCTAssertNotNil(PropertyCheck.check(script: script, definition: try Fixtures.recipe(), invariants: [noSeparators]))
        XCTAssertNil(PropertyCheck.check(script: script, definition: try Fixtures.recipe(), checks: Set(InvariantCheck.allCases).subtracting([.userInvariants]),
                                         invariants: [noSeparators]), "turned off with the rest of the user invariants")
    }

    func testATimeLimitStopsGeneratingAfterTheScriptInProgress() throws {
        let budget = PropertyCheckBudget(scripts: 100_000, steps: 40, timeLimit: .milliseconds(300))
        let start = ContinuousClock.now
        let result = PropertyCheck.run(definition: try Fixtures.recipe(), seed: 1, budget: budget, failuresFolder: nil)
        XCTAssertTrue(result.passed, result.description)
        XCTAssertTrue(result.stats.generation.stoppedByTimeLimit)
        XCTAssertLessThan(result.stats.scriptsGenerated, 100_000)
        XCTAssertLessThan(ContinuousClock.now - start, .seconds(60))
        XCTAssertTrue(result.stats.generation.description.contains("stopped generating at the time limit"))
    }

    func testAShrinkTimeLimitStopsShrinkingWithTheSmallestScriptSoFar() throws {
        let definition = try headingDefinition(headingsGrow)
        let engine = FormattingEngine(definition)
        var shrinker = Shrinker(engine: engine, checks: Set(InvariantCheck.allCases)) { SessionEditor(engine: $0) }
        shrinker.timeLimit = .zero
        let script: [ScriptStep] = [.insert(at: 0, text: "title\nbody"), .set(from: 0, to: 5, key: "heading", value: .bool(true)), .type("x")]
        let (found, applied) = ScriptRunner.run(script, engine: engine, checks: Set(InvariantCheck.allCases)) { SessionEditor(engine: $0) }
        let failure = try XCTUnwrap(found)
        let outcome = shrinker.shrink(applied, failure: failure.failure)
        XCTAssertTrue(outcome.stoppedEarly)
        XCTAssertEqual(outcome.original, failure.failure)
        XCTAssertEqual(outcome.failure.check, failure.failure.check)
    }

    func testStatisticsCountWhatWasGenerated() throws {
        let result = PropertyCheck.run(definition: try Fixtures.recipe(), seed: 1, budget: PropertyCheckBudget(scripts: 20, steps: 60), failuresFolder: nil)
        let generation = result.stats.generation
        XCTAssertEqual(generation.steps, result.stats.stepsChecked)
        XCTAssertGreaterThan(generation.multiRangeSelections, 0)
        XCTAssertGreaterThan(generation.paragraphStartTyping, 0)
        XCTAssertGreaterThan(generation.documentScalars.max, generation.documentScalars.min)
        let text = generation.description
        for phrase in ["selections of several ranges", "typing at the start of a paragraph", "document length in scalars"] {
            XCTAssertTrue(text.contains(phrase), text)
        }
    }

    func testNearbySeedsTryDifferentScripts() {
        // Runs with seeds 1, 2 and 30 share no script seed (they used to share all but one).
        let runs = [UInt64(1), 2, 30].map { seed in Set((0..<40).map { PropertyCheck.scriptSeed(seed, $0) }) }
        XCTAssertTrue(runs[0].isDisjoint(with: runs[1]))
        XCTAssertTrue(runs[0].isDisjoint(with: runs[2]))
        XCTAssertTrue(runs[1].isDisjoint(with: runs[2]))
        XCTAssertEqual(PropertyCheck.scriptSeed(8, 0), 8, "the first script uses the seed, so a failure's seed reruns it")
    }

    func testAKeyTheConstraintsSayLittleAboutGetsBooleans() throws {
        let pool = ValuePool(for: try headingDefinition(headingsAreLarge))
        XCTAssertTrue(pool.values["heading"]?.contains(.bool(true)) == true, "\(pool.values["heading"] ?? [])")
        XCTAssertTrue(pool.values["heading"]?.contains(.bool(false)) == true)
        enum Level: RichAttributeKey { typealias Value = Int; static let name = "level" }
        let typed = pool.declaring(Level.self)
        XCTAssertEqual(typed.values["level"]?.first, .integer(0))
    }
}
