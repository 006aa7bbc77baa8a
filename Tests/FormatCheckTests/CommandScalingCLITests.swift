import Foundation
import XCTest

/// Commands on inputs large in one dimension finish, and right (issue 39, defect 8): sizes that the quadratic code
/// took many minutes on (`convert --to html` of 50,000 runs of distinct colours took 102 s in release; `definition
/// check` of 4,000 chained constraints 3.3 s, growing fourfold with each doubling), which the fixed code does in
/// seconds even in a debug build. The timeout only stops a hang from stalling the suite; the tests check results.
/// `fmtbench commands` measures the cost ratios.
final class CommandScalingCLITests: XCTestCase {
    /// Long enough for a debug build on a loaded machine; far shorter than the quadratic code took.
    static let hang: TimeInterval = 600

    func testConvertingAHundredThousandRunsOfDistinctColoursToHTMLFinishes() throws {
        let folder = try temporaryFolder(self)
        let runs = 100_000
        var document = "["
        for k in 0..<runs {
            if k > 0 { document += "," }
            document += "\"w\(k) \",{\"foregroundColor\":\"#\(String(format: "%06x", k * 37 % 0xFFFFFF))\"}"
        }
        try write(document + "]", to: "runs.json", in: folder)
        let result = try FmtcheckProcess.run(["convert", "runs.json", "runs.html"], in: folder, timeout: Self.hang)
        XCTAssertFalse(result.timedOut, "convert --to html of \(runs) runs hung")
        XCTAssertEqual(result.status, 0, result.err)
        let page = try String(contentsOf: folder.appendingPathComponent("runs.html"), encoding: .utf8)
        XCTAssertEqual(page.components(separatedBy: "<span style=\"color:").count - 1, runs, "a styled span per run")
        XCTAssertTrue(page.contains("<span style=\"color:#\(String(format: "%06x", (runs - 1) * 37 % 0xFFFFFF))\">w\(runs - 1) </span>"))
    }

    func testCheckingTwentyThousandChainedConstraintsOrTwentyThousandOwnersOfOneKeyFinishes() throws {
        let folder = try temporaryFolder(self)
        let count = 20_000
        let attributes = (0...count).map { "\"k\($0)\": {\"type\": \"string\"}" }.joined(separator: ",\n")
        let scope = (0...count).map { "\"k\($0)\"" }.joined(separator: ", ")
        let chained = (0..<count).map {
            "{\"name\": \"C\($0)\", \"key\": \"k\($0 + 1)\", \"rules\": [{\"when\": {\"present\": \"k\($0)\"}, \"set\": \"v\"}], \"otherwise\": \"remove\"}"
        }.joined(separator: ",\n")
        try write("{\"name\": \"chain\", \"attributes\": {\(attributes)}, \"scope\": [\(scope)], \"constraints\": [\n\(chained)]}",
                  to: "chain.json", in: folder)
        var result = try FmtcheckProcess.run(["definition", "check", "chain.json"], in: folder, timeout: Self.hang)
        XCTAssertFalse(result.timedOut, "definition check of \(count) chained constraints hung")
        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertEqual(result.out, "chain.json: ok: definition 'chain', \(count + 1) attributes, \(count) constraints\n")

        let owners = (0..<count).map {
            "{\"name\": \"C\($0)\", \"key\": \"k\", \"rules\": [{\"when\": {\"equals\": {\"key\": \"c\", \"value\": \"v\($0)\"}}, \"set\": \"x\($0)\"}]}"
        }.joined(separator: ",\n")
        try write("{\"name\": \"onekey\", \"attributes\": {\"k\": {\"type\": \"string\"}, \"c\": {\"type\": \"string\"}}, \"scope\": [\"k\", \"c\"], \"constraints\": [\n\(owners)]}",
                  to: "onekey.json", in: folder)
        result = try FmtcheckProcess.run(["definition", "check", "onekey.json"], in: folder, timeout: Self.hang)
        XCTAssertFalse(result.timedOut, "definition check of \(count) owners of one key hung")
        XCTAssertEqual(result.status, 2, result.out)
        XCTAssertEqual(result.err.components(separatedBy: "both own 'k'").count - 1, count - 1, "every second owner is said once")
        XCTAssertTrue(result.err.contains("onekey.json: invalid definition: \(count - 1) errors"), String(result.err.suffix(300)))
    }
}
