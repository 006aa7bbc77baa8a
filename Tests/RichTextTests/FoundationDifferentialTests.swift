import Foundation
import FormattingTesting
import RichText
import TestKeys
import XCTest

/// Differential tests: random edit scripts (DESIGN §7) over the plain keys `p1` (integer) and `p2` (string)
/// run both on `RichString` and, through `fmtoracle`, on Foundation's `AttributedString`; after every step the
/// text and the coalesced runs must agree.
///
/// Only keys without behaviours are used, so none of the documented Foundation deviations of DESIGN §2 ("Known
/// cases") applies, and no script or step is excluded: typing over a selection takes the first replaced
/// character's attributes on both sides. A Foundation trap counts as "peer crashed"; the steps it printed
/// before trapping are still compared.
///
/// Reproduce: `FMTCHECK_SEED=<seed> swift test --filter FoundationDifferentialTests` runs the one script of
/// that seed; `FMTCHECK_LONG=1` runs 2,000 scripts.
final class FoundationDifferentialTests: XCTestCase {
    func testRandomScriptsAgreeWithFoundation() throws {
        var counts = DifferentialCounts()
        var failures = 0
        try DifferentialScriptGenerator.forEach("differential", seedBase: 0x00F0_4D41_7443_4845, seedFile: "fmtcheck-differential-seed",
                                                generate: DifferentialScriptGenerator.generate(steps:using:)) { oracle, seed, script in
            let verdict = try Differential.check(script, oracle: oracle)
            counts.add(verdict)
            guard case .mismatch(let report) = verdict else { return true }
            failures += 1
            let shrunk = try Differential.shrink(script, oracle: oracle)
            let shrunkReport = try Differential.check(shrunk, oracle: oracle).mismatchReport ?? report
            Differential.fail("RichString disagrees with Foundation (seed \(seed), FMTCHECK_SEED=\(seed)).", report: report,
                              shrunk: shrunk, shrunkReport: shrunkReport)
            return failures < 3
        }
        print(counts.summary)
        XCTAssertGreaterThan(counts.agreements, 0, "no step was compared: \(counts.summary)")
    }

    /// A hand-written script over every op, with emoji, combining marks, CRLF and right-to-left text.
    func testHandwrittenScriptAgreesWithFoundation() throws {
        let oracle = try OracleProcess.locate()
        let script = DifferentialScript(start: ScriptStep.document([("ab", ["p1": .integer(3)]), ("c", [:])]), steps: [
            .insert(at: 1, text: "👩🏽‍💻"),
            .insert(at: 0, text: "e\u{301}"),
            .replace(from: 2, to: 4, text: "\r\nשלום"),
            .insertAttributed(at: 3, document: ScriptStep.document([("مرحبا", ["p2": .string("x")]), ("!", ["p1": .integer(1)])])),
            .set(from: 1, to: 9, key: "p2", value: .string("y")),
            .setRanges(ranges: [0..<2, 5..<7, 6..<12], key: "p1", value: .integer(2)),
            .remove(from: 4, to: 10, key: "p1"),
            .delete(from: 2, to: 6),
            .insert(at: 15, text: "👍🏿"),
            .replace(from: 0, to: 3, text: ""),
        ])
        let verdict = try Differential.check(script, oracle: oracle)
        if case .mismatch(let report) = verdict {
            XCTFail("RichString disagrees with Foundation: \(report)\n\(script.jsonLines)")
        }
    }

