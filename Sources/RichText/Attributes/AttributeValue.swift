import Foundation

/// A colour in sRGB with alpha, each component in 0...1.
public struct RichColor: Hashable, Sendable, CustomStringConvertible {
    /// Red, 0...1.
    public var red: Double
    /// Green, 0...1.
    public var green: Double
    /// Blue, 0...1.
    public var blue: Double
    /// Opacity, 0...1.
    public var alpha: Double

    /// A colour from its components.
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// A colour from `#rrggbb` or `#rrggbbaa`; nil when the text is not such a colour.
    public init?(hex: String) {
        var digits = Substring(hex)
        if digits.hasPrefix("#") { digits = digits.dropFirst() }
        guard digits.count == 6 || digits.count == 8, let number = UInt64(digits, radix: 16) else { return nil }
        let value = digits.count == 6 ? (number << 8) | 0xFF : number
        red = Double((value >> 24) & 0xFF) / 255
        green = Double((value >> 16) & 0xFF) / 255
        blue = Double((value >> 8) & 0xFF) / 255
        alpha = Double(value & 0xFF) / 255
    }

    /// The colour as `#rrggbb`, or `#rrggbbaa` when it is not opaque.
    public var hex: String {
        // Written as ASCII bytes into one small string (at most 9 bytes, held inline): no intermediate strings.
        func byte(_ component: Double) -> Int { Int((min(max(component, 0), 1) * 255).rounded()) }
        let opaque = alpha >= 1
        let (r, g, b, a) = (byte(red), byte(green), byte(blue), opaque ? 0 : byte(alpha))
        return String(unsafeUninitializedCapacity: opaque ? 7 : 9) { buffer in
            func put(_ value: Int, at k: Int) {
                let digits: StaticString = "0123456789abcdef"
                buffer[k] = digits.utf8Start[value >> 4]
                buffer[k + 1] = digits.utf8Start[value & 0xF]
            }
            buffer[0] = UInt8(ascii: "#")
            put(r, at: 1)
            put(g, at: 3)
            put(b, at: 5)
            if opaque { return 7 }
            put(a, at: 7)
            return 9
        }
    }

    public var description: String { hex }
}

/// A reference to an adaptive image glyph (Genmoji): its identity and description; the image bytes live in
/// a store keyed by `contentIdentifier`, so that a glyph that appears many times stores its image once.
public struct ImageGlyphReference: Hashable, Sendable {
    /// The identifier that names the image across documents.
    public var contentIdentifier: String
    /// The accessible description of the glyph.
    public var contentDescription: String
    /// The uniform type of the image data, such as `public.heic`.
    public var contentType: String

    /// A glyph reference.
    public init(contentIdentifier: String, contentDescription: String, contentType: String = "public.heic") {
        self.contentIdentifier = contentIdentifier
        self.contentDescription = contentDescription
        self.contentType = contentType
    }
}

/// The value of an attribute: a closed set of kinds, so that keys declared only by name in a definition file
/// share storage with typed Swift keys. The large payloads are boxed, so a value takes 24 bytes in a set.
public enum AttributeValue: Hashable, Sendable {
    case string(String)
    case integer(Int)
    case number(Double)
    case bool(Bool)
    indirect case color(RichColor)
    case url(URL)
    case data(Data)
    indirect case imageGlyph(ImageGlyphReference)
    case list([AttributeValue])
    /// A JSON object: structured values such as Foundation's encoding of `NSLink`.
    case record([String: AttributeValue])
}

