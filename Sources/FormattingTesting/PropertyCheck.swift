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
    /// valid document (pasted as the script's first step), with every check in `checks` (and your `invariants`)
    /// after every step, on the engine's own editor (`SessionEditor`).
    ///
    /// The first script uses `seed` itself; the others use seeds drawn from it, so runs with nearby seeds
    /// (1, 2, 30) try different scripts. A failure reports its script's own seed and the step budget, so
    /// `FMTCHECK_SEED=S FMTCHECK_STEPS=N` (or `run(…, seed: S, budget: PropertyCheckBudget(scripts: 1, steps: N))`)
    /// reruns it alone, and `FMTCHECK_REPLAY=FILE` runs one printed script instead (see
    /// `PropertyCheckEnvironment`). Failures are saved in `failuresFolder` (see `SavedFailures`; nil turns it
    /// off) and replayed before anything is generated, filed by the property's identity: `property` and `file`
    /// (by default the calling test's function and file), the definition's name, the editor's type, the checks and
    /// your invariants' names, so one property's failures never replay first in another's run.
    /// `FMTCHECK_STATISTICS=1` (or `printStatistics`) prints what was generated when the run ends.
    public static func run(
        definition: FormattingDefinition,
        seed: UInt64 = 1,
        budget: PropertyCheckBudget = .fromEnvironment(),
        checks: Set<InvariantCheck> = Set(InvariantCheck.allCases),
        invariants: [PropertyInvariant] = [],
        values: ValuePool? = nil,
        failuresFolder: URL? = PropertyCheckEnvironment.current.failuresFolder,
        printStatistics: Bool = PropertyCheckEnvironment.current.printsStatistics,
        property: String = #function,
        file: String = #fileID
    ) -> PropertyCheckResult {
        run(definition: definition, seed: seed, budget: budget, checks: checks, invariants: invariants, values: values,
            failuresFolder: failuresFolder, printStatistics: printStatistics, property: property, file: file,
            generator: { EditScriptGenerator(engine: $0, values: $1) }, makeEditor: { SessionEditor(engine: $0) })
    }

    /// `run` with your own editor under test (see `ScriptEditor`). A failure's replay hint names your editor's
    /// `replayCommand` as `fmtcheck replay --check --editor`.
    public static func run<Editor: ScriptEditor>(
        definition: FormattingDefinition,
        seed: UInt64 = 1,
        budget: PropertyCheckBudget = .fromEnvironment(),
        checks: Set<InvariantCheck> = Set(InvariantCheck.allCases),
        invariants: [PropertyInvariant] = [],
        values: ValuePool? = nil,
        failuresFolder: URL? = PropertyCheckEnvironment.current.failuresFolder,
        printStatistics: Bool = PropertyCheckEnvironment.current.printsStatistics,
        property: String = #function,
        file: String = #fileID,
        makeEditor: @escaping (FormattingEngine) -> Editor
    ) -> PropertyCheckResult {
        run(definition: definition, seed: seed, budget: budget, checks: checks, invariants: invariants, values: values,
            failuresFolder: failuresFolder, printStatistics: printStatistics, property: property, file: file,
            generator: { EditScriptGenerator(engine: $0, values: $1) }, makeEditor: makeEditor)
    }

    /// `run` with your own step generator (see `StepGenerator`: a fresh one per script, from the engine and the
    /// value pool) on the engine's own editor.
    public static func run<Generator: StepGenerator>(
        definition: FormattingDefinition,
        seed: UInt64 = 1,
        budget: PropertyCheckBudget = .fromEnvironment(),
        checks: Set<InvariantCheck> = Set(InvariantCheck.allCases),
        invariants: [PropertyInvariant] = [],
        values: ValuePool? = nil,
        failuresFolder: URL? = PropertyCheckEnvironment.current.failuresFolder,
        printStatistics: Bool = PropertyCheckEnvironment.current.printsStatistics,
        property: String = #function,
        file: String = #fileID,
        generator: @escaping (FormattingEngine, ValuePool) -> Generator
    ) -> PropertyCheckResult {
        run(definition: definition, seed: seed, budget: budget, checks: checks, invariants: invariants, values: values,
            failuresFolder: failuresFolder, printStatistics: printStatistics, property: property, file: file,
            generator: generator, makeEditor: { SessionEditor(engine: $0) })
    }

    /// `run` with your own step generator and your own editor.
    public static func run<Generator: StepGenerator, Editor: ScriptEditor>(
        definition: FormattingDefinition,
        seed: UInt64 = 1,
        budget: PropertyCheckBudget = .fromEnvironment(),
        checks: Set<InvariantCheck> = Set(InvariantCheck.allCases),
        invariants: [PropertyInvariant] = [],
        values: ValuePool? = nil,
        failuresFolder: URL? = PropertyCheckEnvironment.current.failuresFolder,
        printStatistics: Bool = PropertyCheckEnvironment.current.printsStatistics,
        property: String = #function,
        file: String = #fileID,
        generator makeGenerator: @escaping (FormattingEngine, ValuePool) -> Generator,
        makeEditor: @escaping (FormattingEngine) -> Editor
    ) -> PropertyCheckResult {
        let environment = PropertyCheckEnvironment.current
        let engine = FormattingEngine(definition)
        let pool = values ?? ValuePool(for: definition)
        var stats = PropertyCheckStats()
        var (seed, budget) = (seed, budget)
        let identity = PropertyIdentity(property: property, file: file, definition: definition.name, editorType: Editor.self,
                                        checks: checks, invariants: invariants.map(\.name))
        let saved = failuresFolder.map { SavedFailures(root: $0, identity: identity) }
        let progress = CaseInProgress(folder: failuresFolder ?? FileManager.default.temporaryDirectory.appendingPathComponent("fmtcheck"),
                                      identity: identity)
        progress.reportLeftover()
        defer { progress.clear() }
        let context = FailureContext(definition: definition, engine: engine, checks: checks, invariants: invariants,
                                     shrinkTimeLimit: budget.shrinkTimeLimit, progress: progress, makeEditor: makeEditor)
        func finished(_ result: PropertyCheckResult) -> PropertyCheckResult {
            if printStatistics { FileHandle.standardError.write(Data("FormattingTesting: \(definition.name): \(result.stats.generation)\n".utf8)) }
            return result
        }
        func fixed(_ script: [ScriptStep], seed: UInt64, origin: String) -> PropertyCheckResult? {
            stats.scriptsGenerated += 1
            let (failure, applied) = ScriptRunner.run(script, engine: engine, checks: checks, invariants: invariants, makeEditor: makeEditor)
            stats.stepsChecked += failure.map { $0.step + 1 } ?? script.count
            guard let failure else { return nil }
            return context.failed(seed: seed, step: failure.step, failure: failure.failure, script: Array(applied.prefix(failure.step + 1)),
                                  stats: stats, steps: budget.steps, origin: origin, saved: nil)
        }
        if let file = environment.replay {
            // One printed script, and nothing else.
            do {
                let script = try ScriptStep.parse(jsonLines: try String(contentsOf: file, encoding: .utf8))
                return finished(fixed(script, seed: SavedFailures.seed(inFileName: file.lastPathComponent) ?? seed, origin: "FMTCHECK_REPLAY=\(file.path)")
                    ?? .passed(stats))
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
                if let result = fixed(entry.script, seed: entry.seed, origin: "the saved failure \(entry.file.path)") { return finished(result) }
            }
        }
        let clock = ContinuousClock()
        let deadline = budget.timeLimit.map { clock.now + $0 }
        let startingDocuments = DocumentGenerator(engine: engine, values: pool)
        for k in 0..<max(0, budget.scripts) {
            if k > 0, let deadline, clock.now >= deadline {
                stats.generation.stoppedByTimeLimit = true
                break
            }
            let scriptSeed = Self.scriptSeed(seed, k)
            progress.write(definition: definition.name, seed: scriptSeed, steps: budget.steps)
            var rng = SeededGenerator(seed: scriptSeed)
            var generator = makeGenerator(engine, pool)
            var runner = ScriptRunner(engine: engine, editor: makeEditor(engine), checks: checks, invariants: invariants)
            stats.scriptsGenerated += 1
            var pending: [ScriptStep] = []
            // The starting document, pasted, then a selection somewhere in it.
            let start = startingDocuments.rawDocument(maxPieces: rng.int(0...12), strayKeys: true, using: &rng)
            var startDocument = start
            engine.normalize(&startDocument)
            if !startDocument.isEmpty { pending.append(.insertAttributed(at: 0, document: startDocument)) }
            let length = startDocument.counts.scalars
            let a = rng.int(0...length)
            pending.append(.select(from: a, to: min(length, a + rng.int(0...6))))
            for index in 0..<(pending.count + max(0, budget.steps)) {
                let document = runner.editor.document
                let step = pending.isEmpty
                    ? generator.next(StepContext(document: document, selection: runner.expectedSelection, engine: engine, values: pool, stepIndex: index), using: &rng)
                    : pending.removeFirst()
                let selection = runner.expectedSelection
                let failure = runner.apply(step)
                stats.stepsChecked += 1
                stats.generation.record(runner.applied[runner.applied.count - 1], document: document, selection: selection,
                                        scalarsAfter: runner.editor.document.counts.scalars)
                if let failure {
                    stats.adjustmentsReported += runner.adjustmentCount
                    return finished(context.failed(seed: scriptSeed, step: index, failure: failure, script: runner.applied,
                                                   stats: stats, steps: budget.steps, origin: nil, saved: saved))
                }
            }
            stats.adjustmentsReported += runner.adjustmentCount
        }
        return finished(.passed(stats))
    }

    /// The seed of script `k` of a run with `seed`: the seed itself for the first script (so that a failure's
    /// own seed, run with one script, is that script), then seeds drawn from it, so that the scripts of runs with
    /// nearby seeds do not overlap.
    public static func scriptSeed(_ seed: UInt64, _ k: Int) -> UInt64 {
        guard k > 0 else { return seed }
        var mixer = SeededGenerator(seed: seed ^ (UInt64(truncatingIfNeeded: k) &* 0xD1B5_4A32_D192_ED03))
        return mixer.next()
    }

    /// Checks a fixed script (a regression test: paste the JSON Lines a failure printed). Returns the failing
    /// step's index and failure, or nil when every step keeps every invariant.
    public static func check(
        script: [ScriptStep], definition: FormattingDefinition, checks: Set<InvariantCheck> = Set(InvariantCheck.allCases),
        invariants: [PropertyInvariant] = []
    ) -> (step: Int, failure: InvariantFailure)? {
        check(script: script, definition: definition, checks: checks, invariants: invariants) { SessionEditor(engine: $0) }
    }

    /// `check(script:definition:checks:)` on your own editor, the one the failing run used, so a regression
    /// test pasted from a printed failure reproduces that editor's failure.
    public static func check<Editor: ScriptEditor>(
        script: [ScriptStep], definition: FormattingDefinition, checks: Set<InvariantCheck> = Set(InvariantCheck.allCases),
        invariants: [PropertyInvariant] = [], makeEditor: (FormattingEngine) -> Editor
    ) -> (step: Int, failure: InvariantFailure)? {
        ScriptRunner.run(script, engine: FormattingEngine(definition), checks: checks, invariants: invariants, makeEditor: makeEditor).failure
    }

    /// A failure as reports print it (`fmtcheck replay --check` too): its description, indented two spaces,
    /// invisible characters escaped.
    public static func failureText(_ failure: InvariantFailure) -> String {
        ScriptText.escapingInvisibles("  " + failure.description.replacingOccurrences(of: "\n", with: "\n  "))
    }
}

