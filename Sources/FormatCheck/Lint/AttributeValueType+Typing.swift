import Foundation
import RichText
import RichTextFormats

extension AttributeValueType {
    /// The codec that reads values of this type from native JSON.
    var codec: AttributeValueCodec { AttributeValueCodec(kind: kind) }

    /// `value` as a value of this type, or nil when it is not one.
    ///
    /// Accepts what a typed codec gives and what the plain-JSON codec gives for the same JSON (a colour as a
    /// `"#rrggbb"` string or a `{"red",…}` record, a URL as a string or Foundation's `{"relative": …}`), so a
    /// document reads the same whichever codec a key ended up with. Integers widen to numbers.
    func typed(_ value: AttributeValue) -> AttributeValue? {
        switch (self, value) {
        case (.number, .integer(let i)):
            return .number(Double(i))
        case (.color, .string(let s)):
            guard s.hasPrefix("#"), let color = RichColor(hex: s) else { return nil }
            return .color(color)
        case (.color, .record(let fields)):
            guard Set(fields.keys).isSubset(of: ["red", "green", "blue", "alpha"]),
                  let r = fields["red"]?.numeric, let g = fields["green"]?.numeric, let b = fields["blue"]?.numeric else { return nil }
            let alpha: Double?
            if let a = fields["alpha"] { alpha = a.numeric } else { alpha = 1 }
            guard let alpha else { return nil }
            return .color(RichColor(red: r, green: g, blue: b, alpha: alpha))
        case (.url, .url(let url)):
            return url.scheme != nil ? value : nil
        case (.url, .string(let s)):
            guard !s.isEmpty, let url = URL(string: s), url.scheme != nil else { return nil }
            return .url(url)
        case (.url, .record(let fields)):
            guard fields.count == 1, case .string(let s)? = fields["relative"] else { return nil }
            return AttributeValueType.url.typed(.string(s))
        case (.imageGlyph, .record(let fields)):
            guard Set(fields.keys).isSubset(of: ["contentIdentifier", "contentDescription", "contentType"]),
                  case .string(let id)? = fields["contentIdentifier"] else { return nil }
            var strings: [String: String] = [:]
            for (name, field) in fields {
                guard case .string(let s) = field else { return nil }
                strings[name] = s
            }
            return .imageGlyph(ImageGlyphReference(contentIdentifier: id, contentDescription: strings["contentDescription"] ?? "",
                                                   contentType: strings["contentType"] ?? "public.heic"))
        default:
            return accepts(value) ? value : nil
        }
    }
}

extension AttributeValue {
    /// The value as a Double when it is a number.
    var numeric: Double? {
        switch self {
        case .integer(let i): return Double(i)
        case .number(let d): return d
        default: return nil
        }
    }
}
