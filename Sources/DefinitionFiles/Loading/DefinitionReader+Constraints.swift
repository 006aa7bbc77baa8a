import Formatting
import RichText
import StreamingJSON

extension DefinitionReader {
    /// The fields every constraint has.
    static let commonConstraintFields = ["name", "description", "key"]
    /// Each constraint form, by the field that selects it, with the fields it adds.
    static let constraintForms: [(form: String, fields: [String])] = [
        ("allowed", ["allowed", "default"]),
        ("clamp", ["clamp"]),
        ("rules", ["rules", "otherwise"]),
    ]

    /// Reads `"constraints"`: the ordered constraint list.
    mutating func readConstraints(_ node: LocatedJSON, at path: JSONPath) {
        guard let elements = elements(of: node, at: path, expecting: "\"constraints\"") else { return }
        for (i, element) in elements.enumerated() {
            guard let constraint = readConstraint(element, at: path.appending(index: i)) else { continue }
            if !constraint.name.isEmpty, constraintIndex[constraint.name] == nil { constraintIndex[constraint.name] = constraints.count }
            constraints.append(constraint)
        }
    }

    /// Reads one constraint; nil when it is not even an object.
    private mutating func readConstraint(_ node: LocatedJSON, at path: JSONPath) -> ParsedConstraint? {
        guard let fields = members(of: node, at: path, expecting: "a constraint") else { return nil }
        let site = Site(location: node.location, path: path)
        var parsed = ParsedConstraint(name: "", nameSite: site, site: site)

        // The form decides which fields are allowed.
        let forms = Self.constraintForms.filter { form in fields.contains { $0.key == form.form } }
        let allFormFields = Self.constraintForms.flatMap(\.fields)
        if let form = forms.first {
            var misplaced: [String: String] = [:]
            for other in Self.constraintForms where other.form != form.form {
                for field in other.fields where field != other.form {
                    misplaced[field] = "'\(field)' belongs with '\(other.form)', and this constraint uses '\(form.form)'"
                }
            }
            checkFields(fields, at: path, allowed: Self.commonConstraintFields + form.fields + forms.dropFirst().map(\.form),
                        in: "a constraint", misplaced: misplaced)
        } else {
            checkFields(fields, at: path, allowed: Self.commonConstraintFields + allFormFields, in: "a constraint")
        }

        if let nameNode = required("name", in: fields, of: node, at: path, in: "a constraint", hint: "name it, such as \"IngredientsAreGreen\"") {
            readConstraintName(nameNode, at: path.appending(key: "name"), into: &parsed)
        }
        parsed.summary = node["description"].flatMap { string($0, at: path.appending(key: "description"), what: "a description") }
        var declaration: AttributeDeclaration?
        if let keyNode = required("key", in: fields, of: node, at: path, in: "a constraint", hint: "name the attribute the constraint owns") {
            let keyPath = path.appending(key: "key")
            parsed.keySite = Site(location: keyNode.location, path: keyPath)
            declaration = attributeReference(keyNode, at: keyPath, what: "the constraint's key")
            parsed.keyName = declaration?.name
        }

        guard let form = forms.first else {
            report(.missingField, "a constraint needs one of 'allowed', 'clamp' or 'rules'", at: site,
                   hint: "add \"allowed\": [values], \"clamp\": {\"min\": n, \"max\": n} or \"rules\": [{\"when\": …, \"set\": …}]")
            return parsed
        }
        if forms.count > 1, let second = fields.first(where: { $0.key == forms[1].form }) {
            report(.invalidValue, "a constraint has one form, and this one has both '\(form.form)' and '\(forms[1].form)'",
                   at: .key(second, in: path), hint: "split it into two constraints on two keys, or keep one form")
            return parsed
        }
        switch form.form {
        case "allowed": parsed.constraint = readAllowedValues(node, at: path, key: declaration, name: parsed.name)
        case "clamp": parsed.constraint = readClamp(node, at: path, key: declaration, name: parsed.name)
        default: parsed.constraint = readRules(node, at: path, key: declaration, into: &parsed)
        }
        if parsed.name.isEmpty { parsed.constraint = nil }
        return parsed
    }

