import XCTest
import Formatting
@testable import FormattingTesting
import RichText

/// The generators: valid documents are lint-clean, broken ones are caught and explained, scripts reproduce.
final class GeneratorTests: XCTestCase {
    func testValidDocumentsAreLintCleanForEveryShippedDefinition() throws {
        for (name, loaded) in try ShippedDefinitions.all() {
            let generator = DocumentGenerator(engine: FormattingEngine(loaded.definition), values: ShippedDefinitions.values(for: loaded))
            var rng = SeededGenerator(seed: 3)
            for _ in 0..<30 {
                XCTAssertNoThrow(try generator.validDocument(using: &rng), name)
            }
        }
    }

    func testBrokenDocumentsAreCaughtByLintAndNormalisingExplainsAndFixesThem() throws {
        var kinds: Set<String> = []
        var count = 0
        for (name, loaded) in try ShippedDefinitions.all() {
            let engine = FormattingEngine(loaded.definition)
            let generator = DocumentGenerator(engine: engine, values: ShippedDefinitions.values(for: loaded))
            var rng = SeededGenerator(seed: 11)
            for _ in 0..<25 {
                guard let broken = generator.brokenDocument(using: &rng) else { continue }
                count += 1
                kinds.insert(String("\(broken.breakage)".prefix(12)))
                XCTAssertFalse(broken.findings.isEmpty)
                var fixed = broken.document
                let adjustments = engine.normalize(&fixed)
                XCTAssertNil(Invariants.lintClean(fixed, engine: engine), "\(name): \(broken.breakage)")
                XCTAssertNil(Invariants.idempotentNormalization(broken.document, engine: engine), "\(name): \(broken.breakage)")
                XCTAssertNil(Invariants.adjustmentsExplain(before: broken.document, after: fixed, step: nil, adjustments: adjustments, definition: loaded.definition),
                             "\(name): \(broken.breakage)")
            }
        }
        print("broken documents: \(count), kinds: \(kinds.sorted())")
        XCTAssertGreaterThan(count, 50)
        XCTAssertGreaterThanOrEqual(kinds.count, 3)
    }

    func testAConstraintsOwnSampleValuesAreInThePoolWhateverItsType() throws {
        let level = AttributeKeyDescriptor(name: "level"), heading = AttributeKeyDescriptor(name: "heading")
        let custom = CustomConstraint("Headings", owns: heading, reads: ["level"], sampleValues: ["level": [.integer(7)], "heading": [.string("h7")]]) { run in
            run.value = run["level"] == .integer(7) ? .string("h7") : nil
        }
        let definition = try FormattingDefinition(name: "headings", scope: [level, heading], constraintList: [custom])
        let pool = ValuePool(for: definition)
        XCTAssertEqual(pool.values["level"]?.first, .integer(7))
        XCTAssertEqual(pool.values["heading"]?.first, .string("h7"))
    }

    func testBoundariesAreWhereBehavioursChange() {
        let milk = AttributeSet([AttributeEntry(name: "ingredient", value: .string("milk"))])
        let document = RichString(concatenating: [RichString("ab\n"), RichString("cd", attributes: milk), RichString("\u{FFFC}e")])
        let boundaries = BehaviorBoundaries(document: document, geometry: TextGeometry(document.string), selection: .range(1, 4))
        XCTAssertEqual(boundaries.paragraphStarts, [3])
        XCTAssertEqual(boundaries.runEdges, [3, 5])
        XCTAssertEqual(boundaries.glyphEdges, [5, 6])
        XCTAssertEqual(boundaries.selectionEdges, [1, 4])
        // A separator at the very end starts no paragraph that typing could join.
        XCTAssertEqual(BehaviorBoundaries(document: RichString("a\n"), geometry: TextGeometry("a\n"), selection: .caret(0)).paragraphStarts, [])
    }

