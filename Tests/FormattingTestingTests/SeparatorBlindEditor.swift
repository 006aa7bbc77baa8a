import Formatting
import FormattingTesting
import RichText

/// A custom editor with a planted bug: after typing a paragraph separator (U+2029, invisible in a terminal) it
/// reports its caret at the start of the document until the selection is set again.
struct SeparatorBlindEditor: ScriptEditor {
    var inner: SessionEditor
    var lost = false
    var document: RichString { inner.document }
    var selection: ScalarSelection { lost ? .caret(0) : inner.selection }

    init(engine: FormattingEngine) { inner = SessionEditor(engine: engine) }

    mutating func apply(_ step: ScriptStep) -> [Adjustment] {
        switch step {
        case .insert(_, let text), .replace(_, _, let text): if text.unicodeScalars.contains("\u{2029}") { lost = true }
        case .select: lost = false
        default: break
        }
        return inner.apply(step)
    }
}
