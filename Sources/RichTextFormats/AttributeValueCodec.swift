import Foundation
import RichText
import StreamingJSON

/// How a key's value is read from native JSON. Writing always follows the value's own kind, so a value
/// read with its key's codec is written back the same way.
///
/// | codec | JSON read | `AttributeValue` |
/// |---|---|---|
/// | `string` | a string | `.string` |
/// | `integer` | an integer literal | `.integer` |
/// | `number` | any number | `.number` |
/// | `bool` | `true` / `false` | `.bool` |
/// | `color` | `"#rrggbb"`, `"#rrggbbaa"`, or `{"red":r,"green":g,"blue":b,"alpha":a}` (components 0…1, alpha optional) | `.color` |
/// | `url` | Foundation's `URL` layout `{"relative":"…","base":{…}}` (base optional), or a plain string | `.url` |
/// | `data` | a base64 string (Foundation's `Data` layout) | `.data` |
/// | `imageGlyph` | `{"contentIdentifier":"…","contentDescription":"…","contentType":"…"}` | `.imageGlyph` |
/// | `json` | any JSON: strings, numbers, bools, arrays (`.list`), objects (`.record`) | by shape |
///
/// Colours are written as `#rrggbb` / `#rrggbbaa` when that string gives back exactly the same components,
/// and as the `{"red",…}` record otherwise, so both round-trip exactly.
public enum AttributeValueCodec: Sendable, Hashable {
    /// A string.
    case string
    /// An integer.
    case integer
    /// A floating-point number (integers are accepted and widened).
    case number
    /// A Boolean.
    case bool
    /// A colour.
    case color
    /// A URL in Foundation's layout.
    case url
    /// Bytes as base64.
    case data
    /// An adaptive image glyph reference.
    case imageGlyph
    /// Plain JSON, converted by shape.
    case json

    /// The codec that reads values of `kind`; lists and records are plain JSON, read by shape.
    public init(kind: AttributeValue.Kind) {
        switch kind {
        case .string: self = .string
        case .integer: self = .integer
        case .number: self = .number
        case .bool: self = .bool
        case .color: self = .color
        case .url: self = .url
        case .data: self = .data
        case .imageGlyph: self = .imageGlyph
        case .list, .record: self = .json
        }
    }

    /// A word for messages: "a string", "a color", ….
    public var expectation: String {
        switch self {
        case .string: return "a string"
        case .integer: return "an integer"
        case .number: return "a number"
        case .bool: return "true or false"
        case .color: return "a color (\"#rrggbb\", \"#rrggbbaa\" or {\"red\",\"green\",\"blue\",\"alpha\"})"
        case .url: return "a URL ({\"relative\": \"…\"} or a string)"
        case .data: return "base64 data (a string)"
        case .imageGlyph: return "an image glyph ({\"contentIdentifier\": \"…\", …})"
        case .json: return "a JSON value"
        }
    }
}

/// The result of converting one JSON value: the attribute value, or nil with a reason why not.
struct CodecFailure: Error {
    var message: String
}

extension AttributeValueCodec {
    /// Converts `json` to an attribute value for this codec. Nested `null`s are dropped and reported in
    /// `notes`. Throws a `CodecFailure` when the JSON has the wrong type.
    func decode(_ json: JSONValue, notes: inout [String]) throws(CodecFailure) -> AttributeValue {
        switch self {
        case .string:
            guard case .string(let s) = json else { throw CodecFailure(message: "expected \(expectation), found \(json.kindWord)") }
            return .string(s)
        case .integer:
            guard case .integer(let i) = json else { throw CodecFailure(message: "expected \(expectation), found \(json.kindWord)") }
            return .integer(i)
        case .number:
            guard let d = json.doubleValue else { throw CodecFailure(message: "expected \(expectation), found \(json.kindWord)") }
            return .number(d)
        case .bool:
            guard case .bool(let b) = json else { throw CodecFailure(message: "expected \(expectation), found \(json.kindWord)") }
            return .bool(b)
        case .color:
            return .color(try Self.decodeColor(json))
        case .url:
            return try Self.decodeURL(json, notes: &notes)
        case .data:
            guard case .string(let s) = json, let data = Data(base64Encoded: s) else {
                throw CodecFailure(message: "expected \(expectation), found \(json.kindWord)")
            }
            return .data(data)
        case .imageGlyph:
            return .imageGlyph(try Self.decodeGlyph(json))
        case .json:
            return try Self.decodePlain(json, notes: &notes)
        }
    }

