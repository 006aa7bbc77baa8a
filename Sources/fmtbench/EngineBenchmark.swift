import Foundation
import Formatting
import FormattingTesting
import RichText

// `fmtbench engine`: the cost of running every mutation through the FormattingEngine (DESIGN §3), against the
// same mutations made directly on RichString ("bare") and against Foundation's bare AttributedString, under two
// definitions: the recipe definition of the WWDC25 story and a synthetic one with 20 constraints over 20 keys.
// Also the cost of a probe (`engine.probe(edit, on:)`) against the cost of applying the same edit.

/// One definition to benchmark: the engine, how to attribute the edits document and the traces, and the key the
/// attribute phase sets.
struct EngineScenario: Sendable {
    var name: String
    var engine: FormattingEngine
    /// The key the attribute phase sets, and the value for the generator's draw 0..<16.
    var setKey: AttributeKeyDescriptor
    var setValue: @Sendable (Int) -> AttributeValue
    /// The attributes of one document segment (text, tag value or nil, paragraph), before normalising.
    var segment: @Sendable (Int?, Int) -> AttributeSet
    /// Attributes over the start content of a trace (set before timing), and over its first inserted text.
    var traceStart: (AttributeKeyDescriptor, AttributeValue)?
    var traceFirstInsert: (AttributeKeyDescriptor, AttributeValue)

    /// The edits document, built from the same generator as `fmtbench edits`, normalised once.
    func buildDocument() -> (RichString, normalizeSeconds: Double, adjustments: Int) {
        var s = RichString()
        _ = DocumentGenerator.generate(characters: EditsBenchmark.documentCharacters, seed: EditsBenchmark.documentSeed) { text, tag, para in
            s.append(RichString(text, attributes: segment(tag, para)))
        }
        var count = 0
        let seconds = measure { count = engine.normalize(&s).count }
        return (s, seconds, count)
    }
}

enum EngineDefinitions {
    // The recipe keys (Examples/recipe-editor), as run-time descriptors.
    static let foregroundColor = AttributeKeyDescriptor(name: "foregroundColor")
    static let adaptiveImageGlyph = AttributeKeyDescriptor(
        name: "adaptiveImageGlyph", behavior: AttributeBehavior(inheritedByAddedText: false, runBoundaries: .character("\u{FFFC}")))
    static let ingredient = AttributeKeyDescriptor(
        name: "ingredient", behavior: AttributeBehavior(inheritedByAddedText: false, invalidationConditions: [.textChanged]))
    static let green = AttributeValue.color(RichColor(hex: "#34c759")!)
    static let ingredientNames = ["butter", "milk", "sugar", "flour", "egg", "salt", "yeast", "water",
                                  "oil", "honey", "lemon", "garlic", "onion", "pepper", "basil", "thyme"]

    static func recipe() throws -> FormattingDefinition {
        try FormattingDefinition(
            name: "RecipeFormattingDefinition", scope: [foregroundColor, adaptiveImageGlyph, ingredient],
            constraintList: [
                Rules("IngredientsAreGreen", for: foregroundColor, [Rule(when: .present(ingredient.name), .set(green))], otherwise: .remove),
            ])
    }

    static let recipeScenario: EngineScenario = {
        let engine = FormattingEngine(try! recipe())
        let para = ParaKey.descriptor
        return EngineScenario(
            name: "recipe", engine: engine, setKey: ingredient, setValue: { .string(ingredientNames[$0]) },
            segment: { tag, p in
                // "para" is outside the recipe scope: normalising removes it, as loading a document would.
                var entries = [AttributeEntry(name: para.name, value: .integer(p), behavior: para.behavior)]
                if let tag {
                    entries.append(AttributeEntry(name: ingredient.name, value: .string(ingredientNames[tag]), behavior: ingredient.behavior))
                    entries.append(AttributeEntry(name: foregroundColor.name, value: green, behavior: foregroundColor.behavior))
                }
                return AttributeSet(entries)
            },
            traceStart: nil, traceFirstInsert: (ingredient, .string("butter")))
    }()

    /// k00 … k19, plain keys.
    static let keys: [AttributeKeyDescriptor] = (0..<20).map { AttributeKeyDescriptor(name: String(format: "k%02d", $0)) }

