import Foundation
import Formatting
import RichText
import RichTextFormats

/// The harness's entry point: generate edit scripts for a definition, apply each step to an editor, check
/// the invariants after every step, and shrink the first failure to a minimal script.
///
/// Framework-neutral: it returns a result, and your test asserts on it.
///
/// ```swift
/// let result = PropertyCheck.run(definition: definition, seed: 1)
/// XCTAssertTrue(result.passed, result.description)      // XCTest
/// #expect(result.passed, "\(result)")                    // Swift Testing
/// ```
public enum PropertyCheck {
    /// Runs `budget.scripts` scripts of `budget.steps` steps under `definition`, starting each from a generated
    /// valid document (pasted as the script's first step), with every check in `checks` after every step.
    ///
    /// Script `k` uses seed `seed + k`; a failure reports its own seed, so `run(…, seed: thatSeed,
    /// budget: PropertyCheckBudget(scripts: 1, steps: …))` reproduces it.
    public static func run(
        definition: FormattingDefinition,
        seed: UInt64 = 1,
        budget: PropertyCheckBudget = .fromEnvironment(),
        checks: Set<InvariantCheck> = Set(InvariantCheck.allCases),
        values: ValuePool? = nil
    ) -> PropertyCheckResult {
        run(definition: definition, seed: seed, budget: budget, checks: checks, values: values) { SessionEditor(engine: $0) }
    }

    /// `run` with your own editor under test (see `ScriptEditor`).
    public static func run<Editor: ScriptEditor>(
        definition: FormattingDefinition,
        seed: UInt64 = 1,
        budget: PropertyCheckBudget = .fromEnvironment(),
        checks: Set<InvariantCheck> = Set(InvariantCheck.allCases),
        values: ValuePool? = nil,
        makeEditor: @escaping (FormattingEngine) -> Editor
    ) -> PropertyCheckResult {
        let engine = FormattingEngine(definition)
        let pool = values ?? ValuePool(for: definition)
        var stats = PropertyCheckStats()
        for k in 0..<max(0, budget.scripts) {
            let scriptSeed = seed &+ UInt64(k)
            var rng = SeededGenerator(seed: scriptSeed)
            var generator = EditScriptGenerator(engine: engine, values: pool)
            var runner = ScriptRunner(engine: engine, editor: makeEditor(engine), checks: checks)
            stats.scriptsGenerated += 1
            var pending: [ScriptStep] = []
            // The starting document, pasted, then a selection somewhere in it.
            let start = generator.documents.rawDocument(maxPieces: rng.int(0...12), strayKeys: true, using: &rng)
            var startDocument = start
            engine.normalize(&startDocument)
            if !startDocument.isEmpty { pending.append(.insertAttributed(at: 0, document: startDocument)) }
            let length = startDocument.counts.scalars
            let a = rng.int(0...length)
            pending.append(.select(from: a, to: min(length, a + rng.int(0...6))))
            for index in 0..<(pending.count + max(0, budget.steps)) {
                let step = pending.isEmpty
                    ? generator.next(document: runner.editor.document, selection: runner.editor.selection, using: &rng)
                    : pending.removeFirst()
                let failure = runner.apply(step)
                stats.stepsChecked += 1
                if let failure {
                    stats.adjustmentsReported += runner.adjustmentCount
                    return failed(definition: definition, engine: engine, seed: scriptSeed, step: index, failure: failure,
                                  script: runner.applied, checks: checks, makeEditor: makeEditor, stats: stats)
                }
            }
            stats.adjustmentsReported += runner.adjustmentCount
        }
        return .passed(stats)
    }

    /// Checks a fixed script (a regression test: paste the JSON Lines a failure printed). Returns the failing
    /// step's index and failure, or nil when every step keeps every invariant.
    public static func check(
        script: [ScriptStep], definition: FormattingDefinition, checks: Set<InvariantCheck> = Set(InvariantCheck.allCases)
    ) -> (step: Int, failure: InvariantFailure)? {
        check(script: script, definition: definition, checks: checks) { SessionEditor(engine: $0) }
    }

    /// `check(script:definition:checks:)` on your own editor, the one the failing run used, so a regression
    /// test pasted from a printed failure reproduces that editor's failure.
    public static func check<Editor: ScriptEditor>(
        script: [ScriptStep], definition: FormattingDefinition, checks: Set<InvariantCheck> = Set(InvariantCheck.allCases),
        makeEditor: (FormattingEngine) -> Editor
    ) -> (step: Int, failure: InvariantFailure)? {
        ScriptRunner.run(script, engine: FormattingEngine(definition), checks: checks, makeEditor: makeEditor).failure
    }

    static func failed<Editor: ScriptEditor>(
        definition: FormattingDefinition, engine: FormattingEngine, seed: UInt64, step: Int, failure: InvariantFailure,
        script: [ScriptStep], checks: Set<InvariantCheck>, makeEditor: @escaping (FormattingEngine) -> Editor, stats: PropertyCheckStats
    ) -> PropertyCheckResult {
        var stats = stats
        let shrinker = Shrinker(engine: engine, checks: checks, makeEditor: makeEditor)
        let outcome = shrinker.shrink(script, failure: failure)
        stats.shrinkAttempts = outcome.attempts
        stats.shrinkSteps = outcome.accepted
        // The final document of the shrunk script, for the report.
        var runner = ScriptRunner(engine: engine, editor: makeEditor(engine), checks: [])
        var before = RichString()
        for (i, s) in outcome.script.enumerated() {
            if i == outcome.script.count - 1 { before = runner.editor.document }
            _ = runner.apply(s)
        }
        let encode = { (d: RichString) in (try? NativeJSONEncoder().encodeString(d)) ?? d.string }
        let report = """
            property check failed: \(failure.check)
              definition: \(definition.name)
              seed: \(seed) (step \(step) of that script; reproduce with seed: \(seed), budget scripts: 1)
              \(stats)
            shrunk to \(outcome.script.count) step\(outcome.script.count == 1 ? "" : "s"), which fails with:
              \(outcome.failure.description.replacingOccurrences(of: "\n", with: "\n  "))
              document before the last step: \(encode(before))
              document after the last step:  \(encode(runner.editor.document))
            edit script (JSON Lines; scalar offsets; replay with `fmtcheck replay --definition D --script S`):
            \(ScriptStep.jsonLines(outcome.script))
            """
        return .failed(seed: seed, step: step, failure: outcome.failure, shrunkScript: outcome.script, report: report, stats: stats)
    }
}
