import RichText

/// Undo as a text editor does it: each edit is one step, except that consecutive typing (or consecutive
/// deleting) at the caret goes on in one step until the selection moves or the kind of edit changes, and a
/// `groupingUndo` call makes everything in it one step. An edit that left the document as it was records no step.
extension EditingSession {
    /// A state undo or redo goes back to, with the adjustments of the step that left it.
    ///
    /// Its document is kept whole (sharing what did not change), or, for a step of typing at a caret while the
    /// funnel wrote nothing but the typed text, as that text (`typed`): the document before the step is the one
    /// after it without the typed text. So typing shares no node with an undo step, and edits its document in
    /// place from the first keystroke of a word on: a document kept whole would make that keystroke copy the
    /// paths it edits.
    struct Snapshot: Sendable {
        /// The document, or nil when it is the document after the step without `typed`.
        var document: RichString?
        /// The text a typing step typed, in UTF-8 offsets of the document after it; empty when `document` is kept.
        var typed: Range<Int> = 0..<0
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

    /// What a typing step kept as the text it typed learns from the funnel (`DefinitionSteps.willWriteBeyondRawEdit`).
    struct TypingWatch {
        /// Whether the step is kept as the text it typed, so that the funnel must say when it writes more.
        let watches: Bool
        /// The length in UTF-8 bytes of the text typed.
        var typedLength = 0
        /// The document as it was when the funnel was about to write beyond the typed text, and whether the text
        /// was in it by then.
        var before: (string: RichString, rawEditMade: Bool)?
    }

    /// The document a step's snapshot goes back to, when the document after the step is `after`.
    func document(of entry: Snapshot, after: RichString) -> RichString {
        if let document = entry.document { return document }
        // The step began at a caret, made on the document it goes back to.
        return after.removingTypedText(entry.typed, asVersionOf: entry.selection.insertionPoint!)
    }

    /// Runs `body`'s edits as one undo step, or as part of the open typing/deleting step when `kind` continues it
    /// at the same caret, or of the enclosing `groupingUndo`. An edit that left the document as it was (the engine
    /// reverted all of it) records no step, but its adjustments are still reported. After an edit at a caret,
    /// typed text takes its attributes from the text again, as a text editor does.
    ///
    /// Typing or deleting that continues the open step takes no snapshot: such an edit always changes the text
    /// (the engine never removes text it did not ask to), and the step's state before it is already on the stack.
    /// So the document's edited path is not shared with a snapshot, and the edit is made in place.
    ///
    /// Typing at a caret is kept as the text it typed (`Snapshot.typed`) while the funnel writes nothing else: the
    /// funnel says before it writes more (`TypingWatch`), and the step then keeps the document as it was.
    mutating func recordingOneStep(_ kind: GatheringKind? = nil, _ body: (inout EditingSession, inout TypingWatch) -> [Adjustment]) -> [Adjustment] {
        let continues = kind != nil && groupDepth == 0 && reachableUndoCount > 0 && continuesOpenStep(kind!)
        let caret = selection.insertionPoint?.utf8Offset
        let keptAsTyped: Bool
        var before: Snapshot?
        // Typing the funnel can watch: plain text at a caret given no attributes of its own.
        let watchable = kind == .typing && caretAttributes == nil && selection.typingAttributes == nil && caret != nil
        if continues {
            let top = undoStack.count - 1
            if undoStack[top].document == nil && !watchable {
                // Text typed with the caret's own attributes is not watched: the step keeps its document from here.
                undoStack[top].document = self.document(of: undoStack[top], after: document)
                undoStack[top].typed = 0..<0
            }
            keptAsTyped = undoStack[top].document == nil
        } else if watchable, groupDepth == 0, let caret {
            keptAsTyped = true
            before = Snapshot(document: nil, typed: caret..<caret, selection: selection, caretAttributes: caretAttributes,
                              callerRanges: callerRanges, adjustments: [])
        } else {
            keptAsTyped = false
            before = snapshot()
        }
        var watch = TypingWatch(watches: keptAsTyped)
        let adjustments = body(&self, &watch)
        if selection.insertionPoint != nil { caretAttributes = nil }
        if keptAsTyped {
            // The step so far typed `typed`, which ends at the caret this edit typed at.
            var typed = continues ? undoStack[undoStack.count - 1].typed : before!.typed
            if let said = watch.before {
                // The funnel wrote more than the typed text: the step keeps the document as it was before it.
                let end = typed.upperBound + (said.rawEditMade ? watch.typedLength : 0)
                let start = continues ? undoStack[undoStack.count - 1].selection : before!.selection
                let document = said.string.removingTypedText(typed.lowerBound..<end, asVersionOf: start.insertionPoint!)
                if continues { undoStack[undoStack.count - 1].document = document } else { before!.document = document }
                typed = 0..<0
            } else {
                typed = typed.lowerBound..<(typed.upperBound + watch.typedLength)
            }
            if continues { undoStack[undoStack.count - 1].typed = typed } else { before!.typed = typed }
        }
        // O(log n) when the document shares what the edit did not touch (`Rope.hasSameElements`). A step kept as
        // the text it typed changed the document when it typed something.
        let changed = continues || (before!.document.map { !document.isUnchanged(since: $0) } ?? (watch.typedLength > 0))
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
                if !document.isUnchanged(since: start.document!) {
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
        document = document(of: entry, after: document)
        selection = entry.selection
        caretAttributes = entry.caretAttributes
        callerRanges = entry.callerRanges
        openStep = nil
        return current
    }
}

