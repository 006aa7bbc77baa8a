import Foundation
import RichText

// `fmtbench traces`: replay real editing traces, with attributes on so typed text inherits, on ours and on
// Foundation's AttributedString (in a child process, so a trap is reported rather than fatal).

enum TracesBenchmark {
    /// Foundation replay stops after this many seconds and is extrapolated per edit.
    static let foundationBudget = 60.0

    /// Ours: the start content carries "para"; the first inserted text gets "bold" so later typing inherits it.
    @inline(never)
    static func replayOurs(_ trace: EditTrace) -> (seconds: Double, text: String) {
        var s = RichString(trace.startContent)
        if !trace.startContent.isEmpty {
            s.setAttribute(ParaKey.self, to: 1, in: s.startIndex..<s.endIndex)
        }
        let seconds = measure {
            trace.replay(on: &s,
                         replace: { s, range, text in s.replayReplacing(range, with: text) },
                         insert: { s, text, at in s.insert(text, at: at) },
                         markInserted: { s, range in s.setAttribute(BoldKey.self, to: true, in: range) })
        }
        return (seconds, s.string)
    }

    /// Foundation: the same edits through the String-taking (inheriting) unicodeScalars API.
    @inline(never)
    static func replayFoundation(_ trace: EditTrace, budget: Double) -> (done: Int, seconds: Double, text: String) {
        var s = AttributedString(trace.startContent)
        if !trace.startContent.isEmpty {
            s[s.startIndex..<s.endIndex][FParaKey.self] = 1
        }
        var marked = false
        var done = 0
        let start = now()
        for patch in trace.patches {
            if done & 255 == 255 && now() - start > budget { break }
            let u = s.unicodeScalars
            let a = u.index(u.startIndex, offsetBy: patch.position)
            if patch.deleteCount > 0 {
                let b = u.index(a, offsetBy: patch.deleteCount)
                s.unicodeScalars.replaceSubrange(a..<b, with: patch.insert.unicodeScalars)
            } else if !patch.insert.isEmpty {
                s.unicodeScalars.replaceSubrange(a..<a, with: patch.insert.unicodeScalars)
                if !marked {
                    marked = true
                    let v = s.unicodeScalars
                    let from = v.index(v.startIndex, offsetBy: patch.position)
                    let to = v.index(from, offsetBy: patch.insert.unicodeScalars.count)
                    s[from..<to][FBoldKey.self] = true
                }
            }
            done += 1
        }
        return (done, now() - start, String(s.characters))
    }

    /// `traces-peer NAME`: Foundation's replay of one trace; prints `result DONE TOTAL SECONDS OK|MISMATCH|PREFIX`.
    static func peerMain(_ name: String) {
        let directory = Traces.directoryOrExit()
        do {
            let trace = try Traces.load(name, from: directory)
            let (done, seconds, text) = replayFoundation(trace, budget: foundationBudget)
            let verdict = done < trace.patches.count ? "PREFIX" : (text == trace.endContent ? "OK" : "MISMATCH")
            print("result \(done) \(trace.patches.count) \(seconds) \(verdict)")
        } catch {
            print("error \(error)")
            exit(1)
        }
    }

    /// `traces-profile NAME`: our replay alone, five times, for perf/callgrind.
    static func profileMain(_ name: String) {
        let directory = Traces.directoryOrExit()
        guard let trace = try? Traces.load(name, from: directory) else { exit(1) }
        for _ in 0..<5 { print("profile: \(name) \(formatNumber(replayOurs(trace).seconds, digits: 3)) s") }
    }

    static func main() {
        let directory = Traces.directoryOrExit()
        print("traces: replaying \(Traces.names.joined(separator: ", ")) from \(directory)")
        print("attributes on: \"para\" over the start content (if any), \"bold\" over the first inserted text; typed text inherits")
        print("")
        struct Row { var name: String; var patches: Int; var ours: Double; var oursOK: Bool; var peer: Double?; var peerNote: String }
        var rows: [Row] = []
        for name in Traces.names {
            let trace: EditTrace
            do { trace = try Traces.load(name, from: directory) } catch {
                print("\(name): cannot load: \(error)")
                exit(1)
            }
            // Warm-up run, then the best of three timed runs.
            _ = replayOurs(trace)
            var best = Double.infinity
            var ok = true
            for _ in 0..<3 {
                let (seconds, text) = replayOurs(trace)
                best = min(best, seconds)
                ok = ok && text == trace.endContent
            }
            let oursRate = Double(trace.patches.count) / best

            let child = runSelf(["traces-peer", name])
            var peerRate: Double? = nil
            var note: String
            if child.crashed {
                note = "peer crashed"
            } else if let r = child.records("result").first, r.count == 5, let done = Int(r[1]), let seconds = Double(r[3]) {
                peerRate = Double(done) / seconds
                switch r[4] {
                case "PREFIX": note = "prefix: \(grouped(Double(done))) of \(grouped(Double(trace.patches.count))) edits in \(formatNumber(seconds, digits: 1)) s, extrapolated per edit"
                case "OK": note = "OK"
                default: note = "MISMATCH"
                }
            } else {
                note = "no result (exit \(child.exitStatus))"
            }
            rows.append(Row(name: name, patches: trace.patches.count, ours: oursRate, oursOK: ok, peer: peerRate, peerNote: note))
        }
        printTable(
            ["trace", "edits", "ours edits/s", "ours final text", "Foundation edits/s", "ratio", "Foundation"],
            rows.map { r in
                [r.name, grouped(Double(r.patches)), grouped(r.ours), r.oursOK ? "OK" : "MISMATCH",
                 r.peer.map(grouped) ?? "-", r.peer.map { formatNumber(r.ours / $0) + "x" } ?? "-", r.peerNote]
            })
        print("")
        let slowest = rows.min { $0.ours < $1.ours }!
        print("slowest trace (ours): \(slowest.name)")
        printMetric("traces_min_edits_per_second", slowest.ours)
        printMetric("traces_min_vs_foundation", slowest.peer.map { slowest.ours / $0 } ?? .nan)
        if rows.contains(where: { !$0.oursOK }) { exit(1) }
    }
}
