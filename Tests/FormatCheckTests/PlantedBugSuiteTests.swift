import EditScripts
import Formatting
import FormattingTesting
import FormatCheck
import Foundation
import PlantedBugEditors
import RichText
import XCTest

/// Bugs planted as an engineer property-testing their editor would plant them: seven in an editor of its own
/// (`PlantedBugEditor`, Examples/planted-bugs) and one in a definition (`PlantedDefinitions`). For each, at each of
/// five seeds and the default budget: the harness finds it, shrinks it within its time limit to at most its minimal
/// size plus one step (the minimal script is written beside the bug, and fails as the bug does), the shrunk script
/// reads back from its JSON Lines equal to itself, and the printed script replays to the same failure through
/// `PropertyCheck.check(…, makeEditor:)` and through `fmtcheck replay --check --editor`, which drives the same editor
/// in its own process over the editor protocol (the command the report prints). The correct editor keeps every
/// invariant under the same budget, on each of three shipped definitions.
final class PlantedBugSuiteTests: XCTestCase {
    /// One planted bug: the editor's bug (nil: the correct editor), the definition it runs under, the check it
    /// breaks, and the smallest script that shows it.
    struct Planted {
        var name: String
        var bug: PlantedBug?
        var definition: String
        var check: InvariantCheck
        var minimal: String
    }

    static let seeds: [UInt64] = [1, 1001, 2001, 3001, 4001]

    static let planted: [Planted] = [
        Planted(name: "typesOverTheFirstRangeOnly", bug: .typesOverTheFirstRangeOnly, definition: "recipe", check: .adjustmentsMatchChanges, minimal: """
            {"op":"insert","at":0,"text":"aaa"}
            {"op":"select","ranges":[[0,1],[2,3]]}
            {"op":"type","text":"s"}
            """),
        Planted(name: "caretStaysBeforeTypedText", bug: .caretStaysBeforeTypedText, definition: "recipe", check: .selectionTracking, minimal: """
            {"op":"type","text":"a"}
            """),
        Planted(name: "pasteBypassesTheEngine", bug: .pasteBypassesTheEngine, definition: "recipe", check: .lintClean, minimal: """
            {"op":"paste","document":["b",{"ingredient":""}]}
            """),
        Planted(name: "commandsReportNoAdjustments", bug: .commandsReportNoAdjustments, definition: "recipe", check: .adjustmentsMatchChanges, minimal: """
            {"op":"paste","document":["b",{"ingredient":""}]}
            """),
        Planted(name: "undoDropsAttributes", bug: .undoDropsAttributes, definition: "recipe", check: .undoRedo, minimal: """
            {"op":"insertAttributed","at":0,"document":["a",{"ingredient":""}]}
            {"op":"deleteBackward"}
            {"op":"undo"}
            """),
        Planted(name: "redoDoesNothing", bug: .redoDoesNothing, definition: "recipe", check: .undoRedo, minimal: """
            {"op":"insert","at":0,"text":"x"}
            {"op":"undo"}
            {"op":"redo"}
            """),
        // A bookmark the editor forgets to move: text, a caret placed in it, a delete before the caret.
        Planted(name: "placedCaretMissesDeletes", bug: .placedCaretMissesDeletes, definition: "recipe", check: .selectionTracking, minimal: """
            {"op":"insert","at":0,"text":"aaa"}
            {"op":"select","from":2,"to":2}
            {"op":"delete","from":0,"to":1}
            """),
        // A two-paragraph paste, then typing right after its separator.
        Planted(name: "typingAtAParagraphStartTakesThePreviousParagraph", bug: .typingAtAParagraphStartTakesThePreviousParagraph,
                definition: "paragraph-styles", check: .adjustmentsMatchChanges, minimal: """
            {"op":"insertAttributed","at":0,"document":["a\\n",{"alignment":"left"},"a",{"alignment":"right"}]}
            {"op":"insert","at":2,"text":"a"}
            """),
        // A constraint that is not idempotent breaks at the first character.
        Planted(name: "nonIdempotentConstraint", bug: nil, definition: "counting-visits", check: .idempotentNormalization, minimal: """
            {"op":"insert","at":0,"text":"a"}
            """),
    ]

