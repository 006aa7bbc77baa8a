import Foundation
import XCTest
import FormatCheck
import Formatting
import FormattingTesting
import RichText

/// Replay and the harness share one edit-script model (`EditScript`, `ScriptStep`): a script the harness writes
/// replays through `ScriptReplayer` (what `fmtcheck replay` runs) to the document the harness's runner made,
/// with lines in every unit, and reading a written script writes it back byte for byte.
final class ReplayRoundTripTests: XCTestCase {
    /// Every op, as its kind: `select` with ranges counts apart.
    static let kinds: Set<String> = ["insert", "delete", "replace", "insertAttributed", "set", "remove", "setRanges", "select", "selectRanges",
                                     "type", "deleteBackward", "paste", "undo", "redo"]

    static func kind(_ step: ScriptStep) -> String {
        if case .selectRanges = step { return "selectRanges" }
        return step.operationName
    }

    /// `step` (scalar offsets into `document`) as a line whose offsets count `unit`; nil when an offset falls
    /// inside a character (`characters`) or the step has no offsets.
    static func line(_ step: ScriptStep, number: Int, in unit: TextUnit, of document: RichString) -> EditScript.Step? {
        var fits = true
        func o(_ n: Int) -> Int {
            let converted = document.offset(of: document.index(atOffset: n, in: .scalars), in: unit)
            if document.offset(of: document.index(atOffset: converted, in: unit), in: .scalars) != n { fits = false }
            return converted
        }
        func r(_ list: [Range<Int>]) -> [Range<Int>] { list.map { o($0.lowerBound)..<o($0.upperBound) } }
        let operation: ScriptStep
        switch step {
        case let .insert(at, text): operation = .insert(at: o(at), text: text)
        case let .delete(f, t): operation = .delete(from: o(f), to: o(t))
        case let .replace(f, t, text): operation = .replace(from: o(f), to: o(t), text: text)
        case let .insertAttributed(at, piece): operation = .insertAttributed(at: o(at), document: piece)
        case let .set(f, t, key, value): operation = .set(from: o(f), to: o(t), key: key, value: value)
        case let .remove(f, t, key): operation = .remove(from: o(f), to: o(t), key: key)
        case let .setRanges(list, key, value): operation = .setRanges(ranges: r(list), key: key, value: value)
        case let .select(f, t): operation = .select(from: o(f), to: o(t))
        case .selectRanges(let list): operation = .selectRanges(r(list))
        case .type, .deleteBackward, .paste, .undo, .redo: return nil
        }
        return fits ? EditScript.Step(line: number, unit: unit, operation: operation) : nil
    }

    /// The step as it runs under `definition`: a pasted document's keys take the definition's behaviours.
    static func asRun(_ step: ScriptStep, _ definition: FormattingDefinition) -> ScriptStep {
        switch step {
        case let .insertAttributed(at, document): return .insertAttributed(at: at, document: ScriptStep.stamped(document, definition: definition))
        case let .paste(document): return .paste(ScriptStep.stamped(document, definition: definition))
        default: return step
        }
    }

    /// Runs `steps` on the harness's runner (every check on) and writes what ran, each offset step in the next
    /// of `units` that fits it; the final document and the script.
    static func harnessRun(_ steps: [ScriptStep], engine: FormattingEngine, units: [TextUnit], invariants: [PropertyInvariant] = [])
        -> (document: RichString, script: EditScript, failure: InvariantFailure?) {
        var runner = ScriptRunner(engine: engine, editor: SessionEditor(engine: engine), checks: Set(InvariantCheck.allCases), invariants: invariants)
        var lines: [EditScript.Step] = []
        var failure: InvariantFailure?
        for (i, step) in steps.enumerated() {
            let before = runner.editor.document
            if let failed = runner.apply(step), failure == nil { failure = failed }
            let applied = runner.applied.last!
            lines.append(line(applied, number: i + 1, in: units[i % units.count], of: before) ?? EditScript.Step(line: i + 1, operation: applied))
        }
        return (runner.editor.document, EditScript(steps: lines), failure)
    }