/// What a failing run hands to shrinking and to its report.
struct FailureContext<Editor: ScriptEditor> {
    let definition: FormattingDefinition
    let engine: FormattingEngine
    let checks: Set<InvariantCheck>
    let invariants: [PropertyInvariant]
    let shrinkTimeLimit: Duration?
    /// Where the case shrinking works on is kept, so an editor that traps while it shrinks leaves it behind.
    let progress: CaseInProgress?
    let makeEditor: (FormattingEngine) -> Editor

    /// Shrinks a failure and writes its report. `origin` names a script that was not generated (a saved
    /// failure, `FMTCHECK_REPLAY`); a generated one is saved in `saved`.
    func failed(seed: UInt64, step: Int, failure: InvariantFailure, script: [ScriptStep], stats: PropertyCheckStats,
                steps: Int, origin: String?, saved: SavedFailures?) -> PropertyCheckResult {
        var stats = stats
        progress?.failed(script, seed: seed, origin: origin)
        var shrinker = Shrinker(engine: engine, checks: checks, invariants: invariants, makeEditor: makeEditor)
        shrinker.timeLimit = shrinkTimeLimit
        let outcome = shrinker.shrink(script, failure: failure)
        stats.shrinkAttempts = outcome.attempts
        stats.shrinkSteps = outcome.accepted
        stats.shrinkStoppedEarly = outcome.stoppedEarly
        stats.unshrunkFailure = failure
        // The final document of the shrunk script, for the report.
        var runner = ScriptRunner(engine: engine, editor: makeEditor(engine), checks: [])
        _ = runner.run(Array(outcome.script.dropLast()))
        let before = runner.editor.document
        _ = runner.run(Array(outcome.script.suffix(1)))
        let savedFile = saved?.save(outcome.script, seed: seed)
        let source = origin.map { "  replayed from \($0) (found with seed \(seed)); step \(step) of that script fails" }
            ?? "  seed: \(seed), steps: \(steps) (step \(step) of that script); rerun just this case with FMTCHECK_SEED=\(seed) FMTCHECK_STEPS=\(steps),\n"
            + "    or run(…, seed: \(seed), budget: PropertyCheckBudget(scripts: 1, steps: \(steps)))"
        let report = """
            property check failed: \(outcome.failure.check)
              definition: \(definition.name)
            \(source)
              \(stats)\(savedFile.map { "\n  saved to \($0.path) (replayed first by the next run)" } ?? "")
            the generated script failed at step \(step) with:
            \(PropertyCheck.failureText(failure))
            shrunk to \(outcome.script.count) step\(outcome.script.count == 1 ? "" : "s") (the same failure: \(failure.signature)), which fails with:
            \(PropertyCheck.failureText(outcome.failure))
              document before the last step: \(ScriptValueJSON.documentText(for: before))
              document after the last step:  \(ScriptValueJSON.documentText(for: runner.editor.document))
            edit script (JSON Lines; scalar offsets; check with `\(replayHint(editor: runner.editor))`, or paste into
            `PropertyCheck.check(script: try ScriptStep.parse(jsonLines: …), definition: …\(Editor.self == SessionEditor.self ? "" : ", makeEditor: …"))`):
            \(ScriptStep.jsonLines(outcome.script))
            """
        return .failed(seed: seed, step: step, failure: outcome.failure, shrunkScript: outcome.script,
                       report: ScriptText.escapingInvisibles(report), stats: stats)
    }

    /// The command that replays the failure: `fmtcheck replay --check` on the engine's own editor, with `--editor`
    /// and the editor's `replayCommand` when the check ran another editor (a placeholder that says what it must
    /// be when the editor names none).
    func replayHint(editor: Editor) -> String {
        let command = "fmtcheck replay --check --definition D --script S"
        guard Editor.self != SessionEditor.self else { return command }
        guard let served = editor.replayCommand else { return command + " --editor 'a command serving \(Editor.self) with EditorServer.serve'" }
        return command + " --editor " + ShellText.quoted(served)
    }
}

/// Text as a POSIX shell reads one word.
enum ShellText {
    /// `text` in single quotes, each single quote in it written `'\''`.
    static func quoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
