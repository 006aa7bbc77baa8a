import FormatCheck
import FormattingTesting
import Foundation
#if canImport(Glibc)
import Glibc
#endif

// `fmtbench commands`: fmtcheck's commands at scale, run in-process through `CommandRunner.main` (what the
// executable runs) with their output discarded. Near-linear time (issue 39): ten times the input must cost at most
// 15 times as much, for `convert --to html` (100,000 and 1,000,000 runs) and `definition check` (1,000 and 10,000
// constraints, chained and all on one key); `trace-to-script` must read at least 50 MB/s of decompressed trace.
// Memory: the peak RSS of `lint --format json|sarif|html` over 20,000 documents against the default format's, each
// run in a child process (`commands-lint FORMAT FOLDER`). Cost is the process's CPU time (so the machine's load,
// which stretches wall time, does not count); wall time is printed beside it.

enum CommandsBenchmark {
    /// CPU seconds of this process (every thread), and wall seconds.
    static func cost(_ body: () -> Void) -> (cpu: Double, wall: Double) {
        func cpu() -> Double {
            var ts = timespec()
            clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts)
            return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
        }
        let (c0, w0) = (cpu(), now())
        body()
        return (cpu() - c0, now() - w0)
    }

    /// Writes an input file; a benchmark that cannot write its inputs stops.
    static func save(_ path: String, _ contents: Data) {
        guard FileManager.default.createFile(atPath: path, contents: contents) else { fatalError("fmtbench commands: cannot write \(path)") }
    }

    /// Runs `fmtcheck arguments` in-process, its output discarded; the exit code.
    @discardableResult
    static func fmtcheck(_ arguments: [String]) -> ExitCode {
        CommandRunner.main(arguments: arguments, console: Console(out: { _ in }, err: { _ in }))
    }

    /// The cheapest of `times` runs.
    static func best(_ times: Int, _ body: () -> Void) -> (cpu: Double, wall: Double) {
        var found = (cpu: Double.infinity, wall: Double.infinity)
        for _ in 0..<times {
            let c = cost(body)
            found = (min(found.cpu, c.cpu), min(found.wall, c.wall))
        }
        return found
    }

    static func main() {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("fmtbench-commands-\(getpid())").path
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var rows: [[String]] = []
        func row(_ name: String, _ c: (cpu: Double, wall: Double)) { rows.append([name, formatNumber(c.cpu, digits: 3), formatNumber(c.wall, digits: 3)]) }

        // convert --to html: one document of N runs, each of its 1,000 colours in turn, every other run bold.
        var convert: [Int: Double] = [:]
        for runs in [100_000, 1_000_000] {
            let input = folder + "/runs\(runs).json", output = folder + "/runs\(runs).html"
            save(input, Data(manyRuns(runs)))
            let c = best(runs < 1_000_000 ? 3 : 1) {
                guard fmtcheck(["convert", input, output]) == .success else { fatalError("convert \(input) failed") }
            }
            convert[runs] = c.cpu
            row("convert --to html, \(grouped(Double(runs))) runs", c)
        }
        // definition check: N chained constraints (each reads the key the one before writes), and N on one key
        // (each a second owner: N errors to say).
        var check: [String: [Int: Double]] = [:]
        for shape in ["chained", "one key"] {
            for constraints in [1_000, 10_000] {
                let path = folder + "/\(shape == "chained" ? "chain" : "onekey")\(constraints).json"
                save(path, Data(definition(constraints, chained: shape == "chained").utf8))
                let c = best(3) { fmtcheck(["definition", "check", path]) }
                check[shape, default: [:]][constraints] = c.cpu
                row("definition check, \(grouped(Double(constraints))) constraints \(shape)", c)
            }
        }
        // trace-to-script over each shared trace, decompressed first (gzip's time is gzip's).
        var traceBytes = 0, traceCost = (cpu: 0.0, wall: 0.0)
        if let directory = Traces.directory() {
            for name in Traces.names {
                let plain = folder + "/\(name).json"
                let gzip = Process()
                gzip.executableURL = URL(fileURLWithPath: "/usr/bin/env")
                gzip.arguments = ["sh", "-c", "gzip -dc \"$0\" > \"$1\"", (directory as NSString).appendingPathComponent(name + ".json.gz"), plain]
                guard (try? gzip.run()) != nil else { continue }
                gzip.waitUntilExit()
                guard gzip.terminationStatus == 0, let size = (try? FileManager.default.attributesOfItem(atPath: plain))?[.size] as? Int else { continue }
                let c = best(3) {
                    guard fmtcheck(["trace-to-script", plain]) == .success else { fatalError("trace-to-script \(plain) failed") }
                }
                traceBytes += size
                traceCost = (traceCost.cpu + c.cpu, traceCost.wall + c.wall)
                row("trace-to-script \(name) (\(megabytes(size)))", c)
            }
        } else {
            print("no editing traces (../shared/traces or $FMTCHECK_SHARED): trace-to-script is not measured")
        }
        printTable(["command", "CPU s", "wall s"], rows)

        // Peak RSS of a lint run over 20,000 documents in each report format, each in a child process.
        let corpus = folder + "/corpus"
        let documents = environmentCount("FMTBENCH_COMMANDS_DOCUMENTS", default: 20_000)
        writeCorpus(documents, to: corpus)
        var peaks: [String: Int] = [:]
        var memoryRows: [[String]] = []
        for format in ["default", "json", "sarif", "html"] {
            let child = runSelf(["commands-lint", format, corpus])
            let peak = child.records("peak").first.flatMap { $0.count > 1 ? Int($0[1]) : nil } ?? -1
            peaks[format] = peak
            memoryRows.append(["lint --format \(format)", megabytes(peak), formatNumber(Double(peak) / Double(peaks["default"] ?? peak), digits: 2)])
        }
        print("")
        print("lint over \(grouped(Double(documents))) documents:")
        printTable(["run", "peak RSS", "÷ default"], memoryRows)

        printMetric("convert_html_10x_runs_cost", (convert[1_000_000] ?? .nan) / (convert[100_000] ?? .nan))
        printMetric("definition_check_10x_constraints_cost_chained", (check["chained"]?[10_000] ?? .nan) / (check["chained"]?[1_000] ?? .nan))
        printMetric("definition_check_10x_constraints_cost_one_key", (check["one key"]?[10_000] ?? .nan) / (check["one key"]?[1_000] ?? .nan))
        if traceBytes > 0 {
            printMetric("trace_to_script_mb_per_s", Double(traceBytes) / 1_000_000 / traceCost.cpu)
            printMetric("trace_to_script_mb_per_s_wall", Double(traceBytes) / 1_000_000 / traceCost.wall)
        }
        for format in ["json", "sarif", "html"] {
            printMetric("lint_\(format)_peak_rss_over_default", Double(peaks[format] ?? -1) / Double(peaks["default"] ?? -1))
        }
    }

    /// `commands-lint FORMAT FOLDER`: lints FOLDER in FORMAT into a file, and prints `peak BYTES` (VmHWM).
    static func lintChild(_ arguments: [String]) {
        guard arguments.count == 2 else { fatalError("commands-lint FORMAT FOLDER") }
        let output = arguments[1] + ".report." + arguments[0]
        defer { try? FileManager.default.removeItem(atPath: output) }
        let errors = TextBox()
        let code = CommandRunner.main(arguments: ["lint", arguments[1], "--format", arguments[0], "-o", output, "--quiet"],
                                      console: Console(out: { _ in }, err: { errors.append($0) }))
        guard code != .failure else {
            FileHandle.standardError.write(Data("fmtbench commands-lint: lint \(arguments[1]) failed:\n\(errors.text.prefix(2_000))".utf8))
            exit(2)
        }
        print("peak \(procStatusBytes("VmHWM"))")
    }

    /// A native JSON document of `count` runs in the table form: a word each, 1,000 colours in turn, every other
    /// run bold, a paragraph every 40 runs.
    static func manyRuns(_ count: Int) -> [UInt8] {
        var out = Array(#"{"attributeTable":["#.utf8)
        for k in 0..<2_000 {
            if k > 0 { out.append(UInt8(ascii: ",")) }
            let colour = String(format: "#%06x", (k / 2) * 16_741 % 0xFFFFFF)
            out += Array(#"{"foregroundColor":"\#(colour)"\#(k % 2 == 1 ? #","bold":true"# : "")}"#.utf8)
        }
        out += Array(#"],"runs":["#.utf8)
        for k in 0..<count {
            if k > 0 { out.append(UInt8(ascii: ",")) }
            out += Array("\"word\(k)\(k % 40 == 39 ? "\\n" : " ")\",\(k % 2_000)".utf8)
        }
        out += Array("]}".utf8)
        return out
    }

    /// A definition of `count` constraints: chained (constraint k sets `k{k+1}` where `k{k}` is present), or all
    /// owning one key (each sets it where `c` has its own value).
    static func definition(_ count: Int, chained: Bool) -> String {
        if chained {
            let attributes = (0...count).map { "\"k\($0)\": {\"type\": \"string\"}" }.joined(separator: ",\n")
            let scope = (0...count).map { "\"k\($0)\"" }.joined(separator: ", ")
            let constraints = (0..<count).map {
                "{\"name\": \"C\($0)\", \"key\": \"k\($0 + 1)\", \"rules\": [{\"when\": {\"present\": \"k\($0)\"}, \"set\": \"v\"}], \"otherwise\": \"remove\"}"
            }.joined(separator: ",\n")
            return "{\"name\": \"chain\", \"attributes\": {\(attributes)}, \"scope\": [\(scope)], \"constraints\": [\n\(constraints)]}"
        }
        let constraints = (0..<count).map {
            "{\"name\": \"C\($0)\", \"key\": \"k\", \"rules\": [{\"when\": {\"equals\": {\"key\": \"c\", \"value\": \"v\($0)\"}}, \"set\": \"x\($0)\"}]}"
        }.joined(separator: ",\n")
        return "{\"name\": \"onekey\", \"attributes\": {\"k\": {\"type\": \"string\"}, \"c\": {\"type\": \"string\"}}, \"scope\": [\"k\", \"c\"], \"constraints\": [\n\(constraints)]}"
    }

    /// `count` recipe documents of a few paragraphs each under `folder` (100 subfolders), with about six findings
    /// each (uncoloured ingredients, coloured plain text, an undeclared bold), and the `.fmtcheck.json` naming the
    /// recipe definition.
    static func writeCorpus(_ count: Int, to folder: String) {
        var rng = SeededGenerator(seed: 39)
        let words = RecipeCorpus.words
        let definition = RecipeCorpus.recipeDefinitionPath()
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        save(folder + "/.fmtcheck.json", Data(#"{"definition": "\#(definition)"}"#.utf8))
        for n in 0..<count {
            let sub = folder + "/d\(n % 100)"
            if n < 100 { try? FileManager.default.createDirectory(atPath: sub, withIntermediateDirectories: true) }
            var runs: [String] = []
            for _ in 0..<rng.int(in: 3...8) {
                for w in 0..<rng.int(in: 4...12) {
                    let word = words[rng.below(words.count)]
                    let text = word + (w < 11 ? " " : "")
                    let draw = rng.below(100)
                    let attributes: String
                    switch draw {
                    case 0..<8: attributes = #"{"ingredient":"\#(word)"}"#
                    case 8..<12: attributes = ##"{"foregroundColor":"#ff0000"}"##
                    case 12..<14: attributes = #"{"bold":true}"#
                    case 14..<20: attributes = ##"{"ingredient":"\##(word)","foregroundColor":"#34C759"}"##
                    default: attributes = "{}"
                    }
                    runs.append("\"\(text)\",\(attributes)")
                }
                runs.append(#""\n",{}"#)
            }
            save(sub + "/doc\(n).json", Data(("[" + runs.joined(separator: ",") + "]").utf8))
        }
    }
}

/// Text collected from a console's writer.
final class TextBox: @unchecked Sendable {
    private let lock = NSLock()
    private(set) var text = ""

    func append(_ piece: String) {
        lock.lock(); defer { lock.unlock() }
        text += piece
    }
}
