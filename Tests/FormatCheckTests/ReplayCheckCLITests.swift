import Foundation
import XCTest
import FormatCheck
import Formatting
import FormattingTesting
import RichText

/// `fmtcheck replay` takes every script the property harness prints, and `--check` runs the harness's
/// invariants on it.
final class ReplayCheckCLITests: XCTestCase {
    /// The script lines of a printed failure report.
    static func printedScript(_ report: String) -> String {
        report.split(separator: "\n").filter { $0.hasPrefix("{\"op\"") }.joined(separator: "\n") + "\n"
    }

    /// An editor that keeps only the text: every attribute step is dropped, so the definition is not enforced.
    struct TextOnlyEditor: ScriptEditor {
        var inner: SessionEditor
        var document: RichString { inner.document }
        var selection: ScalarSelection { inner.selection }
        mutating func apply(_ step: ScriptStep) -> [Adjustment] {
            switch step {
            case .set(let from, let to, _, _): return inner.apply(.select(from: from, to: to))
            default: return inner.apply(step)
            }
        }
    }

    func testEveryPrintedScriptOfAShippedDefinitionReplaysAndChecks() throws {
        let path = shippedDefinition("paragraph-styles")
        let loaded = try DefinitionFile.load(path: path)
        let folder = try temporaryFolder(self)
        var replayed = 0
        for seed in UInt64(1)...4 {
            // Printed failures of a custom editor: select steps, wrong-typed values, typed values, pastes.
            let result = PropertyCheck.run(definition: loaded.definition, seed: seed * 100, budget: PropertyCheckBudget(scripts: 10, steps: 60),
                                           failuresFolder: nil) { TextOnlyEditor(inner: SessionEditor(engine: $0)) }
            guard case let .failed(_, _, _, script, report, _) = result else { continue }
            let file = try write(Self.printedScript(report), to: "failure-\(seed).jsonl", in: folder)
            let plain = try FmtcheckProcess.run(["replay", "--definition", path, "--script", file])
            XCTAssertEqual(plain.status, 0, "\(report)\n\(plain.err)")
            let checked = try FmtcheckProcess.run(["replay", "--check", "--definition", path, "--script", file])
            // The engine's editor keeps every invariant, as `PropertyCheck.check` without `makeEditor:` says.
            XCTAssertNil(PropertyCheck.check(script: script, definition: loaded.definition))
            XCTAssertEqual(checked.status, 0, "\(report)\n\(checked.out)\(checked.err)")
            XCTAssertTrue(checked.err.contains("every invariant held after each of \(script.count) steps"), checked.err)
            replayed += 1
        }
        XCTAssertGreaterThan(replayed, 0)
    }

    func testReplayAcceptsSelectStepsTypedAndWrongTypedValues() throws {
        let folder = try temporaryFolder(self)
        let script = try write("""
        {"op":"insert","at":0,"text":"milk\\u2029eggs"}
        {"op":"select","from":0,"to":4}
        {"op":"set","from":0,"to":4,"key":"ingredient","value":{"$color":"#ff0000ff"}}
        {"op":"set","from":5,"to":9,"key":"foregroundColor","value":12}
        {"op":"insertAttributed","at":0,"document":["x",{"ingredient":1.0,"foregroundColor":{"$url":"https://a.b"}}]}

        """, to: "script.jsonl", in: folder)
        for extra in [[], ["--check"]] {
            let result = try FmtcheckProcess.run(["replay", "--definition", shippedDefinition("recipe"), "--script", script] + extra)
            XCTAssertEqual(result.status, 0, "\(extra): \(result.err)")
            XCTAssertTrue(result.out.hasPrefix(##"["x",{"foregroundColor":"#34c759","ingredient":1"##), "\(extra): \(result.out)")
        }
    }

    func testReplayCheckNamesABadLineLikeReplay() throws {
        let folder = try temporaryFolder(self)
        let script = try write(#"{"op":"insert","at":0,"text":"ab"}"# + "\n" + #"{"op":"cut"}"# + "\n", to: "bad.jsonl", in: folder)
        let result = try FmtcheckProcess.run(["replay", "--check", "--definition", shippedDefinition("recipe"), "--script", script])
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.out, "")
        XCTAssertTrue(result.err.contains(#"\#(script):2: error: unknown op "cut""#), result.err)
        let pasteless = try write(#"{"op":"paste"}"# + "\n", to: "pasteless.jsonl", in: folder)
        for extra in [[], ["--check"]] {
            let missing = try FmtcheckProcess.run(["replay"] + extra + ["--definition", shippedDefinition("recipe"), "--script", pasteless])
            XCTAssertEqual(missing.status, 2, "\(extra)")
            XCTAssertTrue(missing.err.contains("\(pasteless):1: error:") && missing.err.contains("document"), "\(extra): \(missing.err)")
        }
    }

    func testReplayCheckTakesUnitLinesAsReplayDoes() throws {
        let folder = try temporaryFolder(self)
        let script = try write("""
        {"op":"insert","at":0,"text":"👍🏽 milk"}
        {"op":"set","from":5,"to":9,"key":"ingredient","value":"milk","unit":"utf16"}
        {"op":"delete","from":0,"to":8,"unit":"utf8"}
        """, to: "units.jsonl", in: folder)
        var outputs: [String] = []
        for extra in [[], ["--check"]] {
            let result = try FmtcheckProcess.run(["replay", "--definition", shippedDefinition("recipe"), "--script", script] + extra)
            XCTAssertEqual(result.status, 0, "\(extra): \(result.err)")
            outputs.append(result.out)
        }
        XCTAssertEqual(outputs[0], ##"[" ",{},"milk",{"foregroundColor":"#34c759","ingredient":"milk"}]"## + "\n")
        XCTAssertEqual(outputs[1], outputs[0])
        let inside = try write(#"{"op":"insert","at":0,"text":"👍"}"# + "\n" + #"{"op":"insert","at":1,"text":"x","unit":"utf16"}"# + "\n",
                               to: "inside.jsonl", in: folder)
        for extra in [[], ["--check"]] {
            let result = try FmtcheckProcess.run(["replay", "--definition", shippedDefinition("recipe"), "--script", inside] + extra)
            XCTAssertEqual(result.status, 2, "\(extra)")
            XCTAssertTrue(result.err.contains("\(inside):2: error: UTF-16 offset 1 falls inside a surrogate pair"), "\(extra): \(result.err)")
        }
    }

    func testReplayCheckTakesNoTrace() {
        XCTAssertThrowsError(try Command.parse(["replay", "--check", "--trace", "t.json"]))
    }
}
