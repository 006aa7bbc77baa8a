import Formatting
import RichText

/// Cuts a failing script down to a small one that still fails the same check, by delta debugging: drop chunks
/// of steps (halves, quarters, … single steps), then simplify each step (shorter texts and pasted documents,
/// narrower ranges, fewer range-set ranges, replaces turned into inserts or deletes, pastes into plain text),
/// repeating until nothing more can be cut.
public struct Shrinker<Editor: ScriptEditor> {
    /// The engine.
    public let engine: FormattingEngine
    /// The checks the script runs under.
    public let checks: Set<InvariantCheck>
    /// Makes a fresh editor for each attempt.
    public let makeEditor: (FormattingEngine) -> Editor
    /// The most scripts to try before stopping with the smallest so far.
    public var maxAttempts = 3000

    /// A shrinker.
    public init(engine: FormattingEngine, checks: Set<InvariantCheck>, makeEditor: @escaping (FormattingEngine) -> Editor) {
        self.engine = engine
        self.checks = checks
        self.makeEditor = makeEditor
    }

    /// What shrinking found: the smallest failing script, its failure, and how many scripts were tried.
    public struct Outcome {
        /// The smallest failing script (as applied: every offset in range).
        public var script: [ScriptStep]
        /// Its failure, at its last step.
        public var failure: InvariantFailure
        /// How many candidate scripts were run.
        public var attempts: Int
        /// How many candidates were accepted (each one smaller or simpler).
        public var accepted: Int
    }