    func testGeneratedScriptsWithLinesInEveryUnitReplayToTheHarnessDocument() throws {
        var kinds: Set<String> = []
        var units: Set<TextUnit> = []
        var scripts = 0
        for (name, loaded) in try ShippedDefinitions.all() {
            let engine = FormattingEngine(loaded.definition)
            for seed in UInt64(1)...4 {
                var rng = SeededGenerator(seed: seed &* 104_729)
                var generator = EditScriptGenerator(engine: engine, values: ShippedDefinitions.values(for: loaded))
                var editor = SessionEditor(engine: engine)
                let start = generator.documents.rawDocument(maxPieces: 6, strayKeys: true, using: &rng)
                var steps: [ScriptStep] = start.isEmpty ? [] : [.insertAttributed(at: 0, document: start)]
                for _ in 0..<80 {
                    steps.append(generator.next(document: editor.document, selection: editor.selection, using: &rng))
                    _ = editor.apply(steps.last!)
                }
                let harness = Self.harnessRun(steps, engine: engine, units: [.scalars, .utf16, .utf8, .characters])
                let text = harness.script.jsonLines
                kinds.formUnion(harness.script.steps.map { Self.kind($0.operation) })
                units.formUnion(harness.script.steps.map(\.unit))
                scripts += 1

                // parse∘write is the identity on what the harness writes.
                let read = try EditScript.parse(text)
                XCTAssertEqual(read.jsonLines, text, "\(name), seed \(seed)")
                XCTAssertEqual(read.steps.map(\.line), harness.script.steps.map(\.line))
                XCTAssertEqual(read.steps.map(\.unit), harness.script.steps.map(\.unit))
                XCTAssertEqual(read.steps.map { Self.asRun($0.operation, loaded.definition) }, harness.script.steps.map { Self.asRun($0.operation, loaded.definition) },
                               "\(name), seed \(seed)")

                // Replay gives the harness's document.
                var replayed = RichString()
                try ScriptReplayer(definition: loaded).apply(read, to: &replayed)
                XCTAssertEqual(replayed, harness.document, "\(name), seed \(seed):\n\(text)")
            }
        }
        XCTAssertEqual(kinds, Self.kinds, "the generated scripts leave out \(Self.kinds.subtracting(kinds).sorted())")
        XCTAssertEqual(units, [.scalars, .utf16, .utf8, .characters])
        XCTAssertGreaterThan(scripts, 8)
    }

    /// A shrunk failure as the harness prints it replays through `fmtcheck replay`'s reading to the document its
    /// runner made, and `replay --check`'s reading gives the same steps.
    func testAShrunkFailureReplaysToTheDocumentTheHarnessMade() throws {
        let loaded = try XCTUnwrap(try ShippedDefinitions.all().first { $0.name == "recipe.json" }?.loaded)
        let invariant = PropertyInvariant("noRedoOfAnAttributedDocument") { context in
            guard case .redo = context.step, context.after.runs.contains(where: { !$0.attributes.isEmpty }) else { return nil }
            return "redo over an attributed document"
        }
        let result = PropertyCheck.run(definition: loaded.definition, seed: 11, budget: PropertyCheckBudget(scripts: 40, steps: 80),
                                       invariants: [invariant], values: ShippedDefinitions.values(for: loaded), failuresFolder: nil)
        guard case let .failed(_, _, _, shrunk, report, _) = result else { throw XCTSkip("no script failed: \(result)") }
        let printed = ScriptStep.jsonLines(shrunk)
        XCTAssertTrue(report.contains(printed), report)

        let engine = FormattingEngine(loaded.definition)
        let harness = Self.harnessRun(shrunk, engine: engine, units: [.utf16, .scalars], invariants: [invariant])
        XCTAssertNotNil(harness.failure)
        let replayer = ScriptReplayer(definition: loaded)
        for text in [printed, harness.script.jsonLines] {
            let script = try replayer.parse(text)
            XCTAssertEqual(script.steps.map { Self.asRun($0.operation, loaded.definition) },
                           try EditScript.parse(text).steps.map { Self.asRun($0.operation, loaded.definition) }, text)
            var replayed = RichString()
            try replayer.apply(script, to: &replayed)
            XCTAssertEqual(replayed, harness.document, text)
        }
    }

    /// Hand-written lines the harness never writes read through the one parser too.
    func testUnitLinesAndRemovingSetsRead() throws {
        let script = try EditScript.parse("""
        {"op":"insert","at":0,"text":"👍🏽x"}
        {"op":"set","from":0,"to":2,"key":"k","value":null}
        {"op":"select","from":4,"to":5,"unit":"utf16"}
        """)
        XCTAssertEqual(script.steps.map(\.operation), [.insert(at: 0, text: "👍🏽x"), .remove(from: 0, to: 2, key: "k"), .select(from: 4, to: 5)])
        XCTAssertEqual(try script.steps[2].scalarOperation(in: RichString("👍🏽x")), .select(from: 2, to: 3))
        XCTAssertThrowsError(try script.steps[2].scalarOperation(in: RichString("👍"))) { error in
            XCTAssertEqual(error as? EditScriptError, EditScriptError(line: 3, message: "offset 4 is out of range: the document has 2 UTF-16 code units"))
        }
        XCTAssertThrowsError(try EditScript.Step(line: 1, unit: .utf16, operation: .insert(at: 1, text: "")).scalarOperation(in: RichString("👍"))) { error in
            XCTAssertEqual((error as? EditScriptError)?.message, "UTF-16 offset 1 falls inside a surrogate pair")
        }
        XCTAssertThrowsError(try ScriptStep.parse(jsonLines: #"{"op":"delete","from":0,"to":1,"unit":"utf8"}"#)) { error in
            XCTAssertEqual((error as? EditScriptError)?.line, 1)
        }
    }
}
