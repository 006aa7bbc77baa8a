import Foundation
import RichText
import RichTextFormats
import StreamingJSON

extension ScriptStep {
    /// Reads an edit script in DESIGN §7's JSON Lines format (scalar offsets; blank lines are skipped), so a
    /// shrunk failure pasted into a regression test replays as written.
    ///
    /// `value` converts a JSON value for a key; by default values read as `ScriptStep.jsonLine` writes them
    /// (`ScriptValueJSON`), each with its own kind, wrong-typed ones included. Lines with a `"unit"` other than `"scalars"` are
    /// rejected: the harness writes scalar offsets only.
    public static func parse(
        jsonLines text: String,
        value: (String, JSONValue) -> AttributeValue? = { _, json in ScriptValueJSON.value(from: json) }
    ) throws(ScriptParseError) -> [ScriptStep] {
        var steps: [ScriptStep] = []
        for (n, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.trimmingCharacters(in: .whitespacesAndNewlines)
            if line.isEmpty { continue }
            let json: JSONValue
            do { json = try JSONValue.parse(String(line)) } catch { throw ScriptParseError(line: n + 1, message: "not JSON: \(error)") }
            steps.append(try parseLine(json, line: n + 1, value: value))
        }
        return steps
    }

    static func parseLine(_ json: JSONValue, line: Int, value: (String, JSONValue) -> AttributeValue?) throws(ScriptParseError) -> ScriptStep {
        func fail(_ message: String) -> ScriptParseError { ScriptParseError(line: line, message: message) }
        func int(_ name: String) throws(ScriptParseError) -> Int {
            guard let v = json[name]?.intValue, v >= 0 else { throw fail("'\(name)' must be a non-negative integer") }
            return v
        }
        func string(_ name: String) throws(ScriptParseError) -> String {
            guard let v = json[name]?.stringValue else { throw fail("'\(name)' must be a string") }
            return v
        }
        func range() throws(ScriptParseError) -> (Int, Int) {
            let (from, to) = (try int("from"), try int("to"))
            guard from <= to else { throw fail("'from' (\(from)) is after 'to' (\(to))") }
            return (from, to)
        }
        func ranges() throws(ScriptParseError) -> [Range<Int>] {
            guard let ranges = json["ranges"].flatMap(ScriptValueJSON.ranges(from:)) else { throw fail("'ranges' must be an array of [from, to] pairs") }
            return ranges
        }
        func document() throws(ScriptParseError) -> RichString {
            guard let document = json["document"], let bytes = try? JSONWriter.write(document) else { throw fail("missing 'document'") }
            if let typed = ScriptValueJSON.document(from: document) { return typed }
            do {
                return try NativeJSONDecoder().decode(bytes).document
            } catch {
                throw fail("'document' is not a native JSON document: \(error)")
            }
        }
        if let unit = json["unit"]?.stringValue, unit != "scalars" { throw fail("unit '\(unit)' is not supported; use scalar offsets") }
        guard let op = json["op"]?.stringValue else { throw fail("missing 'op'") }
        switch op {
        case "insert": return .insert(at: try int("at"), text: try string("text"))
        case "delete": let (f, t) = try range(); return .delete(from: f, to: t)
        case "replace": let (f, t) = try range(); return .replace(from: f, to: t, text: try string("text"))
        case "select":
            if json["ranges"] != nil { return .selectRanges(try ranges()) }
            let (f, t) = try range()
            return .select(from: f, to: t)
        case "type": return .type(try string("text"))
        case "deleteBackward": return .deleteBackward
        case "undo": return .undo
        case "redo": return .redo
        case "paste": return .paste(try document())
        case "remove": let (f, t) = try range(); return .remove(from: f, to: t, key: try string("key"))
        case "set":
            let (f, t) = try range()
            let key = try string("key")
            guard let raw = json["value"], let v = value(key, raw) else { throw fail("'value' is missing or not a value of '\(key)'") }
            return .set(from: f, to: t, key: key, value: v)
        case "setRanges":
            let key = try string("key")
            let list = try ranges()
            let raw = json["value"] ?? .null
            return .setRanges(ranges: list, key: key, value: raw.isNull ? nil : value(key, raw))
        case "insertAttributed":
            let document = try document()
            return .insertAttributed(at: try int("at"), document: document)
        default:
            throw fail("unknown op '\(op)'")
        }
    }
}
