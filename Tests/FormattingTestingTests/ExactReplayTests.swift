import Foundation
import XCTest
import Formatting
import FormattingTesting
import RichText

/// A printed failure is a case you can keep: pasted back it fails the same way, one case reruns from the
/// environment, failures are saved and replayed first, and a crash leaves the case behind.
final class ExactReplayTests: XCTestCase {
    let budget = PropertyCheckBudget(scripts: 40, steps: 60)

    func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("exact-replay-\(UUID().uuidString)")
        addTeardownBlock { try? FileManager.default.removeItem(at: url) }
        return url
    }

    /// The script lines of a printed report.
    func printedScript(_ report: String) -> String {
        report.split(separator: "\n").filter { $0.hasPrefix("{\"op\"") }.joined(separator: "\n")
    }

    func findSeparatorBug(failuresFolder: URL?, property: String = "separators") throws -> (seed: UInt64, failure: InvariantFailure, report: String) {
        let result = PropertyCheck.run(definition: try Fixtures.recipe(), seed: 1, budget: budget, failuresFolder: failuresFolder, property: property) {
            SeparatorBlindEditor(engine: $0)
        }
        guard case let .failed(seed, _, failure, _, report, _) = result else { throw XCTSkip("the planted bug was not found: \(result)") }
        return (seed, failure, report)
    }

    func testAPrintedFailurePastedIntoCheckWithMakeEditorFailsTheSameWay() throws {
        let (_, failure, report) = try findSeparatorBug(failuresFolder: nil)
        XCTAssertEqual(failure.check, .selectionTracking)
        let script = try ScriptStep.parse(jsonLines: printedScript(report))
        let again = PropertyCheck.check(script: script, definition: try Fixtures.recipe()) { SeparatorBlindEditor(engine: $0) }
        XCTAssertEqual(again?.failure, failure, report)
        XCTAssertEqual(again?.step, script.count - 1)
        // The engine's own editor keeps every invariant on it: the bug is the custom editor's.
        XCTAssertNil(PropertyCheck.check(script: script, definition: try Fixtures.recipe()))
    }

    func testReportsEscapeInvisibleCharacters() throws {
        let (_, _, report) = try findSeparatorBug(failuresFolder: nil)
        XCTAssertTrue(report.contains("\\u2029"), report)
        XCTAssertFalse(report.unicodeScalars.contains("\u{2029}"), report)
    }

    func testTheRerunAdviceGivesSeedAndStepsAndFMTCHECK_SEEDRerunsThatCase() throws {
        let (seed, failure, report) = try findSeparatorBug(failuresFolder: nil)
        XCTAssertTrue(report.contains("FMTCHECK_SEED=\(seed) FMTCHECK_STEPS=\(budget.steps)"), report)
        setenv("FMTCHECK_SEED", "\(seed)", 1)
        setenv("FMTCHECK_STEPS", "\(budget.steps)", 1)
        defer { unsetenv("FMTCHECK_SEED"); unsetenv("FMTCHECK_STEPS") }
        // Another starting seed and a budget of many scripts: the environment still runs only that case.
        let result = PropertyCheck.run(definition: try Fixtures.recipe(), seed: 999, budget: budget, failuresFolder: nil) { SeparatorBlindEditor(engine: $0) }
        guard case let .failed(rerunSeed, _, rerunFailure, _, _, stats) = result else { return XCTFail("the rerun passed: \(result)") }
        XCTAssertEqual(rerunSeed, seed)
        XCTAssertEqual(rerunFailure, failure)
        XCTAssertEqual(stats.scriptsGenerated, 1)
    }

    func testFMTCHECK_REPLAYRunsOnePrintedScript() throws {
        let (_, failure, report) = try findSeparatorBug(failuresFolder: nil)
        let file = try folder().appendingPathComponent("case.jsonl")
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try printedScript(report).write(to: file, atomically: true, encoding: .utf8)
        setenv("FMTCHECK_REPLAY", file.path, 1)
        defer { unsetenv("FMTCHECK_REPLAY") }
        let result = PropertyCheck.run(definition: try Fixtures.recipe(), seed: 5000, budget: budget, failuresFolder: nil) { SeparatorBlindEditor(engine: $0) }
        guard case let .failed(_, _, replayed, _, replayReport, stats) = result else { return XCTFail("the replay passed: \(result)") }
        XCTAssertEqual(replayed, failure)
        XCTAssertEqual(stats.scriptsGenerated, 1)
        XCTAssertTrue(replayReport.contains("FMTCHECK_REPLAY=\(file.path)"), replayReport)
    }

    func testFailuresAreSavedAndReplayedFirstByTheNextRun() throws {
        let saved = try folder()
        let (seed, failure, report) = try findSeparatorBug(failuresFolder: saved)
        let files = SavedFailures(root: saved, property: "separators", file: #fileID, definition: "recipe", editorType: SeparatorBlindEditor.self,
                                  checks: Set(InvariantCheck.allCases)).load()
        XCTAssertEqual(files.map(\.seed), [seed])
        XCTAssertTrue(report.contains("saved to \(files[0].file.path)"), report)
        XCTAssertTrue(files[0].file.path.contains("/FormattingTestingTests.ExactReplayTests.separators/recipe/SeparatorBlindEditor/"), files[0].file.path)
        // No scripts to generate: only the saved failure can fail the next run.
        let nothingNew = PropertyCheckBudget(scripts: 0, steps: 60)
        let next = PropertyCheck.run(definition: try Fixtures.recipe(), seed: 7000, budget: nothingNew,
                                     failuresFolder: saved, property: "separators") { SeparatorBlindEditor(engine: $0) }
        guard case let .failed(nextSeed, _, nextFailure, _, nextReport, _) = next else { return XCTFail("the saved failure was not replayed: \(next)") }
        XCTAssertEqual(nextSeed, seed)
        XCTAssertEqual(nextFailure, failure)
        XCTAssertTrue(nextReport.contains("replayed from the saved failure"), nextReport)
        // Another editor, another property (by default the calling test's name) or other invariants do not replay them.
        XCTAssertTrue(PropertyCheck.run(definition: try Fixtures.recipe(), budget: nothingNew, failuresFolder: saved, property: "separators").passed)
        XCTAssertTrue(PropertyCheck.run(definition: try Fixtures.recipe(), budget: nothingNew, failuresFolder: saved) { SeparatorBlindEditor(engine: $0) }.passed)
        let mine = PropertyInvariant("never fails") { _ in nil }
        XCTAssertTrue(PropertyCheck.run(definition: try Fixtures.recipe(), budget: nothingNew, invariants: [mine], failuresFolder: saved,
                                        property: "separators") { SeparatorBlindEditor(engine: $0) }.passed)
    }

    func testTheCaseInProgressIsOnDiskWhileEachScriptRunsAndGoneAfter() throws {
        let saved = try folder()
        let inProgress = saved.appendingPathComponent("in-progress")
        var seen: [String] = []
        var files: Set<String> = []
        let result = PropertyCheck.run(definition: try Fixtures.recipe(), seed: 20, budget: PropertyCheckBudget(scripts: 3, steps: 5), failuresFolder: saved) { engine in
            // What a crash inside this script would leave behind: one file, named for the property.
            let names = (try? FileManager.default.contentsOfDirectory(atPath: inProgress.path)) ?? []
            files.formUnion(names)
            seen.append(names.first.flatMap { try? String(contentsOf: inProgress.appendingPathComponent($0), encoding: .utf8) } ?? "missing")
            return SessionEditor(engine: engine)
        }
        XCTAssertEqual(files.count, 1, "\(files)")
        XCTAssertTrue(files.first?.hasPrefix("FormattingTestingTests.ExactReplayTests.testTheCaseInProgressIsOnDiskWhileEachScriptRunsAndGoneAfter.recipe.") == true, "\(files)")
        XCTAssertTrue(result.passed, result.description)
        XCTAssertEqual(seen.count, 3)
        for (k, text) in seen.enumerated() {
            let seed = PropertyCheck.scriptSeed(20, k)
            XCTAssertTrue(text.contains("seed: \(seed)\nsteps: 5"), text)
            XCTAssertTrue(text.contains("FMTCHECK_SEED=\(seed) FMTCHECK_STEPS=5"), text)
        }
        XCTAssertEqual((try? FileManager.default.contentsOfDirectory(atPath: inProgress.path)) ?? [], [])
    }
}
