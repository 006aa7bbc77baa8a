import FormattingTesting
import Foundation
import RichText

// `fmtbench edits`: random single-character edits and small attribute sets on a ~1M-character document,
// ours (RichString) against Foundation's AttributedString, plus peak memory and scaling to 100M characters.

enum EditPhase: String, CaseIterable {
    case insert, delete, attribute

    var operations: Int {
        switch self {
        case .insert: return 20_000
        case .delete: return 20_000
        case .attribute: return 5_000
        }
    }

    var seed: UInt64 {
        switch self {
        case .insert: return 0x1001
        case .delete: return 0x2002
        case .attribute: return 0x3003
        }
    }
}

enum EditsBenchmark {
    static let documentCharacters = 1_000_000
    static let documentSeed: UInt64 = 0xF0F0_2024
    /// Time allowed per Foundation phase before it stops and is scaled per op.
    static let foundationPhaseBudget = 20.0

    static let tagDescriptor = TagKey.descriptor

    // MARK: Our side

    /// Applies `count` operations of `phase`; both sides draw positions from the same generator and the same
    /// running scalar count, so they make identical edits.
    @inline(never)
    static func runOurs(_ phase: EditPhase, _ s: inout RichString, count: Int, seed: UInt64? = nil,
                        tag: AttributeKeyDescriptor = tagDescriptor) {
        var rng = SeededGenerator(seed: seed ?? phase.seed)
        var scalars = s.counts.scalars
        switch phase {
        case .insert:
            for _ in 0..<count {
                let p = rng.below(scalars + 1)
                s.insert("x", at: s.index(atOffset: p, in: .scalars))
                scalars += 1
            }
        case .delete:
            for _ in 0..<count {
                let p = rng.below(scalars)
                let a = s.index(atOffset: p, in: .scalars)
                let b = s.index(atOffset: p + 1, in: .scalars)
                s.removeSubrange(a..<b)
                scalars -= 1
            }
        case .attribute:
            for _ in 0..<count {
                let p = rng.below(scalars - 20)
                let length = rng.int(in: 1...20)
                let value = rng.below(16)
                let a = s.index(atOffset: p, in: .scalars)
                let b = s.index(atOffset: p + length, in: .scalars)
                s.setAttribute(tag, to: .integer(value), in: a..<b)
            }
        }
    }

    /// Mixed single-scalar inserts and deletes, for scaling.
    @inline(never)
    static func runOursMixed(_ s: inout RichString, count: Int, seed: UInt64) {
        var rng = SeededGenerator(seed: seed)
        var scalars = s.counts.scalars
        for _ in 0..<count {
            let inserting = rng.next() & 1 == 0
            editOneScalar(&s, at: rng.below(inserting ? scalars + 1 : scalars), inserting: inserting, scalars: &scalars)
        }
    }

    /// Inserts "y" at scalar offset `p`, or deletes the scalar there, keeping `scalars` (the count) up to date.
    @inline(__always)
    static func editOneScalar(_ s: inout RichString, at p: Int, inserting: Bool, scalars: inout Int) {
        if inserting {
            s.insert("y", at: s.index(atOffset: p, in: .scalars))
            scalars += 1
        } else {
            let a = s.index(atOffset: p, in: .scalars)
            let b = s.index(atOffset: p + 1, in: .scalars)
            s.removeSubrange(a..<b)
            scalars -= 1
        }
    }

    // MARK: Foundation's side

    /// Applies up to `count` operations, stopping early once `budget` seconds have passed. Returns the
    /// operations done and the seconds taken.
    @inline(never)
    static func runFoundation(_ phase: EditPhase, _ s: inout AttributedString, count: Int, budget: Double) -> (Int, Double) {
        runFoundation(phase, &s, count: count, budget: budget, seed: phase.seed, tag: FTagKey.self)
    }

    /// The same, with the script's seed and the tag key given (the constrained script uses `FCTagKey`).
    @inline(never)
    static func runFoundation<Tag: AttributedStringKey>(
        _ phase: EditPhase, _ s: inout AttributedString, count: Int, budget: Double, seed: UInt64, tag: Tag.Type
    ) -> (Int, Double) where Tag.Value == Int {
        var rng = SeededGenerator(seed: seed)
        var scalars = s.unicodeScalars.count
        let start = now()
        var done = 0
        func index(_ s: AttributedString, _ n: Int) -> AttributedString.Index {
            s.unicodeScalars.index(s.unicodeScalars.startIndex, offsetBy: n)
        }
        while done < count {
            if done & 63 == 63 && now() - start > budget { break }
            switch phase {
            case .insert:
                let p = rng.below(scalars + 1)
                let i = index(s, p)
                s.unicodeScalars.replaceSubrange(i..<i, with: "x".unicodeScalars)
                scalars += 1
            case .delete:
                let p = rng.below(scalars)
                let i = index(s, p)
                let j = s.unicodeScalars.index(after: i)
                s.unicodeScalars.removeSubrange(i..<j)
                scalars -= 1
            case .attribute:
                let p = rng.below(scalars - 20)
                let length = rng.int(in: 1...20)
                let value = rng.below(16)
                let i = index(s, p)
                let j = s.unicodeScalars.index(i, offsetBy: length)
                s[i..<j][Tag.self] = value
            }
            done += 1
        }
        return (done, now() - start)
    }

