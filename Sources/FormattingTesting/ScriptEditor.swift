import Formatting
import RichText

/// The thing under test: an editor that applies script steps to a document. The harness drives it and checks
/// its document, selection and reported adjustments after every step.
///
/// `SessionEditor` (an `EditingSession`) is the default. Wrap your own editor type to check it instead: apply
/// each step the way your editor would, through your `FormattingEngine`.
public protocol ScriptEditor {
    /// The document as it stands.
    var document: RichString { get }
    /// The selection, in scalar offsets of `document`.
    var selection: ScalarSelection { get }
    /// Applies one step (offsets already in range) and returns the adjustments the engine reported, in the
    /// order made, with UTF-8 ranges in the document after the step.
    mutating func apply(_ step: ScriptStep) -> [Adjustment]
}

/// The default editor: an `EditingSession`, with every step going through `perform` (or `select`).
public struct SessionEditor: ScriptEditor {
    /// The session.
    public private(set) var session: EditingSession

    /// An editor on an empty document under `engine`, with the caret at the start.
    public init(engine: FormattingEngine, document: RichString = RichString()) {
        session = EditingSession(document: document, engine: engine)
    }

    public var document: RichString { session.document }
    public var selection: ScalarSelection { ScalarSelection(session.selection, in: session.document) }

    public mutating func apply(_ step: ScriptStep) -> [Adjustment] {
        if case let .select(from, to) = step {
            session.select(ScalarSelection.range(from, to).selection(in: session.document))
            return []
        }
        guard let edit = step.edit(on: session.document, definition: session.engine.definition) else { return [] }
        return session.perform(edit)
    }
}
