import Formatting
import RichText

/// Several widget events as one undo step, between `WidgetEvent.beginUndoGroup` and `.endUndoGroup`: what
/// `NSUndoManager`'s grouping and GTK's `begin-user-action`/`end-user-action` give an editor (a drag that moves text
/// deletes and inserts; an autocorrection replaces a word and moves the caret).
///
/// A group of one edit is that edit: typing in a group per keystroke (as GTK wraps each one) still gathers
/// into one typing step. The session takes groups only as a closure (`EditingSession.groupingUndo`), and a widget's
/// group spans several calls, so the bridge makes the group's second and later edits each one step of their own,
/// and at the end undoes them and makes the group's edits again inside one `groupingUndo` (the engine is
/// deterministic: the same edits on the same document give the same document). That costs the group's edits
/// twice; nothing in the widget changes.
extension EditorBridge {
    /// An open group: how deep the calls are, and, from its first edit that changed the document on, the
    /// operations to make again and what they started from.
    struct UndoGroup {
        var depth = 1
        /// The document before the group's first edit; nil until an edit changes the document.
        var documentBeforeFirstEdit: RichString?
        /// The operations from the first edit on, in order (selection moves included).
        var operations: [SessionOperation] = []
        /// How many of them changed the document.
        var edits = 0
    }

    /// Opens an undo group (`WidgetEvent.beginUndoGroup`; nested groups nest, the outermost pair makes the
    /// step), as `NSUndoManager`'s `beginUndoGrouping()` and GTK's `gtk_text_buffer_begin_user_action`.
    mutating func beginUndoGrouping() {
        if undoGroup == nil {
            undoGroup = UndoGroup()
        } else {
            undoGroup!.depth += 1
        }
    }

    /// Closes the innermost undo group (`WidgetEvent.endUndoGroup`); closing the outermost makes the group's
    /// edits one undo step. Returns the update to apply: the document does not change, but undo and redo may.
    /// Without an open group it changes nothing. Undo and redo close every open group first, as
    /// `NSUndoManager.undo()` closes its top-level group.
    @discardableResult
    mutating func endUndoGrouping() -> ViewUpdate {
        guard var group = undoGroup else { return update() }
        group.depth -= 1
        guard group.depth == 0 else {
            undoGroup = group
            return update()
        }
        undoGroup = nil
        guard group.edits > 1, let start = group.documentBeforeFirstEdit else { return update() }
        let end = session.document
        makeOneStep(of: group, from: start)
        // The same edits on the same document give the same document; were it ever not so, the widget follows.
        return session.document == end ? update() : update(since: end, adjustments: [])
    }

    /// Whether an undo group is open.
    public var isGroupingUndo: Bool { undoGroup != nil }

    /// Closes every open group (before undo or redo).
    mutating func closeUndoGroups() {
        while undoGroup != nil { endUndoGrouping() }
    }

    /// Makes `operation` on the session; in an open group, keeps it for the group, and makes every edit after
    /// the group's first one a step of its own, so the group's edits can be undone exactly at its end.
    mutating func perform(_ operation: SessionOperation) -> [Adjustment] {
        guard var group = undoGroup else { return operation.apply(to: &session) }
        undoGroup = nil
        defer { undoGroup = group }
        if group.edits == 0 {
            let before = session.document
            let adjustments = operation.apply(to: &session)
            if !session.document.isUnchanged(since: before) {
                group.documentBeforeFirstEdit = before
                group.operations = [operation]
                group.edits = 1
            }
            return adjustments
        }
        let before = session.document
        let adjustments = session.groupingUndo { operation.apply(to: &$0) }
        group.operations.append(operation)
        if !session.document.isUnchanged(since: before) { group.edits += 1 }
        return adjustments
    }

    /// Undoes the group's edits and makes them again as one step. The first edit may have joined the typing step
    /// before the group (a keystroke continuing a word): then the group's step starts after it, and the first edit
    /// stays in the typing step. Where undo cannot reach back (the session's `levelsOfUndo`), the edits stay
    /// separate steps: never is an edit lost.
    private mutating func makeOneStep(of group: UndoGroup, from start: RichString) {
        let laterEdits = group.edits - 1
        var undone = 0
        while undone < laterEdits, session.undo() { undone += 1 }
        guard undone == laterEdits else {
            for _ in 0..<undone { session.redo() }
            return
        }
        var operations = group.operations[...]
        if session.undo() {
            // The session's snapshot before the first edit is `start` itself when that edit began its own step.
            if session.document.isUnchanged(since: start) {
                undone += 1
            } else {
                // The first edit's step began before the group: keep it, group the rest.
                session.redo()
                operations = operations.dropFirst()
            }
        } else {
            operations = operations.dropFirst()
        }
        session.groupingUndo { session in
            for operation in operations { _ = operation.apply(to: &session) }
        }
    }
}