    // MARK: Children

    /// `edits-peer`: Foundation's timings, one `phase` line per phase as it completes (so a crash loses only
    /// the phase it happened in).
    static func peerMain() {
        var s = AttributedString()
        let build = measure { s = DocumentGenerator.buildFoundation(characters: documentCharacters, seed: documentSeed) }
        print("build \(build)")
        flushOutput()
        var complete = true
        for phase in EditPhase.allCases {
            let (done, seconds) = runFoundation(phase, &s, count: phase.operations, budget: foundationPhaseBudget)
            if done < phase.operations { complete = false }
            print("phase \(phase.rawValue) \(done) \(seconds)")
            flushOutput()
        }
        let text = String(s.characters)
        print("final \(complete ? 1 : 0) \(fnv1a(text.utf8)) \(s.runs.count)")
    }

    /// `edits-memory idle|ours|foundation`: build the document, run the script, report VmHWM and VmRSS.
    static func memoryMain(_ side: String) {
        var utf8 = 0
        switch side {
        case "ours":
            var s = DocumentGenerator.buildOurs(characters: documentCharacters, seed: documentSeed)
            for phase in EditPhase.allCases { runOurs(phase, &s, count: phase.operations) }
            utf8 = s.counts.utf8
            print("memory \(procStatusBytes("VmHWM")) \(procStatusBytes("VmRSS")) \(utf8) \(s.runs.count)")
            withExtendedLifetime(s) {}
        case "foundation":
            var s = DocumentGenerator.buildFoundation(characters: documentCharacters, seed: documentSeed)
            for phase in EditPhase.allCases { _ = runFoundation(phase, &s, count: phase.operations, budget: 10) }
            utf8 = s.characters.reduce(0) { $0 + $1.utf8.count }
            print("memory \(procStatusBytes("VmHWM")) \(procStatusBytes("VmRSS")) \(utf8)")
            withExtendedLifetime(s) {}
        default:
            // Idle baseline: the same binary with Foundation and RichText loaded, doing nothing much.
            _ = RichString("warm")
            _ = AttributedString("warm")
            print("memory \(procStatusBytes("VmHWM")) \(procStatusBytes("VmRSS")) 0")
        }
    }

    /// `edits-profile`: a long run of our edits alone, for perf/callgrind.
    static func profileMain() {
        var s = DocumentGenerator.buildOurs(characters: documentCharacters, seed: documentSeed)
        let seconds = measure {
            runOursMixed(&s, count: 200_000, seed: 5)
            runOurs(.attribute, &s, count: 50_000)
        }
        print("profile: 200,000 mixed edits + 50,000 attribute sets in \(formatNumber(seconds, digits: 3)) s")
    }

    // MARK: The benchmark

