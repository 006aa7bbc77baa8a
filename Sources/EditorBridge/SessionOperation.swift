import Formatting
import RichText

/// A widget event as the session takes it, in the document's UTF-8 offsets: what the bridge does to the session
/// for one event, kept so an undo group can be made again as one step (`EditorBridge+UndoGrouping.swift`).
enum SessionOperation {
    /// The selection moved to `range` (a caret when empty).
    case select(Range<Int>)
    /// Plain text typed over `range`.
    case type(String, over: Range<Int>)
    /// Text removed from `range`: backspace when it is the character before the caret.
    case delete(Range<Int>)
    /// Attributed text pasted over `range`.
    case paste(RichString, images: ImageStore, over: Range<Int>)
    /// A key set over the selection (at a caret, in the typing attributes).
    case setAttribute(AttributeKeyDescriptor, to: AttributeValue?)

    /// Makes the operation on `session`; the adjustments the engine made.
    func apply(to session: inout EditingSession) -> [Adjustment] {
        switch self {
        case let .select(range):
            Self.moveSelection(of: &session, to: range)
            return []
        case let .type(text, range):
            Self.moveSelection(of: &session, to: range)
            return session.type(text)
        case let .delete(range):
            guard !range.isEmpty else { return [] }
            let document = session.document
            let isBackspace = session.selection.insertionPoint.map { caret in
                caret.utf8Offset == range.upperBound && caret > document.startIndex
                    && document.characters.index(before: caret).utf8Offset == range.lowerBound
            } ?? false
            if !isBackspace { Self.moveSelection(of: &session, to: range) }
            return session.deleteBackward()
        case let .paste(piece, images, range):
            Self.moveSelection(of: &session, to: range)
            return session.paste(piece, images: images)
        case let .setAttribute(key, value):
            return session.setAttribute(key, to: value)
        }
    }

    /// The session's selection as one UTF-8 range (the caret as an empty one).
    static func selectedUTF8Range(of session: EditingSession) -> Range<Int> {
        let selection = session.selection
        if let caret = selection.insertionPoint { return caret.utf8Offset..<caret.utf8Offset }
        guard let first = selection.ranges.ranges.first else {
            let end = session.document.counts.utf8
            return end..<end
        }
        return first.lowerBound.utf8Offset..<first.upperBound.utf8Offset
    }

    /// Selects `range` (UTF-8) unless it is already the selection: moving the selection ends the typing step
    /// undo was gathering, so a widget repeating the selection it has must not end it.
    static func moveSelection(of session: inout EditingSession, to range: Range<Int>) {
        guard range != selectedUTF8Range(of: session) || session.selection.ranges.ranges.count > 1 else { return }
        let document = session.document
        session.select(Selection(range: document.range(range.lowerBound, range.upperBound, in: .utf8)))
    }
}
