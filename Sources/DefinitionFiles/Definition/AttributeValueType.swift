import Foundation
import RichText
import StreamingJSON

/// The value type a definition file declares for an attribute.
///
/// One conversion, `value(from:)`, turns JSON into an `AttributeValue` of this type. Definition files use it
/// for the values their constraints mention, and the linter uses it for the values stored in documents, so a
/// colour written `"#34C759"` in either place compares equal.
public enum AttributeValueType: Hashable, Sendable, CustomStringConvertible {
    /// Any string.
    case string
    /// A whole number (a JSON number without fraction or exponent).
    case integer
    /// Any JSON number; stored as `.number`.
    case number
    /// `true` or `false`.
    case bool
    /// `"#rrggbb"` or `"#rrggbbaa"`; stored as `.color`.
    case color
    /// An absolute URL string (with a scheme); stored as `.url`.
    case url
    /// One of the listed strings; stored as `.string`.
    case enumeration(EnumerationValues)
    /// An adaptive image glyph reference: `{"contentIdentifier", "contentDescription"?, "contentType"?}`.
    case imageGlyph

    /// The types a file may name in `"type"`, in the order messages list them (an enumeration with no values
    /// stands for `"enum"`).
    public static let named: [AttributeValueType] = [.string, .integer, .number, .bool, .color, .url, .enumeration([]), .imageGlyph]

    /// The type names a file may write in `"type"`.
    public static let names = named.map(\.name)

    /// The kind of the values this type stores (`.string` for an enumeration).
    public var kind: AttributeValue.Kind {
        switch self {
        case .string, .enumeration: return .string
        case .integer: return .integer
        case .number: return .number
        case .bool: return .bool
        case .color: return .color
        case .url: return .url
        case .imageGlyph: return .imageGlyph
        }
    }

    /// The name written in files: the kind's name, or `"enum"` for an enumeration.
    public var name: String {
        if case .enumeration = self { return "enum" }
        return kind.rawValue
    }

    /// The name, with an enumeration's values: `enum (left, center, right)`.
    public var description: String {
        if case .enumeration(let values) = self { return "enum (\(values.joined(separator: ", ")))" }
        return name
    }

    /// Whether values of this type are numbers (what a clamp needs).
    public var isNumeric: Bool { self == .integer || self == .number }

    /// What a value of this type looks like, for hints.
    public var expectation: String {
        switch self {
        case .string: return "a string"
        case .integer: return "a whole number such as 12"
        case .number: return "a number such as 1.5"
        case .bool: return "true or false"
        case .color: return "a color written \"#rrggbb\" or \"#rrggbbaa\", such as \"#34C759\""
        case .url: return "an absolute URL such as \"https://example.com\""
        case .enumeration(let values): return "one of " + values.map { "\"\($0)\"" }.joined(separator: ", ")
        case .imageGlyph: return "an object {\"contentIdentifier\": …, \"contentDescription\": …}"
        }
    }

    /// The value of this type that `json` spells, or nil when it does not fit.
    public func value(from json: JSONValue) -> AttributeValue? {
        switch (self, json) {
        case (.string, .string(let s)): return .string(s)
        case (.integer, .integer(let i)): return .integer(i)
        case (.number, .integer(let i)): return .number(Double(i))
        case (.number, .number(let d)): return .number(d)
        case (.bool, .bool(let b)): return .bool(b)
        case (.color, .string(let s)):
            guard s.hasPrefix("#"), let color = RichColor(hex: s) else { return nil }
            return .color(color)
        case (.url, .string(let s)):
            guard !s.isEmpty, let url = URL(string: s), url.scheme != nil else { return nil }
            return .url(url)
        case (.enumeration(let values), .string(let s)):
            return values.contains(s) ? .string(s) : nil
        case (.imageGlyph, .object(let object)):
            guard let identifier = object["contentIdentifier"]?.stringValue else { return nil }
            let known: Set<String> = ["contentIdentifier", "contentDescription", "contentType"]
            guard object.keys.allSatisfy(known.contains) else { return nil }
            let description = object["contentDescription"].map { $0.stringValue } ?? ""
            let type = object["contentType"].map { $0.stringValue } ?? "public.heic"
            guard let description, let type else { return nil }
            return .imageGlyph(ImageGlyphReference(contentIdentifier: identifier, contentDescription: description, contentType: type))
        default:
            return nil
        }
    }

    /// Whether a stored value is of this type.
    public func accepts(_ value: AttributeValue) -> Bool {
        switch (self, value) {
        case (.string, .string), (.integer, .integer), (.number, .number), (.number, .integer), (.bool, .bool),
             (.color, .color), (.url, .url), (.imageGlyph, .imageGlyph):
            return true
        case (.enumeration(let values), .string(let s)):
            return values.contains(s)
        default:
            return false
        }
    }
}
