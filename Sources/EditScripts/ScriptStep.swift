import RichText

/// One line of an edit script (DESIGN §7). Offsets count Unicode scalars from the start of the document and
/// ranges are half-open, exactly as the JSON Lines format writes them, so a step prints as the line that
/// replays it.
public enum ScriptStep: Hashable, Sendable, CustomStringConvertible {
    /// Plain text inserted at a scalar offset; it inherits like typing. `{"op":"insert","at":4,"text":"y"}`
    case insert(at: Int, text: String)
    /// The text of `[from, to)` removed. `{"op":"delete","from":3,"to":4}`
    case delete(from: Int, to: Int)
    /// `[from, to)` replaced by plain text, which inherits like typing. `{"op":"replace","from":0,"to":5,"text":"Hi"}`
    case replace(from: Int, to: Int, text: String)
    /// Attributed text (a paste) inserted at an offset; it keeps its own attributes, then the definition applies.
    /// `{"op":"insertAttributed","at":0,"document":["X",{"ingredient":"milk"}]}`
    case insertAttributed(at: Int, document: RichString)
    /// A key set over `[from, to)`. `{"op":"set","from":0,"to":4,"key":"ingredient","value":"milk"}`
    case set(from: Int, to: Int, key: String, value: AttributeValue)
    /// A key removed over `[from, to)`. `{"op":"remove","from":0,"to":4,"key":"ingredient"}`
    case remove(from: Int, to: Int, key: String)
    /// A key set (or, with a nil value, removed) over every range of a range set, as one mutation.
    /// `{"op":"setRanges","ranges":[[0,4],[9,13]],"key":"k","value":1}`; a removal writes `"value":null`.
    case setRanges(ranges: [Range<Int>], key: String, value: AttributeValue?)
    /// The selection moves to `[from, to)`; an empty range is a caret. Changes no text.
    /// `{"op":"select","from":2,"to":5}`
    case select(from: Int, to: Int)
    /// The selection becomes several ranges at once, as Command-drag or a find-all does: sorted, disjoint and
    /// non-empty once applied. Changes no text. `{"op":"select","ranges":[[0,2],[5,7]]}`
    case selectRanges([Range<Int>])
    /// Typing at the selection, as the keyboard does (`EditingSession.type`): at a caret the text goes in with
    /// the typing attributes; over a selection of several ranges the first takes the text and the others are
    /// removed. `{"op":"type","text":"x"}`
    case type(String)
    /// Backspace (`EditingSession.deleteBackward`): the selected ranges, or the character before the caret.
    /// `{"op":"deleteBackward"}`
    case deleteBackward
    /// Pasting attributed text over the selection (`EditingSession.paste`), as `type` does with plain text.
    /// `{"op":"paste","document":["X",{"ingredient":"milk"}]}`
    case paste(RichString)
    /// Undoing the last undo step (consecutive typing or deleting is one). `{"op":"undo"}`
    case undo
    /// Redoing what undo took back. `{"op":"redo"}`
    case redo

    /// Whether the step is an editor command: it acts on the editor's selection and history instead of
    /// naming offsets (`type`, `deleteBackward`, `paste`, `undo`, `redo`).
    public var isCommand: Bool {
        switch self {
        case .type, .deleteBackward, .paste, .undo, .redo: return true
        default: return false
        }
    }

    /// Whether the step moves the selection and does nothing else.
    public var isSelection: Bool {
        switch self {
        case .select, .selectRanges: return true
        default: return false
        }
    }

    /// Whether the step changes text (and so moves the selection by the tracking rules). Commands may or may not,
    /// depending on the selection and the history: see `lowered(selection:in:)`.
    public var changesText: Bool {
        switch self {
        case .insert, .delete, .replace, .insertAttributed: return true
        case .set, .remove, .setRanges, .select, .selectRanges, .type, .deleteBackward, .paste, .undo, .redo: return false
        }
    }

    /// The text mutation as (replaced scalar range, inserted scalar count), for the offset steps that change text.
    public var textMutation: (range: Range<Int>, insertedScalars: Int)? {
        switch self {
        case let .insert(at, text): return (at..<at, text.unicodeScalars.count)
        case let .delete(from, to): return (from..<to, 0)
        case let .replace(from, to, text): return (from..<to, text.unicodeScalars.count)
        case let .insertAttributed(at, document): return (at..<at, document.counts.scalars)
        default: return nil
        }
    }

    /// The step as its JSON Lines line.
    public var description: String { jsonLine }
}