    /// 20 constraints over 20 keys: 11 rule chains, each reading only earlier keys, 5 allowed-value lists and 4
    /// clamps. The document carries k00 (the generator's tag, 0-15) and k01 (the paragraph number); the rules
    /// derive most of the rest, so a tagged run carries about ten keys and an untagged one about four.
    static func synthetic() throws -> FormattingDefinition {
        let k = keys.map(\.name)
        func ints(_ r: ClosedRange<Int>) -> [AttributeValue] { r.map { .integer($0) } }
        let constraints: [any ValueConstraint] = [
            AllowedValues("c00-tag-allowed", for: keys[0], values: ints(0...11), default: nil),
            Clamp("c01-para-clamp", for: keys[1], lower: 0, upper: 1_000_000),
            Rules("c02-tagged", for: keys[2], [Rule(when: .present(k[0]), .set(.bool(true)))], otherwise: .remove),
            Rules("c03-band", for: keys[3], [
                Rule(when: .oneOf(k[0], ints(0...3)), .set(.string("low"))),
                Rule(when: .oneOf(k[0], ints(4...7)), .set(.string("mid"))),
                Rule(when: .present(k[0]), .set(.string("high"))),
            ], otherwise: .remove),
            Rules("c04-low-tagged", for: keys[4], [Rule(when: .all([.present(k[2]), .equals(k[3], .string("low"))]), .set(.integer(1)))], otherwise: .remove),
            AllowedValues("c05-allowed", for: keys[5], values: [.string("a"), .string("b"), .string("c")], default: nil),
            Clamp("c06-clamp", for: keys[6], lower: 0, upper: 10),
            Rules("c07-accent", for: keys[7], [Rule(when: .any([.equals(k[3], .string("mid")), .present(k[4])]), .set(.string("accent")))], otherwise: .remove),
            Rules("c08-untagged", for: keys[8], [Rule(when: .not(.present(k[2])), .set(.bool(false)))], otherwise: .remove),
            AllowedValues("c09-allowed", for: keys[9], values: ints(1...3), default: .integer(1)),
            Rules("c10-weight", for: keys[10], [
                Rule(when: .present(k[7]), .set(.integer(2))),
                Rule(when: .present(k[8]), .set(.integer(0))),
            ], otherwise: .remove),
            Clamp("c11-clamp", for: keys[11], lower: 0, upper: 5),
            Rules("c12-not-high", for: keys[12], [Rule(when: .all([.present(k[2]), .not(.equals(k[3], .string("high")))]), .set(.string("x")))], otherwise: .remove),
            AllowedValues("c13-allowed", for: keys[13], values: [.bool(true)], default: nil),
            Rules("c14-heavy", for: keys[14], [Rule(when: .oneOf(k[10], [.integer(2)]), .set(.bool(true)))], otherwise: .remove),
            Clamp("c15-clamp", for: keys[15], lower: -1, upper: 1),
            Rules("c16-either", for: keys[16], [Rule(when: .any([.present(k[12]), .present(k[14])]), .set(.integer(16)))], otherwise: .remove),
            AllowedValues("c17-allowed", for: keys[17], values: ints(0...4), default: .integer(0)),
            Rules("c18-first-paragraph", for: keys[18], [Rule(when: .equals(k[1], .integer(0)), .set(.string("first")))], otherwise: .remove),
            Rules("c19-summary", for: keys[19], [Rule(when: .all([.present(k[16]), .present(k[2]), .absent(k[5])]), .set(.number(1.5)))], otherwise: .remove),
        ]
        return try FormattingDefinition(name: "Synthetic20", scope: keys, constraintList: constraints)
    }

    static let syntheticScenario: EngineScenario = {
        let engine = FormattingEngine(try! synthetic())
        let tagKey = keys[0], paraKey = keys[1]
        return EngineScenario(
            name: "synthetic-20", engine: engine, setKey: tagKey, setValue: { .integer($0) },
            segment: { tag, p in
                var entries = [AttributeEntry(name: paraKey.name, value: .integer(p), behavior: paraKey.behavior)]
                if let tag { entries.append(AttributeEntry(name: tagKey.name, value: .integer(tag), behavior: tagKey.behavior)) }
                return AttributeSet(entries)
            },
            traceStart: (paraKey, .integer(1)), traceFirstInsert: (tagKey, .integer(5)))
    }()
}

