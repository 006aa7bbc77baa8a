import EditScripts
import RichText
import XCTest
@testable import FormatCheck

/// `ScriptReplayer.apply` checks every offset of a script built in code (as `TraceConversion` builds one from a
/// trace), not only of one parsed from JSON Lines: a negative offset or a reversed range is an error naming its
/// line, never a trap.
final class ScriptReplayerBoundsTests: XCTestCase {
    func replay(_ operation: ScriptStep, on text: String = "milk") -> EditScriptError? {
        guard case .success(let empty) = DefinitionFile.parse(#"{"name": "none", "attributes": {}, "scope": []}"#, fileName: "none") else {
            XCTFail("the empty definition did not load")
            return nil
        }
        var document = RichString(text)
        do {
            try ScriptReplayer(definition: empty).apply(EditScript(steps: [EditScript.Step(line: 7, unit: .scalars, operation: operation)]), to: &document)
            return nil
        } catch {
            XCTAssertEqual(document.string, text, "a refused step changed the document")
            return error
        }
    }

    func testNegativeOffsetsAndReversedRangesAreErrorsNamingTheLine() {
        let refused: [ScriptStep] = [
            .insert(at: -1, text: "x"), .delete(from: -3, to: 1), .delete(from: 3, to: 1), .replace(from: 2, to: -1, text: "y"),
            .replace(from: Int.min, to: 0, text: ""), .remove(from: 4, to: 0, key: "k"),
            .setRanges(ranges: [0..<1, -2..<0], key: "k", value: nil),
        ]
        for operation in refused {
            let error = replay(operation)
            XCTAssertEqual(error?.line, 7, "\(operation)")
        }
        XCTAssertEqual(replay(.delete(from: 3, to: 1))?.message, "the range 3..<1 ends before it starts")
        XCTAssertEqual(replay(.insert(at: -1, text: "x"))?.message, "offset -1 is out of range: the document has 4 Unicode scalars")
        XCTAssertNil(replay(.delete(from: 1, to: 3)))
    }
}
