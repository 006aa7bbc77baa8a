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
    /// Script `k` uses seed `seed + k`; a failure reports its own seed and the step budget, so
    /// `FMTCHECK_SEED=S FMTCHECK_STEPS=N` (or `run(…, seed: S, budget: PropertyCheckBudget(scripts: 1, steps: N))`)
    /// reruns it alone, and `FMTCHECK_REPLAY=FILE` runs one printed script instead (see
    /// `PropertyCheckEnvironment`). Failures are saved in `failuresFolder` (see `SavedFailures`; nil turns it
    /// off) and replayed before anything is generated.
    public static func run(
        definition: FormattingDefinition,
        seed: UInt64 = 1,
        budget: PropertyCheckBudget = .fromEnvironment(),
        checks: Set<InvariantCheck> = Set(InvariantCheck.allCases),
        values: ValuePool? = nil,
        failuresFolder: URL? = PropertyCheckEnvironment.current.failuresFolder
    ) -> PropertyCheckResult {
        run(definition: definition, seed: seed, budget: budget, checks: checks, values: values, failuresFolder: failuresFolder) {
            SessionEditor(engine: $0)
        }
    }

    /// `run` with your own editor under test (see `ScriptEditor`).
    public static func run<Editor: ScriptEditor>(
        definition: FormattingDefinition,
        seed: UInt64 = 1,
        budget: PropertyCheckBudget = .fromEnvironment(),
        checks: Set<InvariantCheck> = Set(InvariantCheck.allCases),
        values: ValuePool? = nil,
        failuresFolder: URL? = PropertyCheckEnvironment.current.failuresFolder,
        makeEditor: @escaping (FormattingEngine) -> Editor
    ) -> PropertyCheckResult {
        let environment = PropertyCheckEnvironment.current
        let engine = FormattingEngine(definition)
        let pool = values ?? ValuePool(for: definition)
        var stats = PropertyCheckStats()
        var (seed, budget) = (seed, budget)
        let saved = failuresFolder.map { SavedFailures(root: $0, definition: definition.name, editorType: Editor.self, checks: checks) }
        func fixed(_ script: [ScriptStep], seed: UInt64, origin: String) -> PropertyCheckResult? {
            stats.scriptsGenerated += 1
            let (failure, applied) = ScriptRunner.run(script, engine: engine, checks: checks, makeEditor: makeEditor)
            stats.stepsChecked += failure.map { $0.step + 1 } ?? script.count
            guard let failure else { return nil }
            return failed(definition: definition, engine: engine, seed: seed, step: failure.step, failure: failure.failure,
                          script: Array(applied.prefix(failure.step + 1)), checks: checks, makeEditor: makeEditor, stats: stats,
                          steps: budget.steps, origin: origin, saved: nil)
        }
        if let file = environment.replay {
            // One printed script, and nothing else.
            do {
                let script = try ScriptStep.parse(jsonLines: try String(contentsOf: file, encoding: .utf8))
                return fixed(script, seed: SavedFailures.seed(inFileName: file.lastPathComponent) ?? seed, origin: "FMTCHECK_REPLAY=\(file.path)")
                    ?? .passed(stats)
            } catch {
                FileHandle.standardError.write(Data("FormattingTesting: FMTCHECK_REPLAY=\(file.path) cannot be read (\(error)); running the generated scripts instead\n".utf8))
            }
        }
        if let rerun = environment.seed {
            seed = rerun
            budget.scripts = 1
            if let steps = environment.steps { budget.steps = steps }
        } else if let saved {
            // Saved failures first, as Hypothesis's example database.
            for entry in saved.load() {
                if let result = fixed(entry.script, seed: entry.seed, origin: "the saved failure \(entry.file.path)") { return result }
            }
        }
        let progress = CaseInProgress(folder: failuresFolder ?? FileManager.default.temporaryDirectory.appendingPathComponent("fmtcheck"),
                                      definition: definition.name)
        progress.announce()
        defer { progress.clear() }
        for k in 0..<max(0, budget.scripts) {
            let scriptSeed = seed &+ UInt64(k)
            progress.write(definition: definition.name, seed: scriptSeed, steps: budget.steps)
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
                                  script: runner.applied, checks: checks, makeEditor: makeEditor, stats: stats,
                                  steps: budget.steps, origin: nil, saved: saved)
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

    /// A failure as reports print it (`fmtcheck replay --check` too): its description, indented two spaces,
    /// invisible characters escaped.
    public static func failureText(_ failure: InvariantFailure) -> String {
        ScriptText.escapingInvisibles("  " + failure.description.replacingOccurrences(of: "\n", with: "\n  "))
    }

    /// Shrinks a failure and writes its report. `origin` names a script that was not generated (a saved
    /// failure, `FMTCHECK_REPLAY`); a generated one is saved in `saved`.
    static func failed<Editor: ScriptEditor>(
        definition: FormattingDefinition, engine: FormattingEngine, seed: UInt64, step: Int, failure: InvariantFailure,
        script: [ScriptStep], checks: Set<InvariantCheck>, makeEditor: @escaping (FormattingEngine) -> Editor, stats: PropertyCheckStats,
        steps: Int, origin: String?, saved: SavedFailures?
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
        let savedFile = saved?.save(outcome.script, seed: seed)
        let source = origin.map { "  replayed from \($0) (found with seed \(seed)); step \(step) of that script fails" }
            ?? "  seed: \(seed), steps: \(steps) (step \(step) of that script); rerun just this case with FMTCHECK_SEED=\(seed) FMTCHECK_STEPS=\(steps),\n"
            + "    or run(…, seed: \(seed), budget: PropertyCheckBudget(scripts: 1, steps: \(steps)))"
        let report = """
            property check failed: \(failure.check)
              definition: \(definition.name)
            \(source)
              \(stats)\(savedFile.map { "\n  saved to \($0.path) (replayed first by the next run)" } ?? "")
            shrunk to \(outcome.script.count) step\(outcome.script.count == 1 ? "" : "s"), which fails with:
            \(failureText(outcome.failure))
              document before the last step: \(ScriptValueJSON.documentText(for: before))
              document after the last step:  \(ScriptValueJSON.documentText(for: runner.editor.document))
            edit script (JSON Lines; scalar offsets; check with `fmtcheck replay --check --definition D --script S`, or paste into
            `PropertyCheck.check(script: try ScriptStep.parse(jsonLines: …), definition: …, makeEditor: …)`):
            \(ScriptStep.jsonLines(outcome.script))
            """
        return .failed(seed: seed, step: step, failure: outcome.failure, shrunkScript: outcome.script,
                       report: ScriptText.escapingInvisibles(report), stats: stats)
    }
}
