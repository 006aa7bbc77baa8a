import Formatting
import RichText

/// The thing under test: an editor that applies script steps to a document. The harness drives it and checks
/// its document, selection and reported adjustments after every step.
///
/// `SessionEditor` (an `EditingSession`) is the default. Wrap your own editor type to check it instead: apply
/// each step the way your editor would, through your `FormattingEngine`. Offset steps (`insert`, `set`, …) name
/// their ranges; editor commands (`type`, `deleteBackward`, `paste`, `undo`, `redo`) act on the editor's own
/// selection and history, as its keyboard and menu commands do (`ScriptStep.lowered(selection:in:)` says what
/// each must come to). An editor without some command can leave it out of generation (`StepGenerator.filter`).
public protocol ScriptEditor {
    /// The document as it stands.
    var document: RichString { get }
    /// The selection, in scalar offsets of `document`.
    var selection: ScalarSelection { get }
    /// Applies one step (offsets already in range) and returns the adjustments the engine reported, in the
    /// order made, with UTF-8 ranges in the document after the step.
    mutating func apply(_ step: ScriptStep) -> [Adjustment]
    /// The shell command that serves this editor over the editor protocol (see `EditorServer`), so that a failure's
    /// printed replay hint is a command that reproduces it: `fmtcheck replay --check … --editor '<command>'`.
    /// Nil (the default) for the engine's own editor, and for an editor with no server, whose hint then asks for one.
    var replayCommand: String? { get }
}

extension ScriptEditor {
    public var replayCommand: String? { nil }
}

/// The default editor: an `EditingSession`, with every step going through `perform` (or `select`).
public struct SessionEditor: ScriptEditor {
    /// The session.
    public private(set) var session: EditingSession

    /// An editor on `document` (empty by default) under `engine`, with the caret at its end; `levelsOfUndo`
    /// bounds the undo steps kept (`EditingSession.levelsOfUndo`; 0 keeps every one).
    public init(engine: FormattingEngine, document: RichString = RichString(), levelsOfUndo: Int = 0) {
        session = EditingSession(document: document, engine: engine)
        session.levelsOfUndo = levelsOfUndo
    }

    /// Applies an engine edit through the session (`EditingSession.perform`): what an offset step comes to.
    public mutating func perform(_ edit: Edit) -> [Adjustment] {
        session.perform(edit)
    }

    public var document: RichString { session.document }
    public var selection: ScalarSelection { ScalarSelection(session.selection, in: session.document) }

    /// Applies the step through the session (`EditingSession.apply(_:)`, the model's replayer).
    public mutating func apply(_ step: ScriptStep) -> [Adjustment] {
        session.apply(step)
    }
}
