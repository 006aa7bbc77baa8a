import Formatting
import Foundation
import RichText
import RichTextFormats

/// An example for a definition's constraint, made by the engine rather than written by hand: a one-run
/// document whose attributes the constraint changes (its key and the keys it reads, with the values it names or
/// values of their declared types), linted under the whole definition, and the document `--fix` makes of it.
/// The failing document is one whose only findings are the constraint's, when there is one; the passing one is
/// linted again and must be clean, or there is no example.
enum ConstraintExample {
    /// At most this many attribute sets are tried.
    static let candidateLimit = 4096

    /// The example for `constraint` of `loaded`, or nil when no attribute set the search tries breaks it.
    static func find(for constraint: any ValueConstraint, in loaded: LoadedDefinition) -> RuleExample? {
        let linter = DocumentLinter(definition: loaded)
        let keys = [constraint.key.name] + constraint.reads.sorted().filter { $0 != constraint.key.name }
        let choices = keys.map { [nil] + candidates(for: $0, in: constraint, loaded: loaded).map(Optional.some) }
        let text = exampleText(for: keys, in: loaded)
        var fallback: (failing: String, passing: String)?
        var tried = 0
        for combination in combinations(choices) {
            tried += 1
            if tried > candidateLimit { break }
            let attributes = zip(keys, combination).compactMap { key, value in value.map { (key, $0) } }
            guard let failing = document(text, attributes) else { continue }
            let outcome = linter.lint(Array(failing.utf8))
            guard outcome.violations.contains(where: { $0.rule == constraint.name }), let fixed = outcome.fixed,
                  let passing = try? NativeJSONEncoder().encodeString(fixed),
                  linter.lint(Array(passing.utf8)).violations.isEmpty else { continue }
            if outcome.violations.allSatisfy({ $0.rule == constraint.name }) {
                return RuleExample(definition: loaded.fileName, definitionIsPath: true, failing: failing, passing: passing)
            }
            if fallback == nil { fallback = (failing, passing) }
        }
        return fallback.map { RuleExample(definition: loaded.fileName, definitionIsPath: true, failing: $0.failing, passing: $0.passing) }
    }

    /// Every combination of one choice per key, fewest attributes first (an example is clearest with the least in it).
    static func combinations(_ choices: [[AttributeValue?]]) -> [[AttributeValue?]] {
        var all: [[AttributeValue?]] = [[]]
        for options in choices {
            var next: [[AttributeValue?]] = []
            next.reserveCapacity(min(all.count * options.count, candidateLimit + 1))
            for prefix in all {
                for option in options {
                    next.append(prefix + [option])
                    if next.count > candidateLimit { break }
                }
                if next.count > candidateLimit { break }
            }
            all = next
        }
        return all.sorted { $0.filter { $0 != nil }.count < $1.filter { $0 != nil }.count }
    }

    /// The values tried for `key`: those the constraint names for it, then values of its declared type.
    static func candidates(for key: String, in constraint: any ValueConstraint, loaded: LoadedDefinition) -> [AttributeValue] {
        var values: [AttributeValue] = []
        func add(_ value: AttributeValue) { if !values.contains(value) { values.append(value) } }
        switch constraint {
        case let rules as Rules:
            for rule in rules.rules {
                mentioned(in: rule.condition, key: key).forEach(add)
                if key == rules.key.name, case .set(let value) = rule.action { add(value) }
            }
            if key == rules.key.name, case .set(let value) = rules.otherwise { add(value) }
        case let allowed as AllowedValues where key == allowed.key.name:
            allowed.values.forEach(add)
            if let value = allowed.defaultValue { add(value) }
        case let clamp as Clamp where key == clamp.key.name:
            if let lower = clamp.lower { add(.number(lower - 1)) }
            if let upper = clamp.upper { add(.number(upper + 1)) }
        default:
            break
        }
        if let type = loaded.declaration(of: key)?.type { samples(of: type).forEach(add) }
        return values
    }

    /// The values a condition compares `key` with.
    static func mentioned(in condition: Condition, key: String) -> [AttributeValue] {
        switch condition {
        case .equals(let k, let value): return k == key ? [value] : []
        case .oneOf(let k, let values): return k == key ? values : []
        case .present, .absent: return []
        case .not(let inner): return mentioned(in: inner, key: key)
        case .all(let inner), .any(let inner): return inner.flatMap { mentioned(in: $0, key: key) }
        }
    }

    /// A few values of a declared type.
    static func samples(of type: AttributeValueType) -> [AttributeValue] {
        switch type {
        case .string: return [.string("milk"), .string("example")]
        case .integer: return [.integer(0), .integer(1000)]
        case .number: return [.number(0), .number(1000)]
        case .bool: return [.bool(true), .bool(false)]
        case .color: return ["#FF3B30", "#34C759"].compactMap { RichColor(hex: $0).map(AttributeValue.color) }
        case .url: return URL(string: "https://example.com").map { [.url($0)] } ?? []
        case .enumeration(let cases): return cases.prefix(3).map { .string($0) }
        case .imageGlyph: return []
        }
    }

    /// The example's text: a character-bound key's character, else a word.
    static func exampleText(for keys: [String], in loaded: LoadedDefinition) -> String {
        for key in keys {
            if case .character(let c)? = loaded.declaration(of: key)?.behavior.runBoundaries { return String(c) }
        }
        return "milk"
    }

    /// A one-run native JSON document, or nil when a value has no native JSON form.
    static func document(_ text: String, _ attributes: [(String, AttributeValue)]) -> String? {
        let quoted = String(decoding: NativeJSONEncoder.stringBytes(text), as: UTF8.self)
        guard !attributes.isEmpty else { return quoted }
        var members: [String] = []
        for (key, value) in attributes.sorted(by: { Array($0.0.utf8).lexicographicallyPrecedes(Array($1.0.utf8)) }) {
            guard let bytes = try? NativeJSONEncoder.valueBytes(value, key: key) else { return nil }
            members.append(String(decoding: NativeJSONEncoder.stringBytes(key), as: UTF8.self) + ":" + String(decoding: bytes, as: UTF8.self))
        }
        return "[" + quoted + ",{" + members.joined(separator: ",") + "}]"
    }
}