    /// The shrinker keeps only what a failure needs: the start document and every other step go, and the text
    /// shortens to the one scalar that matters, with offsets clamped after each cut.
    func testShrinkingKeepsOnlyWhatTheFailureNeeds() {
        var rng = SeededGenerator(seed: 7)
        var script = DifferentialScriptGenerator.generate(steps: 30, using: &rng)
        script.start = ScriptStep.document([("ab", ["p1": .integer(1)]), ("cd", [:])])
        script.steps.insert(.insert(at: 3, text: "xZy"), at: 10)
        let shrunk = script.shrunk { candidate in
            candidate.steps.contains { if case .insert(_, let text) = $0 { return text.contains("Z") } else { return false } }
        }
        XCTAssertNil(shrunk.start)
        XCTAssertEqual(shrunk.steps, [.insert(at: 0, text: "Z")])
        XCTAssertEqual(shrunk.jsonLines, #"{"op":"insert","at":0,"text":"Z"}"# + "\n")
    }

    /// Converting from Foundation keeps runs whose boundary falls inside a grapheme cluster.
    ///
    /// Foundation lets attributes change at any Unicode scalar ("e" p1=1, then a combining acute accent
    /// p1=2); `RichString` stores runs at scalar boundaries too, so the bridge must carry them over exactly.
    func testBridgeFromFoundationKeepsRunsThatSplitAGraphemeCluster() {
        var foundation = AttributedString()
        for (text, value) in [("e", 1), ("\u{301}", 2), ("x", 3)] {
            var container = AttributeContainer()
            container[FoundationP1Key.self] = value
            foundation.append(AttributedString(text, attributes: container))
        }
        let bridge = FoundationAttributeBridge([.key(FoundationP1Key.self)])
        let rich = RichString(foundation, bridge: bridge)
        let runs = Differential.state(of: rich).runs
        XCTAssertEqual(
            Differential.describe(runs), #"[[1,{"p1":1}],[1,{"p1":2}],[1,{"p1":3}]]"#,
            "RichString(AttributedString, bridge:) moves attributes when a run boundary splits a grapheme cluster")
        XCTAssertEqual(Array(rich.string.unicodeScalars), Array("e\u{301}x".unicodeScalars))

        // The other direction keeps them.
        let back = AttributedString(Differential.richString(ScriptStep.document([("e", ["p1": .integer(1)]), ("\u{301}", ["p1": .integer(2)])])), bridge: bridge)
        XCTAssertEqual(back.runs.map { back.unicodeScalars[$0.range].count }, [1, 1])
        XCTAssertEqual(back.runs.map { $0[FoundationP1Key.self] }, [1, 2])
    }
}

// MARK: - Edit scripts

/// A differential script: the start document (`fmtoracle`'s `"start"` line, which no edit of DESIGN §7 makes)
/// and edit-script steps (FormattingTesting's `ScriptStep`, which writes them), offsets in Unicode scalars.
struct DifferentialScript {
    var start: RichString?
    var steps: [ScriptStep]

    /// How many ops the oracle reads (the start counts as one), and so how many states it prints but one.
    var count: Int { steps.count + (start == nil ? 0 : 1) }

