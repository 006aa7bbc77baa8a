import Foundation
import RichText
import RichTextFormats
import StreamingJSON

extension ScriptStep {
    /// The step as one line of DESIGN §7's edit-script format (offsets in Unicode scalars), ready to paste
    /// into a regression test or to feed to `fmtcheck replay`. Values keep their kinds and invisible characters
    /// are escaped (see `ScriptValueJSON`), so `parse(jsonLines:)` reads back exactly this step.
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
            let list = ranges.map { "[\($0.lowerBound),\($0.upperBound)]" }.joined(separator: ",")
            return "{\"op\":\"setRanges\",\"ranges\":[\(list)],\"key\":\(str(key)),\"value\":\(value(v))}"
        case let .select(from, to):
            return "{\"op\":\"select\",\"from\":\(from),\"to\":\(to)}"
        }
    }

    /// A whole script as JSON Lines, one step a line.
    public static func jsonLines(_ steps: [ScriptStep]) -> String {
        steps.map(\.jsonLine).joined(separator: "\n")
    }

    /// An attribute value as the JSON a definition file or native document writes (kinds are lost: scripts
    /// use `ScriptValueJSON` instead): colours as `"#rrggbb"`,
    /// URLs as strings, data as base64, glyphs as their reference object.
    public static func json(for value: AttributeValue) -> JSONValue {
        switch value {
        case .string(let s): return .string(s)
        case .integer(let i): return .integer(i)
        case .number(let d): return .number(d)
        case .bool(let b): return .bool(b)
        case .color(let c): return .string(c.hex)
        case .url(let u): return .string(u.absoluteString)
        case .data(let d): return .string(d.base64EncodedString())
        case .imageGlyph(let g):
            return .object(JSONObject([("contentDescription", .string(g.contentDescription)),
                                       ("contentIdentifier", .string(g.contentIdentifier)),
                                       ("contentType", .string(g.contentType))]))
        case .list(let items): return .array(items.map(json(for:)))
        case .record(let fields): return .object(JSONObject(fields.sorted { $0.key < $1.key }.map { ($0.key, json(for: $0.value)) }))
        }
    }

    /// Plain JSON as an attribute value (strings stay strings; `null` is nil).
    public static func plainValue(_ json: JSONValue) -> AttributeValue? {
        switch json {
        case .string(let s): return .string(s)
        case .integer(let i): return .integer(i)
        case .number(let d): return .number(d)
        case .bool(let b): return .bool(b)
        case .null: return nil
        case .array(let items): return .list(items.compactMap(plainValue))
        case .object(let object): return .record(Dictionary(object.map { ($0.key, plainValue($0.value) ?? .list([])) }, uniquingKeysWith: { a, _ in a }))
        }
    }
}
