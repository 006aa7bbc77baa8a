import RichText

/// A document being edited: a selection, typing attributes, and undo, with every mutation going through the
/// engine. The selection stays on the same text through every edit (`transform(updating:)`); marking every
/// occurrence of a word in one range-set mutation leaves the cursor where it was.
public struct EditingSession: Sendable {
    /// The engine every mutation goes through.
    public let engine: FormattingEngine
    /// The document.
    public private(set) var document: RichString
    /// The selection.
    public private(set) var selection: Selection
    /// What typed text gets; reset from the document whenever the selection moves.
    public var typingAttributes: AttributeSet
    /// The adjustments of the last mutation.
    public private(set) var lastAdjustments: [Adjustment] = []

    struct Snapshot: Sendable {
        var document: RichString
        var selection: Selection
        var typingAttributes: AttributeSet
        var adjustments: [Adjustment]
    }
    var undoStack: [Snapshot] = []
    var redoStack: [Snapshot] = []

    /// A session over `document` with the caret at its end. The document is normalised first, and what that
    /// changed is the session's `lastAdjustments` (it is not an undo step).
    public init(document: RichString, engine: FormattingEngine) {
        var normalized = document
        let adjustments = engine.normalize(&normalized)
        self.engine = engine
        self.document = normalized
        selection = .caret(normalized.endIndex)
        typingAttributes = engine.typingAttributes(at: normalized.endIndex, in: normalized)
        lastAdjustments = adjustments
    }

    /// Whether there is something to undo.
    public var canUndo: Bool { !undoStack.isEmpty }
    /// Whether there is something to redo.
    public var canRedo: Bool { !redoStack.isEmpty }

    /// Moves the selection; typing attributes follow the new caret.
    public mutating func select(_ selection: Selection) {
        self.selection = selection
        let caret = selection.insertionPoint ?? selection.ranges.ranges.first?.lowerBound ?? document.endIndex
        typingAttributes = engine.typingAttributes(at: caret, in: document)
    }

    /// Types `text` over the selection (or at the caret); the caret ends after it. Over several ranges, as
    /// SwiftUI's `replaceSelection(_:withCharacters:)`, the first range takes the text and the others are removed,
    /// in one undo step. The typing attributes are then recomputed from the text, as a text editor does.
    @discardableResult
    public mutating func type(_ text: String) -> [Adjustment] {
        recordingOneStep { session in
            var adjustments = session.removeSelectedRangesAfterTheFirst()
            let target = session.typingTarget
            let inherited = session.engine.typingAttributes(at: target.lowerBound, in: session.document)
            let edit: Edit = session.typingAttributes == inherited
                ? .replaceText(target, with: text)
                : .replaceAttributed(target, with: RichString(text, attributes: session.typingAttributes))
            adjustments += session.applyKeepingSelection(edit)
            if let caret = session.selection.insertionPoint ?? session.selection.ranges.ranges.last?.upperBound {
                session.selection = .caret(caret)
            }
            return adjustments
        }
    }

    /// Where typed or pasted text goes: the caret, the first selected range, or the end of the text when nothing
    /// is selected.
    var typingTarget: Range<RichString.Index> {
        selection.insertionPoint.map { $0..<$0 } ?? selection.ranges.ranges.first ?? document.endIndex..<document.endIndex
    }

    /// Removes every selected range but the first, keeping the selection on what remains.
    private mutating func removeSelectedRangesAfterTheFirst() -> [Adjustment] {
        let ranges = selection.ranges.ranges
        guard selection.insertionPoint == nil, ranges.count > 1 else { return [] }
        return applyKeepingSelection(.removeText(RangeSet(ranges.dropFirst())))
    }

    /// Deletes the selection, or the character before the caret.
    @discardableResult
    public mutating func deleteBackward() -> [Adjustment] {
        if let caret = selection.insertionPoint {
            guard caret > document.startIndex else { return [] }
            let before = document.characters.index(before: caret)
            return perform(.removeTextInRange(before..<caret))
        }
        let adjustments = perform(.removeText(selection.ranges))
        return adjustments
    }

    /// Sets `key` to `value` over the selection (or, at a caret, in the typing attributes).
    @discardableResult
    public mutating func setAttribute(_ key: AttributeKeyDescriptor, to value: AttributeValue?) -> [Adjustment] {
        guard selection.insertionPoint == nil else {
            typingAttributes = typingAttributes.setting(key.name, to: value, behavior: key.behavior)
            return []
        }
        return perform(.setAttribute(key, to: value, in: selection.ranges))
    }

    /// Pastes attributed text over the selection; it keeps its attributes, then the definition applies. Over
    /// several ranges, the first takes the text and the others are removed, as typing does.
    @discardableResult
    public mutating func paste(_ text: RichString) -> [Adjustment] {
        recordingOneStep { session in
            session.removeSelectedRangesAfterTheFirst() + session.applyKeepingSelection(.replaceAttributed(session.typingTarget, with: text))
        }
    }

    /// Applies any edit through the engine, keeping the selection on the same text and recording undo.
    @discardableResult
    public mutating func perform(_ edit: Edit) -> [Adjustment] {
        recordingOneStep { $0.applyKeepingSelection(edit) }
    }

    /// Applies `edit` through the engine, keeping the selection on the same text; records no undo step.
    private mutating func applyKeepingSelection(_ edit: Edit) -> [Adjustment] {
        var adjustments: [Adjustment] = []
        let engine = self.engine
        let shape = selection
        let tracked = document.transform(updating: selection.trackedRanges) { document in
            adjustments = engine.apply(edit, to: &document)
        }
        if let tracked { selection = Selection(tracked: tracked, shape: shape) }
        return adjustments
    }

    /// Runs `body`'s edits as one undo step. An edit that left the document as it was (the engine reverted all of
    /// it) records no step, but its adjustments are still reported. At a caret, the typing attributes are then
    /// those the text gives there, as a text editor recomputes them after each edit.
    private mutating func recordingOneStep(_ body: (inout EditingSession) -> [Adjustment]) -> [Adjustment] {
        let before = Snapshot(document: document, selection: selection, typingAttributes: typingAttributes, adjustments: [])
        let adjustments = body(&self)
        if let caret = selection.insertionPoint {
            typingAttributes = engine.typingAttributes(at: caret, in: document)
        }
        if document != before.document {
            var entry = before
            entry.adjustments = adjustments
            undoStack.append(entry)
            redoStack.removeAll()
        }
        lastAdjustments = adjustments
        return adjustments
    }

    /// Undoes the last whole edit, with the adjustments it caused.
    @discardableResult
    public mutating func undo() -> Bool {
        guard let entry = undoStack.popLast() else { return false }
        redoStack.append(restore(entry))
        lastAdjustments = []
        return true
    }

    /// Redoes the last undone edit.
    @discardableResult
    public mutating func redo() -> Bool {
        guard let entry = redoStack.popLast() else { return false }
        undoStack.append(restore(entry))
        lastAdjustments = entry.adjustments
        return true
    }

    /// Puts `entry`'s state back and returns the state it replaced, carrying the entry's adjustments.
    private mutating func restore(_ entry: Snapshot) -> Snapshot {
        let current = Snapshot(document: document, selection: selection, typingAttributes: typingAttributes, adjustments: entry.adjustments)
        document = entry.document
        selection = entry.selection
        typingAttributes = entry.typingAttributes
        return current
    }
}
