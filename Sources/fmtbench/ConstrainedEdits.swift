import Foundation
import RichText

// The constrained part of `fmtbench edits`: the same document shape and the same three phases, but with the
// "tag" key not inherited and invalidated by text changes, and the "para" key constant per paragraph, on both
// sides. Eight fixed seeds; each side runs each seed in its own child process, so a trap is counted as a crashed
// seed instead of ending the benchmark.

enum ConstrainedEdits {
    static let seeds = Array(1...8)
    /// Per-seed op counts for seeds 2–8, as a fraction of the full script (seed 1 is always full-size).
    static let laterSeedScale = 1.0
    /// Time allowed per Foundation phase before it stops and is scaled per op.
    static let foundationPhaseBudget = 20.0

    /// Seed 1 replays the plain script's document and positions exactly; the others derive from it.
    static func documentSeed(_ seed: Int) -> UInt64 {
        seed == 1 ? EditsBenchmark.documentSeed : EditsBenchmark.documentSeed &+ UInt64(seed) &* 0x9E37_79B9
    }

    static func phaseSeed(_ phase: EditPhase, _ seed: Int) -> UInt64 {
        seed == 1 ? phase.seed : phase.seed &+ (UInt64(seed) << 32)
    }

    static func operations(_ phase: EditPhase, _ seed: Int, scale: Double) -> Int {
        seed == 1 ? phase.operations : max(1, Int((Double(phase.operations) * scale).rounded()))
    }

    // MARK: Children

    /// `edits-constrained-ours SEED SCALE` and `edits-constrained-peer SEED SCALE`: one side of one seed. Prints
    /// `build S`, then `phase NAME DONE SECONDS` as each phase completes, then `final COMPLETE HASH RUNS`.
    static func childMain(foundation: Bool, _ arguments: [String]) {
        let seed = arguments.first.flatMap { Int($0) } ?? 1
        let scale = arguments.dropFirst().first.flatMap { Double($0) } ?? 1
        let characters = EditsBenchmark.documentCharacters
        if foundation {
            var s = AttributedString()
            let build = measure {
                s = DocumentGenerator.buildFoundation(characters: characters, seed: documentSeed(seed), style: .constrained)
            }
            print("build \(build)")
            flushOutput()
            var complete = true
            for phase in EditPhase.allCases {
                let count = operations(phase, seed, scale: scale)
                let (done, seconds) = EditsBenchmark.runFoundation(
                    phase, &s, count: count, budget: foundationPhaseBudget, seed: phaseSeed(phase, seed), tag: FCTagKey.self)
                if done < count { complete = false }
                print("phase \(phase.rawValue) \(done) \(seconds)")
                flushOutput()
            }
            print("final \(complete ? 1 : 0) \(fnv1a(String(s.characters).utf8)) \(s.runs.count)")
        } else {
            // As in the plain script: the seed's whole script runs `oursRounds` times on a fresh document, and each
            // phase reports its median (a phase of ours lasts milliseconds).
            var s = RichString()
            var builds: [Double] = []
            var seconds: [EditPhase: [Double]] = [:]
            for _ in 0..<EditsBenchmark.oursRounds {
                s = RichString()
                builds.append(measure {
                    s = DocumentGenerator.buildOurs(characters: characters, seed: documentSeed(seed), style: .constrained)
                })
                for phase in EditPhase.allCases {
                    let count = operations(phase, seed, scale: scale)
                    seconds[phase, default: []].append(measure {
                        EditsBenchmark.runOurs(phase, &s, count: count, seed: phaseSeed(phase, seed), tag: KeyStyle.constrained.tag)
                    })
                }
            }
            print("build \(median(builds))")
            for phase in EditPhase.allCases {
                print("phase \(phase.rawValue) \(operations(phase, seed, scale: scale)) \(median(seconds[phase]!))")
            }
            flushOutput()
            print("final 1 \(fnv1a(s.string.utf8)) \(s.runs.count)")
        }
        flushOutput()
    }

    /// `edits-constrained-profile [PHASE]`: seed 1 of the constrained script on our side, repeated, for perf.
    static func profileMain(_ arguments: [String]) {
        let only = arguments.first.flatMap(EditPhase.init(rawValue:))
        var s = DocumentGenerator.buildOurs(characters: EditsBenchmark.documentCharacters, seed: documentSeed(1), style: .constrained)
        for round in 0..<5 {
            for phase in EditPhase.allCases {
                let seconds = measure {
                    if only == nil || only == phase {
                        EditsBenchmark.runOurs(phase, &s, count: phase.operations * (only == phase ? 4 : 1),
                                               seed: phaseSeed(phase, 1) &+ UInt64(round), tag: KeyStyle.constrained.tag)
                    }
                }
                print("round \(round) \(phase.rawValue) \(formatNumber(seconds, digits: 3)) s")
            }
        }
    }

    // MARK: The parent

    struct SideResult {
        var build: Double?
        var done: [EditPhase: Int] = [:]
        var rate: [EditPhase: Double] = [:]
        var crashed = false
        var exitStatus: Int32 = 0
        var complete = false
        var hash: String?
        var runs: String?

        /// The phase a crash happened in: the first without a result.
        var crashPhase: EditPhase? { EditPhase.allCases.first { rate[$0] == nil } }
    }

