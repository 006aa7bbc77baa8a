import Foundation
import RichText
import StreamingJSON

extension AttributeValue {
    /// A plain value from JSON by shape (strings, numbers, bools, arrays, objects); nil for `null`.
    init?(plainJSON json: JSONValue) {
        switch json {
        case .string(let s): self = .string(s)
        case .integer(let i): self = .integer(i)
        case .number(let d): self = .number(d)
        case .bool(let b): self = .bool(b)
        case .null: return nil
        case .array(let items): self = .list(items.compactMap { AttributeValue(plainJSON: $0) })
        case .object(let object):
            var fields: [String: AttributeValue] = [:]
            for (key, value) in object { if let v = AttributeValue(plainJSON: value) { fields[key] = v } }
            self = .record(fields)
        }
    }

    /// The value as JSON for reports: colours as hex, URLs as their string, data as base64.
    var jsonValue: JSONValue {
        switch self {
        case .string(let s): return .string(s)
        case .integer(let i): return .integer(i)
        case .number(let d): return d.isFinite ? .number(d) : .string(String(d))
        case .bool(let b): return .bool(b)
        case .color(let c): return .string(c.hex)
        case .url(let u): return .string(u.absoluteString)
        case .data(let d): return .string(d.base64EncodedString())
        case .imageGlyph(let g):
            return .object(JSONObject([("contentIdentifier", .string(g.contentIdentifier)), ("contentDescription", .string(g.contentDescription)),
                                       ("contentType", .string(g.contentType))]))
        case .list(let items): return .array(items.map(\.jsonValue))
        case .record(let fields): return .object(JSONObject(fields.sorted { $0.key < $1.key }.map { ($0.key, $0.value.jsonValue) }))
        }
    }
}