enum EngineBenchmark {
    static let probeCount = 5_000
    static let probeSeed: UInt64 = 0x9_0B0E
    /// Timed repetitions (best kept) for the edits script and for each trace.
    static let editsRepeats = 4
    static let traceRepeats = 3

    // MARK: The edits script

    /// The `edits` script (same seeds, same positions) on `s`, either through `engine` or, with nil, bare.
    @inline(never)
    static func runScript(_ phase: EditPhase, _ s: inout RichString, scenario: EngineScenario, engine: FormattingEngine?) {
        var rng = SeededGenerator(seed: phase.seed)
        var scalars = s.counts.scalars
        let key = scenario.setKey
        for _ in 0..<phase.operations {
            switch phase {
            case .insert:
                let p = rng.below(scalars + 1)
                let i = s.index(atOffset: p, in: .scalars)
                if let engine { engine.apply(.insert("x", at: i), to: &s) } else { s.insert("x", at: i) }
                scalars += 1
            case .delete:
                let p = rng.below(scalars)
                let a = s.index(atOffset: p, in: .scalars)
                let b = s.index(atOffset: p + 1, in: .scalars)
                if let engine { engine.removeText(in: a..<b, of: &s) } else { s.removeSubrange(a..<b) }
                scalars -= 1
            case .attribute:
                let p = rng.below(scalars - 20)
                let length = rng.int(in: 1...20)
                let value = scenario.setValue(rng.below(16))
                let a = s.index(atOffset: p, in: .scalars)
                let b = s.index(atOffset: p + length, in: .scalars)
                if let engine { engine.setAttribute(key, to: value, in: a..<b, of: &s) } else { s.setAttribute(key, to: value, in: a..<b) }
            }
        }
    }

    struct ScriptResult {
        var seconds: [EditPhase: Double] = [:]
        var hash: UInt64 = 0
        var runs = 0
        var lintClean = true
    }

    /// The whole script on a freshly built, normalised document, on the bare string and through the engine in
    /// turn, `editsRepeats` times: each side's phase is its best round. Alternating the sides gives both the same
    /// share of a shared machine's quiet and busy moments.
    static func timeScripts(_ scenario: EngineScenario) -> (bare: ScriptResult, engine: ScriptResult) {
        var bare = ScriptResult()
        var engine = ScriptResult()
        for _ in 0..<editsRepeats {
            timeScriptRound(scenario, engine: nil, into: &bare)
            timeScriptRound(scenario, engine: scenario.engine, into: &engine)
        }
        return (bare, engine)
    }

    /// One round of the whole script on a freshly built, normalised document, keeping each phase's best time.
    static func timeScriptRound(_ scenario: EngineScenario, engine: FormattingEngine?, into result: inout ScriptResult) {
        var (s, _, _) = scenario.buildDocument()
        for phase in EditPhase.allCases {
            let t = measure { runScript(phase, &s, scenario: scenario, engine: engine) }
            result.seconds[phase] = min(result.seconds[phase] ?? .infinity, t)
        }
        result.hash = fnv1a(s.string.utf8)
        result.runs = s.runs.count
        if engine != nil { result.lintClean = result.lintClean && scenario.engine.lint(s).isEmpty }
    }

    // MARK: Traces

    @inline(never)
    static func replay(_ trace: EditTrace, scenario: EngineScenario, engine: FormattingEngine?) -> (seconds: Double, text: String, lintClean: Bool) {
        var s = RichString(trace.startContent)
        if let (key, value) = scenario.traceStart, !trace.startContent.isEmpty {
            s.setAttribute(key, to: value, in: s.startIndex..<s.endIndex)
        }
        if engine != nil { scenario.engine.normalize(&s) }
        let (markKey, markValue) = scenario.traceFirstInsert
        let seconds = measure {
            trace.replay(on: &s,
                         replace: { s, range, text in
                             guard let engine else { return s.replayReplacing(range, with: text) }
                             if text.isEmpty { engine.removeText(in: range, of: &s) }
                             else { engine.apply(.replaceText(range, with: text), to: &s) }
                         },
                         insert: { s, text, at in
                             if let engine { engine.apply(.insert(text, at: at), to: &s) } else { s.insert(text, at: at) }
                         },
                         markInserted: { s, range in
                             if let engine { engine.setAttribute(markKey, to: markValue, in: range, of: &s) }
                             else { s.setAttribute(markKey, to: markValue, in: range) }
                         })
        }
        let clean = engine == nil ? true : scenario.engine.lint(s).isEmpty
        return (seconds, s.string, clean)
    }

