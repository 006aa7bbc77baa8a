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

    /// A session over `document` (normalised first) with the caret at its end.
    public init(document: RichString, engine: FormattingEngine) {
        var normalized = document
        engine.normalize(&normalized)
        self.engine = engine
        self.document = normalized
        selection = .caret(normalized.endIndex)
        typingAttributes = engine.typingAttributes(at: normalized.endIndex, in: normalized)
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

    /// Types `text` over the selection (or at the caret); the caret ends after it.
    @discardableResult
    public mutating func type(_ text: String) -> [Adjustment] {
        let target = selection.insertionPoint.map { $0..<$0 } ?? selection.ranges.ranges.first ?? document.endIndex..<document.endIndex
        let inherited = engine.typingAttributes(at: target.lowerBound, in: document)
        let edit: Edit = typingAttributes == inherited
            ? .replaceText(target, with: text)
            : .replaceAttributed(target, with: RichString(text, attributes: typingAttributes))
        let adjustments = perform(edit)
        if let caret = selection.insertionPoint ?? selection.ranges.ranges.last?.upperBound {
            selection = .caret(caret)
        }
        return adjustments
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

    /// Pastes attributed text over the selection; it keeps its attributes, then the definition applies.
    @discardableResult
    public mutating func paste(_ text: RichString) -> [Adjustment] {
        let target = selection.insertionPoint.map { $0..<$0 } ?? selection.ranges.ranges.first ?? document.endIndex..<document.endIndex
        return perform(.replaceAttributed(target, with: text))
    }

    /// Applies any edit through the engine, keeping the selection on the same text and recording undo.
    @discardableResult
    public mutating func perform(_ edit: Edit) -> [Adjustment] {
        let before = Snapshot(document: document, selection: selection, typingAttributes: typingAttributes, adjustments: [])
        var adjustments: [Adjustment] = []
        let engine = self.engine
        let shape = selection
        let tracked = document.transform(updating: selection.trackedRanges) { document in
            adjustments = engine.apply(edit, to: &document)
        }
        if let tracked { selection = Selection(tracked: tracked, shape: shape) }
        var entry = before
        entry.adjustments = adjustments
        undoStack.append(entry)
        redoStack.removeAll()
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
