import Foundation
import FormatCheck
import FormattingTesting
#if canImport(Glibc)
import Glibc
#endif

// fmtbench lint, records row (issue 22): 100,000 recipe records as JSON Lines, linted by `--records` as
// `fmtcheck lint --records FILE --format jsonl` does (RecordLintRun), in child processes whose peak RSS is
// read: once on one core (batches on the calling thread) and once on all cores (reading, parsing and linting
// overlapped). Both children must write the same bytes; the ratio of their times is the all-cores speedup.

enum RecordsBenchmark {
    static let recordCount = 100_000
    /// Record document sizes, uniform over this range (a note or a short recipe).
    static let sizeRange = 300...2_500

    /// Writes the records, runs both children, prints the row and the metrics.
    static func run(definition: String) {
        let path = NSTemporaryDirectory() + "fmtbench-records-\(getpid()).jsonl"
        defer { try? FileManager.default.removeItem(atPath: path) }
        var rng = SeededGenerator(seed: 0x5245_4344)
        var out: [UInt8] = []
        out.reserveCapacity(recordCount * 1_600)
        let generation = measure {
            for i in 0..<recordCount {
                out += Array("{\"id\":\"note-\(i)\",\"document\":".utf8)
                // One line: a line break in JSON text is space between tokens.
                out += RecipeCorpus.document(targetBytes: rng.int(in: sizeRange), table: i % 5 == 4, rng: &rng).map { $0 == 0x0A ? 0x20 : $0 }
                out += Array("}\n".utf8)
            }
        }
        guard FileManager.default.createFile(atPath: path, contents: Data(out)) else {
            print("fmtbench lint records: cannot write \(path)")
            return
        }
        let mb = Double(out.count) / 1_000_000
        print("")
        print("records: \(grouped(Double(recordCount))) records, \(formatNumber(mb, digits: 1)) MB of JSON Lines, generated in \(formatNumber(generation, digits: 2)) s; " + loadAverageNote())
        flushOutput()
        var rows: [[String]] = []
        var seconds: [String: Double] = [:]
        var digests: [String: String] = [:]
        var peak: [String: Int] = [:]
        // Three rounds, the modes alternating, each mode's fastest kept: a shared machine that takes a core away
        // for a while (steal time) then costs one round, not the ratio.
        var cpu: [String: Double] = [:]
        var lines: [String: String] = [:]
        for _ in 0..<3 {
            for mode in ["serial", "parallel"] {
                let child = runSelf(["lint-records", path, definition, mode])
                guard let record = child.records("records").first, record.count >= 6, child.exitStatus == 0 else {
                    print("the \(mode) records child failed (status \(child.exitStatus)): \(child.output.suffix(400))")
                    return
                }
                let time = Double(record[1]) ?? .nan
                print("\(mode): \(record[3]) output lines, \(formatNumber(Double(record[5]) ?? .nan, digits: 1)) s of CPU in \(formatNumber(time, digits: 2)) s")
                flushOutput()
                if digests[mode] != nil && digests[mode] != record[2] { print("note: two \(mode) runs wrote different output") }
                digests[mode] = record[2]
                lines[mode] = record[3]
                peak[mode] = max(peak[mode] ?? 0, Int(record[4]) ?? -1)
                guard time < seconds[mode] ?? .infinity else { continue }
                seconds[mode] = time
                cpu[mode] = Double(record[5]) ?? .nan
            }
        }
        for mode in ["serial", "parallel"] {
            let time = seconds[mode]!
            rows.append(["--records, " + (mode == "serial" ? "one core" : "all cores (\(ProcessInfo.processInfo.activeProcessorCount))"),
                         formatNumber(mb, digits: 1), formatNumber(time, digits: 2), formatNumber(mb / time, digits: 1),
                         grouped(Double(recordCount) / time), grouped(Double(peak[mode]!)), formatNumber(cpu[mode]! / time, digits: 2)])
        }
        // Flat memory: the same run over the first tenth of the records.
        let tenth = NSTemporaryDirectory() + "fmtbench-records-\(getpid())-tenth.jsonl"
        defer { try? FileManager.default.removeItem(atPath: tenth) }
        var count = 0
        let cut = out.firstIndex { byte in
            if byte == 0x0A { count += 1 }
            return count == recordCount / 10
        } ?? out.count
        var tenthPeak = -1
        if FileManager.default.createFile(atPath: tenth, contents: Data(out[...cut])),
           let record = runSelf(["lint-records", tenth, definition, "parallel"]).records("records").first, record.count >= 6 {
            tenthPeak = Int(record[4]) ?? -1
            rows.append(["--records, all cores, first \(grouped(Double(recordCount / 10)))", formatNumber(Double(cut + 1) / 1_000_000, digits: 1),
                         formatNumber(Double(record[1]) ?? .nan, digits: 2), "", "", grouped(Double(tenthPeak)), ""])
        }
        printTable(["run", "MB", "seconds", "MB/s", "records/s", "peak RSS (bytes)", "cores busy"], rows)
        print("peak RSS at \(grouped(Double(recordCount))) records / at \(grouped(Double(recordCount / 10))): \(formatNumber(Double(peak["parallel"]!) / Double(tenthPeak), digits: 2)) (flat: about 1)")
        if digests["serial"] != digests["parallel"] { print("note: the all-cores output differs from the one-core output") }
        let speedup = seconds["serial"]! / seconds["parallel"]!
        print("(fastest of 3 each; same output on both: \(digests["serial"] == digests["parallel"] ? "yes" : "NO"), \(lines["parallel"] ?? "?") lines; goal: all cores >= 1.8x one core on 2 cores)")
        printMetric("lint_records_all_cores_speedup", speedup)
        printMetric("lint_records_mb_per_second", mb / seconds["parallel"]!)
        // One core: the serial child's CPU seconds (it reads, parses and lints on the calling thread).
        printMetric("lint_records_one_core_mb_per_second", mb / cpu["serial"]!)
        printMetric("lint_records_peak_rss_bytes", peak["parallel"]!)
    }

    /// The child: `fmtbench lint-records FILE DEFINITION serial|parallel` lints FILE as `--records` does,
    /// counting and hashing the output, and prints `records SECONDS DIGEST LINES VMHWM_BYTES CPU_SECONDS`.
    static func childMain(_ arguments: [String]) {
        guard arguments.count >= 3 else { print("usage: lint-records FILE DEFINITION serial|parallel"); exit(64) }
        var request = LintRequest(paths: [], definition: arguments[1])
        request.fingerprints = true
        var run = RecordLintRun(request, source: arguments[0])
        run.parallel = arguments[2] == "parallel"
        let sink = OutputDigest()
        let cpuBefore = cpuSeconds()
        var summary: RecordLintRun.Summary?
        let seconds = measure { summary = run.run(output: { sink.add($0) }, diagnostics: { _ in }) }
        let cpu = cpuSeconds() - cpuBefore
        guard let summary, summary.failure == nil else { print("records child: the run failed"); exit(1) }
        print("records \(seconds) \(String(sink.hash, radix: 16)) \(sink.lines) \(procStatusBytes("VmHWM")) \(cpu)")
        flushOutput()
    }
}

/// What a child wrote, reduced to a hash and a line count (the bytes are not kept).
final class OutputDigest: @unchecked Sendable {
    private(set) var hash: UInt64 = 0xCBF2_9CE4_8422_2325
    private(set) var lines = 0

    /// Called in output order, one call at a time (`RecordLintRun` writes batches under its lock).
    func add(_ bytes: [UInt8]) {
        for byte in bytes {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
            if byte == 0x0A { lines += 1 }
        }
    }
}
