import Foundation
import RichText

extension ScriptStep {
    /// The step as one line of DESIGN §7's edit-script format (offsets in Unicode scalars), ready to paste
    /// into a regression test or to feed to `fmtcheck replay`. Values keep their kinds and invisible characters
    /// are escaped (see `ScriptValueJSON`), so `EditScript.parse(_:)` reads back exactly this step. The one
    /// writer of the format: `EditScript.jsonLines`, failure reports and `fmtcheck trace-to-script` use it.
    public var jsonLine: String {
        func str(_ s: String) -> String { ScriptValueJSON.quoted(s) }
        func value(_ v: AttributeValue?) -> String { v.map(ScriptValueJSON.text(for:)) ?? "null" }
        switch self {
        case let .insert(at, text):
            return "{\"op\":\"insert\",\"at\":\(at),\"text\":\(str(text))}"
        case let .delete(from, to):
            return "{\"op\":\"delete\",\"from\":\(from),\"to\":\(to)}"
        case let .replace(from, to, text):
            return "{\"op\":\"replace\",\"from\":\(from),\"to\":\(to),\"text\":\(str(text))}"
        case let .insertAttributed(at, document):
            let encoded = ScriptValueJSON.documentText(for: document)
            return "{\"op\":\"insertAttributed\",\"at\":\(at),\"document\":\(encoded)}"
        case let .set(from, to, key, v):
            return "{\"op\":\"set\",\"from\":\(from),\"to\":\(to),\"key\":\(str(key)),\"value\":\(value(v))}"
        case let .remove(from, to, key):
            return "{\"op\":\"remove\",\"from\":\(from),\"to\":\(to),\"key\":\(str(key))}"
        case let .setRanges(ranges, key, v):
            return "{\"op\":\"setRanges\",\"ranges\":\(ScriptValueJSON.rangesText(ranges)),\"key\":\(str(key)),\"value\":\(value(v))}"
        case let .select(from, to):
            return "{\"op\":\"select\",\"from\":\(from),\"to\":\(to)}"
        case .selectRanges(let ranges):
            return "{\"op\":\"select\",\"ranges\":\(ScriptValueJSON.rangesText(ranges))}"
        case .type(let text):
            return "{\"op\":\"type\",\"text\":\(str(text))}"
        case .deleteBackward:
            return "{\"op\":\"deleteBackward\"}"
        case .paste(let document):
            return "{\"op\":\"paste\",\"document\":\(ScriptValueJSON.documentText(for: document))}"
        case .undo:
            return "{\"op\":\"undo\"}"
        case .redo:
            return "{\"op\":\"redo\"}"
        }
    }

    /// A whole script as JSON Lines, one step a line (`jsonLine`) and no final newline, for messages that embed a
    /// script; `EditScript.jsonLines` writes the same lines as a file, each ending in a newline.
    public static func jsonLines(_ steps: [ScriptStep]) -> String {
        steps.map(\.jsonLine).joined(separator: "\n")
    }
}

extension EditScript.Step {
    /// The step as its line: `operation.jsonLine`, with a `"unit"` member when its offsets are not scalars.
    public var jsonLine: String {
        let line = operation.jsonLine
        guard let unit = EditScript.unitMember(unit) else { return line }
        return line.dropLast() + ",\"unit\":\"\(unit)\"}"
    }
}

extension EditScript {
    /// The script as JSON Lines, every line ending in a newline; `parse(_:)` reads back this script (numbered
    /// from 1 when the steps are).
    public var jsonLines: String {
        var text = ""
        for step in steps { text += step.jsonLine + "\n" }
        return text
    }
}
