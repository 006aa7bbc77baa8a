/// Step 1 of the funnel: the raw edit. Text edits take their attributes by inheritance when the text is plain;
/// attribute changes transform the runs of their ranges and say which keys changed.
extension RichString {
    // MARK: Inheritance

    /// The rule of inheritance, in one place (DESIGN §2, Foundation's `attributesToUseForTextReplacement(in:)`):
    /// the UTF-8 offset whose run gives its attributes to plain text typed over `range`. Replacing a non-empty
    /// range (typing over a selection): its first replaced character. Inserting at an empty range: the
    /// character before, or at offset 0 the one after.
    @inline(__always)
    static func inheritanceOffset(forTypingOver range: Range<Int>) -> Int {
        range.isEmpty && range.lowerBound > 0 ? range.lowerBound - 1 : range.lowerBound
    }

    /// What plain text typed over `range` takes, from the runs at the edit's edges (`near`): the inheritable
    /// attributes of the run at `inheritanceOffset(forTypingOver:)` (keys not inherited and keys invalidated by
    /// text changes are left off); for an insert at the start of a non-empty paragraph, that paragraph's values
    /// of paragraph-bound keys.
    func typedAttributes(over range: Range<Int>, _ near: EditNeighbourhood) -> AttributeSet {
        let total = text.utf8Count
        guard total > 0 else { return .empty }
        let a = range.lowerBound
        let source = (Self.inheritanceOffset(forTypingOver: range) < a ? near.before : (range.isEmpty ? near.after : near.first)) ?? .empty
        // A set whose keys have no behaviour is inherited whole, and binds nothing to its paragraph.
        if !source.hasBehaviors, !near.afterTraits.contains(.paragraph) { return source }
        var attributes = source.inheritable
        guard range.isEmpty, a < total, let following = near.after else { return attributes }
        guard following.hasParagraphKeys || attributes.hasParagraphKeys, isParagraphStart(a) else { return attributes }
        attributes = attributes.filter { $0.behavior.runBoundaries != .paragraph }
        for entry in following.entries where entry.behavior.runBoundaries == .paragraph {
            attributes = attributes.setting(entry)
        }
        return attributes
    }

    /// What attributes plain text typed at `index` would get from the string's own behaviours: the question an
    /// editor asks for its typing attributes.
    public func typingAttributes(at index: Index) -> AttributeSet {
        let o = offset(of: index)
        return typedAttributes(over: o..<o, neighbourhood(of: o..<o))
    }

    // MARK: The raw edits

    /// Replaces the text and runs of `edit.range` with `edit.text`, over its own runs, or for plain text over the
    /// attributes it `typed`. Where the neighbourhood shows that the edit only resizes one run (typing that takes
    /// the set of the run it extends, a deletion inside one run), that run is resized where it stands, without
    /// finding it again; not when `runsMoved` (a step wrote the runs since the neighbourhood was read).
    ///
    /// Returns the stretch of the run it resized, in offsets after the edit, when it took that path.
    @discardableResult
    mutating func replaceRaw(_ edit: TextEdit, typed: AttributeSet?, _ near: EditNeighbourhood, runsMoved: Bool) -> Range<Int>? {
        let range = edit.range
        let length = edit.length
        if runsMoved {
            rawReplace(range, with: edit.text, runs: edit.runs ?? typed.map { [AttributeRun(utf8Count: length, attributes: $0)] } ?? [])
        } else if range.isEmpty, let typed, let run = near.beforeRun, near.before == typed {
            rawReplace(range, with: edit.text) { $0.rope.update(at: run.index) { $0.utf8Count = run.length + length } }
            return run.start..<(run.start + run.length + length)
        } else if !range.isEmpty, length == 0, let run = near.firstRun, range.upperBound <= run.start + run.length, run.length > range.count {
            rawReplace(range, with: "") { $0.rope.update(at: run.index) { $0.utf8Count = run.length - range.count } }
            return run.start..<(run.start + run.length - range.count)
        } else {
            rawReplace(range, with: edit.text, runs: edit.runs ?? typed.map { [AttributeRun(utf8Count: length, attributes: $0)] } ?? [])
        }
        return nil
    }

    /// Transforms the runs over `range` and returns every key whose value changed, and whether a run over a
    /// change carries a key that depends on another after it. Unless `recordingRuns`, a range whose pieces leave
    /// the later steps nothing to do (`RunRope.mayNeedEnforcement`) is complete as it is: its runs are not even
    /// recorded, and it returns no change.
    mutating func transformRaw(_ range: Range<Int>, recordingRuns: Bool, _ transform: (AttributeSet) -> AttributeSet) -> (changes: [KeyChange], dependentsAfter: Bool) {
        guard !range.isEmpty else { return ([], false) }
        let outcome = runStore.transformAttributes(in: range, recordingRuns: recordingRuns, transform)
        guard outcome.changed, !outcome.old.isEmpty else { return ([], false) }
        return (keyChanges(from: outcome.old, to: outcome.new, start: range.lowerBound),
                outcome.new.contains { $0.attributes.hasDependentKeys })
    }

    /// Writes `newRuns` over `range` (the text unchanged) and returns every key whose value changed, as
    /// `transformRaw` does.
    mutating func writeRaw(_ newRuns: [AttributeRun], over range: Range<Int>) -> (changes: [KeyChange], dependentsAfter: Bool) {
        guard !range.isEmpty else { return ([], false) }
        precondition(newRuns.reduce(0) { $0 + $1.utf8Count } == range.count, "Attribute runs must cover the range they replace")
        let old = runStore.runs(in: range)
        guard old != newRuns else { return ([], false) }
        runStore.replace(range, with: newRuns)
        return (keyChanges(from: old, to: newRuns, start: range.lowerBound), newRuns.contains { $0.attributes.hasDependentKeys })
    }
}
