import Formatting
import FormattingTesting
import FormatCheck
import PlantedBugEditors
import RichText
import XCTest

/// Six bugs planted in an editor of its own (`PlantedBugEditor`, Examples/planted-bugs), as an engineer
/// property-testing their editor would plant them. For each: the harness finds it at the default budget, shrinks
/// it to the minimal script listed here, and the printed script replays to the same failure through
/// `PropertyCheck.check(…, makeEditor:)` and through `fmtcheck replay --check --editor`, which drives the same
/// editor in its own process over the editor protocol. The correct editor keeps every invariant under the same
/// budget, on each of three shipped definitions.
final class PlantedBugSuiteTests: XCTestCase {
    /// Each bug, the check it breaks, and the minimal script it shrinks to under `Definitions/recipe.json`, seed 1.
    static let expected: [(bug: PlantedBug, check: InvariantCheck, script: String)] = [
        (.typesOverTheFirstRangeOnly, .adjustmentsMatchChanges, """
            {"op":"insert","at":0,"text":"aaa"}
            {"op":"select","ranges":[[0,1],[2,3]]}
            {"op":"type","text":"s"}
            """),
        (.caretStaysBeforeTypedText, .selectionTracking, """
            {"op":"type","text":"a"}
            """),
        (.pasteBypassesTheEngine, .lintClean, """
            {"op":"paste","document":["b",{"ingredient":""}]}
            """),
        (.commandsReportNoAdjustments, .adjustmentsMatchChanges, """
            {"op":"insertAttributed","at":0,"document":["i",{"ingredient":""}]}
            {"op":"type","text":"s"}
            """),
        (.undoDropsAttributes, .undoRedo, """
            {"op":"insertAttributed","at":0,"document":["a",{"ingredient":""}]}
            {"op":"deleteBackward"}
            {"op":"undo"}
            """),
        (.redoDoesNothing, .undoRedo, """
            {"op":"insert","at":0,"text":"x"}
            {"op":"undo"}
            {"op":"redo"}
            """),
    ]

    func run(_ loaded: LoadedDefinition, bug: PlantedBug?) -> PropertyCheckResult {
        PropertyCheck.run(definition: loaded.definition, seed: 1, budget: .standard, values: ValuePool(for: loaded), failuresFolder: nil) {
            PlantedBugEditor(engine: $0, bug: bug)
        }
    }

    func testEachPlantedBugIsFoundShrunkToItsMinimalScriptAndReplaysToTheSameFailure() throws {
        let path = shippedDefinition("recipe")
        let loaded = try DefinitionFile.load(path: path)
        let editorBinary = try FmtcheckProcess.binary().deletingLastPathComponent().appendingPathComponent("planted-bug-editor")
        guard FileManager.default.isExecutableFile(atPath: editorBinary.path) else { throw XCTSkip("planted-bug-editor is not built (\(editorBinary.path))") }
        let folder = try temporaryFolder(self)
        for (bug, check, minimal) in Self.expected {
            let result = run(loaded, bug: bug)
            guard case let .failed(_, _, failure, script, report, stats) = result else {
                XCTFail("\(bug) was not found in \(result.stats)")
                continue
            }
            XCTAssertEqual(failure.check, check, "\(bug): \(report)")
            XCTAssertEqual(stats.unshrunkFailure?.check, check, "\(bug): shrinking kept the check")
            XCTAssertEqual(ScriptStep.jsonLines(script), minimal, "\(bug) shrank to another script:\n\(report)")
            // The printed script, read back, fails the same way on the same editor.
            let printed = try ScriptStep.parse(jsonLines: ReplayCheckCLITests.printedScript(report))
            let replayed = try XCTUnwrap(PropertyCheck.check(script: printed, definition: loaded.definition) {
                PlantedBugEditor(engine: $0, bug: bug)
            }, "\(bug): the printed script passes")
            XCTAssertEqual(replayed.failure, failure, "\(bug)")
            XCTAssertEqual(replayed.step, script.count - 1, "\(bug)")
            // The correct editor keeps every invariant on it.
            XCTAssertNil(PropertyCheck.check(script: printed, definition: loaded.definition) { PlantedBugEditor(engine: $0, bug: nil) }, "\(bug)")
            // And fmtcheck replays it on the editor in its own process, to the same failure in the same words.
            let file = try write(ScriptStep.jsonLines(printed) + "\n", to: "\(bug).jsonl", in: folder)
            let cli = try FmtcheckProcess.run(["replay", "--check", "--definition", path, "--script", file,
                                               "--editor", "'\(editorBinary.path)' \(bug.rawValue)"], timeout: 60)
            XCTAssertEqual(cli.status, 1, "\(bug): \(cli.out)\(cli.err)")
            XCTAssertTrue(cli.out.hasPrefix("property check failed: \(check)\n"), "\(bug): \(cli.out)")
            XCTAssertTrue(cli.out.contains("step \(script.count) of \(script.count) in \(file): \(script[script.count - 1].jsonLine)"), "\(bug): \(cli.out)")
            XCTAssertTrue(cli.out.contains("which fails with:\n\(PropertyCheck.failureText(failure))\n"), "\(bug): \(cli.out)\nexpected \(failure)")
            // The engine's own editor keeps every invariant on it.
            let engineOwn = try FmtcheckProcess.run(["replay", "--check", "--definition", path, "--script", file])
            XCTAssertEqual(engineOwn.status, 0, "\(bug): \(engineOwn.out)\(engineOwn.err)")
        }
    }

    func testTheCorrectEditorKeepsEveryInvariantOnThreeDefinitions() throws {
        for name in ["recipe", "paragraph-styles", "notes"] {
            let loaded = try DefinitionFile.load(path: shippedDefinition(name))
            let result = run(loaded, bug: nil)
            XCTAssertTrue(result.passed, "\(name): \(result)")
            // The generator reaches what the bugs hide in.
            let generated = result.stats.generation
            XCTAssertGreaterThan(generated.multiRangeSelections, 20, "\(name): \(generated)")
            XCTAssertGreaterThan(generated.stepsOverMultiRangeSelections, 20, "\(name): \(generated)")
            for op in ["type", "deleteBackward", "paste", "undo", "redo"] {
                XCTAssertGreaterThan(generated.stepsByOperation[op] ?? 0, 10, "\(name): \(op) in \(generated)")
            }
        }
    }

    func testEveryPlantedBugIsFoundOnTwoMoreDefinitionsAndShrinksToAtMostThreeSteps() throws {
        for name in ["paragraph-styles", "notes"] {
            let loaded = try DefinitionFile.load(path: shippedDefinition(name))
            for (bug, check, _) in Self.expected {
                guard case let .failed(_, _, failure, script, report, _) = run(loaded, bug: bug) else {
                    XCTFail("\(name): \(bug) was not found")
                    continue
                }
                XCTAssertEqual(failure.check, check, "\(name): \(bug): \(report)")
                XCTAssertLessThanOrEqual(script.count, 3, "\(name): \(bug): \(report)")
                XCTAssertEqual(PropertyCheck.check(script: script, definition: loaded.definition) { PlantedBugEditor(engine: $0, bug: bug) }?.failure,
                               failure, "\(name): \(bug)")
            }
        }
    }
}
