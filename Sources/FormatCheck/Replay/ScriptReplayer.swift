import Formatting
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
            let edit = try self.edit(for: step, in: document)
            for made in engine.apply(edit, to: &document) { adjustment(step, made) }
        }
    }

    /// The engine edit a step stands for, with its offsets and values checked against `document`.
    func edit(for step: EditScript.Step, in document: RichString) throws(EditScriptError) -> Edit {
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
        case .insertAttributed(let at, let json):
            let i = try index(at)
            let bytes: [UInt8]
            do {
                bytes = try JSONWriter.write(json)
            } catch {
                throw fail("\"document\" cannot be read: \(error)")
            }
            do {
                let piece = try LintDocumentReader(definition: definition).read(bytes)
                if let wrong = piece.findings.first(where: { if case .wrongType = $0.kind { return true } else { return false } }) {
                    throw fail("\"document\" has a wrong-typed value for \(wrong.key): \(ViolationMessage.show(wrong.oldValue))")
                }
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

    /// A line's value, typed by the key's declaration; null removes.
    func typed(_ json: JSONValue, key: String, line: Int) throws(EditScriptError) -> AttributeValue? {
        guard let plain = AttributeValue(plainJSON: json) else { return nil }
        guard let declaration = definition.declaration(of: key) else { return plain }
        guard let value = declaration.type.typed(plain) else {
            throw EditScriptError(line: line, message: "the value \(json) for \(key) is not \(declaration.type.expectation)")
        }
        return value
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
