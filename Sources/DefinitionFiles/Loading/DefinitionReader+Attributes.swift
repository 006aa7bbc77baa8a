import Formatting
import RichText
import StreamingJSON

extension DefinitionReader {
    /// The fields of one attribute declaration.
    static let attributeFields = ["type", "values", "description", "inheritedByAddedText", "invalidationConditions", "runBoundaries"]

    /// Reads `"attributes"`: an object from attribute name to declaration.
    mutating func readAttributes(_ node: LocatedJSON, at path: JSONPath) {
        guard let members = members(of: node, at: path, expecting: "\"attributes\"") else { return }
        for member in members {
            let memberPath = path.appending(key: member.key)
            if member.key.isEmpty {
                report(.invalidValue, "an attribute's name is empty", at: .key(member, in: path), hint: "use the name documents store the attribute under")
                continue
            }
            if member.key == BuiltInRule.suppressionAttribute {
                report(.invalidValue, "'\(member.key)' is reserved: in a document it suppresses rules over the text it covers", at: .key(member, in: path),
                       hint: "give the attribute another name")
                continue
            }
            if let declaration = readAttribute(member, at: memberPath) {
                checkGlyphIsNotInherited(declaration, at: Site(location: member.keyLocation, path: memberPath))
                attributes[member.key] = declaration
                attributeOrder.append(member.key)
            } else {
                brokenAttributes.insert(member.key)
            }
        }
        checkInvalidationReferences()
    }

    /// Warns about an image-glyph attribute that typed text inherits: a glyph stands on its U+FFFC, so an
    /// inherited glyph turns every U+FFFC typed after it into a copy of the same Genmoji.
    private mutating func checkGlyphIsNotInherited(_ declaration: AttributeDeclaration, at site: Site) {
        guard declaration.type == .imageGlyph, declaration.behavior.isInheritable else { return }
        report(.inheritableGlyph, "'\(declaration.name)' holds image glyphs and is inherited by added text, so typing U+FFFC after a glyph duplicates it",
               at: site, hint: "add \"inheritedByAddedText\": false to '\(declaration.name)'", severity: .warning)
    }

    /// Reads one declaration; nil when its type cannot be read.
    private mutating func readAttribute(_ member: LocatedJSON.Member, at path: JSONPath) -> AttributeDeclaration? {
        let context = "the attribute '\(member.key)'"
        guard let fields = members(of: member.value, at: path, expecting: context) else { return nil }
        checkFields(fields, at: path, allowed: Self.attributeFields, in: context)
        var behavior = AttributeBehavior.plain
        if let node = member.value["inheritedByAddedText"],
           let inherited = bool(node, at: path.appending(key: "inheritedByAddedText"), what: "\"inheritedByAddedText\"") {
            behavior.inheritedByAddedText = inherited
        }
        if let node = member.value["invalidationConditions"] {
            behavior.invalidationConditions = readInvalidationConditions(node, at: path.appending(key: "invalidationConditions"), owner: member.key)
        }
        if let node = member.value["runBoundaries"] {
            behavior.runBoundaries = readRunBoundary(node, at: path.appending(key: "runBoundaries"))
        }
        let summary = member.value["description"].flatMap { string($0, at: path.appending(key: "description"), what: "a description") }
        guard let typeNode = required("type", in: fields, of: member.value, at: path, in: context,
                                      hint: "the types are " + AttributeValueType.names.joined(separator: ", ")),
              let type = readType(typeNode, values: member.value["values"], at: path)
        else { return nil }
        return AttributeDeclaration(name: member.key, type: type, behavior: behavior, summary: summary, location: member.keyLocation)
    }

    /// Reads `"type"` (and `"values"` for an enum).
    private mutating func readType(_ node: LocatedJSON, values: LocatedJSON?, at path: JSONPath) -> AttributeValueType? {
        let typePath = path.appending(key: "type")
        guard let name = string(node, at: typePath, what: "\"type\"") else { return nil }
        if name != "enum", let values {
            report(.unknownField, "'values' only belongs to an enum attribute, and this one is a \(name)",
                   node: values, at: path.appending(key: "values"), hint: "remove 'values', or make the type \"enum\"")
        }
        switch AttributeValueType.named.first(where: { $0.name == name }) {
        case .enumeration?:
            guard let values else {
                report(.missingField, "an enum attribute needs a 'values' field listing its values", node: node, at: typePath,
                       hint: "add \"values\": [\"left\", \"center\", …]")
                return nil
            }
            return readEnumValues(values, at: path.appending(key: "values"))
        case let type?:
            return type
        case nil:
            report(.wrongType, "unknown type \"\(name)\"", node: node, at: typePath,
                   hint: Suggestions.didYouMean(name, in: AttributeValueType.names)
                       ?? "the types are " + AttributeValueType.names.joined(separator: ", "))
            return nil
        }
    }

