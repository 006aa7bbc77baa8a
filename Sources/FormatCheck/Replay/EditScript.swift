import Formatting
import RichText
import StreamingJSON

/// An edit script (DESIGN §7): JSON Lines, one edit a line. Offsets count Unicode scalars from the start of
/// the document unless a line says `"unit": "utf16" | "utf8" | "characters"`; ranges are half-open.
///
/// ```
/// {"op":"insert","at":4,"text":"y"}
/// {"op":"delete","from":3,"to":4}
/// {"op":"replace","from":0,"to":5,"text":"Hi"}
/// {"op":"insertAttributed","at":0,"document":["X",{"ingredient":"milk"}]}
/// {"op":"set","from":0,"to":4,"key":"ingredient","value":"milk"}
/// {"op":"remove","from":0,"to":4,"key":"ingredient"}
/// {"op":"setRanges","ranges":[[0,4],[9,13]],"key":"k","value":1}
/// {"op":"select","from":2,"to":5}
/// {"op":"select","ranges":[[0,2],[5,7]]}
/// {"op":"type","text":"x"}
/// {"op":"deleteBackward"}
/// {"op":"paste","document":["X",{"ingredient":"milk"}]}
/// {"op":"undo"}
/// {"op":"redo"}
/// ```
///
/// The last five are an editor's commands: they act on the selection the script has made (`select`) and on
/// the undo history, as `EditingSession` does.
///
/// Values are read as the property harness writes them (`ScriptValueJSON`): `1.0` is a number, `1` an
/// integer, and `{"$color":…}`, `{"$url":…}`, `{"$data":…}`, `{"$glyph":…}`, `{"$record":…}` keep their
/// kinds; see `Sources/FormattingTesting/EDIT-SCRIPTS.md`.
public struct EditScript: Hashable, Sendable {
    /// One line's edit, with the unit its offsets count.
    public struct Step: Hashable, Sendable {
        /// The 1-based line of the script it came from.
        public var line: Int
        /// The unit offsets count.
        public var unit: TextUnit
        /// The edit.
        public var operation: Operation
    }

    /// The edits a script can hold. Values are the line's JSON, typed when applied.
    public enum Operation: Hashable, Sendable {
        /// Plain text typed at an offset (inherits like typing).
        case insert(at: Int, text: String)
        /// Text removed.
        case delete(from: Int, to: Int)
        /// Plain text over a range (inherits like typing).
        case replace(from: Int, to: Int, text: String)
        /// A native JSON document inserted with its own attributes.
        case insertAttributed(at: Int, document: JSONValue)
        /// A key set over a range.
        case set(from: Int, to: Int, key: String, value: JSONValue)
        /// A key removed over a range.
        case remove(from: Int, to: Int, key: String)
        /// A key set (or, with null, removed) over several ranges as one mutation.
        case setRanges(ranges: [Range<Int>], key: String, value: JSONValue)
        /// The selection moved to one range (empty: a caret).
        case select(from: Int, to: Int)
        /// The selection moved to several ranges.
        case selectRanges([Range<Int>])
        /// Typing at the selection (`EditingSession.type`).
        case type(String)
        /// Backspace at the selection (`EditingSession.deleteBackward`).
        case deleteBackward
        /// A native JSON document pasted over the selection (`EditingSession.paste`).
        case paste(document: JSONValue)
        /// Undo the last undo step.
        case undo
        /// Redo what undo took back.
        case redo
    }

    /// The steps, in order.
    public var steps: [Step]

    /// A script from steps.
    public init(steps: [Step]) {
        self.steps = steps
    }

    /// The operation names, for messages.
    static let operationNames = ["insert", "delete", "replace", "insertAttributed", "set", "remove", "setRanges", "select",
                                 "type", "deleteBackward", "paste", "undo", "redo"]

