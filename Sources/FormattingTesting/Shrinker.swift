import Foundation
import Formatting
import RichText

/// Cuts a failing script down to a small one that still fails the same way, by delta debugging. In rounds, until
/// a round finds nothing:
/// 1. steps cut out in chunks (halves, quarters, … single steps); a text step taken out takes its text with it,
///    so later steps move to keep their place (an editor command too: what it came to on the reference model's
///    selection, `ScriptStep.lowered(selection:in:)`), and otherwise the steps are cut as they are;
/// 2. typing runs joined into one step (`insert` after `insert`, `type` after `type`, and `type` with the `insert`
///    it continues or that continues it), text typed, pasted or styled inside what the step before put in folded
///    into that step (an `insert` styled after it becomes a paste of styled text), and attribute changes or
///    selections moved out of a typing run's way;
/// 3. each editor command replaced by the one offset step it comes to (`type` at a caret by `insert`,
///    `deleteBackward` by `delete`, `paste` by `insertAttributed`), which frees the `select` before it to go;
/// 4. text cut out of what a step types or pastes, later offsets following;
/// 5. each step simplified: narrower ranges, fewer ranges, shorter and plainer texts (日 → a), simpler values
///    (1.5 → 1.0), pasted documents with fewer keys or as plain text, replaces as inserts or deletes.
///
/// A candidate is kept only when it fails the same check, with kinds and keys drawn from the original failure's
/// (`FailureSignature`), and is shorter, or as long and smaller (`size`, in which a command weighs more than the
/// offset step it comes to): shrinking never slips to another bug.
public struct Shrinker<Editor: ScriptEditor> {
    /// The engine.
    public let engine: FormattingEngine
    /// The checks the script runs under.
    public let checks: Set<InvariantCheck>
    /// Your invariants, checked after each step as the run did.
    public var invariants: [PropertyInvariant] = []
    /// Makes a fresh editor for each attempt.
    public let makeEditor: (FormattingEngine) -> Editor
    /// The most scripts to try before stopping with the smallest so far.
    public var maxAttempts = 3000
    /// How long to try before stopping with the smallest so far; nil: no limit but `maxAttempts`.
    public var timeLimit: Duration? = nil

    /// A shrinker.
    public init(engine: FormattingEngine, checks: Set<InvariantCheck>, invariants: [PropertyInvariant] = [],
                makeEditor: @escaping (FormattingEngine) -> Editor) {
        self.engine = engine
        self.checks = checks
        self.invariants = invariants
        self.makeEditor = makeEditor
    }

    /// What shrinking found: the smallest failing script, its failure, and how many scripts were tried.
    public struct Outcome {
        /// The smallest failing script (as applied: every offset in range).
        public var script: [ScriptStep]
        /// Its failure, at its last step.
        public var failure: InvariantFailure
        /// The failure shrinking started from.
        public var original: InvariantFailure
        /// How many candidate scripts were run.
        public var attempts: Int
        /// How many candidates were accepted (each one smaller or simpler).
        public var accepted: Int
        /// Whether shrinking stopped at `maxAttempts` or `timeLimit` rather than because nothing smaller failed.
        public var stoppedEarly: Bool
    }

    /// Shrinks `script`, which fails with `failure`.
    public func shrink(_ script: [ScriptStep], failure: InvariantFailure) -> Outcome {
        let signature = failure.signature
        let clock = ContinuousClock()
        let deadline = timeLimit.map { clock.now + $0 }
        var best = script
        var bestFailure = failure
        // What each step of `best` came to on the reference model, for cutting and joining commands.
        var lowerings: [Lowering] = []
        var attempts = 0
        var accepted = 0
        var stoppedEarly = false
        func exhausted() -> Bool {
            if attempts >= maxAttempts || deadline.map({ clock.now >= $0 }) == true { stoppedEarly = true }
            return stoppedEarly
        }
        // Runs a script; its failure, if it fails the same way, cut after the failing step.
        func run(_ candidate: [ScriptStep]) -> (script: [ScriptStep], failure: InvariantFailure, lowerings: [Lowering])? {
            attempts += 1
            var runner = ScriptRunner(engine: engine, editor: makeEditor(engine), checks: checks, invariants: invariants)
            guard let result = runner.run(candidate), signature.isKept(by: result.failure.signature) else { return nil }
            return (runner.applied, result.failure, runner.lowerings)
        }
        // Runs a candidate; keeps it when it fails the same way and is smaller.
        func attempt(_ candidate: [ScriptStep]) -> Bool {
            guard !candidate.isEmpty, candidate != best, !exhausted(), let (kept, failure, lowered) = run(candidate) else { return false }
            guard kept.count < best.count || (kept.count == best.count && Shrinker.size(kept) < Shrinker.size(best)) else { return false }
            (best, bestFailure, lowerings) = (kept, failure, lowered)
            accepted += 1
            return true
        }
        // The script as applied, cut after the failing step.
        if let first = run(script) { (best, bestFailure, lowerings) = first }
        var progress = true
        while progress && !exhausted() {
            progress = false
            // 1. Chunks, from halves down to single steps: with later steps moved, then as they are.
            var chunk = max(1, best.count / 2)
            while chunk >= 1 {
                var start = 0
                while start < best.count {
                    let range = start..<min(best.count, start + chunk)
                    var plain = best
                    plain.removeSubrange(range)
                    if attempt(Shrinker.removing(range, from: best, lowerings: lowerings)) || attempt(plain) { progress = true } else { start += chunk }
                }
                chunk /= 2
            }
            // 2. Typing runs joined, and steps moved out of their way.
            if attempt(Shrinker.joiningRuns(best)) { progress = true }
            var k = 1
            while k < best.count {
                var joins = Shrinker.commandJoins(k, in: best, lowerings: lowerings)
                if let spliced = Shrinker.splicing(best[k - 1], best[k]) {
                    var candidate = best
                    candidate.replaceSubrange((k - 1)...k, with: [spliced])
                    joins.append(candidate)
                }
                if joins.contains(where: attempt) { progress = true } else { k += 1 }
            }
            var j = 1
            while j < best.count {
                if let moved = Shrinker.movingEarlier(j, in: best), moved.count < best.count, attempt(moved) { progress = true } else { j += 1 }
            }
            // 3. Commands as the offset steps they come to.
            for c in best.indices where c < best.count {
                if let lowered = Shrinker.lowering(c, in: best, lowerings: lowerings), attempt(lowered) { progress = true }
            }
            // 4. Text cut out of each inserting step, later offsets following.
            var t = 0
            while t < best.count {
                for candidate in Shrinker.textCuts(of: best, at: t, lowerings: lowerings) where attempt(candidate) {
                    progress = true
                    break
                }
                t += 1
            }
            // 5. Each step, simplified.
            var i = 0
            while i < best.count {
                for simpler in Shrinker.simplifications(of: best[i]) {
                    var candidate = best
                    candidate[i] = simpler
                    if attempt(candidate) { progress = true; break }
                }
                i += 1
            }
        }
        return Outcome(script: best, failure: bestFailure, original: failure, attempts: attempts, accepted: accepted, stoppedEarly: stoppedEarly)
    }
}
