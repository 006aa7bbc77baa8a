import Foundation
import FormatCheck
import FormattingTesting
#if canImport(Glibc)
import Glibc
#endif

// fmtbench lint, shaped rows (issue 40): two generated corpora linted on one core the way `fmtcheck lint` lints
// a folder (LintRun), in a child process held to one CPU, timed by the child's CPU seconds:
// - a CI team's shape: native JSON documents of 40 paragraphs (~13 KB) in many scripts, a finding in about one
//   paragraph in four with non-ASCII text before it (their corpus: 17,602 documents, 225 MB; here 2,000
//   documents, FMTBENCH_CI_DOCUMENTS=N for more);
// - documents of 100 findings each (~13 KB), for the CPU a finding costs, parse included.
// `fmtbench lint-shapes` runs these rows alone.

enum LintShapesBenchmark {
    /// One corpus on disk.
    struct Corpus {
        var name: String
        var directory: String
        var files: Int
        var bytes: Int
    }

    /// Writes both corpora, lints each in one-core children (three rounds, alternating, each corpus's least CPU
    /// kept), prints the rows and the metrics.
    static func run(definition: String) {
        let root = NSTemporaryDirectory() + "fmtbench-shapes-\(getpid())"
        defer { try? FileManager.default.removeItem(atPath: root) }
        let ciCount = environmentCount("FMTBENCH_CI_DOCUMENTS", default: 2_000)
        var rng = SeededGenerator(seed: 0x4349_5348)
        let ci = write("ci-shape", count: ciCount, under: root) { i in RecipeCorpus.ciShapeDocument(table: i % 2 == 1, rng: &rng) }
        let dense = write("dense", count: 500, under: root) { i in RecipeCorpus.denseFindingsDocument(table: i % 2 == 1, rng: &rng) }
        guard let ci, let dense else { return }
        print("")
        print("shaped corpora: \(ci.name) \(ci.files) documents, \(formatNumber(Double(ci.bytes) / 1_000_000, digits: 1)) MB; \(dense.name) \(dense.files) documents, \(formatNumber(Double(dense.bytes) / 1_000_000, digits: 1)) MB; " + loadAverageNote())
        flushOutput()
        var best: [String: (cpu: Double, wall: Double, violations: Int)] = [:]
        for _ in 0..<3 {
            for corpus in [ci, dense] {
                let child = runSelf(["lint-one-core", corpus.directory, definition])
                guard let record = child.records("onecore").first, record.count >= 5, child.exitStatus == 0,
                      let wall = Double(record[1]), let cpu = Double(record[2]), let violations = Int(record[3]) else {
                    print("the one-core child for \(corpus.name) failed (status \(child.exitStatus)): \(child.output.suffix(400))")
                    return
                }
                print("\(corpus.name): \(grouped(Double(violations))) violations, \(formatNumber(cpu, digits: 2)) s of CPU in \(formatNumber(wall, digits: 2)) s")
                flushOutput()
                if cpu < best[corpus.name]?.cpu ?? .infinity { best[corpus.name] = (cpu, wall, violations) }
            }
        }
        let ciBest = best[ci.name]!, denseBest = best[dense.name]!
        let ciRate = Double(ci.bytes) / 1_000_000 / ciBest.cpu
        let denseRate = Double(dense.bytes) / 1_000_000 / denseBest.cpu
        let perFinding = denseBest.cpu * 1_000_000 / Double(max(denseBest.violations, 1))
        printTable(["one core (LintRun, one CPU)", "documents", "MB", "violations", "CPU s", "MB per CPU s", "CPU µs per finding"], [
            [ci.name, grouped(Double(ci.files)), formatNumber(Double(ci.bytes) / 1_000_000, digits: 1), grouped(Double(ciBest.violations)),
             formatNumber(ciBest.cpu, digits: 2), formatNumber(ciRate, digits: 1), formatNumber(ciBest.cpu * 1_000_000 / Double(max(ciBest.violations, 1)), digits: 1)],
            [dense.name + " (100 findings each)", grouped(Double(dense.files)), formatNumber(Double(dense.bytes) / 1_000_000, digits: 1),
             grouped(Double(denseBest.violations)), formatNumber(denseBest.cpu, digits: 2), formatNumber(denseRate, digits: 1),
             formatNumber(perFinding, digits: 1)],
        ])
        print("(least CPU of 3 each; goals: CI shape >= 60 MB/s, <= 3 µs a finding)")
        printMetric("lint_ci_shape_one_core_mb_per_second", ciRate)
        printMetric("lint_cpu_us_per_finding", perFinding)
    }

    /// Writes `count` documents made by `document` into `root/name`; nil (after saying why) when it cannot.
    static func write(_ name: String, count: Int, under root: String, _ document: (Int) -> [UInt8]) -> Corpus? {
        let directory = root + "/" + name
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            print("fmtbench lint shapes: cannot create \(directory): \(error)")
            return nil
        }
        var bytes = 0
        for i in 0..<count {
            let data = document(i)
            bytes += data.count
            guard FileManager.default.createFile(atPath: directory + "/" + String(format: "doc%05d.json", i), contents: Data(data)) else {
                print("fmtbench lint shapes: cannot write into \(directory)")
                return nil
            }
        }
        return Corpus(name: name, directory: directory, files: count, bytes: bytes)
    }

    /// The child: `fmtbench lint-one-core DIR DEFINITION` holds itself to one CPU, lints DIR with LintRun and
    /// prints `onecore WALL_SECONDS CPU_SECONDS VIOLATIONS FILES`.
    static func oneCoreMain(_ arguments: [String]) {
        guard arguments.count >= 2 else { print("usage: lint-one-core DIR DEFINITION"); exit(64) }
        holdToOneCPU()
        let request = LintRequest(paths: [arguments[0]], definition: arguments[1], maxFileSize: Int.max / 2)
        var result: LintRunResult?
        let cpuBefore = cpuSeconds()
        let seconds = measure { result = LintRun(request).run() }
        let cpu = cpuSeconds() - cpuBefore
        let violations = result?.files.reduce(0) { $0 + $1.violations.count } ?? -1
        print("onecore \(seconds) \(cpu) \(violations) \(result?.files.count ?? -1)")
        flushOutput()
    }

    /// Restricts this process to the first CPU it may run on (Linux, where Glibc's module leaves the affinity
    /// calls out: they are looked up by name); elsewhere it runs as it is.
    static func holdToOneCPU() {
        #if os(Linux)
        typealias Affinity = @convention(c) (pid_t, Int, UnsafeMutableRawPointer) -> Int32
        guard let get = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "sched_getaffinity"),
              let set = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "sched_setaffinity") else { return }
        let getAffinity = unsafeBitCast(get, to: Affinity.self), setAffinity = unsafeBitCast(set, to: Affinity.self)
        var words = [UInt](repeating: 0, count: 16)
        let size = words.count * MemoryLayout<UInt>.size
        guard words.withUnsafeMutableBytes({ getAffinity(0, size, $0.baseAddress!) }) == 0,
              let word = words.firstIndex(where: { $0 != 0 }) else { return }
        var one = [UInt](repeating: 0, count: words.count)
        one[word] = 1 << UInt(words[word].trailingZeroBitCount)
        _ = one.withUnsafeMutableBytes { setAffinity(0, size, $0.baseAddress!) }
        #endif
    }
}
