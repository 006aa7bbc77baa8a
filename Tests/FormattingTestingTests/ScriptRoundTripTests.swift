import Foundation
import XCTest
import Formatting
import FormattingTesting
import RichText
import StreamingJSON

/// Printed scripts read back exactly as they ran: values keep their kinds, wrong-typed values survive, and
/// invisible characters are escaped.
final class ScriptRoundTripTests: XCTestCase {
    /// The step as it runs under `definition`: a pasted document's keys take the definition's behaviours.
    func asRun(_ step: ScriptStep, _ definition: FormattingDefinition?) -> ScriptStep {
        guard let definition else { return step }
        switch step {
        case let .insertAttributed(at, document): return .insertAttributed(at: at, document: ScriptStep.stamped(document, definition: definition))
        case let .paste(document): return .paste(ScriptStep.stamped(document, definition: definition))
        default: return step
        }
    }

    func roundTrip(_ step: ScriptStep, definition: FormattingDefinition? = nil, file: StaticString = #filePath, line: UInt = #line) {
        let printed = step.jsonLine
        XCTAssertFalse(printed.contains("\n"), printed, file: file, line: line)
        do {
            let read = try ScriptStep.parse(jsonLines: printed)
            XCTAssertEqual(read.map { asRun($0, definition) }, [asRun(step, definition)], printed, file: file, line: line)
            XCTAssertEqual(read.first?.jsonLine, printed, file: file, line: line)
        } catch {
            XCTFail("\(printed): \(error)", file: file, line: line)
        }
    }

    func testEveryKindOfValueReadsBackWithItsKind() {
        let values: [AttributeValue] = [
            .integer(1), .number(1.0), .number(0.5), .number(-3e20), .number(.infinity), .string("1"), .string("#00ff00"), .bool(false),
            .color(RichColor(red: 0, green: 1, blue: 0)), .color(RichColor(red: 0.1234, green: 0.5, blue: 1, alpha: 0.25)),
            .url(URL(string: "https://swift.org/a?b=c")!), .data(Data([0, 1, 2, 255])),
            .imageGlyph(ImageGlyphReference(contentIdentifier: "ID", contentDescription: "cat")),
            .list([.integer(1), .number(2), .color(RichColor(red: 1, green: 0, blue: 0))]),
            .record(["a": .number(1), "$color": .string("not a tag"), "nested": .record(["u": .url(URL(string: "x:y")!)])]),
            .record([:]),
        ]
        for value in values { roundTrip(.set(from: 0, to: 3, key: "k", value: value)) }
        roundTrip(.setRanges(ranges: [0..<1, 2..<4], key: "k", value: .number(2)))
        roundTrip(.setRanges(ranges: [0..<1], key: "k", value: nil))
    }