    func testTypingAtABoundaryPutsTheCaretOnOneThenTypes() throws {
        let engine = FormattingEngine(try Fixtures.recipe())
        var generator = EditScriptGenerator(engine: engine)
        generator.weights = [.typeAtBoundary: 1]
        var rng = SeededGenerator(seed: 11)
        var runner = ScriptRunner(engine: engine, editor: SessionEditor(engine: engine), checks: [])
        _ = runner.apply(.insertAttributed(at: 0, document: RichString("milk\nsugar\u{2029}eggs")))
        for _ in 0..<30 {
            let document = runner.editor.document
            let select = generator.next(document: document, selection: runner.expectedSelection, using: &rng)
            guard case let .select(from, to) = select else { return XCTFail("\(select) is no caret") }
            XCTAssertEqual(from, to)
            let boundaries = BehaviorBoundaries(document: document, geometry: TextGeometry(document.string), selection: runner.expectedSelection)
            XCTAssertTrue(boundaries.kinds.joined().contains(from), "\(from) in \(document.string.debugDescription)")
            _ = runner.apply(select)
            let typing = generator.next(document: runner.editor.document, selection: runner.expectedSelection, using: &rng)
            XCTAssertTrue(typing.isCommand || typing.textMutation?.range == from..<from, "\(typing)")
            _ = runner.apply(typing)
        }
    }

    func testTheSameSeedGivesTheSameScript() throws {
        let engine = FormattingEngine(try Fixtures.recipe())
        func script(_ seed: UInt64) -> [ScriptStep] {
            var rng = SeededGenerator(seed: seed)
            var generator = EditScriptGenerator(engine: engine)
            var editor = SessionEditor(engine: engine)
            return (0..<50).map { _ in
                let step = generator.next(document: editor.document, selection: editor.selection, using: &rng)
                _ = editor.apply(step)
                return step
            }
        }
        XCTAssertEqual(script(5), script(5))
        XCTAssertNotEqual(script(5), script(6))
    }

    func testRandomDefinitionsKeepEveryInvariant() {
        var rng = SeededGenerator(seed: 1)
        let budget = PropertyCheckBudget.fromEnvironment(PropertyCheckBudget(scripts: 3, steps: 40))
        var total = PropertyCheckStats()
        for d in 0..<(ProcessInfo.processInfo.environment["FMTCHECK_LONG"] == "1" ? 300 : 30) {
            let definition = DefinitionGenerator.randomDefinition(using: &rng)
            let result = PropertyCheck.run(definition: definition, seed: UInt64(d * 1000), budget: budget)
            total.scriptsGenerated += result.stats.scriptsGenerated
            total.stepsChecked += result.stats.stepsChecked
            total.adjustmentsReported += result.stats.adjustmentsReported
            XCTAssertTrue(result.passed, "definition \(d): scope \(definition.scope.map(\.name)), constraints \(definition.constraints.map(\.name))\n\(result)")
            if !result.passed { break }
        }
        print("random definitions: \(total)")
    }

    func testScriptStepsRoundTripThroughJSONLines() throws {
        let script: [ScriptStep] = [
            .insert(at: 4, text: "y\n\"é\""),
            .delete(from: 3, to: 4),
            .replace(from: 0, to: 5, text: "Hi"),
            .insertAttributed(at: 0, document: RichString("X", attributes: AttributeSet([AttributeEntry(name: "ingredient", value: .string("milk"))]))),
            .set(from: 0, to: 4, key: "ingredient", value: .string("milk")),
            .remove(from: 0, to: 4, key: "ingredient"),
            .setRanges(ranges: [0..<4, 9..<13], key: "k", value: .integer(1)),
            .setRanges(ranges: [1..<2], key: "k", value: nil),
            .select(from: 2, to: 2),
        ]
        let lines = ScriptStep.jsonLines(script)
        XCTAssertTrue(lines.contains(#"{"op":"insertAttributed","at":0,"document":["X",{"ingredient":"milk"}]}"#), lines)
        XCTAssertTrue(lines.contains(#"{"op":"setRanges","ranges":[[0,4],[9,13]],"key":"k","value":1}"#), lines)
        XCTAssertEqual(try ScriptStep.parse(jsonLines: lines), script)
        XCTAssertThrowsError(try ScriptStep.parse(jsonLines: #"{"op":"explode"}"#))
    }
}