    /// The script as `fmtoracle` reads it: the start line (its document as scripts write one), then a line a step.
    var jsonLines: String {
        var text = start.map { #"{"op":"start","document":\#(ScriptValueJSON.documentText(for: $0))}"# + "\n" } ?? ""
        for step in steps { text += step.jsonLine + "\n" }
        return text
    }

    /// Every step clamped to the length the ones before it leave, so that any cut of a script stays valid.
    var normalised: DifferentialScript {
        var length = start?.counts.scalars ?? 0
        var result = DifferentialScript(start: start, steps: [])
        for step in steps {
            let fixed = step.clamped(toScalarCount: length)
            result.steps.append(fixed)
            if let (range, inserted) = fixed.textMutation { length += inserted - range.count }
        }
        return result
    }

    /// The script without op `index` (0 is the start, when there is one).
    func removing(_ index: Int) -> DifferentialScript {
        var copy = self
        if start != nil, index == 0 { copy.start = nil } else { copy.steps.remove(at: index - (start == nil ? 0 : 1)) }
        return copy.normalised
    }

    /// Simpler versions of op `index`: shorter texts, fewer pieces, fewer attributes, fewer ranges.
    func simplerOps(_ index: Int) -> [DifferentialScript] {
        if let start, index == 0 {
            return Self.simpler(start).map { DifferentialScript(start: $0, steps: steps).normalised }
        }
        let at = index - (start == nil ? 0 : 1)
        return Self.simpler(steps[at]).map { smaller in
            var copy = self
            copy.steps[at] = smaller
            return copy.normalised
        }
    }

    /// Shrinks while `fails` holds: drops ops, last first (later ops depend on earlier ones less often than the
    /// reverse), then simplifies them, within `budget` checks. Offsets are clamped after every cut.
    func shrunk(budget: Int = 400, fails: (DifferentialScript) throws -> Bool) rethrows -> DifferentialScript {
        var best = normalised
        var attempts = 0
        func stillFails(_ candidate: DifferentialScript) throws -> Bool {
            attempts += 1
            return try fails(candidate)
        }
        var progress = true
        while progress && attempts < budget {
            progress = false
            var i = best.count - 1
            while i >= 0 && attempts < budget {
                let candidate = best.removing(i)
                if try stillFails(candidate) {
                    best = candidate
                    progress = true
                }
                i = min(i - 1, best.count - 1)
            }
            for index in 0..<best.count where attempts < budget {
                for candidate in best.simplerOps(index) where attempts < budget {
                    if try stillFails(candidate) {
                        best = candidate
                        progress = true
                        break
                    }
                }
            }
        }
        return best
    }

    static func shorter(_ text: String) -> [String] {
        let scalars = Array(text.unicodeScalars)
        guard !scalars.isEmpty else { return [] }
        var result: [String] = []
        if scalars.count > 2 {
            result.append(String(String.UnicodeScalarView(scalars[..<(scalars.count / 2)])))
            result.append(String(String.UnicodeScalarView(scalars[(scalars.count / 2)...])))
        }
        for i in scalars.indices {
            var copy = scalars
            copy.remove(at: i)
            result.append(String(String.UnicodeScalarView(copy)))
        }
        return result
    }

    /// Simpler documents: a piece (run) fewer, an attribute fewer, a shorter text.
    static func simpler(_ document: RichString) -> [RichString] {
        let pieces = ScriptStep.pieces(of: document)
        var result: [[(String, [String: AttributeValue])]] = []
        if pieces.count > 1 {
            for i in pieces.indices {
                var copy = pieces
                copy.remove(at: i)
                result.append(copy)
            }
        }
        for i in pieces.indices {
            for name in pieces[i].1.keys.sorted() {
                var copy = pieces
                copy[i].1[name] = nil
                result.append(copy)
            }
            for text in shorter(pieces[i].0) {
                var copy = pieces
                copy[i].0 = text
                result.append(copy)
            }
        }
        return result.map(ScriptStep.document)
    }

    /// Simpler versions of one step.
    static func simpler(_ step: ScriptStep) -> [ScriptStep] {
        switch step {
        case .insert(let at, let text): return shorter(text).map { .insert(at: at, text: $0) }
        case .replace(let from, let to, let text):
            var result: [ScriptStep] = shorter(text).map { .replace(from: from, to: to, text: $0) }
            if to > from { result.append(.replace(from: from, to: to - 1, text: text)) }
            return result
        case .delete(let from, let to):
            return to - from > 1 ? [.delete(from: from, to: to - 1), .delete(from: from + 1, to: to)] : []
        case .insertAttributed(let at, let document):
            return simpler(document).map { .insertAttributed(at: at, document: $0) }
        case .set(let from, let to, let key, let value):
            return to - from > 1 ? [.set(from: from, to: to - 1, key: key, value: value), .set(from: from + 1, to: to, key: key, value: value)] : []
        case .remove(let from, let to, let key):
            return to - from > 1 ? [.remove(from: from, to: to - 1, key: key), .remove(from: from + 1, to: to, key: key)] : []
        case .setRanges(let ranges, let key, let value):
            guard ranges.count > 1 else {
                guard let only = ranges.first, let value else { return [] }
                return [.set(from: only.lowerBound, to: only.upperBound, key: key, value: value)]
            }
            return ranges.indices.map { i in
                var copy = ranges
                copy.remove(at: i)
                return .setRanges(ranges: copy, key: key, value: value)
            }
        case .select, .selectRanges, .type, .deleteBackward, .paste, .undo, .redo:
            return []
        }
    }
}

/// Random scripts over p1/p2 whose offsets are always valid scalar offsets.
enum DifferentialScriptGenerator {
    /// How many steps each random script has.
    static let stepsPerScript = 30

