import EditScripts
import Formatting
import RichText
import RichTextFormats
import StreamingJSON

/// Applies an edit script (EditScripts' `EditScript`, the one model of DESIGN §7) to a document through
/// an editing session under the definition (`EditingSession.apply(_:)`, as the harness's editor), step by step, checking every
/// offset first (`EditScript.Step.scalarOperation(in:)`), so a bad line is an error naming it, never a trap.
/// Offset steps go through the engine as `EditingSession.perform`; `select` moves the session's selection, and
/// the editor commands (`type`, `deleteBackward`, `paste`, `undo`, `redo`) act on it as in the harness.
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

    /// Reads a script as `fmtcheck replay` does: `EditScript.parse` with `reading`.
    public func parse(_ text: String) throws(EditScriptError) -> EditScript {
        try EditScript.parse(text, reading: reading)
    }

    /// How `fmtcheck replay` reads values and documents: what the harness wrote (kind tags) exactly, and untagged
    /// ones under the definition, for hand-written scripts: a plain value the key's declaration can read
    /// (`"#ff0000"` for a colour) takes the declared kind, any other is kept as written (a wrong-typed value is
    /// the definition's to fix, as in the harness), and an untagged document is read as native JSON.
    public var reading: ScriptReading {
        let definition = definition
        return ScriptReading(value: { key, json in
            guard let value = ScriptValueJSON.value(from: json) else { return nil }
            guard !ScriptValueJSON.hasTag(json), let declaration = definition.declaration(of: key) else { return value }
            return declaration.type.typed(value) ?? value
        }, document: { json in
            if ScriptValueJSON.hasTag(json), let typed = ScriptValueJSON.document(from: json) { return typed }
            return try LintDocumentReader(definition: definition).read(try JSONWriter.write(json)).document
        })
    }

    /// Applies every step to `document`; `adjustment` sees each adjustment the engine reports, with its step
    /// (`opening` for what normalising the document when it opened changed).
    public func apply(_ script: EditScript, to document: inout RichString,
                      adjustment: (EditScript.Step, Adjustment) -> Void = { _, _ in }) throws(EditScriptError) {
        var session = EditingSession(document: document, engine: engine)
        session.levelsOfUndo = levelsOfUndo
        for made in session.lastAdjustments { adjustment(Self.opening, made) }
        defer { document = session.document }
        for step in script.steps {
            let operation = try step.scalarOperation(in: session.document)
            for made in session.apply(operation) { adjustment(step, made) }
        }
    }
}