    func definition(_ name: String) throws -> (definition: FormattingDefinition, values: ValuePool, path: String?) {
        if name == "counting-visits" {
            let definition = try PlantedDefinitions.countingVisits()
            return (definition, ValuePool(for: definition), nil)
        }
        let path = shippedDefinition(name)
        let loaded = try DefinitionFile.load(path: path)
        return (loaded.definition, ValuePool(for: loaded), path)
    }

    func run(_ definition: FormattingDefinition, values: ValuePool, bug: PlantedBug?, seed: UInt64) -> PropertyCheckResult {
        PropertyCheck.run(definition: definition, seed: seed, budget: .standard, values: values, failuresFolder: nil,
                          property: "planted-\(bug?.rawValue ?? "none")") {
            PlantedBugEditor(engine: $0, bug: bug)
        }
    }

    func testEachPlantedBugIsFoundAtEverySeedAndShrunkToAtMostItsMinimalSizePlusOne() throws {
        for planted in Self.planted {
            let (definition, values, _) = try definition(planted.definition)
            let minimal = try ScriptStep.parse(jsonLines: planted.minimal)
            // The minimal script shows the bug, and the correct editor on the definition the bug is not in keeps
            // every invariant on it.
            XCTAssertEqual(PropertyCheck.check(script: minimal, definition: definition) { PlantedBugEditor(engine: $0, bug: planted.bug) }?.failure.check,
                           planted.check, "\(planted.name): the minimal script")
            if planted.bug != nil {
                XCTAssertNil(PropertyCheck.check(script: minimal, definition: definition) { PlantedBugEditor(engine: $0, bug: nil) }, planted.name)
            }
            for seed in Self.seeds {
                let result = run(definition, values: values, bug: planted.bug, seed: seed)
                guard case let .failed(_, _, failure, script, report, stats) = result else {
                    XCTFail("\(planted.name) was not found at seed \(seed): \(result.stats)")
                    continue
                }
                print("planted \(planted.name), seed \(seed): found after \(stats.stepsChecked) steps, shrunk to \(script.count) (minimal \(minimal.count)) in \(stats.shrinkAttempts) attempts")
                XCTAssertEqual(failure.check, planted.check, "\(planted.name), seed \(seed): \(report)")
                XCTAssertEqual(stats.unshrunkFailure?.check, planted.check, "\(planted.name), seed \(seed): shrinking kept the check")
                XCTAssertLessThanOrEqual(script.count, minimal.count + 1, "\(planted.name), seed \(seed) shrank to too many steps:\n\(report)")
                XCTAssertFalse(stats.shrinkStoppedEarly, "\(planted.name), seed \(seed): shrinking hit its limit:\n\(report)")
                // Exactly what ran reads back from its JSON Lines.
                XCTAssertEqual(try ScriptStep.parse(jsonLines: ScriptStep.jsonLines(script)), script, "\(planted.name), seed \(seed)")
                XCTAssertEqual(try EditScript.parse(EditScript(script).jsonLines), EditScript(script), "\(planted.name), seed \(seed)")
                // The printed script, read back, fails the same way on the same editor.
                let printed = try ScriptStep.parse(jsonLines: ReplayCheckCLITests.printedScript(report))
                XCTAssertEqual(printed, script, "\(planted.name), seed \(seed)")
                let replayed = PropertyCheck.check(script: printed, definition: definition) { PlantedBugEditor(engine: $0, bug: planted.bug) }
                XCTAssertEqual(replayed?.failure, failure, "\(planted.name), seed \(seed)")
                XCTAssertEqual(replayed?.step, script.count - 1, "\(planted.name), seed \(seed)")
            }
        }
    }

