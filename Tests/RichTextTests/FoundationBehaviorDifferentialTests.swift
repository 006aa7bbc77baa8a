import Foundation
import FormattingTesting
@testable import RichText
import XCTest

/// Differential tests of key behaviours (DESIGN §2, "Key behaviours"): random edit scripts over keys of every
/// behaviour run both on `RichString` and, through `fmtoracle`, on Foundation's `AttributedString`; after every
/// step the text and the coalesced runs (scalar lengths, values by key name) must agree.
///
/// Keys (the same names and behaviours on both sides; `paradep`, which the oracle lacks, is never generated):
/// `p1`, `color` (plain), `tag` (not inherited, `textChanged`), `dep` (`attributeChanged(color)`), `dep2`
/// (`attributeChanged(dep)`), `para` (paragraph), `tagpara` (`textChanged` + paragraph), `bullet` (character
/// "•"), `noinherit` (not inherited).
///
/// Where Foundation contradicts DESIGN's table, the table wins: the first step of a script on which the two
/// disagree is classified into a named `BehaviorDeviation` (see `KnownDeviations.swift`) by a precise condition,
/// and the rest of that script is not compared (both states have diverged). A disagreement that fits no named
/// deviation fails the test, shrunk, with its seed and script. A Foundation trap is "peer crashed": the rest of
/// that script is skipped.
///
/// Reproduce: `FMTCHECK_SEED=<seed> swift test --filter FoundationBehaviorDifferentialTests` runs the one script
/// of that seed; `FMTCHECK_LONG=1` runs 2,000 scripts.
final class FoundationBehaviorDifferentialTests: XCTestCase {
    func testRandomBehaviourScriptsAgreeWithFoundation() throws {
        var counts = BehaviorDifferentialCounts()
        var failures = 0
        try DifferentialScriptGenerator.forEach("behaviour differential", seedBase: 0xBE4A_0715_D1FF,
                                                seedFile: "fmtcheck-behaviour-differential-seed",
                                                generate: BehaviorScriptGenerator.generate(steps:using:)) { oracle, seed, script in
            let verdict = try BehaviorDifferential.check(script, oracle: oracle)
            counts.add(verdict)
            guard case .mismatch(let step, let report) = verdict else { return true }
            failures += 1
            // Shrink the first three; later ones are only listed by seed, so the counts cover every script.
            guard failures <= 3 else {
                XCTFail("RichString disagrees with Foundation (seed \(seed), FMTCHECK_SEED=\(seed), step \(step)): \(report)")
                return true
            }
            let shrunk = try BehaviorDifferential.shrink(script, oracle: oracle)
            let shrunkReport = try BehaviorDifferential.check(shrunk, oracle: oracle).mismatchReport ?? report
            Differential.fail("RichString disagrees with Foundation on a step no known deviation explains "
                              + "(seed \(seed), FMTCHECK_SEED=\(seed), step \(step)).", report: report, shrunk: shrunk, shrunkReport: shrunkReport)
            return true
        }
        print(counts.summary)
        XCTAssertGreaterThan(counts.agreements, 0, "no step was compared: \(counts.summary)")
    }

    /// Each named deviation on its minimal example: Foundation really gives the output documented in
    /// `BehaviorDeviation`, ours gives the table's, and the classifier names it. If Foundation is fixed, this
    /// test says which exclusion to drop.
    func testKnownDeviationExamplesAreClassified() throws {
        let oracle = try OracleProcess.locate()
        for deviation in BehaviorDeviation.allCases {
            let example = deviation.example
            let outcome = try oracle.run(script: example.script.jsonLines)
            guard outcome.states.count == example.script.count else {
                XCTFail("\(deviation.rawValue): the oracle printed \(outcome.states.count) states; \(outcome.standardError)")
                continue
            }
            let theirs = BehaviorDifferential.describe(OracleProcess.coalesce(outcome.states.last!.runs))
            XCTAssertEqual(theirs, example.foundation, "\(deviation.rawValue): Foundation's output changed")
            var s = example.script.start.map(BehaviorDifferential.richString) ?? RichString()
            for op in example.script.steps { BehaviorDifferential.apply(op, to: &s) }
            let ours = BehaviorDifferential.describe(Differential.state(of: s).runs)
            XCTAssertEqual(ours, example.ours, "\(deviation.rawValue): our output changed")
            let verdict = try BehaviorDifferential.check(example.script, oracle: oracle)
            guard case .excluded(let name, _, _) = verdict else {
                XCTFail("\(deviation.rawValue): the example was not excluded: \(verdict)")
                continue
            }
            XCTAssertEqual(name, deviation, "\(deviation.rawValue): the example was classified as \(name.rawValue)")
        }
    }
}

