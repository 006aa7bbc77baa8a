import Formatting
import RichText
import StreamingJSON

extension DefinitionReader {
    /// The operators a condition object may use; each condition is an object with exactly one of them.
    static let conditionOperators = ["present", "absent", "equals", "oneOf", "not", "all", "any"]

    /// Reads a condition, recording in `reads` the first place each attribute is mentioned.
    mutating func readCondition(_ node: LocatedJSON, at path: JSONPath, reads: inout [String: Site]) -> Condition? {
        let forms = "{\"present\": k}, {\"absent\": k}, {\"equals\": {\"key\": k, \"value\": v}}, {\"oneOf\": {\"key\": k, \"values\": […]}}, {\"not\": C}, {\"all\": [C…]} or {\"any\": [C…]}"
        guard case .object(let fields) = node.kind else {
            report(.wrongType, "a condition must be an object, not \(Self.describe(node))", node: node, at: path, hint: "write \(forms)")
            return nil
        }
        guard fields.count == 1, let field = fields.first else {
            if fields.isEmpty {
                report(.missingField, "a condition needs an operator", node: node, at: path, hint: "write \(forms)")
            } else {
                report(.invalidValue, "a condition has exactly one operator, and this one has \(fields.count): " + fields.map { "'\($0.key)'" }.joined(separator: ", "),
                       at: .key(fields[1], in: path), hint: "combine conditions with {\"all\": [...]} or {\"any\": [...]}")
            }
            return nil
        }
        let operand = field.value
        let operandPath = path.appending(key: field.key)
        switch field.key {
        case "present", "absent":
            guard let declaration = readConditionKey(operand, at: operandPath, reads: &reads) else { return nil }
            return field.key == "present" ? .present(declaration.name) : .absent(declaration.name)
        case "equals":
            guard let (declaration, valueNode) = readKeyedOperand(operand, of: "equals", with: "value", written: "v", at: operandPath, reads: &reads),
                  let value = typedValue(valueNode, at: operandPath.appending(key: "value"), for: declaration, what: "the value compared with '\(declaration.name)'")
            else { return nil }
            return .equals(declaration.name, value)
        case "oneOf":
            guard let (declaration, valuesNode) = readKeyedOperand(operand, of: "oneOf", with: "values", written: "[...]", at: operandPath, reads: &reads),
                  let elements = elements(of: valuesNode, at: operandPath.appending(key: "values"), expecting: "\"values\"")
            else { return nil }
            var values: [AttributeValue] = []
            var ok = true
            for (i, element) in elements.enumerated() {
                if let value = typedValue(element, at: operandPath.appending(key: "values").appending(index: i), for: declaration,
                                          what: "a value compared with '\(declaration.name)'") {
                    values.append(value)
                } else {
                    ok = false
                }
            }
            return ok ? .oneOf(declaration.name, values) : nil
        case "not":
            return readCondition(operand, at: operandPath, reads: &reads).map { .not($0) }
        case "all", "any":
            guard let elements = elements(of: operand, at: operandPath, expecting: "\"\(field.key)\"") else { return nil }
            var inner: [Condition] = []
            var ok = true
            for (i, element) in elements.enumerated() {
                if let condition = readCondition(element, at: operandPath.appending(index: i), reads: &reads) {
                    inner.append(condition)
                } else {
                    ok = false
                }
            }
            guard ok else { return nil }
            return field.key == "all" ? .all(inner) : .any(inner)
        default:
            report(.unknownField, "unknown condition operator '\(field.key)'", at: .key(field, in: path),
                   hint: Suggestions.didYouMean(field.key, in: Self.conditionOperators) ?? "write \(forms)")
            return nil
        }
    }

    /// The operand of `{"equals": {"key": k, "value": v}}` or `{"oneOf": {"key": k, "values": […]}}`: the
    /// declaration of its key and the node of its other field, `field` (written `example` in the hint).
    private mutating func readKeyedOperand(_ operand: LocatedJSON, of name: String, with field: String, written example: String,
                                           at path: JSONPath, reads: inout [String: Site]) -> (AttributeDeclaration, LocatedJSON)? {
        let context = "\"\(name)\""
        let hint = "write {\"\(name)\": {\"key\": k, \"\(field)\": \(example)}}"
        guard let fields = members(of: operand, at: path, expecting: context) else { return nil }
        checkFields(fields, at: path, allowed: ["key", field], in: context)
        guard let keyNode = required("key", in: fields, of: operand, at: path, in: context, hint: hint),
              let fieldNode = required(field, in: fields, of: operand, at: path, in: context, hint: hint),
              let declaration = readConditionKey(keyNode, at: path.appending(key: "key"), reads: &reads)
        else { return nil }
        return (declaration, fieldNode)
    }

    /// The declared attribute a condition reads, recorded in `reads`.
    private mutating func readConditionKey(_ node: LocatedJSON, at path: JSONPath, reads: inout [String: Site]) -> AttributeDeclaration? {
        guard let declaration = attributeReference(node, at: path, what: "the condition") else { return nil }
        if reads[declaration.name] == nil { reads[declaration.name] = Site(location: node.location, path: path) }
        return declaration
    }
}