    // MARK: Probes

    struct ProbeTiming { var probeAttr: Double; var applyAttr: Double; var probeInsert: Double; var applyInsert: Double; var kept: Int }

    /// `probeCount` attribute sets and `probeCount` inserts, each probed and then applied (two rounds, best kept).
    static func timeProbes(_ scenario: EngineScenario, coldProbes: Bool = false) -> ProbeTiming {
        let engine = scenario.engine
        var (doc, _, _) = scenario.buildDocument()
        let scalars = doc.counts.scalars
        var rng = SeededGenerator(seed: probeSeed)
        var attributeEdits: [(Int, Int, AttributeValue)] = []
        for _ in 0..<probeCount {
            attributeEdits.append((rng.below(scalars - 20), rng.int(in: 1...20), scenario.setValue(rng.below(16))))
        }
        let insertPositions = (0..<probeCount).map { _ in rng.below(scalars + 1) }
        func attributeEdit(_ d: RichString, _ e: (Int, Int, AttributeValue)) -> Edit {
            .setAttribute(scenario.setKey, to: e.2, in: RangeSet(d.index(atOffset: e.0, in: .scalars)..<d.index(atOffset: e.0 + e.1, in: .scalars)))
        }
        // Interleaved, as an editor does it: probe the edit, then apply it; each timed on its own, so neither
        // side benefits from running second. The probe sees the document the apply then changes.
        // Whatever runs first meets each new attribute set first and pays for interning it and for running the
        // constraint chain on it; the second finds both cached. So each edit is probed once untimed before the
        // timed probe and apply: both are timed warm (`coldProbes` keeps the cold probe for comparison).
        var kept = 0
        var best = ProbeTiming(probeAttr: .infinity, applyAttr: .infinity, probeInsert: .infinity, applyInsert: .infinity, kept: 0)
        for _ in 0..<2 {
            kept = 0
            var pa = 0.0, aa = 0.0, pi = 0.0, ai = 0.0
            for e in attributeEdits {
                let edit = attributeEdit(doc, e)
                if !coldProbes { _ = engine.probe(edit, on: doc) }
                let t0 = now()
                let verdict = engine.probe(edit, on: doc).isKept
                let t1 = now()
                engine.apply(edit, to: &doc)
                let t2 = now()
                if verdict { kept += 1 }
                pa += t1 - t0; aa += t2 - t1
            }
            for p in insertPositions {
                let edit = Edit.insert("x", at: doc.index(atOffset: p, in: .scalars))
                if !coldProbes { _ = engine.probe(edit, on: doc) }
                let t0 = now()
                _ = engine.probe(edit, on: doc)
                let t1 = now()
                engine.apply(edit, to: &doc)
                let t2 = now()
                pi += t1 - t0; ai += t2 - t1
            }
            best.probeAttr = min(best.probeAttr, pa); best.probeInsert = min(best.probeInsert, pi)
            best.applyAttr = min(best.applyAttr, aa); best.applyInsert = min(best.applyInsert, ai)
        }
        best.kept = kept
        return best
    }

    // MARK: Foundation

    struct PeerRates {
        var rate: [EditPhase: Double] = [:]
        var done: [EditPhase: Int] = [:]
        var crashed = false
        var total: Double {
            // The whole script at each phase's rate (a phase cut short by the budget is scaled per op).
            let t = EditPhase.allCases.reduce(0.0) { $0 + Double($1.operations) / (rate[$1] ?? .nan) }
            return Double(EditPhase.allCases.reduce(0) { $0 + $1.operations }) / t
        }
    }