// MARK: - Generating scripts

/// Random scripts over keys of every behaviour, weighted like `DifferentialScriptGenerator` (inserts, deletes,
/// replaces, attributed inserts, set / remove / setRanges), with separators, bullets, combining marks and emoji.
enum BehaviorScriptGenerator {
    /// The keys both `ScriptKeys.behaviors` and `fmtoracle` know with identical behaviours.
    static let keys = ["p1", "tag", "color", "dep", "dep2", "para", "tagpara", "bullet", "noinherit"]

    static let pieces: [String] = DifferentialScriptGenerator.pieces + [
        "•", "• ", "\n• ", "\u{2029}", "\r", "\n", "milk ", "x\u{301}", "\u{301}", "•\u{301}", "\r\n", "ab",
    ]

    static func text(using rng: inout SeededGenerator) -> String {
        (0..<rng.int(1...3)).map { _ in rng.pick(pieces) }.joined()
    }

    /// Few distinct values, so neighbouring stretches often share one.
    static func value(for key: String, using rng: inout SeededGenerator) -> AttributeValue {
        key == "tag" ? .string(rng.pick(["x", "y"])) : .integer(rng.int(1...2))
    }

    /// A key for set / remove: behaviour keys more often than plain ones, chains included.
    static func key(using rng: inout SeededGenerator) -> String {
        rng.pick(["p1", "tag", "tag", "color", "color", "color", "dep", "dep", "dep2", "para", "para", "tagpara",
                  "tagpara", "bullet", "bullet", "noinherit"])
    }

    static func attributes(using rng: inout SeededGenerator) -> [String: AttributeValue] {
        var attributes: [String: AttributeValue] = [:]
        for key in keys where rng.chance(key == "p1" ? 0.3 : 0.22) {
            attributes[key] = value(for: key, using: &rng)
        }
        // Chains: a dependent usually comes with what it depends on.
        if attributes["dep"] != nil, attributes["color"] == nil, rng.chance(0.7) { attributes["color"] = value(for: "color", using: &rng) }
        if attributes["dep2"] != nil, attributes["dep"] == nil, rng.chance(0.7) { attributes["dep"] = value(for: "dep", using: &rng) }
        return attributes
    }

    static func document(using rng: inout SeededGenerator) -> RichString {
        ScriptStep.document((0..<rng.int(1...4)).map { _ in (text(using: &rng), attributes(using: &rng)) })
    }

    static func generate(steps: Int, using rng: inout SeededGenerator) -> DifferentialScript {
        DifferentialScriptGenerator.generate(steps: steps, startChance: 0.85, emptyInsertChance: 0.04, using: &rng, key: key(using:),
                                             value: value(for:using:), text: text(using:), document: document(using:))
    }
}

// MARK: - Running both sides

/// What comparing one script gave.
enum BehaviorDifferentialVerdict {
    /// Every step compared agreed; `peerCrashed` when Foundation trapped part-way (the rest was skipped).
    case agreed(steps: Int, compared: Int, peerCrashed: Bool)
    /// The first disagreement is a known deviation; the rest of the script was not compared.
    case excluded(BehaviorDeviation, steps: Int, compared: Int)
    /// The first disagreement fits no known deviation.
    case mismatch(step: Int, String)

    var mismatchReport: String? {
        if case .mismatch(_, let report) = self { return report }
        return nil
    }
}

struct BehaviorDifferentialCounts {
    var counts = DifferentialCounts()
    var excluded: [BehaviorDeviation: Int] = [:]

    var agreements: Int { counts.agreements }

    mutating func add(_ verdict: BehaviorDifferentialVerdict) {
        switch verdict {
        case .agreed(let s, let compared, let crashed): counts.add(steps: s, compared: compared, peerCrashed: crashed)
        case .excluded(let deviation, let s, let compared):
            counts.add(steps: s, compared: compared, peerCrashed: false)
            excluded[deviation, default: 0] += 1
        case .mismatch: counts.add(mismatch: ())
        }
    }

    var summary: String {
        let exclusions = BehaviorDeviation.allCases.map { "\($0.rawValue)=\(excluded[$0] ?? 0)" }.joined(separator: ", ")
        return "behaviour differential: scripts=\(counts.scripts) steps=\(counts.steps) agreements=\(counts.agreements) "
            + "excluded(\(exclusions)) peerCrashed=\(counts.peerCrashed) mismatches=\(counts.mismatches)"
    }
}

enum BehaviorDifferential {
    static let descriptors = ScriptKeys.behaviors.descriptors

