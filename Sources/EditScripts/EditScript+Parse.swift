import Formatting
import RichText
import StreamingJSON

extension EditScript {
    /// The op names, for messages.
    static let operationNames = ["insert", "delete", "replace", "insertAttributed", "set", "remove", "setRanges", "select",
                                 "type", "deleteBackward", "paste", "undo", "redo"]

    /// Reads JSON Lines; blank lines are skipped. Throws the first bad line, by number (a line that is not JSON
    /// names its column). Values and documents are read by `reading` (as the harness writes them by default).
    public static func parse(_ text: String, reading: ScriptReading = .exact) throws(EditScriptError) -> EditScript {
        var steps: [Step] = []
        var number = 0
        func isSpace(_ c: Character) -> Bool { c == " " || c == "\t" || c == "\r" }
        // A CRLF is one Character in Swift, so it is a line break of its own.
        for line in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }) {
            number += 1
            var trimmed = line
            while let first = trimmed.first, isSpace(first) { trimmed = trimmed.dropFirst() }
            while let last = trimmed.last, isSpace(last) { trimmed = trimmed.dropLast() }
            if trimmed.isEmpty { continue }
            steps.append(try parseLine(String(trimmed), number: number, reading: reading))
        }
        return EditScript(steps: steps)
    }

    /// One line.
    static func parseLine(_ text: String, number: Int, reading: ScriptReading) throws(EditScriptError) -> Step {
        let json: JSONValue
        do {
            json = try JSONValue.parse(text, limits: JSONReader.Limits(maxDepth: 256))
        } catch {
            throw EditScriptError(line: number, message: "not JSON: \(error.message) at column \(error.location.column)")
        }
        return try parseLine(json, number: number, reading: reading)
    }

    /// One line read as JSON already (the editor protocol's requests, `fmtoracle`'s lines), numbered `number`.
    public static func parseLine(_ json: JSONValue, number: Int, reading: ScriptReading) throws(EditScriptError) -> Step {
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
                guard let range = ScriptValueJSON.range(from: item) else { throw fail("each range must be [from, to] with 0 ≤ from ≤ to, not \(item)") }
                ranges.append(range)
            }
            return ranges
        }
        /// The value `raw` gives `key`: nil for `null` (which removes the key), an error for JSON that reads as no value.
        func value(of key: String, _ raw: JSONValue) throws(EditScriptError) -> AttributeValue? {
            if raw.isNull { return nil }
            guard let value = reading.value(key, raw) else { throw fail("\"value\" is not a value: \(raw)") }
            return value
        }
        func document() throws(EditScriptError) -> RichString {
            guard let document = object["document"] else { throw fail("\"document\" is missing") }
            do {
                return try reading.document(document)
            } catch {
                throw fail("\"document\" is not a native JSON document: \(error)")
            }
        }
        var unit = TextUnit.scalars
        if let value = object["unit"] {
            // The units' names are `TextUnit`'s own, and Foundation's view name for scalars is taken too.
            let name = value.stringValue == "unicodeScalars" ? TextUnit.scalars.rawValue : value.stringValue
            guard let named = name.flatMap(TextUnit.init(rawValue:)) else {
                throw fail("\"unit\" must be \"utf16\", \"utf8\" or \"characters\" (scalars by default), not \(value)")
            }
            unit = named
        }
        let op = try string("op")
        let operation: ScriptStep
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
            let piece = try document()
            operation = .insertAttributed(at: try integer("at"), document: piece)
        case "set":
            let (from, to) = try range()
            let key = try string("key")
            guard let raw = object["value"] else { throw fail("\"value\" is missing") }
            if let value = try value(of: key, raw) {
                operation = .set(from: from, to: to, key: key, value: value)
            } else {
                // Setting null removes the key, as `setRanges` does.
                operation = .remove(from: from, to: to, key: key)
            }
        case "remove":
            let (from, to) = try range()
            operation = .remove(from: from, to: to, key: try string("key"))
        case "setRanges":
            let list = try ranges()
            guard let raw = object["value"] else { throw fail("\"value\" is missing (null removes the key)") }
            let key = try string("key")
            operation = .setRanges(ranges: list, key: key, value: try value(of: key, raw))
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
        case "paste":
            operation = .paste(try document())
        case "undo":
            operation = .undo
        case "redo":
            operation = .redo
        default:
            throw fail("unknown op \"\(op)\"" + (Suggestions.didYouMean(op, in: operationNames).map { "; \($0)" } ?? "; the ops are " + operationNames.joined(separator: ", ")))
        }
        return Step(line: number, unit: unit, operation: operation)
    }
}