extension AttributeValue: CustomStringConvertible {
    public var description: String {
        switch self {
        case .string(let value): return value
        case .integer(let value): return String(value)
        case .number(let value): return String(value)
        case .bool(let value): return String(value)
        case .color(let value): return value.hex
        case .url(let value): return value.absoluteString
        case .data(let value): return "\(value.count) bytes"
        case .imageGlyph(let value): return "glyph(\(value.contentIdentifier))"
        case .list(let values): return "[" + values.map(\.description).joined(separator: ", ") + "]"
        case .record(let fields):
            return "{" + fields.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: ", ") + "}"
        }
    }

    /// A short name of the value's kind, for messages ("string", "integer", …): `kind.rawValue`.
    public var kindName: String { kind.rawValue }

    /// The value's kind.
    public var kind: Kind {
        switch self {
        case .string: return .string
        case .integer: return .integer
        case .number: return .number
        case .bool: return .bool
        case .color: return .color
        case .url: return .url
        case .data: return .data
        case .imageGlyph: return .imageGlyph
        case .list: return .list
        case .record: return .record
        }
    }

    /// The kinds of attribute value, one per case of `AttributeValue`, and the one place their names are spelled:
    /// definition files' types, the native JSON codecs and messages all use these names.
    public enum Kind: String, CaseIterable, Hashable, Sendable, CustomStringConvertible {
        case string, integer, number, bool, color, url, data, imageGlyph, list, record

        /// The kind's name (its raw value): "string", "integer", …, "imageGlyph".
        public var description: String { rawValue }
    }
}

/// A Swift type that converts to and from `AttributeValue`, so typed keys can use it as their `Value`.
public protocol AttributeValueConvertible: Hashable, Sendable {
    /// The value in the closed storage form.
    var attributeValue: AttributeValue { get }
    /// The Swift value from the storage form; nil when the kind does not match.
    init?(attributeValue: AttributeValue)
}

extension AttributeValueConvertible where Self: RawRepresentable, RawValue == String {
    /// A string-backed enumeration is stored as its raw value: `.string(rawValue)`.
    public var attributeValue: AttributeValue { .string(rawValue) }

    /// The case a stored string names; nil for any other string or kind.
    public init?(attributeValue: AttributeValue) {
        guard case .string(let name) = attributeValue else { return nil }
        self.init(rawValue: name)
    }
}

extension String: AttributeValueConvertible {
    public var attributeValue: AttributeValue { .string(self) }
    public init?(attributeValue: AttributeValue) {
        guard case .string(let value) = attributeValue else { return nil }
        self = value
    }
}

extension Int: AttributeValueConvertible {
    public var attributeValue: AttributeValue { .integer(self) }
    public init?(attributeValue: AttributeValue) {
        guard case .integer(let value) = attributeValue else { return nil }
        self = value
    }
}

extension Double: AttributeValueConvertible {
    public var attributeValue: AttributeValue { .number(self) }
    public init?(attributeValue: AttributeValue) {
        switch attributeValue {
        case .number(let value): self = value
        case .integer(let value): self = Double(value)
        default: return nil
        }
    }
}

extension Bool: AttributeValueConvertible {
    public var attributeValue: AttributeValue { .bool(self) }
    public init?(attributeValue: AttributeValue) {
        guard case .bool(let value) = attributeValue else { return nil }
        self = value
    }
}

extension URL: AttributeValueConvertible {
    public var attributeValue: AttributeValue { .url(self) }
    public init?(attributeValue: AttributeValue) {
        guard case .url(let value) = attributeValue else { return nil }
        self = value
    }
}

extension Data: AttributeValueConvertible {
    public var attributeValue: AttributeValue { .data(self) }
    public init?(attributeValue: AttributeValue) {
        guard case .data(let value) = attributeValue else { return nil }
        self = value
    }
}

extension RichColor: AttributeValueConvertible {
    public var attributeValue: AttributeValue { .color(self) }
    public init?(attributeValue: AttributeValue) {
        guard case .color(let value) = attributeValue else { return nil }
        self = value
    }
}

extension ImageGlyphReference: AttributeValueConvertible {
    public var attributeValue: AttributeValue { .imageGlyph(self) }
    public init?(attributeValue: AttributeValue) {
        guard case .imageGlyph(let value) = attributeValue else { return nil }
        self = value
    }
}

extension AttributeValue: AttributeValueConvertible {
    public var attributeValue: AttributeValue { self }
    public init?(attributeValue: AttributeValue) { self = attributeValue }
}