    static func runSide(foundation: Bool, seed: Int) -> SideResult {
        let child = runSelf([foundation ? "edits-constrained-peer" : "edits-constrained-ours", String(seed), String(laterSeedScale)], quietCrash: true)
        var r = SideResult()
        r.crashed = child.crashed
        r.exitStatus = child.exitStatus
        if let b = child.records("build").first, b.count == 2 { r.build = Double(b[1]) }
        for record in child.records("phase") where record.count == 4 {
            guard let phase = EditPhase(rawValue: record[1]), let done = Int(record[2]), let seconds = Double(record[3]),
                  seconds > 0 else { continue }
            r.done[phase] = done
            r.rate[phase] = Double(done) / seconds
        }
        if let f = child.records("final").first, f.count == 4 {
            r.complete = f[1] == "1"
            r.hash = f[2]
            r.runs = f[3]
        }
        return r
    }

    struct Summary {
        var minRatio: Double
        var foundationCrashed: Int
        var oursCrashed: Int
    }

    static func run() -> Summary {
        let laterScale = laterSeedScale
        print("constrained script: \"tag\" not inherited + invalidated by textChanged, \"para\" runBoundaries .paragraph, on both sides")
        print("\(seeds.count) fixed seeds (seed 1 = the plain script's document and positions); each side of each seed in its own child process")
        if laterScale < 1 {
            print("op counts: seed 1 full-size; seeds 2-\(seeds.last!) run \(formatNumber(laterScale * 100, digits: 0))% of each phase's ops")
        } else {
            print("op counts: every seed full-size")
        }
        print("")

        var ours: [Int: SideResult] = [:]
        var peer: [Int: SideResult] = [:]
        for seed in seeds {
            ours[seed] = runSide(foundation: false, seed: seed)
            peer[seed] = runSide(foundation: true, seed: seed)
        }

        // Per seed.
        func cell(_ r: SideResult, _ phase: EditPhase) -> String {
            if let rate = r.rate[phase] { return grouped(rate) }
            if phase == r.crashPhase { return r.crashed ? "CRASHED" : "exit \(r.exitStatus)" }
            return "-"
        }
        var seedRows: [[String]] = []
        for seed in seeds {
            let o = ours[seed]!, f = peer[seed]!
            var text = "-"
            if o.crashed || f.crashed || o.hash == nil || f.hash == nil {
                text = "not compared"
            } else if !f.complete {
                text = "not compared (Foundation ran a prefix)"
            } else {
                text = o.hash == f.hash ? "identical (runs \(o.runs!) / \(f.runs!))" : "MISMATCH"
            }
            let ops = EditPhase.allCases.map { grouped(Double(operations($0, seed, scale: laterScale))) }.joined(separator: "/")
            seedRows.append([String(seed), ops] + EditPhase.allCases.map { cell(o, $0) } + EditPhase.allCases.map { cell(f, $0) } + [text])
        }
        printTable(["seed", "ops ins/del/attr", "ours ins/s", "ours del/s", "ours attr/s", "F ins/s", "F del/s", "F attr/s", "final text"], seedRows)
        print("")

        // Per phase: medians over the seeds where Foundation completed the phase (and ours did too).
        var rows: [[String]] = []
        var phaseRatios: [Double] = []
        for phase in EditPhase.allCases {
            let both = seeds.filter { ours[$0]!.rate[phase] != nil && peer[$0]!.rate[phase] != nil }
            let o = median(both.map { ours[$0]!.rate[phase]! })
            let f = median(both.map { peer[$0]!.rate[phase]! })
            let r = median(both.map { ours[$0]!.rate[phase]! / peer[$0]!.rate[phase]! })
            phaseRatios.append(r)
            let budgeted = both.filter { peer[$0]!.done[phase]! < operations(phase, $0, scale: laterScale) }
            var note = "\(both.count) of \(seeds.count) seeds"
            if !budgeted.isEmpty { note += "; Foundation hit the time budget on seeds \(budgeted.map(String.init).joined(separator: ",")) (scaled per op)" }
            let ops = laterScale < 1
                ? grouped(Double(phase.operations)) + " (2-8: " + grouped(Double(operations(phase, 2, scale: laterScale))) + ")"
                : grouped(Double(phase.operations))
            let oAll = median(seeds.compactMap { ours[$0]!.rate[phase] })
            rows.append([phase.rawValue, ops, grouped(oAll), grouped(o), grouped(f), formatNumber(r) + "x", note])
        }
        printTable(["constrained phase", "ops per seed", "ours ops/s (all seeds)", "ours ops/s", "Foundation ops/s", "ratio", "seeds where Foundation completed the phase"], rows)
        print("ours/Foundation columns and the ratio: medians over the seeds where Foundation completed the phase (ratio = median of per-seed ratios)")

        let fCrashed = seeds.filter { peer[$0]!.crashed || peer[$0]!.hash == nil }
        let oCrashed = seeds.filter { ours[$0]!.crashed || ours[$0]!.hash == nil }
        func list(_ s: [Int]) -> String { s.isEmpty ? "" : " (seeds " + s.map(String.init).joined(separator: ",") + ")" }
        print("Foundation crashed on \(fCrashed.count) of \(seeds.count) seeds\(list(fCrashed)); ours crashed on \(oCrashed.count) of \(seeds.count)\(list(oCrashed))")
        let builds = seeds.compactMap { ours[$0]!.build }, fBuilds = seeds.compactMap { peer[$0]!.build }
        print("build (median): ours \(formatNumber(median(builds), digits: 3)) s, Foundation \(formatNumber(median(fBuilds), digits: 3)) s")

        let minRatio = phaseRatios.contains(where: \.isNaN) ? .nan : (phaseRatios.min() ?? .nan)
        return Summary(minRatio: minRatio, foundationCrashed: fCrashed.count, oursCrashed: oCrashed.count)
    }
}