    func testEachPrintedEditorBugReplaysThroughFmtcheckOnTheEditorItsHintNames() throws {
        let editorBinary = try FmtcheckProcess.binary().deletingLastPathComponent().appendingPathComponent("planted-bug-editor")
        guard FileManager.default.isExecutableFile(atPath: editorBinary.path) else { throw XCTSkip("planted-bug-editor is not built (\(editorBinary.path))") }
        let folder = try temporaryFolder(self)
        for planted in Self.planted {
            let (definition, values, path) = try definition(planted.definition)
            guard let bug = planted.bug, let path else { continue }
            guard case let .failed(_, _, failure, script, report, _) = run(definition, values: values, bug: bug, seed: 1) else {
                XCTFail("\(planted.name) was not found")
                continue
            }
            // The hint names the editor that failed: the planted-bug-editor with the bug.
            let hint = "fmtcheck replay --check --definition D --script S --editor '.build/debug/planted-bug-editor \(bug.rawValue)'"
            XCTAssertTrue(report.contains(hint), "\(planted.name): \(report)")
            // The correct editor keeps every invariant on the printed script.
            let printed = try ScriptStep.parse(jsonLines: ReplayCheckCLITests.printedScript(report))
            XCTAssertNil(PropertyCheck.check(script: printed, definition: definition) { PlantedBugEditor(engine: $0, bug: nil) }, planted.name)
            // fmtcheck replays it on the editor in its own process, to the same failure in the same words.
            let file = try write(ScriptStep.jsonLines(printed) + "\n", to: "\(bug).jsonl", in: folder)
            let cli = try FmtcheckProcess.run(["replay", "--check", "--definition", path, "--script", file,
                                               "--editor", "'\(editorBinary.path)' \(bug.rawValue)"], timeout: 60)
            XCTAssertEqual(cli.status, 1, "\(planted.name): \(cli.out)\(cli.err)")
            XCTAssertTrue(cli.out.hasPrefix("property check failed: \(planted.check)\n"), "\(planted.name): \(cli.out)")
            XCTAssertTrue(cli.out.contains("step \(script.count) of \(script.count) in \(file): \(script[script.count - 1].jsonLine)"), "\(planted.name): \(cli.out)")
            XCTAssertTrue(cli.out.contains("which fails with:\n\(PropertyCheck.failureText(failure))\n"), "\(planted.name): \(cli.out)\nexpected \(failure)")
            // The engine's own editor keeps every invariant on it.
            let engineOwn = try FmtcheckProcess.run(["replay", "--check", "--definition", path, "--script", file])
            XCTAssertEqual(engineOwn.status, 0, "\(planted.name): \(engineOwn.out)\(engineOwn.err)")
        }
    }

    func testTheCorrectEditorKeepsEveryInvariantOnThreeDefinitions() throws {
        for name in ["recipe", "paragraph-styles", "notes"] {
            let (definition, values, _) = try definition(name)
            let result = PropertyCheck.run(definition: definition, seed: 1, budget: .fromEnvironment(), values: values, failuresFolder: nil) {
                PlantedBugEditor(engine: $0, bug: nil)
            }
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

    func testEveryEditorBugIsFoundOnTwoMoreDefinitionsAndShrinksToAtMostItsMinimalSizePlusOne() throws {
        guard ProcessInfo.processInfo.environment["FMTCHECK_LONG"] == "1" else { throw XCTSkip("FMTCHECK_LONG=1 runs it") }
        for name in ["paragraph-styles", "notes"] {
            let (definition, values, _) = try definition(name)
            for planted in Self.planted where planted.definition == "recipe" {
                guard case let .failed(_, _, failure, script, report, _) = run(definition, values: values, bug: planted.bug, seed: 1) else {
                    XCTFail("\(name): \(planted.name) was not found")
                    continue
                }
                XCTAssertEqual(failure.check, planted.check, "\(name): \(planted.name): \(report)")
                XCTAssertLessThanOrEqual(script.count, try ScriptStep.parse(jsonLines: planted.minimal).count + 1, "\(name): \(planted.name): \(report)")
                XCTAssertEqual(PropertyCheck.check(script: script, definition: definition) { PlantedBugEditor(engine: $0, bug: planted.bug) }?.failure,
                               failure, "\(name): \(planted.name)")
            }
        }
    }
}
