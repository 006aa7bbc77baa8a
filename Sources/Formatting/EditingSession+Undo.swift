import RichText

/// Undo as a text editor does it: each edit is one step, except that consecutive typing (or consecutive
/// deleting) at the caret goes on in one step until the selection moves or the kind of edit changes, and a
/// `groupingUndo` call makes everything in it one step. An edit that left the document as it was records no step.
extension EditingSession {
    /// A state undo or redo goes back to, with the adjustments of the step that left it.
    struct Snapshot: Sendable {
        var document: RichString
        var selection: Selection
        var caretAttributes: AttributeSet?
        var callerRanges: [Range<RichString.Index>]
        var adjustments: [Adjustment]
    }

    /// The kinds of edit that gather into one undo step while they follow each other at the caret.
    enum GatheringKind: Sendable {
        case typing, deleting
    }

    /// The typing or deleting step on top of the undo stack that more of the same edit may join: it ends where
    /// the caret stood after its last edit.
    struct OpenStep: Sendable {
        var kind: GatheringKind
        var caret: RichString.Index
    }

    /// Puts the oldest undo steps past `levelsOfUndo` out of reach. They leave the stack in batches, so a step
    /// costs O(1) amortised however many levels are kept; at most `levelsOfUndo` of them wait to go.
    mutating func trimUndo() {
        guard levelsOfUndo > 0 else { return }
        undoFloor = max(undoFloor, undoStack.count - levelsOfUndo)
        if undoFloor >= levelsOfUndo || undoFloor == undoStack.count {
            undoStack.removeFirst(undoFloor)
            undoFloor = 0
        }
    }

    /// The undo steps within reach: those above `undoFloor`.
    var reachableUndoCount: Int { undoStack.count - undoFloor }

    /// Whether there is something to undo.
    public var canUndo: Bool { reachableUndoCount > 0 }
    /// Whether there is something to redo.
    public var canRedo: Bool { !redoStack.isEmpty }

    /// The current state, for the undo stack.
    func snapshot(adjustments: [Adjustment] = []) -> Snapshot {
        Snapshot(document: document, selection: selection, caretAttributes: caretAttributes, callerRanges: callerRanges,
                 adjustments: adjustments)
    }

    /// Runs `body`'s edits as one undo step, or as part of the open typing/deleting step when `kind` continues it
    /// at the same caret, or of the enclosing `groupingUndo`. An edit that left the document as it was (the engine
    /// reverted all of it) records no step, but its adjustments are still reported. After an edit at a caret,
    /// typed text takes its attributes from the text again, as a text editor does.
    ///
    /// Typing or deleting that continues the open step takes no snapshot: such an edit always changes the text
    /// (the engine never removes text it did not ask to), and the step's state before it is already on the stack.
    /// So the document's edited path is not shared with a snapshot, and the edit is made in place.
    mutating func recordingOneStep(_ kind: GatheringKind? = nil, _ body: (inout EditingSession) -> [Adjustment]) -> [Adjustment] {
        let continues = kind != nil && groupDepth == 0 && reachableUndoCount > 0 && continuesOpenStep(kind!)
        var before = continues ? nil : snapshot()
        let adjustments = body(&self)
        if selection.insertionPoint != nil { caretAttributes = nil }
        // O(log n) when the document shares what the edit did not touch (`Rope.hasSameElements`).
        let changed = continues || !document.isUnchanged(since: before!.document)
        if changed {
            redoStack.removeAll()
            if groupDepth > 0 {
                groupStart?.adjustments += adjustments
            } else if continues {
                if !adjustments.isEmpty { undoStack[undoStack.count - 1].adjustments += adjustments }
            } else {
                before!.adjustments = adjustments
                undoStack.append(before.take()!)
                trimUndo()
            }
        }
        if changed, groupDepth == 0, let kind, let caret = selection.insertionPoint {
            openStep = OpenStep(kind: kind, caret: caret)
        } else if changed || kind == nil {
            openStep = nil
        }
        lastAdjustments = adjustments
        return adjustments
    }

    /// Whether an edit of `kind` now continues the open typing or deleting step: the same kind, at the caret where
    /// the step's last edit left it, with no attributes given to the caret since.
    private func continuesOpenStep(_ kind: GatheringKind) -> Bool {
        guard let open = openStep, open.kind == kind, let caret = selection.insertionPoint else { return false }
        return caret == open.caret && selection.typingAttributes == nil && selection.rangeList.isEmpty
    }

    /// Runs `body` as one undo step, whatever edits it makes (`NSUndoManager`'s grouping). Calls nest; the
    /// outermost one records the step, and none when the document ends as it began.
    @discardableResult
    public mutating func groupingUndo<R>(_ body: (inout EditingSession) throws -> R) rethrows -> R {
        if groupDepth == 0 {
            groupStart = snapshot()
            openStep = nil
        }
        groupDepth += 1
        defer {
            groupDepth -= 1
            if groupDepth == 0, let start = groupStart {
                if !document.isUnchanged(since: start.document) {
                    undoStack.append(start)
                    trimUndo()
                }
                groupStart = nil
                openStep = nil
            }
        }
        return try body(&self)
    }

    /// Undoes the last step, with the adjustments it caused.
    @discardableResult
    public mutating func undo() -> Bool {
        precondition(groupDepth == 0, "undo() inside groupingUndo: the group's step is not finished")
        guard reachableUndoCount > 0, let entry = undoStack.popLast() else { return false }
        trimUndo()
        redoStack.append(restore(entry))
        lastAdjustments = []
        return true
    }

    /// Redoes the last undone step.
    @discardableResult
    public mutating func redo() -> Bool {
        precondition(groupDepth == 0, "redo() inside groupingUndo: the group's step is not finished")
        guard let entry = redoStack.popLast() else { return false }
        undoStack.append(restore(entry))
        lastAdjustments = entry.adjustments
        return true
    }

    /// Puts `entry`'s state back and returns the state it replaced, carrying the entry's adjustments.
    private mutating func restore(_ entry: Snapshot) -> Snapshot {
        let current = snapshot(adjustments: entry.adjustments)
        document = entry.document
        selection = entry.selection
        caretAttributes = entry.caretAttributes
        callerRanges = entry.callerRanges
        openStep = nil
        return current
    }
}