    /// `hasTag` (which tells `fmtcheck replay` that the harness wrote a value) sees a tag exactly where
    /// `value(from:)` reads one: a one-member object named `$…`, at any depth; a record that merely has a
    /// `$`-named field among others is untagged, hand-written JSON.
    func testATagIsWhatTheValueReaderReadsAsOne() throws {
        let cases: [(json: String, tagged: Bool)] = [
            (##"{"$color":"#ff0000"}"##, true),
            (##"[1,{"$url":"https://swift.org"}]"##, true),
            (##"{"note":{"$data":"AAE="}}"##, true),
            (##"{"$color":"#ff0000","size":2}"##, false),
            (##"{"$amount":3,"currency":"EUR"}"##, false),
            (##""#ff0000""##, false),
        ]
        for (text, tagged) in cases {
            let json = try JSONValue.parse(text)
            XCTAssertEqual(ScriptValueJSON.hasTag(json), tagged, text)
            if !tagged, case .object = json {
                guard case .record(let fields)? = ScriptValueJSON.value(from: json) else { return XCTFail("\(text) is not read as a record") }
                XCTAssertEqual(fields.count, 2, text)
            }
        }
    }

    func testANumberWithoutAFractionStaysANumber() throws {
        let line = ScriptStep.set(from: 0, to: 1, key: "size", value: .number(1)).jsonLine
        XCTAssertTrue(line.contains("\"value\":1.0"), line)
        XCTAssertEqual(try ScriptStep.parse(jsonLines: line), [.set(from: 0, to: 1, key: "size", value: .number(1))])
    }

    func testPastedDocumentsKeepTheirValuesKinds() throws {
        var document = RichString("ab", attributes: AttributeSet([AttributeEntry(name: "size", value: .number(2))]))
        _ = document.append(RichString("c\u{2029}", attributes: AttributeSet([AttributeEntry(name: "color", value: .color(RichColor(red: 1, green: 0, blue: 0))),
                                                                              AttributeEntry(name: "link", value: .url(URL(string: "https://a.b")!))])))
        _ = document.append(RichString("d"))
        roundTrip(.insertAttributed(at: 0, document: document))
    }

    func testInvisibleCharactersAreEscapedInScripts() {
        let step = ScriptStep.insert(at: 0, text: "a\u{2029}b\u{200D}\u{301}\u{FEFF}\r\n\t")
        let line = step.jsonLine
        for escape in ["\\u2029", "\\u200D", "\\u0301", "\\uFEFF", "\\r\\n", "\\t"] { XCTAssertNotNil(line.utf8.firstRange(of: escape.utf8), "\(escape) in \(line)") }
        XCTAssertTrue(line.unicodeScalars.allSatisfy { $0.isASCII }, line)
        roundTrip(step)
        // A mark on a base letter is visible, and stays as typed.
        XCTAssertTrue(ScriptStep.insert(at: 0, text: "e\u{301}").jsonLine.contains("e\u{301}"))
    }

    func testEveryGeneratedScriptPrintsAndReadsBackEqualStepByStep() throws {
        var definitions = try ShippedDefinitions.all().map { ($0.0, $0.1.definition, Optional(ShippedDefinitions.values(for: $0.1))) }
        definitions.append(("recipe", try Fixtures.recipe(), nil))
        var checked = 0
        for (name, definition, values) in definitions {
            let engine = FormattingEngine(definition)
            for seed in UInt64(1)...6 {
                var rng = SeededGenerator(seed: seed &* 7919)
                var generator = EditScriptGenerator(engine: engine, values: values)
                var editor = SessionEditor(engine: engine)
                let start = generator.documents.rawDocument(maxPieces: 8, strayKeys: true, using: &rng)
                var steps: [ScriptStep] = start.isEmpty ? [] : [.insertAttributed(at: 0, document: start)]
                for _ in 0..<60 { steps.append(generator.next(document: editor.document, selection: editor.selection, using: &rng)); _ = editor.apply(steps.last!) }
                for step in steps {
                    roundTrip(step, definition: definition)
                    checked += 1
                }
                XCTAssertEqual(try ScriptStep.parse(jsonLines: ScriptStep.jsonLines(steps)).map { asRun($0, definition) }, steps.map { asRun($0, definition) },
                               "\(name), seed \(seed)")
            }
        }
        XCTAssertGreaterThan(checked, 1000)
    }

    /// What the harness records (a failure's shrunk script, a saved failure) reads back `==` to itself, pasted
    /// documents included: the runner records each step as a script writes it (`ScriptStep.asWritten`).
    func testEveryScriptTheHarnessRecordsReadsBackEqualPastesIncluded() throws {
        var pastes = 0
        for (name, loaded) in try ShippedDefinitions.all() {
            let engine = FormattingEngine(loaded.definition)
            let values = ShippedDefinitions.values(for: loaded)
            for seed in UInt64(1)...6 {
                var rng = SeededGenerator(seed: seed)
                var generator = EditScriptGenerator(engine: engine, values: values)
                var runner = ScriptRunner(engine: engine, editor: SessionEditor(engine: engine), checks: [])
                var start = generator.documents.rawDocument(maxPieces: 8, strayKeys: true, using: &rng)
                engine.normalize(&start)
                _ = runner.apply(.insertAttributed(at: 0, document: start))
                for index in 1...60 {
                    let context = StepContext(document: runner.editor.document, selection: runner.expectedSelection, engine: engine, values: values, stepIndex: index)
                    _ = runner.apply(generator.next(context, using: &rng))
                }
                pastes += runner.applied.filter { if case .insertAttributed = $0 { return true }; if case .paste = $0 { return true }; return false }.count
                XCTAssertEqual(try ScriptStep.parse(jsonLines: ScriptStep.jsonLines(runner.applied)), runner.applied, "\(name), seed \(seed)")
                XCTAssertEqual(try EditScript.parse(EditScript(runner.applied).jsonLines), EditScript(runner.applied), "\(name), seed \(seed)")
            }
        }
        XCTAssertGreaterThan(pastes, 50)
    }
}