    /// Reads and checks a constraint's name: non-empty, unique, and not a built-in rule's id.
    private mutating func readConstraintName(_ node: LocatedJSON, at path: JSONPath, into parsed: inout ParsedConstraint) {
        guard let name = string(node, at: path, what: "a constraint's name") else { return }
        let site = Site(location: node.location, path: path)
        parsed.nameSite = site
        if name.isEmpty {
            report(.invalidValue, "a constraint's name is empty", at: site, hint: "name it, such as \"IngredientsAreGreen\"")
        } else if let earlier = constraintIndex[name].map({ constraints[$0] }) {
            report(.duplicateName, "a constraint named '\(name)' already exists (line \(earlier.nameSite.location.line), column \(earlier.nameSite.location.column))",
                   at: site, hint: "give each constraint its own name; reports and severities refer to it")
        } else if BuiltInRule(rawValue: name) != nil {
            report(.duplicateName, "'\(name)' is the id of a built-in rule", at: site, hint: "choose another name, such as \"\(name.prefix(1).uppercased() + name.dropFirst())Rule\"")
        } else {
            parsed.name = name
        }
    }

    /// Reads `{"allowed": [values], "default": value | null}`.
    private mutating func readAllowedValues(_ node: LocatedJSON, at path: JSONPath, key: AttributeDeclaration?, name: String) -> (any ValueConstraint)? {
        let allowedPath = path.appending(key: "allowed")
        guard let elements = elements(of: node["allowed"]!, at: allowedPath, expecting: "\"allowed\"") else { return nil }
        guard let key else { return nil }
        var values: [AttributeValue] = []
        var seen: Set<AttributeValue> = []
        var ok = true
        for (i, element) in elements.enumerated() {
            guard let value = typedValue(element, at: allowedPath.appending(index: i), for: key, what: "an allowed value of '\(key.name)'") else { ok = false; continue }
            if seen.insert(value).inserted {
                values.append(value)
            } else {
                report(.duplicateName, "the allowed value \(value.phrase) is listed twice", node: element, at: allowedPath.appending(index: i),
                       hint: "remove the repeat", severity: .warning)
            }
        }
        var defaultValue: AttributeValue?
        if let defaultNode = node["default"], defaultNode.kind != .null {
            defaultValue = typedValue(defaultNode, at: path.appending(key: "default"), for: key, what: "the default of '\(key.name)'")
            if defaultValue == nil { ok = false }
        }
        return ok ? AllowedValues(name, for: key.descriptor, values: values, default: defaultValue) : nil
    }

    /// Reads `{"clamp": {"min": n, "max": n}}` on a numeric key.
    private mutating func readClamp(_ node: LocatedJSON, at path: JSONPath, key: AttributeDeclaration?, name: String) -> (any ValueConstraint)? {
        let clampPath = path.appending(key: "clamp")
        let clampNode = node["clamp"]!
        guard let fields = members(of: clampNode, at: clampPath, expecting: "\"clamp\"") else { return nil }
        checkFields(fields, at: clampPath, allowed: ["min", "max"], in: "\"clamp\"")
        let lower = clampNode["min"].flatMap { number($0, at: clampPath.appending(key: "min"), what: "\"min\"") }
        let upper = clampNode["max"].flatMap { number($0, at: clampPath.appending(key: "max"), what: "\"max\"") }
        if clampNode["min"] == nil && clampNode["max"] == nil {
            report(.missingField, "a clamp needs 'min', 'max' or both", node: clampNode, at: clampPath, hint: "write {\"min\": 0.5, \"max\": 3}")
            return nil
        }
        if let lower, let upper, lower > upper, let maxNode = clampNode["max"] {
            report(.invalidValue, "the clamp's max (\(AttributeValue.number(upper).phrase)) is below its min (\(AttributeValue.number(lower).phrase))", node: maxNode, at: clampPath.appending(key: "max"),
                   hint: "swap them")
            return nil
        }
        guard let key else { return nil }
        guard key.type.isNumeric else {
            report(.wrongType, "a clamp needs a numeric attribute, and '\(key.name)' is a \(key.type.name)", node: clampNode, at: clampPath,
                   hint: "declare '\(key.name)' as \"number\" or \"integer\", or constrain it with 'allowed'")
            return nil
        }
        if (clampNode["min"] != nil && lower == nil) || (clampNode["max"] != nil && upper == nil) { return nil }
        return Clamp(name, for: key.descriptor, lower: lower, upper: upper)
    }

