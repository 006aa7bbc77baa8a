import Foundation
import FormattingTesting
#if canImport(Glibc)
import Glibc
#endif

// Timing, the seeded RNG's draws, metric and table printing, memory readings, and child processes.

extension SeededGenerator {
    /// A uniform integer in `0..<bound` (bound > 0): the high word of one draw times `bound`, so every seed
    /// gives the benchmarks the scripts it always gave.
    mutating func below(_ bound: Int) -> Int {
        precondition(bound > 0)
        return Int(next().multipliedFullWidth(by: UInt64(bound)).high)
    }

    /// A uniform integer in `range`, drawn as `below` draws.
    mutating func int(in range: ClosedRange<Int>) -> Int {
        range.lowerBound + below(range.upperBound - range.lowerBound + 1)
    }

    /// True with probability `p`, from the high 53 bits of one draw (`chance(_:)` uses the low ones), so every
    /// seed gives the benchmarks the documents it always gave.
    mutating func chanceFromHighBits(_ p: Double) -> Bool {
        Double(next() >> 11) / Double(1 << 53) < p
    }
}

/// Monotonic time in seconds.
@inline(__always)
func now() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
}

/// Runs `body` and returns its wall-clock seconds.
@inline(__always)
func measure(_ body: () throws -> Void) rethrows -> Double {
    let start = now()
    try body()
    return now() - start
}

/// A `metric NAME VALUE` line, as scripts read them (DESIGN §7).
func printMetric(_ name: String, _ value: Double) {
    print("metric \(name) \(formatNumber(value, digits: 4))")
}

func formatNumber(_ value: Double, digits: Int = 2) -> String {
    if value.isNaN { return "nan" }
    if value.isInfinite { return value > 0 ? "inf" : "-inf" }
    return String(format: "%.\(digits)f", value)
}

/// A number with thousands separators, for ops/s columns.
func grouped(_ value: Double) -> String {
    guard value.isFinite else { return formatNumber(value) }
    let n = Int(value.rounded())
    let digits = String(abs(n))
    var out = ""
    for (i, c) in digits.enumerated() {
        if i > 0 && (digits.count - i) % 3 == 0 { out.append(",") }
        out.append(c)
    }
    return (n < 0 ? "-" : "") + out
}

/// Prints rows as a left-aligned (first column) / right-aligned (others) table.
func printTable(_ header: [String], _ rows: [[String]]) {
    let all = [header] + rows
    var widths = [Int](repeating: 0, count: header.count)
    for row in all { for (i, cell) in row.enumerated() where i < widths.count { widths[i] = max(widths[i], cell.count) } }
    func line(_ row: [String]) -> String {
        row.enumerated().map { i, cell in
            let pad = String(repeating: " ", count: max(0, widths[i] - cell.count))
            return i == 0 ? cell + pad : pad + cell
        }.joined(separator: "  ")
    }
    print(line(header))
    print(widths.map { String(repeating: "-", count: $0) }.joined(separator: "  "))
    for row in rows { print(line(row)) }
}

// MARK: Memory

/// A field of /proc/self/status in bytes (VmHWM = peak resident, VmRSS = current resident).
func procStatusBytes(_ field: String) -> Int {
    guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return -1 }
    for line in text.split(separator: "\n") where line.hasPrefix(field + ":") {
        let digits = line.dropFirst(field.count + 1).filter(\.isNumber)
        return (Int(digits) ?? -1) * 1024
    }
    return -1
}

func megabytes(_ bytes: Int) -> String { formatNumber(Double(bytes) / 1_048_576, digits: 1) + " MB" }

// MARK: Child processes

/// The path of this executable, to re-invoke it with a hidden subcommand.
func selfExecutablePath() -> String {
    if let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") { return path }
    return CommandLine.arguments[0]
}

struct ChildResult {
    var output: String
    var exitStatus: Int32
    var crashed: Bool        // terminated by a signal (a trap)
    var lines: [Substring] { output.split(separator: "\n") }

    /// The whitespace-separated fields of every line starting with `tag`.
    func records(_ tag: String) -> [[String]] {
        lines.filter { $0.hasPrefix(tag + " ") }.map { $0.split(separator: " ").map(String.init) }
    }
}

/// Runs this executable with `arguments`, capturing stdout (stderr passes through). With `quietCrash`, the
/// Swift runtime's backtracer is off in the child, so an expected trap costs one line instead of a backtrace.
func runSelf(_ arguments: [String], quietCrash: Bool = false) -> ChildResult {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: selfExecutablePath())
    process.arguments = arguments
    if quietCrash {
        var environment = ProcessInfo.processInfo.environment
        environment["SWIFT_BACKTRACE"] = "enable=no"
        process.environment = environment
    }
    let pipe = Pipe()
    process.standardOutput = pipe
    do { try process.run() } catch {
        return ChildResult(output: "", exitStatus: -1, crashed: true)
    }
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let crashed = process.terminationReason == .uncaughtSignal
    return ChildResult(output: String(decoding: data, as: UTF8.self), exitStatus: process.terminationStatus, crashed: crashed)
}

/// Flushes stdout, so a parent reading a pipe sees lines written before a crash.
func flushOutput() { fflush(nil) }

/// FNV-1a over UTF-8, to compare final texts across processes.
func fnv1a<S: Sequence>(_ bytes: S) -> UInt64 where S.Element == UInt8 {
    var h: UInt64 = 0xcbf2_9ce4_8422_2325
    for b in bytes { h = (h ^ UInt64(b)) &* 0x100_0000_01b3 }
    return h
}

/// A `metric NAME VALUE` line for a count.
func printMetric(_ name: String, _ value: Int) {
    print("metric \(name) \(value)")
}

/// Uses `value` where the optimizer cannot see, so that the work that computed it is not left out of a timed loop.
@_optimize(none) @inline(never)
func blackHole<T>(_ value: T) {}

/// A positive count from the environment variable `name`, or `fallback`.
func environmentCount(_ name: String, default fallback: Int) -> Int {
    ProcessInfo.processInfo.environment[name].flatMap { Int($0) }.map { max(1, $0) } ?? fallback
}

/// The median of `values` (nan when empty).
func median(_ values: [Double]) -> Double {
    guard !values.isEmpty else { return .nan }
    let sorted = values.sorted()
    let mid = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
}
