import Formatting
import FormattingTesting
import RichText

/// Editors with one planted bug each, to show each invariant check catches its bug.

/// Applies steps straight to the string, bypassing the engine: the definition is not enforced.
struct EngineBypassingEditor: ScriptEditor {
    var document = RichString()
    var selection = ScalarSelection.caret(0)
    let definition: FormattingDefinition

    mutating func apply(_ step: ScriptStep) -> [Adjustment] {
        if case let .select(f, t) = step { selection = .range(f, t); return [] }
        guard let edit = step.edit(on: document, definition: definition) else { return [] }
        switch edit {
        case let .replaceText(range, text): document.replaceSubrange(range, with: text)
        case let .replaceAttributed(range, piece): document.replaceSubrange(range, with: piece)
        case let .removeText(ranges): document.removeSubranges(ranges)
        case let .setAttribute(key, value, ranges): document.setAttribute(key, to: value, in: ranges)
        }
        selection = .caret(0)
        return []
    }
}

/// A session whose selection is not tracked through text edits: it reports the selection as it was.
struct UntrackedSelectionEditor: ScriptEditor {
    var inner: SessionEditor
    var stale = ScalarSelection.caret(0)
    var document: RichString { inner.document }
    var selection: ScalarSelection { stale }

    mutating func apply(_ step: ScriptStep) -> [Adjustment] {
        let adjustments = inner.apply(step)
        if case .select = step { stale = inner.selection }
        return adjustments
    }
}

/// A session that loses the last adjustment of every step.
struct DroppingAdjustmentsEditor: ScriptEditor {
    var inner: SessionEditor
    var document: RichString { inner.document }
    var selection: ScalarSelection { inner.selection }
    mutating func apply(_ step: ScriptStep) -> [Adjustment] { Array(inner.apply(step).dropLast()) }
}

/// A session that reports an adjustment that never happened.
struct InventingAdjustmentsEditor: ScriptEditor {
    var inner: SessionEditor
    var document: RichString { inner.document }
    var selection: ScalarSelection { inner.selection }
    mutating func apply(_ step: ScriptStep) -> [Adjustment] {
        var adjustments = inner.apply(step)
        if !inner.document.isEmpty {
            adjustments.append(Adjustment(rule: .scope, utf8Range: 0..<1, key: "ghost", oldValue: .integer(1), newValue: nil))
        }
        return adjustments
    }
}
