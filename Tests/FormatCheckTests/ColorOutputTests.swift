import FormatCheck
import Foundation
import XCTest

/// `--color auto|always|never`, `NO_COLOR` and `FORCE_COLOR`: colour where a person reads a terminal, never in a
/// pipe or a report file unless asked, and never a sequence that text from input brought.
final class ColorOutputTests: XCTestCase {
    let escape = "\u{1B}["

    func testTheDecisionFollowsTheOptionThenFORCE_COLORThenNO_COLORThenTheTerminal() {
        func decide(_ choice: ColorChoice?, tty: Bool, _ environment: [String: String] = [:]) -> Bool {
            TerminalStyle.decide(choice, isTerminal: tty, environment: environment).enabled
        }
        XCTAssertTrue(decide(nil, tty: true))
        XCTAssertFalse(decide(nil, tty: false))
        XCTAssertTrue(decide(.always, tty: false, ["NO_COLOR": "1"]))
        XCTAssertFalse(decide(.never, tty: true, ["FORCE_COLOR": "1"]))
        XCTAssertFalse(decide(.auto, tty: true, ["NO_COLOR": "1"]))
        XCTAssertTrue(decide(.auto, tty: true, ["NO_COLOR": ""]), "an empty NO_COLOR is not set")
        XCTAssertTrue(decide(nil, tty: false, ["FORCE_COLOR": "1"]))
        XCTAssertTrue(decide(nil, tty: false, ["FORCE_COLOR": "3", "NO_COLOR": "1"]), "FORCE_COLOR wins, as in Node.js")
        XCTAssertFalse(decide(nil, tty: true, ["FORCE_COLOR": "0"]))
        XCTAssertFalse(decide(nil, tty: true, ["FORCE_COLOR": "false"]))
        XCTAssertFalse(decide(nil, tty: true, ["TERM": "dumb"]))
    }

    /// Runs fmtcheck under a pseudo-terminal (`script`), as a person's shell runs it; nil where `script` is missing.
    func onATerminal(_ arguments: [String], environment: [String: String] = [:]) throws -> String {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/script") else { throw XCTSkip("script(1) is not installed") }
        let binary = try FmtcheckProcess.binary().path
        let command = ([binary] + arguments).map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }.joined(separator: " ")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
        process.arguments = ["-qec", command, "/dev/null"]
        process.currentDirectoryURL = packageRoot
        var env = ProcessInfo.processInfo.environment.filter { !["FORCE_COLOR", "NO_COLOR"].contains($0.key) }
        env["TERM"] = "xterm-256color"
        process.environment = env.merging(environment) { $1 }
        let out = Pipe()
        process.standardOutput = out
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    func testATerminalGetsColourAndAPipeDoesNot() throws {
        let terminal = try onATerminal(["Examples/recipes/smoothie.json"])
        XCTAssertTrue(terminal.contains("\(escape)1mExamples/recipes/smoothie.json:1:118:\(escape)0m \(escape)1;31merror\(escape)0m \(escape)2mIngredientsAreGreen:\(escape)0m foregroundColor is nil"),
                      terminal.debugDescription)
        XCTAssertTrue(terminal.contains("\(escape)1;31m1 problem (1 error, 0 warnings)"), terminal.debugDescription)
        let pipe = try FmtcheckProcess.run(["Examples/recipes/smoothie.json"])
        XCTAssertFalse(pipe.out.contains(escape) || pipe.err.contains(escape))
        XCTAssertEqual(pipe.out, "Examples/recipes/smoothie.json:1:118: error IngredientsAreGreen: foregroundColor is nil but IngredientsAreGreen requires #34c759 on \"milk\"\n")
    }

    func testNO_COLORAndNeverTurnItOffOnATerminal() throws {
        XCTAssertFalse(try onATerminal(["Examples/recipes/smoothie.json"], environment: ["NO_COLOR": "1"]).contains(escape))
        XCTAssertFalse(try onATerminal(["Examples/recipes/smoothie.json", "--color", "never"]).contains(escape))
        XCTAssertFalse(try onATerminal(["Examples/recipes/smoothie.json"], environment: ["FORCE_COLOR": "0"]).contains(escape))
    }

    func testAlwaysAndFORCE_COLORColourAPipeButNeverAReportFile() throws {
        let always = try FmtcheckProcess.run(["Examples/recipes/smoothie.json", "--color=always"])
        XCTAssertTrue(always.out.contains("\(escape)1;31merror\(escape)0m"), always.out.debugDescription)
        XCTAssertTrue(always.err.hasPrefix("\(escape)1;31m1 problem"), always.err.debugDescription)
        let forced = try FmtcheckProcess.run(["Examples/recipes/smoothie.json"], environment: ["FORCE_COLOR": "1", "NO_COLOR": "1"])
        XCTAssertTrue(forced.out.contains(escape))
        let folder = try temporaryFolder(self)
        let report = folder.appendingPathComponent("report.txt").path
        let file = try FmtcheckProcess.run(["Examples/recipes/smoothie.json", "--color", "always", "-o", report])
        XCTAssertEqual(file.status, 1, file.err)
        XCTAssertFalse(try String(contentsOfFile: report, encoding: .utf8).contains(escape))
        // A clean run is green, a diff red and green as git colours it.
        let clean = try FmtcheckProcess.run(["Examples/recipes/pancakes.json", "--color", "always"])
        XCTAssertTrue(clean.err.hasPrefix("\(escape)32mno problems in 1 file"), clean.err.debugDescription)
        let diff = try FmtcheckProcess.run(["Examples/recipes/smoothie.json", "--diff", "--color", "always"])
        assertContains(diff.out, ["\(escape)1m--- a/Examples/recipes/smoothie.json\(escape)0m", "\(escape)36m@@", "\(escape)31m-", "\(escape)32m+"])
        let plainDiff = try FmtcheckProcess.run(["Examples/recipes/smoothie.json", "--diff"])
        XCTAssertFalse(plainDiff.out.contains(escape))
    }

    func testTextFromADocumentCannotBringASequenceOfItsOwn() throws {
        let folder = try temporaryFolder(self)
        try write(#"["\u001B[2J\u001B]0;pwned\u0007milk",{"ingredient":"milk"}]"#, to: "hostile.json", in: folder)
        let result = try FmtcheckProcess.run(["hostile.json", "-d", shippedDefinition("recipe"), "--color", "always"], in: folder)
        XCTAssertEqual(result.status, 1, result.err)
        // Every escape in the output is one of ours: an SGR colour.
        let ours = try NSRegularExpression(pattern: "\u{1B}\\[(0|1|2|1;31|1;33|31|32|36)m")
        let stripped = ours.stringByReplacingMatches(in: result.out, range: NSRange(result.out.startIndex..., in: result.out), withTemplate: "")
        XCTAssertFalse(stripped.contains("\u{1B}"), stripped.debugDescription)
        XCTAssertTrue(stripped.contains("\\u{1B}[2J"), stripped)
    }

    func testABadColorValueIsAUsageError() throws {
        let result = try FmtcheckProcess.run(["Examples", "--color", "sometimes"])
        XCTAssertEqual(result.status, 2)
        assertContains(result.err, ["--color takes auto, always or never, not 'sometimes'"])
    }
}
