import Formatting
import FormattingTesting
import RichText
import RichTextFormats
import StreamingJSON

/// Applies an edit script to a document through an editing session under the definition (the harness's
/// `SessionEditor`), step by step, checking every offset and value first, so a bad line is an error naming it,
/// never a trap. Offset steps go through the engine as `EditingSession.perform`; `select` moves the session's
/// selection, and the editor commands (`type`, `deleteBackward`, `paste`, `undo`, `redo`) act on it as in the
/// harness.
public struct ScriptReplayer: Sendable {
    /// The definition enforced.
    public let definition: LoadedDefinition
    let engine: FormattingEngine
    /// How many undo steps the session keeps (see `EditingSession.levelsOfUndo`): enough for any script's
    /// undo, and a bound on memory for replays of long traces.
    public var levelsOfUndo = 1_000

    /// A replayer under `definition`.
    public init(definition: LoadedDefinition) {
        self.definition = definition
        engine = FormattingEngine(definition.definition)
    }

    /// The step the adjustments of opening the document are reported with: line 0, before the script's first
    /// line. Opening a document under the definition normalises it, as an editor does.
    public static let opening = EditScript.Step(line: 0, unit: .scalars, operation: .select(from: 0, to: 0))

    /// Applies every step to `document`; `adjustment` sees each adjustment the engine reports, with its step
    /// (`opening` for what normalising the document when it opened changed).
    public func apply(_ script: EditScript, to document: inout RichString,
                      adjustment: (EditScript.Step, Adjustment) -> Void = { _, _ in }) throws(EditScriptError) {
        var editor = SessionEditor(engine: engine, document: document, levelsOfUndo: levelsOfUndo)
        for made in editor.session.lastAdjustments { adjustment(Self.opening, made) }
        defer { document = editor.document }
        for step in script.steps {
            for made in try apply(step, to: &editor) { adjustment(step, made) }
        }
    }

    /// One step on the editor (the harness's session editor, which applies commands as the harness does); what
    /// the engine reported.
    func apply(_ step: EditScript.Step, to editor: inout SessionEditor) throws(EditScriptError) -> [Adjustment] {
        let document = editor.document
        func scalars(_ offset: Int) throws(EditScriptError) -> Int { document.offset(of: try index(offset, of: step, in: document), in: .scalars) }
        switch step.operation {
        case .select(let from, let to):
            _ = try range(from, to, of: step, in: document)
            return editor.apply(.select(from: try scalars(from), to: try scalars(to)))
        case .selectRanges(let ranges):
            var list: [Range<Int>] = []
            for r in ranges {
                _ = try range(r.lowerBound, r.upperBound, of: step, in: document)
                list.append(try scalars(r.lowerBound)..<scalars(r.upperBound))
            }
            return editor.apply(.selectRanges(list))
        case .type(let text): return editor.apply(.type(text))
        case .deleteBackward: return editor.apply(.deleteBackward)
        case .paste(let json): return editor.apply(.paste(try pasted(json, line: step.line)))
        case .undo: return editor.apply(.undo)
        case .redo: return editor.apply(.redo)
        default:
            guard let edit = try self.edit(for: step, in: document) else { return [] }
            return editor.perform(edit)
        }
    }

    /// The index of `offset` (in the step's unit) in `document`, checked.
    func index(_ offset: Int, of step: EditScript.Step, in document: RichString) throws(EditScriptError) -> RichString.Index {
        func fail(_ message: String) -> EditScriptError { EditScriptError(line: step.line, message: message) }
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

    /// The indices of `[from, to)` in `document`, checked.
    func range(_ from: Int, _ to: Int, of step: EditScript.Step, in document: RichString) throws(EditScriptError) -> Range<RichString.Index> {
        guard from <= to else { throw EditScriptError(line: step.line, message: "the range \(from)..<\(to) ends before it starts") }
        return try index(from, of: step, in: document)..<index(to, of: step, in: document)
    }

    /// A pasted or inserted document: read exactly when the harness wrote it (kind tags), else as native JSON
    /// under the definition. A wrong-typed value is kept: enforcing the definition is the engine's job.
    func pasted(_ json: JSONValue, line: Int) throws(EditScriptError) -> RichString {
        if ScriptReplayer.hasTag(json), let typed = ScriptValueJSON.document(from: json) {
            return ScriptStep.stamped(typed, definition: engine.definition)
        }
        let bytes: [UInt8]
        do {
            bytes = try JSONWriter.write(json)
        } catch {
            throw EditScriptError(line: line, message: "\"document\" cannot be read: \(error)")
        }
        do {
            return try LintDocumentReader(definition: definition).read(bytes).document
        } catch {
            throw EditScriptError(line: line, message: "\"document\" is not a native JSON document: \(error)")
        }
    }

    /// The engine edit an offset step stands for, with its offsets and values checked against `document`; nil
    /// for a selection or a command.
    func edit(for step: EditScript.Step, in document: RichString) throws(EditScriptError) -> Edit? {
        func index(_ offset: Int) throws(EditScriptError) -> RichString.Index { try self.index(offset, of: step, in: document) }
        func range(_ from: Int, _ to: Int) throws(EditScriptError) -> Range<RichString.Index> { try self.range(from, to, of: step, in: document) }
        switch step.operation {
        case .insert(let at, let text):
            let i = try index(at)
            return .replaceText(i..<i, with: text)
        case .delete(let from, let to):
            return .removeText(RangeSet(try range(from, to)))
        case .replace(let from, let to, let text):
            return .replaceText(try range(from, to), with: text)
        case .insertAttributed(let at, let json):
            let i = try index(at)
            return .replaceAttributed(i..<i, with: try pasted(json, line: step.line))
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
        case .select, .selectRanges, .type, .deleteBackward, .paste, .undo, .redo:
            return nil
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