    /// Reads an enum's `"values"`: a non-empty array of distinct strings.
    private mutating func readEnumValues(_ node: LocatedJSON, at path: JSONPath) -> AttributeValueType? {
        guard let elements = elements(of: node, at: path, expecting: "\"values\"") else { return nil }
        if elements.isEmpty {
            report(.invalidValue, "an enum needs at least one value", node: node, at: path)
            return nil
        }
        var values: [String] = []
        var seen: Set<String> = []
        var ok = true
        for (i, element) in elements.enumerated() {
            guard let value = string(element, at: path.appending(index: i), what: "an enum value") else { ok = false; continue }
            if seen.insert(value).inserted {
                values.append(value)
            } else {
                report(.duplicateName, "the enum value \"\(value)\" is listed twice", node: element, at: path.appending(index: i),
                       hint: "remove the repeat")
            }
        }
        return ok ? .enumeration(EnumerationValues(values)) : nil
    }

    /// Reads `"invalidationConditions"`: `"textChanged"` or `{"attributeChanged": "key"}` items.
    private mutating func readInvalidationConditions(_ node: LocatedJSON, at path: JSONPath, owner: String) -> Set<InvalidationCondition> {
        guard let elements = elements(of: node, at: path, expecting: "\"invalidationConditions\"") else { return [] }
        var conditions: Set<InvalidationCondition> = []
        let forms = "\"textChanged\" or {\"attributeChanged\": \"otherKey\"}"
        for (i, element) in elements.enumerated() {
            let elementPath = path.appending(index: i)
            switch element.kind {
            case .string(let s):
                if s == "textChanged" {
                    conditions.insert(.textChanged)
                } else if s == "attributeChanged" {
                    report(.wrongType, "\"attributeChanged\" needs the key it watches", node: element, at: elementPath,
                           hint: "write {\"attributeChanged\": \"otherKey\"}")
                } else {
                    report(.invalidValue, "unknown invalidation condition \"\(s)\"", node: element, at: elementPath,
                           hint: Suggestions.didYouMean(s, in: ["textChanged"]) ?? "write \(forms)")
                }
            case .object(let fields):
                checkFields(fields, at: elementPath, allowed: ["attributeChanged"], in: "an invalidation condition")
                guard let keyNode = element["attributeChanged"] else {
                    if fields.isEmpty { report(.missingField, "an invalidation condition object needs 'attributeChanged'", node: element, at: elementPath, hint: "write \(forms)") }
                    continue
                }
                let keyPath = elementPath.appending(key: "attributeChanged")
                guard let key = string(keyNode, at: keyPath, what: "\"attributeChanged\"") else { continue }
                if key == owner {
                    report(.invalidValue, "'\(owner)' cannot be invalidated by changes of itself", node: keyNode, at: keyPath,
                           hint: "name another attribute, whose changes should remove '\(owner)'")
                    continue
                }
                conditions.insert(.attributeChanged(key))
                invalidationReferences.append((owner, key, Site(location: keyNode.location, path: keyPath)))
            default:
                report(.wrongType, "an invalidation condition must be \(forms), not \(Self.describe(element))", node: element, at: elementPath)
            }
        }
        return conditions
    }

    /// Reports `attributeChanged` references to undeclared attributes (once every declaration is read).
    private mutating func checkInvalidationReferences() {
        for reference in invalidationReferences where attributes[reference.key] == nil && !brokenAttributes.contains(reference.key) {
            report(.unknownAttribute, "'\(reference.owner)' is invalidated when '\(reference.key)' changes, but '\(reference.key)' is not a declared attribute",
                   at: reference.site, hint: Suggestions.didYouMean(reference.key, in: attributeOrder) ?? "declare '\(reference.key)' under \"attributes\"")
        }
    }

    /// Reads `"runBoundaries"`: `"paragraph"` or `{"character": "c"}` with exactly one Character.
    private mutating func readRunBoundary(_ node: LocatedJSON, at path: JSONPath) -> RunBoundary? {
        let forms = "\"paragraph\" or {\"character\": \"\\uFFFC\"}"
        switch node.kind {
        case .string(let s):
            if s == "paragraph" { return .paragraph }
            report(.invalidValue, "unknown run boundary \"\(s)\"", node: node, at: path,
                   hint: s == "character" ? "write {\"character\": \"…\"} with the one character the value may stand on"
                       : Suggestions.didYouMean(s, in: ["paragraph"]) ?? "write \(forms)")
            return nil
        case .object(let fields):
            checkFields(fields, at: path, allowed: ["character"], in: "\"runBoundaries\"")
            guard let characterNode = node["character"] else {
                if fields.isEmpty { report(.missingField, "\"runBoundaries\" as an object needs 'character'", node: node, at: path, hint: "write \(forms)") }
                return nil
            }
            let characterPath = path.appending(key: "character")
            guard let text = string(characterNode, at: characterPath, what: "\"character\"") else { return nil }
            guard text.count == 1, let character = text.first else {
                let scalars = text.unicodeScalars.map { "U+" + String($0.value, radix: 16, uppercase: true) }.joined(separator: " ")
                report(.invalidValue, "a run boundary character must be exactly one character, and \"\(text)\" is \(text.count)" + (text.isEmpty ? "" : " (\(scalars))"),
                       node: characterNode, at: characterPath, hint: "write one character, such as \"\\uFFFC\" for an attachment")
                return nil
            }
            return .character(character)
        default:
            report(.wrongType, "\"runBoundaries\" must be \(forms), not \(Self.describe(node))", node: node, at: path)
            return nil
        }
    }
}