    static func foundation() -> PeerRates {
        let child = runSelf(["edits-peer"], quietCrash: true)
        var f = PeerRates()
        f.crashed = child.crashed
        for record in child.records("phase") where record.count == 4 {
            guard let phase = EditPhase(rawValue: record[1]), let done = Int(record[2]), let seconds = Double(record[3]), seconds > 0 else { continue }
            f.rate[phase] = Double(done) / seconds
            f.done[phase] = done
        }
        return f
    }

    // MARK: Profiling child

    /// `engine-profile [recipe|synthetic] [script|bare|traces|bare-traces|probe] [phase or trace]`: one path alone, for perf.
    static func profileMain(_ arguments: [String]) {
        let scenario = arguments.first == "synthetic" ? EngineDefinitions.syntheticScenario : EngineDefinitions.recipeScenario
        let what = arguments.dropFirst().first ?? "script"
        switch what {
        case "traces", "bare-traces":
            let directory = Traces.directoryOrExit()
            let engine = what == "bare-traces" ? nil : scenario.engine
            for name in Traces.names where arguments.count < 3 || arguments[2] == name {
                guard let trace = try? Traces.load(name, from: directory) else { exit(1) }
                print("\(name) \(formatNumber(replay(trace, scenario: scenario, engine: engine).seconds, digits: 3)) s")
            }
        case "session":
            // Round 0 warms the caches; callgrind's `--toggle-collect=*profiledKeystrokes*` counts the rounds after it.
            for round in 0..<3 {
                let seconds = SessionKeystrokes.profiledKeystrokes(scenario, warm: round == 0)
                print("session keystrokes \(formatNumber(seconds, digits: 3)) s")
            }
        case "session-bare":
            for round in 0..<3 {
                let seconds = SessionKeystrokes.profiledBareKeystrokes(scenario, warm: round == 0)
                print("bare keystrokes \(formatNumber(seconds, digits: 3)) s")
            }
        case "probe", "probe-cold":
            let r = timeProbes(scenario, coldProbes: what == "probe-cold")
            print("probe attr \(r.probeAttr) apply attr \(r.applyAttr) probe insert \(r.probeInsert) apply insert \(r.applyInsert)")
        default:
            // An optional third argument runs that one phase alone, on the freshly built document. Round 0 warms
            // the constraint cache untimed; callgrind's `--toggle-collect=*profiledRound*` then counts the warm
            // rounds alone, which are the ones the benchmark keeps.
            let phases = arguments.count > 2 ? EditPhase.allCases.filter { $0.rawValue == arguments[2] } : EditPhase.allCases
            let engine = what == "bare" ? nil : scenario.engine
            for round in 0..<3 {
                var (s, _, _) = scenario.buildDocument()
                for phase in phases {
                    let seconds = round == 0
                        ? measure { runScript(phase, &s, scenario: scenario, engine: engine) }
                        : profiledRound(phase, &s, scenario: scenario, engine: engine)
                    print("\(phase.rawValue) \(formatNumber(seconds, digits: 3)) s")
                }
            }
        }
    }

    /// One timed phase, bare or through the engine, apart from the warm-up so that callgrind can count it alone.
    @inline(never)
    static func profiledRound(_ phase: EditPhase, _ s: inout RichString, scenario: EngineScenario, engine: FormattingEngine?) -> Double {
        measure { runScript(phase, &s, scenario: scenario, engine: engine) }
    }

    // MARK: The benchmark

