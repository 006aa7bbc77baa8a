import Formatting
import FormattingTesting
import Foundation
import RichText
import XCTest

/// The editor protocol reads back what it writes, and a served editor answers every request.
final class EditorProtocolTests: XCTestCase {
    func testAStateLineReadsBackWithItsValuesKindsAndRules() throws {
        let definition = try Fixtures.recipe()
        let document = RichString("milk", attributes: AttributeSet([
            AttributeEntry(name: "ingredient", value: .string("milk"), behavior: Fixtures.ingredient.behavior),
            AttributeEntry(name: "foregroundColor", value: .string("green")),
        ]))
        let adjustments = [
            Adjustment(rule: .constraint("IngredientsAreGreen"), utf8Range: 0..<4, key: "foregroundColor", oldValue: nil, newValue: .string("green")),
            Adjustment(rule: .behavior(.textChanged), utf8Range: 0..<4, key: "ingredient", oldValue: .number(1.0), newValue: nil),
            Adjustment(rule: .behavior(.attributeChanged("foregroundColor")), utf8Range: 1..<2, key: "x", oldValue: .color(RichColor(red: 1, green: 0, blue: 0)), newValue: .integer(1)),
            Adjustment(rule: .definedBehavior(Fixtures.ingredient.behavior), utf8Range: 0..<4, key: "ingredient", oldValue: .string("milk"), newValue: .string("milk")),
            Adjustment(rule: .scope, utf8Range: 2..<3, key: "stray", oldValue: .bool(true), newValue: nil),
        ]
        for selection in [ScalarSelection.caret(2), ScalarSelection(caret: nil, ranges: [0..<1, 2..<4])] {
            let line = EditorProtocol.line(for: EditorProtocol.State(document: document, selection: selection, adjustments: adjustments))
            XCTAssertFalse(line.contains("\n"))
            let read = try EditorProtocol.state(from: line, definition: definition)
            XCTAssertTrue(read.document.isEqualIncludingBehaviors(to: ScriptStep.stamped(document, definition: definition)))
            XCTAssertEqual(read.selection, selection)
            XCTAssertEqual(read.adjustments, adjustments)
        }
        XCTAssertThrowsError(try EditorProtocol.state(from: EditorProtocol.errorLine("no such step"), definition: definition)) { error in
            XCTAssertTrue("\(error)".contains("the editor says: no such step"))
        }
        XCTAssertThrowsError(try EditorProtocol.state(from: #"{"document":[]}"#, definition: definition))
    }

    func testAServedEditorAnswersOpenStepsAndBadRequests() throws {
        let definitionFile = FileManager.default.temporaryDirectory.appendingPathComponent("editor-protocol-\(UUID().uuidString).json")
        try Data(#"{"name":"recipe","attributes":{"ingredient":{"type":"string","inheritedByAddedText":false,"invalidationConditions":["textChanged"]}},"scope":["ingredient"]}"#.utf8)
            .write(to: definitionFile)
        defer { try? FileManager.default.removeItem(at: definitionFile) }
        let requests = Pipe(), answers = Pipe()
        let lines = [
            #"{"op":"type","text":"a"}"#,
            EditorProtocol.openLine(definitionPath: definitionFile.path, document: RichString("ab")),
            #"{"op":"type","text":"c"}"#,
            "not json",
            #"{"op":"undo"}"#,
        ]
        requests.fileHandleForWriting.write(Data((lines.joined(separator: "\n") + "\n").utf8))
        try requests.fileHandleForWriting.close()
        EditorServer.serve(input: requests.fileHandleForReading, output: answers.fileHandleForWriting) { engine, document in
            SessionEditor(engine: engine, document: document)
        }
        try answers.fileHandleForWriting.close()
        let replies = String(decoding: answers.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self).split(separator: "\n").map(String.init)
        XCTAssertEqual(replies.count, 5, replies.joined(separator: "\n"))
        XCTAssertTrue(replies[0].contains("the first request must be open"), replies[0])
        XCTAssertEqual(replies[1], #"{"document":["ab",{}],"selection":{"caret":2},"adjustments":[]}"#)
        XCTAssertEqual(replies[2], #"{"document":["abc",{}],"selection":{"caret":3},"adjustments":[]}"#)
        XCTAssertTrue(replies[3].hasPrefix(#"{"error":"#), replies[3])
        XCTAssertEqual(replies[4], #"{"document":["ab",{}],"selection":{"caret":2},"adjustments":[]}"#)
    }
}