    /// Runs `body` with the oracle on the script each of `seeds(base:)` generates, in order, until it returns
    /// false. First it says which seeds run and where the seed being run is written (`seedFile`, in the temporary
    /// folder): a trap in RichString ends the test process before any message, and the file then names the seed.
    static func forEach(_ label: String, seedBase: UInt64, seedFile: String, generate: (Int, inout SeededGenerator) -> DifferentialScript,
                        _ body: (OracleProcess, UInt64, DifferentialScript) throws -> Bool) throws {
        let oracle = try OracleProcess.locate()
        let seeds = seeds(base: seedBase)
        let seedFile = FileManager.default.temporaryDirectory.appendingPathComponent(seedFile)
        print("\(label): oracle=\(oracle.executable.path) seeds=\(seeds.first!)…(\(seeds.count)); "
            + "if RichString traps, the seed being run is in \(seedFile.path)")
        for seed in seeds {
            try? "\(seed)\n".write(to: seedFile, atomically: false, encoding: .utf8)
            var rng = SeededGenerator(seed: seed)
            guard try body(oracle, seed, generate(stepsPerScript, &rng)) else { return }
        }
    }

    /// The seeds a differential test runs: `FMTCHECK_SEED`'s alone; with `FMTCHECK_LONG`, 2,000 from the clock;
    /// else 40 from `base`.
    static func seeds(base: UInt64) -> [UInt64] {
        if let seed = SharedData.seedOverride { return [seed] }
        let long = SharedData.isLongRun
        let start: UInt64 = long ? UInt64(Date().timeIntervalSince1970 * 1000) : base
        return (0..<UInt64(long ? 2_000 : 40)).map { start &+ $0 }
    }

    /// Pieces of text: ASCII, emoji with skin tones and ZWJ sequences, flags, combining marks (also a lone one
    /// that attaches to whatever precedes it), CR, LF, CRLF, U+2029, Hebrew and Arabic.
    static let pieces: [String] = [
        "a", "xyz", "Hello ", " ", "milk", "👩🏽‍💻", "👍🏿", "🇫🇷", "👨‍👩‍👧", "e\u{301}", "\u{301}", "\u{308}",
        "\r\n", "\r", "\n", "\u{2029}", "שלום", "مرحبا", "ab\r\ncd", "😀", "Z",
    ]

    static func text(using rng: inout SeededGenerator) -> String {
        (0..<rng.int(1...3)).map { _ in rng.pick(pieces) }.joined()
    }

    static func value(for key: String, using rng: inout SeededGenerator) -> AttributeValue {
        key == "p1" ? .integer(rng.int(0...2)) : .string(rng.pick(["x", "y", "z"]))
    }

    static func attributes(using rng: inout SeededGenerator) -> [String: AttributeValue] {
        var attributes: [String: AttributeValue] = [:]
        if rng.chance(0.5) { attributes["p1"] = value(for: "p1", using: &rng) }
        if rng.chance(0.4) { attributes["p2"] = value(for: "p2", using: &rng) }
        return attributes
    }

    static func document(using rng: inout SeededGenerator) -> RichString {
        ScriptStep.document((0..<rng.int(1...3)).map { _ in (text(using: &rng), attributes(using: &rng)) })
    }

    /// An offset in 0...length, biased towards the ends.
    static func offset(_ length: Int, using rng: inout SeededGenerator) -> Int {
        let roll = rng.int(0...9)
        if roll == 0 { return 0 }
        if roll == 1 { return length }
        return rng.int(0...length)
    }

