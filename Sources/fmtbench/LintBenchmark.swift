import Foundation
import FormatCheck
import RichTextFormats
import FormattingTesting
#if canImport(Glibc)
import Glibc
#endif

// fmtbench lint (issue 6): lint a generated corpus of 1,000 recipe documents (>= 200 MB) under
// Definitions/recipe.json with the FormatCheck library, on one core (sequential DocumentLinter) and on all
// cores (LintRun, as `fmtcheck lint` does, in a child process whose peak RSS is read). The peer is
// Foundation's JSONSerialization merely parsing the same files on one core.

enum LintBenchmark {
    static let documentCount = 1_000
    /// Document sizes are spread uniformly over this range (mean ~220 KB, so ~220 MB in all).
    static let sizeRange = 120_000...320_000

    static func main() {
        let definition = RecipeCorpus.recipeDefinitionPath()
        // FMTBENCH_KEEP_CORPUS=DIR writes the corpus there and keeps it, for timing `fmtbench lint-all-cores DIR
        // DEFINITION` of two builds over the same files.
        let kept = ProcessInfo.processInfo.environment["FMTBENCH_KEEP_CORPUS"]
        let directory = kept ?? NSTemporaryDirectory() + "fmtbench-lint-\(getpid())"
        defer { if kept == nil { try? FileManager.default.removeItem(atPath: directory) } }
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            print("fmtbench lint: cannot create \(directory): \(error)")
            exit(1)
        }
        print("fmtbench lint: \(documentCount) recipe documents in \(directory), definition \(definition)")
        var rng = SeededGenerator(seed: 0x4C49_4E54)
        var paths: [String] = []
        var totalBytes = 0, largest = 0
        let generation = measure {
            for i in 0..<documentCount {
                let size = rng.int(in: sizeRange)
                let bytes = RecipeCorpus.document(targetBytes: size, table: i % 2 == 1, rng: &rng)
                let path = directory + "/" + String(format: "doc%04d.json", i)
                _ = FileManager.default.createFile(atPath: path, contents: Data(bytes))
                paths.append(path)
                totalBytes += bytes.count
                largest = max(largest, bytes.count)
            }
        }
        print("generated \(formatNumber(Double(totalBytes) / 1_000_000, digits: 1)) MB in \(formatNumber(generation, digits: 2)) s; largest document \(grouped(Double(largest))) bytes; " + loadAverageNote())
        flushOutput()

        let loaded: LoadedDefinition
        do {
            loaded = try DefinitionFile.load(path: definition)
        } catch {
            print("fmtbench lint: the definition \(definition) did not load")
            exit(1)
        }
        let linter = DocumentLinter(definition: loaded)
        let maxSize = Int.max / 2
        let mb = Double(totalBytes) / 1_000_000

        // One core: read each file and lint it, in order (what LintRun does per file, without the pool).
        var violations = 0, malformed = 0, readFailures = 0
        let oneCore = measure {
            for path in paths {
                guard let bytes = try? InputReader.read(path: path, maxSize: maxSize) else { readFailures += 1; continue }
                let outcome = linter.lint(bytes)
                violations += outcome.violations.count
                if outcome.isMalformed { malformed += 1 }
            }
        }
        print("one core: \(grouped(Double(violations))) violations, \(malformed) malformed, \(readFailures) unreadable")
        flushOutput()

        // The peer: read each file and parse it with JSONSerialization, on one core.
        var peerFailures = 0
        let peer = measure {
            for path in paths {
                guard let data = FileManager.default.contents(atPath: path),
                      (try? JSONSerialization.jsonObject(with: data)) != nil else { peerFailures += 1; continue }
            }
        }
        if peerFailures > 0 { print("JSONSerialization failed on \(peerFailures) files") }