    static func main() {
        let scenarios = [EngineDefinitions.recipeScenario, EngineDefinitions.syntheticScenario]
        print("engine: every edit through FormattingEngine.apply vs the same edits on a bare RichString vs Foundation's bare AttributedString")
        print("definitions: recipe (scope foregroundColor, adaptiveImageGlyph, ingredient; IngredientsAreGreen)")
        print("             synthetic-20 (20 keys; 11 rule chains reading earlier keys, 5 allowed-value lists, 4 clamps)")
        print("edits script: the `edits` document (~\(grouped(Double(EditsBenchmark.documentCharacters))) characters; tagged words carry `ingredient` + green / k00), normalised once before timing;")
        print("              \(EditPhase.allCases.map { "\(grouped(Double($0.operations))) \($0.rawValue)s" }.joined(separator: ", ")) by scalar offset, same seeds as `edits`; best of \(editsRepeats)")
        print("traces: \(Traces.names.joined(separator: ", ")), best of \(traceRepeats); recipe marks the first inserted text as an ingredient, synthetic sets k01 over the start and k00 on the first insert")
        print("")

        var defRows: [[String]] = []
        for s in scenarios {
            let d = s.engine.definition
            let (doc, normalizeSeconds, adjustments) = s.buildDocument()
            defRows.append([s.name, "\(d.scope.count)", "\(d.constraints.count)", grouped(Double(doc.runs.count)), formatNumber(normalizeSeconds, digits: 3) + " s", grouped(Double(adjustments))])
        }
        printTable(["definition", "scope keys", "constraints", "runs after normalize", "normalize (1M doc)", "normalize adjustments"], defRows)
        print("")

        let peer = foundation()

        struct Workload { var name: String; var edits: Int; var bare: Double; var engine: Double }
        var overheadByDefinition: [String: Double] = [:]
        var foundationByDefinition: [String: Double] = [:]
        var probeByDefinition: [String: Double] = [:]
        var editRows: [[String]] = []
        var traceRows: [[String]] = []
        var probeRows: [[String]] = []
        var problems: [String] = []
        let traceDirectory = Traces.directory()
        var traces: [EditTrace] = []
        if let traceDirectory {
            for name in Traces.names {
                do { traces.append(try Traces.load(name, from: traceDirectory)) } catch { problems.append("\(name): cannot load: \(error)") }
            }
        } else {
            problems.append("traces not found (set FMTCHECK_SHARED); traces skipped")
        }

        for scenario in scenarios {
            // Edits script.
            let (bare, engine) = timeScripts(scenario)
            if bare.hash != engine.hash { problems.append("\(scenario.name): the engine's final text differs from the bare string's") }
            if !engine.lintClean { problems.append("\(scenario.name): the document is not lint-clean after the edits script") }
            var worst = 0.0
            for phase in EditPhase.allCases {
                let n = Double(phase.operations)
                let b = bare.seconds[phase]! / n * 1e9, e = engine.seconds[phase]! / n * 1e9
                let f = peer.rate[phase]
                editRows.append([scenario.name, phase.rawValue, grouped(n), formatNumber(b, digits: 0), formatNumber(e, digits: 0), formatNumber(e / b) + "x",
                                 grouped(1e9 / e), f.map(grouped) ?? "-", f.map { formatNumber(1e9 / e / $0) + "x" } ?? "-"])
            }
            let totalOps = Double(EditPhase.allCases.reduce(0) { $0 + $1.operations })
            let bareTotal = EditPhase.allCases.reduce(0.0) { $0 + bare.seconds[$1]! }
            let engineTotal = EditPhase.allCases.reduce(0.0) { $0 + engine.seconds[$1]! }
            let engineRate = totalOps / engineTotal
            let fTotal = peer.rate.count == EditPhase.allCases.count ? peer.total : .nan
            editRows.append([scenario.name, "whole script", grouped(totalOps), formatNumber(bareTotal / totalOps * 1e9, digits: 0), formatNumber(engineTotal / totalOps * 1e9, digits: 0),
                             formatNumber(engineTotal / bareTotal) + "x", grouped(engineRate), fTotal.isNaN ? "-" : grouped(fTotal), fTotal.isNaN ? "-" : formatNumber(engineRate / fTotal) + "x"])
            worst = max(worst, engineTotal / bareTotal)
            foundationByDefinition[scenario.name] = engineRate / fTotal

            // Traces.
            for trace in traces {
                var b = Double.infinity, e = Double.infinity
                var ok = true, clean = true
                for _ in 0..<traceRepeats {
                    let rb = replay(trace, scenario: scenario, engine: nil)
                    let re = replay(trace, scenario: scenario, engine: scenario.engine)
                    b = min(b, rb.seconds); e = min(e, re.seconds)
                    ok = ok && rb.text == trace.endContent && re.text == trace.endContent
                    clean = clean && re.lintClean
                }
                if !ok { problems.append("\(scenario.name) \(trace.name): final text differs from the trace's end content") }
                if !clean { problems.append("\(scenario.name) \(trace.name): not lint-clean at the end") }
                let n = Double(trace.patches.count)
                traceRows.append([scenario.name, trace.name, grouped(n), formatNumber(b / n * 1e9, digits: 0), formatNumber(e / n * 1e9, digits: 0), formatNumber(e / b) + "x",
                                  grouped(n / e), ok && clean ? "OK" : "FAILED"])
                worst = max(worst, e / b)
            }
            overheadByDefinition[scenario.name] = worst

            // Probes.
            let p = timeProbes(scenario)
            let n = Double(probeCount)
            let ra = p.probeAttr / p.applyAttr, ri = p.probeInsert / p.applyInsert
            probeRows.append([scenario.name, "attribute set", grouped(n), formatNumber(p.applyAttr / n * 1e9, digits: 0), formatNumber(p.probeAttr / n * 1e9, digits: 0), formatNumber(ra) + "x", "\(p.kept) of \(probeCount) kept"])
            probeRows.append([scenario.name, "insert", grouped(n), formatNumber(p.applyInsert / n * 1e9, digits: 0), formatNumber(p.probeInsert / n * 1e9, digits: 0), formatNumber(ri) + "x", ""])
            probeByDefinition[scenario.name] = max(ra, ri)
        }

        printTable(["edits script", "phase", "ops", "bare ns/edit", "engine ns/edit", "overhead", "engine edits/s", "Foundation edits/s", "engine/Foundation"], editRows)
        var fNote = "Foundation: bare AttributedString, plain `edits` script, one child process"
        if peer.crashed { fNote += "; the child crashed" }
        let cut = EditPhase.allCases.filter { (peer.done[$0] ?? 0) < $0.operations && peer.rate[$0] != nil }
        if !cut.isEmpty { fNote += "; \(cut.map(\.rawValue).joined(separator: ", ")) cut at the \(Int(EditsBenchmark.foundationPhaseBudget)) s budget and scaled per op" }
        print(fNote)
        print("")
        if !traceRows.isEmpty {
            printTable(["traces", "trace", "edits", "bare ns/edit", "engine ns/edit", "overhead", "engine edits/s", "final text + lint"], traceRows)
            print("")
        }
        printTable(["probe vs apply", "edit", "edits", "apply ns/edit", "probe ns/edit", "probe/apply", "probe verdicts"], probeRows)
        print("")

        var summary: [[String]] = []
        for s in scenarios {
            let o = overheadByDefinition[s.name]!, f = foundationByDefinition[s.name]!, p = probeByDefinition[s.name]!
            summary.append([s.name, formatNumber(o) + "x" + (o <= 2 ? "  ok" : "  MISSED"), formatNumber(f) + "x" + (f >= 10 ? "  ok" : "  MISSED"), formatNumber(p) + "x" + (p <= 1 ? "  ok" : "  MISSED")])
        }
        printTable(["goals", "engine overhead (goal <= 2x)", "vs Foundation (goal >= 10x)", "probe/edit (goal <= 1x)"], summary)
        print("engine overhead: the worst of the whole edits script and each trace (engine ns/edit / bare ns/edit)")
        print("vs Foundation: engine edits/s over the whole edits script / Foundation's bare edits/s over the same script")
        print("probe/edit: the worse of 5,000 attribute sets and 5,000 inserts; metrics take the worse definition")
        for p in problems { print("PROBLEM: \(p)") }
        print("")
        printMetric("engine_overhead", overheadByDefinition.values.max() ?? .nan)
        printMetric("engine_vs_foundation", foundationByDefinition.values.min() ?? .nan)
        printMetric("probe_over_edit", probeByDefinition.values.max() ?? .nan)
        let keystrokes = SessionKeystrokes.time(EngineDefinitions.recipeScenario)
        let perKeystroke = { (seconds: Double) in formatNumber(seconds / Double(keystrokes.keystrokes) * 1e9, digits: 0) }
        print("keystrokes: \(keystrokes.keystrokes) characters typed in words at random carets, recipe definition: session \(perKeystroke(keystrokes.session)) ns, bare insert \(perKeystroke(keystrokes.bare)) ns")
        printMetric("session_keystroke_over_bare_insert", keystrokes.session / keystrokes.bare)
    }
}