    /// A range in 0...length: often short, sometimes anywhere, sometimes empty or the whole text.
    static func range(_ length: Int, using rng: inout SeededGenerator) -> (Int, Int) {
        switch rng.int(0...9) {
        case 0: return (0, length)
        case 1:
            let a = offset(length, using: &rng)
            return (a, a)
        case 2...5:
            let a = offset(length, using: &rng)
            return (a, min(length, a + rng.int(1...3)))
        default:
            let a = rng.int(0...length)
            let b = rng.int(0...length)
            return (min(a, b), max(a, b))
        }
    }

    static func generate(steps: Int, using rng: inout SeededGenerator) -> DifferentialScript {
        generate(steps: steps, startChance: 0.8, emptyInsertChance: 0.03, using: &rng, key: { $0.chance(0.5) ? "p1" : "p2" },
                 value: value(for:using:), text: text(using:), document: document(using:))
    }

    /// A script weighted like editing (inserts, deletes, replaces, attributed inserts, set / remove / setRanges)
    /// from the given parts: how often there is a start document and an insert is empty, and how keys, values,
    /// texts and documents are drawn. Each step's offsets are valid for the document the steps before it leave.
    static func generate(
        steps: Int, startChance: Double, emptyInsertChance: Double, using rng: inout SeededGenerator,
        key: (inout SeededGenerator) -> String, value: (String, inout SeededGenerator) -> AttributeValue,
        text: (inout SeededGenerator) -> String, document: (inout SeededGenerator) -> RichString
    ) -> DifferentialScript {
        var script = DifferentialScript(start: nil, steps: [])
        var length = 0
        if rng.chance(startChance) {
            let start = document(&rng)
            script.start = start
            length = start.counts.scalars
        }
        for _ in 0..<steps {
            let op: ScriptStep
            let key = key(&rng)
            switch rng.int(0...99) {
            case 0..<24: op = .insert(at: offset(length, using: &rng), text: rng.chance(emptyInsertChance) ? "" : text(&rng))
            case 24..<38:
                let (a, b) = range(length, using: &rng)
                op = .delete(from: a, to: b)
            case 38..<50:
                let (a, b) = range(length, using: &rng)
                op = .replace(from: a, to: b, text: rng.chance(0.1) ? "" : text(&rng))
            case 50..<60: op = .insertAttributed(at: offset(length, using: &rng), document: document(&rng))
            case 60..<78:
                let (a, b) = range(length, using: &rng)
                op = .set(from: a, to: b, key: key, value: value(key, &rng))
            case 78..<87:
                let (a, b) = range(length, using: &rng)
                op = .remove(from: a, to: b, key: key)
            default:
                let ranges = (0..<rng.int(1...3)).map { _ -> Range<Int> in
                    let (a, b) = range(length, using: &rng)
                    return a..<b
                }
                op = .setRanges(ranges: ranges, key: key, value: value(key, &rng))
            }
            script.steps.append(op)
            if let (range, inserted) = op.textMutation { length += inserted - range.count }
        }
        return script
    }
}

// MARK: - Running both sides

/// What comparing one script gave.
enum DifferentialVerdict {
    /// Every step the peer printed agreed; `peerCrashed` when Foundation trapped part-way. `steps` counts the
    /// states ours went through (start state included), `compared` those the peer printed too.
    case agreed(steps: Int, compared: Int, peerCrashed: Bool)
    /// The first step that differs, described.
    case mismatch(String)

    var mismatchReport: String? {
        if case .mismatch(let report) = self { return report }
        return nil
    }
}

/// The counts printed at the end of the differential run.
struct DifferentialCounts {
    var scripts = 0
    var steps = 0
    var agreements = 0
    var peerCrashed = 0
    var mismatches = 0

    mutating func add(_ verdict: DifferentialVerdict) {
        switch verdict {
        case .agreed(let s, let compared, let crashed): add(steps: s, compared: compared, peerCrashed: crashed)
        case .mismatch: add(mismatch: ())
        }
    }