    static func richString(_ document: RichString) -> RichString {
        var s = Differential.richString(document, keys: descriptors)
        // A document built from pieces is made consistent with its keys, as Foundation's `append` does.
        s.enforceBehaviors()
        return s
    }

    /// Applies one step to a `RichString`, the way `fmtoracle` applies it to an `AttributedString`.
    static func apply(_ op: ScriptStep, to s: inout RichString) {
        Differential.apply(op, to: &s, keys: descriptors, document: richString)
    }

    /// Follows where every scalar came from: typed as plain text (true), or pasted / original (false).
    static func track(_ op: ScriptStep, typed: inout [Bool]) {
        switch op {
        case .insert(let at, let text): typed.insert(contentsOf: Array(repeating: true, count: text.unicodeScalars.count), at: at)
        case .delete(let from, let to): typed.removeSubrange(from..<to)
        case .replace(let from, let to, let text):
            typed.replaceSubrange(from..<to, with: Array(repeating: true, count: text.unicodeScalars.count))
        case .insertAttributed(let at, let document):
            typed.insert(contentsOf: Array(repeating: false, count: document.counts.scalars), at: at)
        case .set, .remove, .setRanges, .select, .selectRanges, .type, .deleteBackward, .paste, .undo, .redo: break
        }
    }

    static func describe(_ runs: [OracleProcess.Run]) -> String { Differential.describe(runs) }

    /// Runs the script on both sides, comparing after every step; classifies the first disagreement.
    static func check(_ script: DifferentialScript, oracle: OracleProcess) throws -> BehaviorDifferentialVerdict {
        guard let outcome = try Differential.oracleRun(script, oracle: oracle) else { return .agreed(steps: 0, compared: 0, peerCrashed: false) }
        var s = RichString()
        var previous = s
        var typed: [Bool] = []
        var typedBefore: [Bool] = []
        var steps = 0
        var compared = 0
        for step in 0...script.steps.count {
            previous = s
            typedBefore = typed
            if step > 0 {
                track(script.steps[step - 1], typed: &typed)
                apply(script.steps[step - 1], to: &s)
            } else if let start = script.start {
                typed = Array(repeating: false, count: start.counts.scalars)
                s = richString(start)
            }
            steps += 1
            s._invariantCheck()
            // Foundation trapped before printing this step: skip the rest of the script.
            guard step < outcome.states.count else { return .agreed(steps: steps, compared: compared, peerCrashed: true) }
            let ours = Differential.state(of: s)
            let theirs = OracleProcess.coalesce(outcome.states[step].runs)
            let textAgrees = ours.text.unicodeScalars.elementsEqual(outcome.states[step].text.unicodeScalars)
            if textAgrees && ours.runs == theirs {
                compared += 1
                continue
            }
            // The start state is the start document pasted into the empty one.
            let op: ScriptStep = step == 0 ? .insertAttributed(at: 0, document: script.start ?? RichString()) : script.steps[step - 1]
            let situation = DeviationSituation(
                op: op, isStart: step == 0, before: previous,
                foundationBefore: step == 0 ? [] : outcome.states[step - 1].runs,
                ours: s, foundationText: outcome.states[step].text, foundation: theirs, typedBefore: typedBefore)
            if let deviation = BehaviorDeviation.classify(situation) {
                return .excluded(deviation, steps: steps, compared: compared)
            }
            var report = "step \(step) \(step == 0 ? "(start state)" : op.jsonLine):"
            if !textAgrees {
                report += "\n  text ours:       \(Differential.json(ours.text))\n  text Foundation: \(Differential.json(outcome.states[step].text))"
            } else {
                report += "\n  text:            \(Differential.json(ours.text))"
            }
            report += "\n  runs before:     \(describe(Differential.state(of: previous).runs))"
            report += "\n  runs ours:       \(describe(ours.runs))\n  runs Foundation: \(describe(theirs))"
            return .mismatch(step: step, report)
        }
        return .agreed(steps: steps, compared: compared, peerCrashed: outcome.peerCrashed)
    }

    /// Shrinks a script whose first disagreement is unexplained (`DifferentialScript.shrunk`) while the verdict
    /// stays a mismatch.
    static func shrink(_ original: DifferentialScript, oracle: OracleProcess, budget: Int = 400) throws -> DifferentialScript {
        var best = original.normalised
        // Nothing after the failing step matters.
        if case .mismatch(let step, _) = try check(best, oracle: oracle) {
            best.steps = Array(best.steps.prefix(max(step, best.start == nil ? 1 : 0)))
        }
        return try best.shrunk(budget: budget) { try check($0, oracle: oracle).mismatchReport != nil }
    }
}
