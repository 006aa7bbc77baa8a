import Formatting
import RichText

extension EditingSession {
    /// Applies one script step (offsets already in range) as an editor does, and returns the adjustments the
    /// engine reported: offset steps through `perform` (keys looked up in the definition, as
    /// `ScriptStep.edit(on:definition:)` says), `select` through `select`, and the editor commands through
    /// `type`, `deleteBackward`, `paste`, `undo` and `redo`. The one replayer of the model: `fmtcheck replay`
    /// (`ScriptReplayer`) and the harness's `SessionEditor` both apply steps through it.
    public mutating func apply(_ step: ScriptStep) -> [Adjustment] {
        switch step {
        case let .select(from, to):
            select(ScalarSelection.range(from, to).selection(in: document))
            return []
        case .selectRanges(let ranges):
            select(ScalarSelection.ranges(ranges).selection(in: document))
            return []
        case .type(let text):
            return type(text)
        case .deleteBackward:
            return deleteBackward()
        case .paste(let piece):
            return paste(ScriptStep.stamped(piece, definition: engine.definition))
        case .undo:
            undo()
            return []
        case .redo:
            redo()
            return []
        default:
            guard let edit = step.edit(on: document, definition: engine.definition) else { return [] }
            return perform(edit)
        }
    }
}