    /// A script whose compared steps agreed (`peerCrashed` when Foundation trapped part-way).
    mutating func add(steps s: Int, compared: Int, peerCrashed crashed: Bool) {
        scripts += 1
        steps += s
        agreements += compared
        if crashed { peerCrashed += 1 }
    }

    /// A script with an unexplained disagreement.
    mutating func add(mismatch: Void) {
        scripts += 1
        mismatches += 1
    }

    var summary: String {
        "differential: scripts=\(scripts) steps=\(steps) agreements=\(agreements) peerCrashed=\(peerCrashed) "
            + "mismatches=\(mismatches)"
    }
}

enum Differential {
    static let keys: [String: AttributeKeyDescriptor] = [
        "p1": AttributeKeyDescriptor(name: "p1"),
        "p2": AttributeKeyDescriptor(name: "p2"),
    ]

    /// A document as `fmtoracle` builds it, run by run, its keys given their behaviours in `keys`.
    static func richString(_ document: RichString, keys: [String: AttributeKeyDescriptor] = keys) -> RichString {
        RichString(concatenating: ScriptStep.pieces(of: document).map { piece in
            RichString(piece.0, attributes: AttributeSet(piece.1.map { name, value in
                AttributeEntry(name: name, value: value, behavior: keys[name]?.behavior ?? .plain)
            }))
        })
    }

    static func range(_ s: RichString, _ from: Int, _ to: Int) -> Range<RichString.Index> {
        s.index(atOffset: from, in: .scalars)..<s.index(atOffset: to, in: .scalars)
    }

    /// Applies one step to a `RichString`, the way `fmtoracle` applies it to an `AttributedString`: keys take
    /// their behaviours from `keys`, and a pasted document is built by `document`.
    static func apply(_ op: ScriptStep, to s: inout RichString, keys: [String: AttributeKeyDescriptor] = keys,
                      document: (RichString) -> RichString = { richString($0) }) {
        switch op {
        case .insert(let at, let text):
            s.insert(text, at: s.index(atOffset: at, in: .scalars))
        case .delete(let from, let to):
            s.removeSubrange(range(s, from, to))
        case .replace(let from, let to, let text):
            s.replaceSubrange(range(s, from, to), with: text)
        case .insertAttributed(let at, let piece):
            s.insert(document(piece), at: s.index(atOffset: at, in: .scalars))
        case .set(let from, let to, let key, let value):
            s.setAttribute(keys[key]!, to: value, in: range(s, from, to))
        case .remove(let from, let to, let key):
            s.removeAttribute(named: key, in: range(s, from, to))
        case .setRanges(let ranges, let key, let value):
            let set = RangeSet(ranges.map { range(s, $0.lowerBound, $0.upperBound) })
            s.setAttribute(keys[key]!, to: value, in: set)
        case .select, .selectRanges, .type, .deleteBackward, .paste, .undo, .redo:
            break  // not generated: the oracle has no selection
        }
    }

    /// Our state in the oracle's shape: runs with scalar lengths and values by key name.
    static func state(of s: RichString) -> (text: String, runs: [OracleProcess.Run]) {
        var runs: [OracleProcess.Run] = []
        for run in s.runs {
            var attributes: [String: OracleProcess.Value] = [:]
            for entry in run.attributes.entries {
                switch entry.value {
                case .integer(let i): attributes[entry.name] = .integer(i)
                case .string(let v): attributes[entry.name] = .string(v)
                default: attributes[entry.name] = .string("\(entry.value)")
                }
            }
            let length = s.distance(from: run.range.lowerBound, to: run.range.upperBound, in: .scalars)
            runs.append(OracleProcess.Run(scalars: length, attributes: attributes))
        }
        return (s.string, runs)
    }

    static func describe(_ runs: [OracleProcess.Run]) -> String {
        "[" + runs.map { "[\($0.scalars),\(json($0.attributes))]" }.joined(separator: ",") + "]"
    }