    /// Parses JSON Lines; blank lines are skipped. Throws the first bad line, by number.
    public static func parse(_ text: String) throws(EditScriptError) -> EditScript {
        var steps: [Step] = []
        var number = 0
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            number += 1
            let trimmed = String(line).trimmingSpaces
            if trimmed.isEmpty || trimmed == "\r" { continue }
            steps.append(try parseLine(String(trimmed), number: number))
        }
        return EditScript(steps: steps)
    }

    /// One line.
    static func parseLine(_ text: String, number: Int) throws(EditScriptError) -> Step {
        let json: JSONValue
        do {
            json = try JSONValue.parse(text, limits: JSONReader.Limits(maxDepth: 256))
        } catch {
            throw EditScriptError(line: number, message: "not JSON: \(error.message) at column \(error.location.column)")
        }
        guard case .object(let object) = json else { throw EditScriptError(line: number, message: "each line must be a JSON object") }
        func fail(_ message: String) -> EditScriptError { EditScriptError(line: number, message: message) }
        func integer(_ name: String) throws(EditScriptError) -> Int {
            guard let value = object[name] else { throw fail("\"\(name)\" is missing") }
            guard case .integer(let n) = value, n >= 0 else { throw fail("\"\(name)\" must be an offset (a whole number ≥ 0), not \(value)") }
            return n
        }
        func string(_ name: String) throws(EditScriptError) -> String {
            guard let value = object[name] else { throw fail("\"\(name)\" is missing") }
            guard case .string(let s) = value else { throw fail("\"\(name)\" must be a string, not \(value)") }
            return s
        }
        func range() throws(EditScriptError) -> (Int, Int) {
            let from = try integer("from"), to = try integer("to")
            guard from <= to else { throw fail("\"from\" (\(from)) is after \"to\" (\(to))") }
            return (from, to)
        }
        func ranges() throws(EditScriptError) -> [Range<Int>] {
            guard case .array(let items)? = object["ranges"] else { throw fail("\"ranges\" must be an array of [from, to] pairs") }
            var ranges: [Range<Int>] = []
            for item in items {
                guard case .array(let pair) = item, pair.count == 2, case .integer(let from) = pair[0], case .integer(let to) = pair[1],
                      from >= 0, from <= to else { throw fail("each range must be [from, to] with 0 ≤ from ≤ to, not \(item)") }
                ranges.append(from..<to)
            }
            return ranges
        }
        var unit = TextUnit.scalars
        if let value = object["unit"] {
            switch value.stringValue {
            case "utf16"?: unit = .utf16
            case "utf8"?: unit = .utf8
            case "characters"?: unit = .characters
            case "scalars"?, "unicodeScalars"?: unit = .scalars
            default: throw fail("\"unit\" must be \"utf16\", \"utf8\" or \"characters\" (scalars by default), not \(value)")
            }
        }
        let op = try string("op")
        let operation: Operation
        switch op {
        case "insert":
            operation = .insert(at: try integer("at"), text: try string("text"))
        case "delete":
            let (from, to) = try range()
            operation = .delete(from: from, to: to)
        case "replace":
            let (from, to) = try range()
            operation = .replace(from: from, to: to, text: try string("text"))
        case "insertAttributed":
            guard let document = object["document"] else { throw fail("\"document\" is missing") }
            operation = .insertAttributed(at: try integer("at"), document: document)
        case "set":
            let (from, to) = try range()
            guard let value = object["value"] else { throw fail("\"value\" is missing") }
            operation = .set(from: from, to: to, key: try string("key"), value: value)
        case "select":
            if object["ranges"] != nil {
                operation = .selectRanges(try ranges())
            } else {
                let (from, to) = try range()
                operation = .select(from: from, to: to)
            }
        case "type":
            operation = .type(try string("text"))
        case "deleteBackward":
            operation = .deleteBackward
        case "undo":
            operation = .undo
        case "redo":
            operation = .redo
        case "paste":
            guard let document = object["document"] else { throw fail("\"document\" is missing") }
            operation = .paste(document: document)
        case "remove":
            let (from, to) = try range()
            operation = .remove(from: from, to: to, key: try string("key"))
        case "setRanges":
            let list = try ranges()
            guard let value = object["value"] else { throw fail("\"value\" is missing (null removes the key)") }
            operation = .setRanges(ranges: list, key: try string("key"), value: value)
        default:
            throw fail("unknown op \"\(op)\"" + (Suggestions.didYouMean(op, in: operationNames).map { "; \($0)" } ?? "; the ops are " + operationNames.joined(separator: ", ")))
        }
        return Step(line: number, unit: unit, operation: operation)
    }
}

/// A bad edit-script line: its number and what is wrong. Exit code 2.
public struct EditScriptError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The 1-based line.
    public var line: Int
    /// What is wrong with it.
    public var message: String
    /// The script's name, when known.
    public var fileName: String?

    /// An error.
    public init(line: Int, message: String, fileName: String? = nil) {
        self.line = line
        self.message = message
        self.fileName = fileName
    }

    /// `script:LINE: error: message`.
    public var description: String { TerminalText.escaped("\(fileName ?? "script"):\(line): error: \(message)") }
}