    static func main() {
        print("edits: ~\(grouped(Double(documentCharacters))) characters, paragraphs of 1-300 words, ~10% of words tagged, a \"para\" value per paragraph")
        print("positions by Unicode scalar offset; seeded SplitMix64 scripts identical on both sides")
        print("")

        // Ours, in process: the whole script (build, then the phases in order) run `oursRounds` times on a fresh
        // document, each phase's rate the median of its rounds. A phase of ours lasts a few milliseconds, short
        // enough for one stray interruption to halve a single reading; Foundation's phases last seconds.
        var ours = RichString()
        var oursSeconds: [EditPhase: [Double]] = [:]
        var oursBuilds: [Double] = []
        for round in 0..<oursRounds {
            ours = RichString()
            oursBuilds.append(measure { ours = DocumentGenerator.buildOurs(characters: documentCharacters, seed: documentSeed) })
            if round == 0 {
                let c = ours.counts
                print("document: \(grouped(Double(c.characters))) characters, \(grouped(Double(c.scalars))) scalars, \(grouped(Double(c.utf8))) UTF-8 bytes, \(grouped(Double(c.separators))) separators, \(grouped(Double(ours.runs.count))) runs")
            }
            for phase in EditPhase.allCases {
                oursSeconds[phase, default: []].append(measure { runOurs(phase, &ours, count: phase.operations) })
            }
        }
        print("build: ours \(formatNumber(median(oursBuilds), digits: 3)) s (median of \(oursRounds) runs of the whole script)")
        var oursRate: [EditPhase: Double] = [:]
        for phase in EditPhase.allCases { oursRate[phase] = Double(phase.operations) / median(oursSeconds[phase]!) }
        let oursText = ours.string
        let oursHash = fnv1a(oursText.utf8)
        let oursRuns = ours.runs.count
        ours = RichString()

        // Foundation, in a child process so that a trap is reported rather than fatal.
        let peer = runSelf(["edits-peer"])
        var peerRate: [EditPhase: Double] = [:]
        var peerNote: [EditPhase: String] = [:]
        for record in peer.records("phase") where record.count == 4 {
            guard let phase = EditPhase(rawValue: record[1]), let done = Int(record[2]), let seconds = Double(record[3]) else { continue }
            peerRate[phase] = Double(done) / seconds
            peerNote[phase] = done < phase.operations
                ? "\(done) of \(grouped(Double(phase.operations))) ops (time budget), scaled per op" : "all ops"
        }
        if let build = peer.records("build").first, let seconds = Double(build[1]) {
            print("build: Foundation \(formatNumber(seconds, digits: 3)) s (child process)")
        }
        print("")
        var rows: [[String]] = []
        for phase in EditPhase.allCases {
            let o = oursRate[phase]!
            if let f = peerRate[phase] {
                rows.append([phase.rawValue, grouped(Double(phase.operations)), grouped(o), grouped(f), formatNumber(o / f) + "x", peerNote[phase]!])
            } else {
                rows.append([phase.rawValue, grouped(Double(phase.operations)), grouped(o), peer.crashed ? "peer crashed" : "no result", "-", peer.crashed ? "Foundation trapped in this phase" : "exit \(peer.exitStatus)"])
            }
        }
        printTable(["phase", "ops", "ours ops/s", "Foundation ops/s", "ratio", "Foundation note"], rows)
        if let final = peer.records("final").first, final.count == 4 {
            if final[1] == "1" {
                let same = final[2] == String(oursHash)
                print("final text: \(same ? "identical on both sides" : "MISMATCH between sides") (ours \(oursRuns) runs, Foundation \(final[3]) runs)")
            } else {
                print("final text: not compared (Foundation ran a prefix of the script)")
            }
        }
        print("")

        // Memory, each side in its own process.
        let idle = memoryRecord("idle")
        let mOurs = memoryRecord("ours")
        let mFoundation = memoryRecord("foundation")
        var memoryRows: [[String]] = []
        for (name, m) in [("idle baseline", idle), ("ours", mOurs), ("Foundation", mFoundation)] {
            if let m {
                memoryRows.append([name, megabytes(m.peak), megabytes(m.resident), name == "idle baseline" ? "-" : megabytes(m.peak - (idle?.peak ?? 0))])
            } else {
                memoryRows.append([name, "peer crashed", "-", "-"])
            }
        }
        printTable(["memory (after build + script)", "peak (VmHWM)", "resident (VmRSS)", "peak - idle"], memoryRows)
        var bytesPerByte = Double.nan
        if let m = mOurs, let idle {
            bytesPerByte = Double(m.peak - idle.peak) / Double(m.utf8)
            let residentPerByte = Double(m.resident - idle.resident) / Double(m.utf8)
            print("ours: \(formatNumber(bytesPerByte)) bytes of peak memory per UTF-8 byte (\(formatNumber(residentPerByte)) resident at the end), text \(grouped(Double(m.utf8))) bytes")
            if let runs = m.runs {
                // Issue 2's allowance: 1.5 bytes per UTF-8 byte plus 64 bytes per run.
                let allowance = 1.5 + 64 * Double(runs) / Double(m.utf8)
                print("allowance: 1.5 x UTF-8 + 64 bytes x \(grouped(Double(runs))) runs = \(formatNumber(allowance)) bytes per UTF-8 byte (\(bytesPerByte <= allowance ? "met" : "missed"))")
            }
            if let f = mFoundation {
                print("Foundation: \(formatNumber(Double(f.peak - idle.peak) / Double(f.utf8))) bytes of peak memory per UTF-8 byte")
            }
        }
        print("")

        // Scaling, ours alone.
        let scaling = ScalingBenchmark.run()
        print("")

        // The constrained script, 8 seeds, both sides in child processes.
        let constrained = ConstrainedEdits.run()
        print("")

        printMetric("edits_insert_vs_foundation", ratio(oursRate[.insert], peerRate[.insert]))
        printMetric("edits_delete_vs_foundation", ratio(oursRate[.delete], peerRate[.delete]))
        printMetric("edits_attribute_vs_foundation", ratio(oursRate[.attribute], peerRate[.attribute]))
        scaling.printMetrics()
        printMetric("memory_bytes_per_utf8_byte", bytesPerByte)
        printMetric("constrained_min_vs_foundation", constrained.minRatio)
        printMetric("foundation_crashed_seeds", constrained.foundationCrashed)
        printMetric("our_crashed_seeds", constrained.oursCrashed)
    }

    static func ratio(_ a: Double?, _ b: Double?) -> Double {
        guard let a, let b, b > 0 else { return .nan }
        return a / b
    }

    struct MemoryReading { var peak: Int; var resident: Int; var utf8: Int; var runs: Int? }

    static func memoryRecord(_ side: String) -> MemoryReading? {
        let child = runSelf(["edits-memory", side])
        guard let r = child.records("memory").first, r.count >= 4,
              let peak = Int(r[1]), let resident = Int(r[2]), let utf8 = Int(r[3]) else { return nil }
        return MemoryReading(peak: peak, resident: resident, utf8: utf8, runs: r.count > 4 ? Int(r[4]) : nil)
    }

    /// How many times `edits` runs the whole script on our side; each phase reports its median.
    static let oursRounds = 3
}