    /// Attributes as reports print them, written as scripts write values.
    static func json(_ attributes: [String: OracleProcess.Value]) -> String {
        "{" + attributes.sorted { $0.key < $1.key }.map { json($0.key) + ":" + json($0.value) }.joined(separator: ",") + "}"
    }

    static func json(_ value: OracleProcess.Value) -> String {
        switch value {
        case .integer(let i): return ScriptValueJSON.text(for: .integer(i))
        case .string(let v): return ScriptValueJSON.text(for: .string(v))
        }
    }

    /// A JSON string literal, as scripts write one.
    static func json(_ text: String) -> String { ScriptValueJSON.text(for: .string(text)) }

    /// What the oracle printed for `script`; nil (a test failure) when it refused the script. A status other than
    /// 0 without a trap fails the test too.
    static func oracleRun(_ script: DifferentialScript, oracle: OracleProcess) throws -> OracleProcess.Outcome? {
        let outcome = try oracle.run(script: script.jsonLines)
        if let error = outcome.scriptError {
            XCTFail("fmtoracle rejected a generated script: \(error)\n\(script.jsonLines)")
            return nil
        }
        if !outcome.peerCrashed, outcome.exitStatus != 0 {
            XCTFail("fmtoracle exited with status \(outcome.exitStatus ?? -1): \(outcome.standardError)")
        }
        return outcome
    }

    /// Compares ours with the oracle after every step.
    static func check(_ script: DifferentialScript, oracle: OracleProcess) throws -> DifferentialVerdict {
        guard let outcome = try Differential.oracleRun(script, oracle: oracle) else { return .agreed(steps: 0, compared: 0, peerCrashed: false) }
        // Step 0 is the start state: the start document, or the empty document.
        var s = script.start.map { richString($0) } ?? RichString()
        var steps = 0
        var compared = 0
        for step in 0...script.steps.count {
            if step > 0 { apply(script.steps[step - 1], to: &s) }
            steps += 1
            s._invariantCheck()
            guard step < outcome.states.count else { continue }  // the peer trapped before this step
            let expected = outcome.states[step]
            let ours = state(of: s)
            let theirs = OracleProcess.coalesce(expected.runs)
            let oursCoalesced = OracleProcess.coalesce(ours.runs)
            let textAgrees = ours.text.unicodeScalars.elementsEqual(expected.text.unicodeScalars)
            if !textAgrees || oursCoalesced != theirs || ours.runs != oursCoalesced {
                let op = step == 0 ? "(start state)" : script.steps[step - 1].jsonLine
                var report = "step \(step) \(op):"
                if !textAgrees {
                    report += "\n  text ours:       \(json(ours.text))\n  text Foundation: \(json(expected.text))"
                }
                report += "\n  runs ours:       \(describe(ours.runs))\n  runs Foundation: \(describe(theirs))"
                if ours.runs != oursCoalesced { report += "\n  (ours holds adjacent runs with equal attributes)" }
                return .mismatch(report)
            }
            compared += 1
        }
        return .agreed(steps: steps, compared: compared, peerCrashed: outcome.peerCrashed)
    }

    /// Prints and records a disagreement: `headline`, the first difference, and the shrunk script with its own.
    static func fail(_ headline: String, report: String, shrunk: DifferentialScript, shrunkReport: String) {
        let message = """
            \(headline)
            First difference in the original script: \(report)
            Shrunk script (\(shrunk.count) ops): \(shrunkReport)
            \(shrunk.jsonLines)
            """
        print(message)
        XCTFail(message)
    }

    /// Shrinks a mismatching script (`DifferentialScript.shrunk`) while it still mismatches.
    static func shrink(_ original: DifferentialScript, oracle: OracleProcess, budget: Int = 400) throws -> DifferentialScript {
        try original.shrunk(budget: budget) { try check($0, oracle: oracle).mismatchReport != nil }
    }
}