    /// Shrinks `script`, which fails with `failure`.
    public func shrink(_ script: [ScriptStep], failure: InvariantFailure) -> Outcome {
        var best = script
        var bestFailure = failure
        var attempts = 0
        var accepted = 0
        // Runs a candidate; keeps it when it fails the same check.
        func attempt(_ candidate: [ScriptStep]) -> Bool {
            guard attempts < maxAttempts else { return false }
            attempts += 1
            let (result, applied) = ScriptRunner.run(candidate, engine: engine, checks: checks, makeEditor: makeEditor)
            guard let result, result.failure.check == failure.check else { return false }
            let kept = Array(applied.prefix(result.step + 1))
            guard kept.count < best.count || (kept.count == best.count && Shrinker.size(kept) < Shrinker.size(best)) else { return false }
            best = kept
            bestFailure = result.failure
            accepted += 1
            return true
        }
        // The script as applied, cut after the failing step.
        _ = attempt(script)
        var progress = true
        while progress && attempts < maxAttempts {
            progress = false
            // Chunks, from halves down to single steps.
            var chunk = max(1, best.count / 2)
            while chunk >= 1 {
                var start = 0
                while start < best.count {
                    var candidate = best
                    candidate.removeSubrange(start..<min(best.count, start + chunk))
                    if !candidate.isEmpty && attempt(candidate) { progress = true } else { start += chunk }
                }
                chunk /= 2
            }
            // Text cut out of each inserting step, later offsets following.
            var t = 0
            while t < best.count {
                for candidate in Shrinker.textCuts(of: best, at: t) where attempt(candidate) {
                    progress = true
                    break
                }
                t += 1
            }
            // Each step, simplified.
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
        return Outcome(script: best, failure: bestFailure, attempts: attempts, accepted: accepted)
    }

    /// A rough size, so simpler scripts of equal length are preferred.
    static func size(_ script: [ScriptStep]) -> Int {
        script.reduce(0) { total, step in
            switch step {
            case let .insert(_, text): return total + 1 + text.unicodeScalars.count
            case let .replace(f, t, text): return total + 2 + (t - f) + text.unicodeScalars.count
            case let .delete(f, t), let .select(f, t): return total + 1 + (t - f)
            case let .set(f, t, _, _), let .remove(f, t, _): return total + 1 + (t - f)
            case let .setRanges(ranges, _, _): return total + 2 + ranges.reduce(0) { $0 + $1.count + 1 }
            case let .insertAttributed(_, document): return total + 3 + document.counts.scalars * 2 + document.runs.count
            }
        }
    }

    /// Simpler versions of one step, most aggressive first.
    static func simplifications(of step: ScriptStep) -> [ScriptStep] {
        func texts(_ text: String) -> [String] {
            let scalars = Array(text.unicodeScalars)
            guard scalars.count > 1 else { return [] }
            var result = [String(String.UnicodeScalarView(scalars.prefix(scalars.count / 2))),
                          String(String.UnicodeScalarView(scalars.suffix(scalars.count - scalars.count / 2)))]
            if scalars.count <= 8 {
                for i in scalars.indices {
                    var fewer = scalars
                    fewer.remove(at: i)
                    result.append(String(String.UnicodeScalarView(fewer)))
                }
            }
            return result
        }
        func ranges(_ f: Int, _ t: Int) -> [(Int, Int)] {
            guard t - f > 1 else { return t > f ? [(f, f)] : [] }
            let mid = (f + t) / 2
            return [(f, f + 1), (t - 1, t), (f, mid), (mid, t), (f + 1, t), (f, t - 1)]
        }
        switch step {
        case let .insert(at, text):
            return texts(text).map { .insert(at: at, text: $0) } + (at > 0 ? [.insert(at: 0, text: text), .insert(at: at - 1, text: text)] : [])
        case let .replace(f, t, text):
            return [.insert(at: f, text: text), .delete(from: f, to: t)]
                + texts(text).map { .replace(from: f, to: t, text: $0) }
                + ranges(f, t).map { .replace(from: $0.0, to: $0.1, text: text) }
        case let .delete(f, t):
            return ranges(f, t).filter { $0.0 < $0.1 }.map { .delete(from: $0.0, to: $0.1) }
        case let .select(f, t):
            return ranges(f, t).map { .select(from: $0.0, to: $0.1) } + (f > 0 ? [.select(from: 0, to: t - f)] : [])
        case let .set(f, t, key, value):
            return ranges(f, t).map { .set(from: $0.0, to: $0.1, key: key, value: value) }
        case let .remove(f, t, key):
            return ranges(f, t).map { .remove(from: $0.0, to: $0.1, key: key) }
        case let .setRanges(list, key, value):
            var result: [ScriptStep] = []
            if list.count == 1, let only = list.first {
                result.append(value.map { .set(from: only.lowerBound, to: only.upperBound, key: key, value: $0) }
                              ?? .remove(from: only.lowerBound, to: only.upperBound, key: key))
            }
            for i in list.indices where list.count > 1 {
                var fewer = list
                fewer.remove(at: i)
                result.append(.setRanges(ranges: fewer, key: key, value: value))
            }
            return result
        case let .insertAttributed(at, document):
            var result: [ScriptStep] = []
            let scalars = document.counts.scalars
            if scalars > 1 {
                for cut in [scalars / 2, scalars - 1, 1] { result.append(.insertAttributed(at: at, document: prefix(document, scalars: cut))) }
                result.append(.insertAttributed(at: at, document: suffix(document, from: scalars / 2)))
            }
            // One key fewer.
            for name in Set(document.runs.flatMap { $0.attributes.entries.map(\.name) }).sorted() {
                var table = RunTable(document)
                table.modify(0..<document.counts.utf8) { $0.removing(name) }
                result.append(.insertAttributed(at: at, document: table.document))
            }
            result.append(.insert(at: at, text: document.string))
            return result
        }
    }

    /// The first `scalars` scalars of `document`, with their attributes.
    static func prefix(_ document: RichString, scalars: Int) -> RichString {
        slice(document, document.index(atOffset: 0, in: .scalars).utf8Offset..<document.index(atOffset: scalars, in: .scalars).utf8Offset)
    }

    /// `document` from scalar `from` on, with its attributes.
    static func suffix(_ document: RichString, from: Int) -> RichString {
        slice(document, document.index(atOffset: from, in: .scalars).utf8Offset..<document.counts.utf8)
    }

    static func slice(_ document: RichString, _ range: Range<Int>) -> RichString {
        let bytes = Array(document.string.utf8)[range]
        var runs: [AttributeRun] = []
        for run in document.runs {
            let lower = max(run.range.lowerBound.utf8Offset, range.lowerBound), upper = min(run.range.upperBound.utf8Offset, range.upperBound)
            if lower < upper { runs.append(AttributeRun(utf8Count: upper - lower, attributes: run.attributes)) }
        }
        return RichString(unenforcedText: String(decoding: bytes, as: UTF8.self), runs: runs) ?? RichString(String(decoding: bytes, as: UTF8.self))
    }
}
