import Formatting
import FormattingTesting
import RichText
import RichTextFormats
import StreamingJSON

/// Applies an edit script to a document through the engine, step by step, checking every offset and value
/// first, so a bad line is an error naming it, never a trap.
public struct ScriptReplayer: Sendable {
    /// The definition enforced.
    public let definition: LoadedDefinition
    let engine: FormattingEngine

    /// A replayer under `definition`.
    public init(definition: LoadedDefinition) {
        self.definition = definition
        engine = FormattingEngine(definition.definition)
    }

    /// Applies every step to `document`; `adjustment` sees each adjustment the engine reports, with its step.
    public func apply(_ script: EditScript, to document: inout RichString,
                      adjustment: (EditScript.Step, Adjustment) -> Void = { _, _ in }) throws(EditScriptError) {
        for step in script.steps {
            guard let edit = try self.edit(for: step, in: document) else { continue }
            for made in engine.apply(edit, to: &document) { adjustment(step, made) }
        }
    }

    /// The engine edit a step stands for, with its offsets and values checked against `document`; nil for a
    /// selection move.
    func edit(for step: EditScript.Step, in document: RichString) throws(EditScriptError) -> Edit? {
        func fail(_ message: String) -> EditScriptError { EditScriptError(line: step.line, message: message) }
        func index(_ offset: Int) throws(EditScriptError) -> RichString.Index {
            let count = document.counts[step.unit]
            guard offset >= 0 && offset <= count else {
                throw fail("offset \(offset) is out of range: the document has \(count) \(unitName(step.unit))")
            }
            let index = document.index(atOffset: offset, in: step.unit)
            if index.isTrailingSurrogate { throw fail("UTF-16 offset \(offset) falls inside a surrogate pair") }
            if step.unit == .utf8 {
                // An offset inside a scalar's bytes would cut it.
                let scalar = document.offset(of: index, in: .scalars)
                if document.index(atOffset: scalar, in: .scalars).utf8Offset != offset {
                    throw fail("UTF-8 offset \(offset) falls inside a scalar's bytes")
                }
            }
            return index
        }
        func range(_ from: Int, _ to: Int) throws(EditScriptError) -> Range<RichString.Index> {
            guard from <= to else { throw fail("the range \(from)..<\(to) ends before it starts") }
            return try index(from)..<index(to)
        }
        switch step.operation {
        case .insert(let at, let text):
            let i = try index(at)
            return .replaceText(i..<i, with: text)
        case .delete(let from, let to):
            return .removeTextInRange(try range(from, to))
        case .replace(let from, let to, let text):
            return .replaceText(try range(from, to), with: text)
        case .select(let from, let to):
            _ = try range(from, to)
            return nil
        case .insertAttributed(let at, let json):
            let i = try index(at)
            if ScriptReplayer.hasTag(json), let typed = ScriptValueJSON.document(from: json) {
                // Written by the harness: read exactly, wrong-typed values and all.
                return .replaceAttributed(i..<i, with: ScriptStep.stamped(typed, definition: engine.definition))
            }
            let bytes: [UInt8]
            do {
                bytes = try JSONWriter.write(json)
            } catch {
                throw fail("\"document\" cannot be read: \(error)")
            }
            do {
                // A wrong-typed value is kept: enforcing the definition is the engine's job, as in the harness.
                let piece = try LintDocumentReader(definition: definition).read(bytes)
                return .replaceAttributed(i..<i, with: piece.document)
            } catch let error as EditScriptError {
                throw error
            } catch {
                throw fail("\"document\" is not a native JSON document: \(error)")
            }
        case .set(let from, let to, let key, let json):
            let value = try typed(json, key: key, line: step.line)
            return .setAttribute(descriptor(key), to: value, in: RangeSet(try range(from, to)))
        case .remove(let from, let to, let key):
            return .setAttribute(descriptor(key), to: nil, in: RangeSet(try range(from, to)))
        case .setRanges(let ranges, let key, let json):
            let value = try typed(json, key: key, line: step.line)
            var set = RangeSet<RichString.Index>()
            for r in ranges { set.insert(contentsOf: try range(r.lowerBound, r.upperBound)) }
            return .setAttribute(descriptor(key), to: value, in: set)
        }
    }

    /// The key as the definition declares it, or a plain key.
    func descriptor(_ key: String) -> AttributeKeyDescriptor {
        definition.declaration(of: key)?.descriptor ?? AttributeKeyDescriptor(name: key)
    }

    /// A line's value; null removes. Values keep the kinds the harness wrote (`ScriptValueJSON`); a plain
    /// value the key's declaration can read (`"#ff0000"` for a colour) takes the declared kind, and any other
    /// is kept as written: a wrong-typed value is the definition's to fix, as in the harness.
    func typed(_ json: JSONValue, key: String, line: Int) throws(EditScriptError) -> AttributeValue? {
        guard let value = ScriptValueJSON.value(from: json) else { return nil }
        guard !ScriptReplayer.hasTag(json), let declaration = definition.declaration(of: key) else { return value }
        return declaration.type.typed(value) ?? value
    }

    /// Whether `json` holds a kind tag (`{"$color":…}` and the like) anywhere, which only the harness writes.
    static func hasTag(_ json: JSONValue) -> Bool {
        switch json {
        case .array(let items): return items.contains(where: hasTag)
        case .object(let object): return object.contains { $0.key.hasPrefix("$") || hasTag($0.value) }
        default: return false
        }
    }

    func unitName(_ unit: TextUnit) -> String {
        switch unit {
        case .scalars: return "Unicode scalars"
        case .utf16: return "UTF-16 code units"
        case .utf8: return "UTF-8 bytes"
        case .characters: return "characters"
        }
    }
}