        // All cores, in a child process: LintRun over the directory, and the child's peak RSS.
        let child = runSelf(["lint-all-cores", directory, definition])
        let record = child.records("allcores").first
        let allSeconds = record.flatMap { $0.count > 1 ? Double($0[1]) : nil } ?? .nan
        let allViolations = record.flatMap { $0.count > 2 ? Int($0[2]) : nil } ?? -1
        let allFiles = record.flatMap { $0.count > 3 ? Int($0[3]) : nil } ?? -1
        let peakRSS = record.flatMap { $0.count > 4 ? Int($0[4]) : nil } ?? -1
        let baselineRSS = record.flatMap { $0.count > 5 ? Int($0[5]) : nil } ?? -1
        let childCPU = record.flatMap { $0.count > 6 ? Double($0[6]) : nil } ?? .nan
        if record == nil || child.exitStatus != 0 { print("the all-cores child failed (status \(child.exitStatus))") }
        print("all cores (\(ProcessInfo.processInfo.activeProcessorCount)): \(allFiles) files, \(grouped(Double(allViolations))) violations; child peak RSS \(grouped(Double(peakRSS))) bytes")
        if allViolations != violations { print("note: all-cores violation count differs from one core (\(allViolations) vs \(violations))") }

        print("all-cores child: \(formatNumber(childCPU, digits: 1)) s of CPU in \(formatNumber(allSeconds, digits: 1)) s wall (\(formatNumber(childCPU / allSeconds, digits: 2)) cores busy)")
        print("after measuring: " + loadAverageNote())
        let oneRate = mb / oneCore, allRate = mb / allSeconds, peerRate = mb / peer
        let rssRatio = Double(peakRSS) / Double(largest)
        print("")
        printTable(["run", "MB", "seconds", "MB/s", "vs JSONSerialization"], [
            ["fmtcheck lint, one core (DocumentLinter)", formatNumber(mb, digits: 1), formatNumber(oneCore, digits: 3),
             formatNumber(oneRate, digits: 1), formatNumber(oneRate / peerRate, digits: 2) + "x"],
            ["fmtcheck lint, all cores (LintRun, child)", formatNumber(mb, digits: 1), formatNumber(allSeconds, digits: 3),
             formatNumber(allRate, digits: 1), formatNumber(allRate / peerRate, digits: 2) + "x"],
            ["JSONSerialization parse, one core (peer)", formatNumber(mb, digits: 1), formatNumber(peer, digits: 3),
             formatNumber(peerRate, digits: 1), "1.00x"],
        ])
        printTable(["memory", "value"], [
            ["largest document (bytes)", grouped(Double(largest))],
            ["all-cores child peak RSS, VmHWM (bytes)", grouped(Double(peakRSS))],
            ["child VmHWM before linting (bytes)", grouped(Double(baselineRSS))],
            ["peak RSS / largest document", formatNumber(rssRatio, digits: 1)],
            ["(peak RSS - baseline) / largest document", formatNumber(Double(peakRSS - baselineRSS) / Double(largest), digits: 1)],
        ])
        print("(MB = 10^6 bytes; file reads included on both sides; goal: one core >= 2x JSONSerialization)")
        printMetric("lint_one_core_vs_jsonserialization", oneRate / peerRate)
        printMetric("lint_all_cores_mb_per_second", allRate)
        printMetric("lint_peak_rss_over_largest_document", rssRatio)
        // All cores ÷ one core, same run (goal: >= 1.8 on 2 cores).
        printMetric("lint_all_cores_speedup", oneCore / allSeconds)
        RecordsBenchmark.run(definition: definition)
        LintShapesBenchmark.run(definition: definition)
        LintCacheBenchmark.run(definition: definition)
    }

    /// The child: `fmtbench lint-all-cores DIR DEFINITION` lints DIR with LintRun and prints
    /// `allcores SECONDS VIOLATIONS FILES VMHWM_BYTES`.
    static func allCoresMain(_ arguments: [String]) {
        guard arguments.count >= 2 else { print("usage: lint-all-cores DIR DEFINITION"); exit(64) }
        let request = LintRequest(paths: [arguments[0]], definition: arguments[1], maxFileSize: Int.max / 2)
        let baseline = procStatusBytes("VmHWM")
        var result: LintRunResult?
        let cpuBefore = cpuSeconds()
        let seconds = measure { result = LintRun(request).run() }
        let cpu = cpuSeconds() - cpuBefore
        let violations = result?.files.reduce(0) { $0 + $1.violations.count } ?? -1
        print("allcores \(seconds) \(violations) \(result?.files.count ?? -1) \(procStatusBytes("VmHWM")) \(baseline) \(cpu)")
        flushOutput()
    }
}

/// User plus system CPU seconds of this process (all threads).
func cpuSeconds() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
        + Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6
}