    /// Reads `{"rules": [{"when": C, "set": v | "remove": true | "keep": true}], "otherwise": …}`.
    private mutating func readRules(_ node: LocatedJSON, at path: JSONPath, key: AttributeDeclaration?, into parsed: inout ParsedConstraint) -> (any ValueConstraint)? {
        let rulesPath = path.appending(key: "rules")
        guard let elements = elements(of: node["rules"]!, at: rulesPath, expecting: "\"rules\"") else { return nil }
        var rules: [Rule] = []
        var conditions: [Condition] = []
        var ok = true
        for (i, element) in elements.enumerated() {
            let rulePath = rulesPath.appending(index: i)
            parsed.ruleSites.append(Site(location: element.location, path: rulePath))
            let (rule, condition) = readRule(element, at: rulePath, key: key, reads: &parsed.readSites)
            if let rule { rules.append(rule) } else { ok = false }
            if let condition { conditions.append(condition) }
        }
        if conditions.count == elements.count { parsed.ruleConditions = conditions }
        var otherwise = RuleAction.keep
        if let otherwiseNode = node["otherwise"] {
            let otherwisePath = path.appending(key: "otherwise")
            parsed.otherwiseSite = Site(location: otherwiseNode.location, path: otherwisePath)
            if let action = readOtherwise(otherwiseNode, at: otherwisePath, key: key) { otherwise = action } else { ok = false }
        }
        guard ok, let key, !parsed.name.isEmpty else { return nil }
        return Rules(parsed.name, for: key.descriptor, rules, otherwise: otherwise)
    }

    /// Reads one `when` → action rule; the condition alone when the action cannot be read.
    private mutating func readRule(_ node: LocatedJSON, at path: JSONPath, key: AttributeDeclaration?,
                                   reads: inout [String: Site]) -> (rule: Rule?, condition: Condition?) {
        guard let fields = members(of: node, at: path, expecting: "a rule") else { return (nil, nil) }
        checkFields(fields, at: path, allowed: ["when", "set", "remove", "keep"], in: "a rule")
        let condition = required("when", in: fields, of: node, at: path, in: "a rule", hint: "add \"when\": {\"present\": \"…\"}")
            .flatMap { readCondition($0, at: path.appending(key: "when"), reads: &reads) }
        let actions = fields.filter { ["set", "remove", "keep"].contains($0.key) }
        guard let actionField = actions.first else {
            report(.missingField, "a rule needs an action: 'set', 'remove' or 'keep'", node: node, at: path,
                   hint: "add \"set\": value, \"remove\": true or \"keep\": true")
            return (nil, condition)
        }
        if actions.count > 1 {
            report(.invalidValue, "a rule does one thing, and this one has both '\(actionField.key)' and '\(actions[1].key)'",
                   at: .key(actions[1], in: path), hint: "keep one action; add another rule for the other")
            return (nil, condition)
        }
        let actionPath = path.appending(key: actionField.key)
        let action: RuleAction?
        switch actionField.key {
        case "set":
            action = key.flatMap { key in
                typedValue(actionField.value, at: actionPath, for: key, what: "the value set on '\(key.name)'").map { .set($0) }
            }
        default:
            guard let flag = bool(actionField.value, at: actionPath, what: "\"\(actionField.key)\"") else { return (nil, condition) }
            if !flag {
                report(.invalidValue, "\"\(actionField.key)\": false does nothing", node: actionField.value, at: actionPath,
                       hint: "write \"\(actionField.key)\": true, or use another action")
                return (nil, condition)
            }
            action = actionField.key == "remove" ? .remove : .keep
        }
        guard let condition, let action else { return (nil, condition) }
        return (Rule(when: condition, action), condition)
    }

    /// Reads `"otherwise"`: `"remove"`, `"keep"` or `{"set": value}`.
    private mutating func readOtherwise(_ node: LocatedJSON, at path: JSONPath, key: AttributeDeclaration?) -> RuleAction? {
        let forms = "\"remove\", \"keep\" or {\"set\": value}"
        switch node.kind {
        case .string(let word):
            if word == "remove" { return .remove }
            if word == "keep" { return .keep }
            report(.invalidValue, "unknown 'otherwise' action \"\(word)\"", node: node, at: path,
                   hint: word == "set" ? "write {\"set\": value}" : Suggestions.didYouMean(word, in: ["remove", "keep"]) ?? "write \(forms)")
            return nil
        case .object(let fields):
            checkFields(fields, at: path, allowed: ["set"], in: "'otherwise'")
            guard let valueNode = required("set", in: fields, of: node, at: path, in: "'otherwise' as an object", hint: "write \(forms)") else { return nil }
            guard let key else { return nil }
            return typedValue(valueNode, at: path.appending(key: "set"), for: key, what: "the value set on '\(key.name)'").map { .set($0) }
        default:
            report(.wrongType, "'otherwise' must be \(forms), not \(Self.describe(node))", node: node, at: path)
            return nil
        }
    }
}
