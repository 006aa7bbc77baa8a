import Foundation
import RichText
import StreamingJSON

extension AttributeValue {
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