    static func decodeColor(_ json: JSONValue) throws(CodecFailure) -> RichColor {
        let expected = AttributeValueCodec.color.expectation
        switch json {
        case .string(let s):
            guard s.utf8.first == UInt8(ascii: "#"), let color = RichColor(hex: s) else {
                throw CodecFailure(message: "expected \(expected), found the string \(MessageText.quoted(s, limit: 40))")
            }
            return color
        case .object(let object):
            var components: [String: Double] = [:]
            for (key, value) in object {
                guard ["red", "green", "blue", "alpha"].contains(key) else {
                    throw CodecFailure(message: "expected \(expected), found the member \(MessageText.quoted(key, limit: 40))")
                }
                guard let d = value.doubleValue else {
                    throw CodecFailure(message: "expected a number for the color component \"\(key)\", found \(value.kindWord)")
                }
                components[key] = d
            }
            guard let r = components["red"], let g = components["green"], let b = components["blue"] else {
                throw CodecFailure(message: "expected \(expected), missing red, green or blue")
            }
            return RichColor(red: r, green: g, blue: b, alpha: components["alpha"] ?? 1)
        default:
            throw CodecFailure(message: "expected \(expected), found \(json.kindWord)")
        }
    }

    static func decodeURL(_ json: JSONValue, notes: inout [String]) throws(CodecFailure) -> AttributeValue {
        let relative: String
        var base: URL? = nil
        switch json {
        case .string(let s):
            relative = s
        case .object(let object):
            guard case .string(let r)? = object["relative"] else {
                throw CodecFailure(message: "expected \(AttributeValueCodec.url.expectation), missing the string member \"relative\"")
            }
            for key in object.keys where key != "relative" && key != "base" {
                throw CodecFailure(message: "expected \(AttributeValueCodec.url.expectation), found the member \(MessageText.quoted(key, limit: 40))")
            }
            relative = r
            if let baseJSON = object["base"] {
                guard case .url(let b) = try decodeURL(baseJSON, notes: &notes) else {
                    notes.append("the base of URL \(MessageText.quoted(r)) is not a URL Foundation can read; kept as plain JSON")
                    return try decodePlain(json, notes: &notes)
                }
                base = b
            }
        default:
            throw CodecFailure(message: "expected \(AttributeValueCodec.url.expectation), found \(json.kindWord)")
        }
        guard let url = URL(string: relative, relativeTo: base), url.relativeString == relative else {
            notes.append("\(MessageText.quoted(relative)) is not a URL that reads back unchanged; kept as plain JSON")
            return try decodePlain(json, notes: &notes)
        }
        return .url(url)
    }

    static func decodeGlyph(_ json: JSONValue) throws(CodecFailure) -> ImageGlyphReference {
        let expected = AttributeValueCodec.imageGlyph.expectation
        guard case .object(let object) = json else {
            throw CodecFailure(message: "expected \(expected), found \(json.kindWord)")
        }
        var fields: [String: String] = [:]
        for (key, value) in object {
            guard ["contentIdentifier", "contentDescription", "contentType"].contains(key) else {
                throw CodecFailure(message: "expected \(expected), found the member \(MessageText.quoted(key, limit: 40))")
            }
            guard case .string(let s) = value else {
                throw CodecFailure(message: "expected a string for the glyph's \"\(key)\", found \(value.kindWord)")
            }
            fields[key] = s
        }
        guard let id = fields["contentIdentifier"] else {
            throw CodecFailure(message: "expected \(expected), missing \"contentIdentifier\"")
        }
        return ImageGlyphReference(
            contentIdentifier: id,
            contentDescription: fields["contentDescription"] ?? "",
            contentType: fields["contentType"] ?? "public.heic")
    }

    /// Plain JSON by shape. `null` has no attribute value: inside lists and records it is dropped (noted).
    static func decodePlain(_ json: JSONValue, notes: inout [String]) throws(CodecFailure) -> AttributeValue {
        switch json {
        case .string(let s): return .string(s)
        case .integer(let i): return .integer(i)
        case .number(let d): return .number(d)
        case .bool(let b): return .bool(b)
        case .null:
            throw CodecFailure(message: "null has no attribute value")
        case .array(let elements):
            var list: [AttributeValue] = []
            list.reserveCapacity(elements.count)
            for element in elements {
                if element.isNull { notes.append("a null list element was dropped"); continue }
                list.append(try decodePlain(element, notes: &notes))
            }
            return .list(list)
        case .object(let object):
            var record: [String: AttributeValue] = [:]
            for (key, value) in object {
                if value.isNull { notes.append("the null member \(MessageText.quoted(key, limit: 40)) was dropped"); continue }
                record[key] = try decodePlain(value, notes: &notes)
            }
            return .record(record)
        }
    }
}

extension JSONValue {
    /// "a string", "an object", … for messages.
    var kindWord: String {
        switch self {
        case .string: return "a string"
        case .integer: return "an integer"
        case .number: return "a number"
        case .bool: return "a bool"
        case .null: return "null"
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}
