import RichText

/// Undo as a text editor does it: each edit is one step, except that consecutive typing (or consecutive
/// deleting) at the caret goes on in one step until the selection moves or the kind of edit changes, and a
/// `groupingUndo` call makes everything in it one step. An edit that left the document as it was records no step.
extension EditingSession {
    /// A state undo or redo goes back to, with the adjustments of the step that left it.
    ///
    /// Its document is kept whole (sharing what did not change), or, for a step of typing at a caret, as the part
    /// the step changed (`changed`): the document before the step is the one after it with that part put back.
    /// So typing keeps no document that shares nodes with the one being edited, and edits it in place: a document
    /// kept whole would make the first keystroke of each word copy the paths it edits, and every later edit
    /// copy what it touches of the nodes the two still share.
    struct Snapshot: Sendable {
        /// The document; nil when the step keeps the part it changed instead.
        var document: RichString?
        /// The part a typing step changed; nil when the document is kept whole.
        var changed: ChangedPart?
        var selection: Selection
        var caretAttributes: AttributeSet?
        var callerRanges: [Range<RichString.Index>]
        var adjustments: [Adjustment]
    }

    /// The part of the document a typing step changed, kept in place of the whole document before it.
    struct ChangedPart: Sendable {
        /// Where the step changed the document, in UTF-8 offsets of the document after it: the text it typed,
        /// and whatever the funnel changed around it.
        var range: Range<Int>
        /// What that range held before the step; nil for nothing (the step only typed text).
        var before: RichString?
        /// The behaviour stamp of the document before the step.
        let stamp: UInt64
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

    /// What a typing step kept as the part it changed learns from the funnel (`DefinitionSteps.willWriteBeyondRawEdit`
    /// and `finishedMutation(changingNothingOutside:)`).
    struct TypingWatch {
        /// Whether the step is kept as the part it changed, so that the funnel must say when it writes more.
        let watches: Bool
        /// The length in UTF-8 bytes of the text typed.
        var typedLength = 0
        /// What the funnel said when it wrote beyond the typed text: the document as it was just before, whether
        /// the text was in it by then, and the region outside which the edit changed nothing.
        var said: WriteBeyondRawEdit?
    }

    /// The document a step's snapshot goes back to, when the document after the step is `after`.
    func document(of entry: Snapshot, after: RichString) -> RichString {
        if let document = entry.document { return document }
        let part = entry.changed!
        // The step began at a caret, made on the document it goes back to.
        return after.undoing(part.range, wasBefore: part.before, version: entry.selection.insertionPoint!, stamp: part.stamp)
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
    /// Typing at a caret is kept as the part of the document it changed (`Snapshot.changed`): the typed text, and,
    /// when the funnel says it writes more (`TypingWatch`), what the region it then changed held before.
    mutating func recordingOneStep(_ kind: GatheringKind? = nil, _ body: (inout EditingSession, inout TypingWatch) -> [Adjustment]) -> [Adjustment] {
        let continues = kind != nil && groupDepth == 0 && reachableUndoCount > 0 && continuesOpenStep(kind!)
        let caret = selection.insertionPoint?.utf8Offset
        // Typing the funnel can watch: plain text at a caret given no attributes of its own.
        let watchable = kind == .typing && caretAttributes == nil && selection.typingAttributes == nil && caret != nil
        var before: Snapshot?
        // Whether the step keeps the part it changed instead of the document, and grows it by this edit.
        var keepsPart = false
        if continues {
            let top = undoStack.count - 1
            if undoStack[top].document == nil {
                // The caret stands where the step's last keystroke left it, at the end of its typed text, inside the part.
                if watchable {
                    keepsPart = true
                } else {
                    // Text typed with the caret's own attributes is not watched: the step keeps its document from here.
                    undoStack[top].document = self.document(of: undoStack[top], after: document)
                    undoStack[top].changed = nil
                }
            }
        } else if watchable, groupDepth == 0, let caret {
            keepsPart = true
            before = Snapshot(document: nil, changed: ChangedPart(range: caret..<caret, before: nil, stamp: document.behaviorStamp),
                              selection: selection, caretAttributes: caretAttributes, callerRanges: callerRanges, adjustments: [])
        } else {
            before = snapshot()
        }
        var watch = TypingWatch(watches: keepsPart)
        let adjustments = body(&self, &watch)
        if selection.insertionPoint != nil { caretAttributes = nil }
        if keepsPart {
            if continues { undoStack[undoStack.count - 1].changed!.grow(by: watch) } else { before!.changed!.grow(by: watch) }
        }
        // O(log n) when the document shares what the edit did not touch (`Rope.hasSameElements`). A step kept as
        // the part it changed changed the document when it typed something.
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

extension EditingSession.ChangedPart {
    /// Grows the part by a keystroke that typed at a caret inside it: by the typed text, or, when the funnel wrote
    /// more (`watch.said`), to everything the keystroke changed, what it held before read from the document as
    /// the funnel had it then, around what the part held already.
    mutating func grow(by watch: EditingSession.TypingWatch) {
        let length = watch.typedLength
        let typed = range.lowerBound..<(range.upperBound + length)
        guard let said = watch.said else {
            range = typed
            return
        }
        // The funnel tells the region at the end of every mutation; without it, all of the text (which the funnel
        // changed by the typed text alone) is the region.
        let region = said.region ?? 0..<(said.string.counts.utf8 + (said.rawEditMade ? 0 : length))
        let grown = min(typed.lowerBound, region.lowerBound)..<max(typed.upperBound, region.upperBound)
        // Around the part, the document as the funnel had it is the document before the step; past the part it
        // holds the typed text too when the raw edit was made.
        let right = said.rawEditMade ? typed.upperBound..<grown.upperBound : range.upperBound..<(grown.upperBound - length)
        var text = ""
        var runs: [AttributeRun] = []
        func take(_ piece: Range<Int>, of string: RichString) {
            guard !piece.isEmpty else { return }
            string.forEachRun(inUTF8: piece) { stretch, attributes in
                runs.append(AttributeRun(utf8Count: stretch.count, attributes: attributes))
                return true
            }
            text += string.string(in: string.index(atOffset: piece.lowerBound, in: .utf8)..<string.index(atOffset: piece.upperBound, in: .utf8))
        }
        take(grown.lowerBound..<range.lowerBound, of: said.string)
        if let before { take(0..<before.counts.utf8, of: before) }
        take(right, of: said.string)
        range = grown
        guard !runs.isEmpty else { before = nil; return }
        guard let piece = RichString(unenforcedText: text, runs: runs) else {
            preconditionFailure("the runs of an undo step's part do not cover its text")
        }
        before = piece
    }
}
