import Formatting
import RichText
import StreamingJSON

extension DefinitionReader {
    /// The value a constraint mentions for `declaration`, typed by the attribute's declared type; reports a
    /// value that does not fit. `what` names the value's role, such as "the value set on 'foregroundColor'".
    mutating func typedValue(_ node: LocatedJSON, at path: JSONPath, for declaration: AttributeDeclaration, what: String) -> AttributeValue? {
        if let value = declaration.type.value(from: node.value) { return value }
        let type = declaration.type
        var hint = "write \(type.expectation)"
        let message: String
        switch (type, node.kind) {
        case (.enumeration(let values), .string(let s)):
            message = "\(what) is \"\(s)\", which is not one of the values of '\(declaration.name)'"
            hint = Suggestions.didYouMean(s, in: values) ?? hint
        case (.color, .string(let s)) where !s.hasPrefix("#") && RichColor(hex: s) != nil:
            message = "\(what) must be a color, and \"\(s)\" lacks its '#'"
            hint = "write \"#\(s)\""
        case (.color, .string(let s)):
            message = "\(what) must be a color, and \"\(s)\" is not one"
        case (.url, .string(let s)):
            message = "\(what) must be an absolute URL, and \"\(s)\" is not one"
        case (.integer, .number(let d)):
            message = "\(what) must be a whole number, not \(d)"
        case (.imageGlyph, .object):
            message = "\(what) must be an image glyph reference with a string 'contentIdentifier' and only the fields 'contentIdentifier', 'contentDescription' and 'contentType'"
        case (_, .null):
            message = "\(what) must be \(type.name == "enum" ? "an enum value" : "a \(type.name)"), not null"
            hint = "to remove the value, write \"remove\": true"
        default:
            message = "'\(declaration.name)' is \(type.name == "enum" || type.name == "imageGlyph" || type.name == "integer" ? "an" : "a") \(type.name), so \(what) cannot be \(Self.describe(node))"
            if let boolHint = Self.boolHint(node), type == .bool { hint = boolHint }
        }
        report(.wrongType, message, node: node, at: path, hint: hint)
        return nil
    }
}
