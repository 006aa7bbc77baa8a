/// What `RunRope.transformAttributes(in:recordingRuns:_:)` did over one range.
struct RunTransformOutcome {
    /// Whether any run's attributes changed.
    var changed = false
    /// Whether a key with a behaviour was there before or is there after, on any run of the range.
    var involvesBehaviors = false
    /// Whether the behaviour pipeline may have anything to do after this change alone: some piece changed a
    /// paragraph-bound key, carries a character-bound key, or carries after it a key that depends on another
    /// (see `mayNeedEnforcement(from:to:)`). False means a single-range attribute change is complete as it is.
    var mayNeedEnforcement = false
    /// The runs as they were, clipped to the range: filled when runs were asked for or behaviours are involved.
    var old: [AttributeRun] = []
    /// The runs as they are now (not coalesced), over the same pieces as `old`.
    var new: [AttributeRun] = []

    /// `transform` applied to one piece's `attributes`, noting what the piece tells of the whole change: whether
    /// it changed, whether behaviours are involved, and whether enforcement may follow.
    @inline(__always)
    mutating func tally(_ attributes: AttributeSet, _ transform: (AttributeSet) -> AttributeSet) -> AttributeSet {
        let after = transform(attributes)
        if after != attributes { changed = true }
        if attributes.hasBehaviors || after.hasBehaviors {
            involvesBehaviors = true
            if !mayNeedEnforcement && RunRope.mayNeedEnforcement(from: attributes, to: after) { mayNeedEnforcement = true }
        }
        return after
    }

    /// Appends to `pieces` what `run` (starting at `position`) becomes under a change over `range`: its part
    /// before the range, its part inside transformed (tallied, and recorded when `recordingRuns`), and its part
    /// after. Returns where the run ends.
    @inline(__always)
    mutating func addPieces(
        of run: StoredRun, at position: Int, over range: Range<Int>, recordingRuns: Bool,
        _ transform: (AttributeSet) -> AttributeSet, to pieces: inout RunPieces
    ) -> Int {
        let end = position + run.utf8Count
        let clipped = Swift.max(position, range.lowerBound)..<Swift.min(end, range.upperBound)
        run.withAttributes { attributes in
            if position < clipped.lowerBound { pieces.append(utf8Count: clipped.lowerBound - position, attributes) }
            let after = tally(attributes, transform)
            if recordingRuns {
                old.append(AttributeRun(utf8Count: clipped.count, attributes: attributes))
                new.append(AttributeRun(utf8Count: clipped.count, attributes: after))
            }
            pieces.append(utf8Count: clipped.count, after)
            if end > clipped.upperBound { pieces.append(utf8Count: end - clipped.upperBound, attributes) }
        }
        return end
    }
}

extension RunRope {
    /// Applies `transform` to the attributes over `range`, splitting runs at its ends and coalescing with the
    /// neighbours: the same result as `transformAttributesByReplacing`, in one walk down the tree when `range`
    /// lies inside one run (the common small edit) and one walk plus one splice otherwise.
    ///
    /// The runs before and after are returned when `recordingRuns` is set or a key with a behaviour is involved,
    /// so that plain attribute sets allocate nothing to describe themselves.
    mutating func transformAttributes(
        in range: Range<Int>, recordingRuns: Bool, _ transform: (AttributeSet) -> AttributeSet
    ) -> RunTransformOutcome {
        precondition(range.lowerBound >= 0 && range.upperBound <= utf8Count, "Run range out of bounds")
        #if RICHTEXT_INTERNAL_CHECKS
        defer { checkInvariants(afterChanging: range) }
        #endif
        behaviorStamp = 0
        var outcome = RunTransformOutcome()
        guard !range.isEmpty else { return outcome }
        // One walk down the tree, by address: the leaf holding the range's start, and the run there.
        let found = rope.descendToLeaf(RunUTF8Metric.self, range.lowerBound, prefer: .next)
        let (elements, width) = Rope<StoredRun>.rawElements(found.leaf!)
        let index = found.index
        let start = found.prefix.utf8
        let slot = found.slot
        if transformInOneLeaf(
            range, recordingRuns: recordingRuns, transform, elements: elements, width: width, slot: slot,
            firstIndex: index, firstStart: start, into: &outcome
        ) {
            return outcome
        }
        let first = elements[slot]
        // The neighbours, when they are in the same leaf.
        let neighbours = (previous: slot > 0 ? elements[slot - 1] : nil, next: slot + 1 < width ? elements[slot + 1] : nil)
        if range.upperBound <= start + first.utf8Count {
            let before = first.attributes
            let after = transform(before)
            outcome.changed = after != before
            outcome.involvesBehaviors = before.hasBehaviors || after.hasBehaviors
            outcome.mayNeedEnforcement = outcome.involvesBehaviors && Self.mayNeedEnforcement(from: before, to: after)
            if recordingRuns || outcome.mayNeedEnforcement {
                outcome.old = [AttributeRun(utf8Count: range.count, attributes: before)]
                outcome.new = [AttributeRun(utf8Count: range.count, attributes: after)]
            }
            if outcome.changed {
                setAttributes(after, in: range, insideRunAt: index, start: start, run: first, neighbours: neighbours)
            }
            return outcome
        }
        transformAcrossRuns(range, firstIndex: index, firstStart: start, recordingRuns: recordingRuns, transform, into: &outcome)
        return outcome
    }

    /// The common case of `transformAttributes`: the runs `range` covers and one neighbour on each side (where
    /// there is one) all lie in the leaf whose elements are `elements` (`width` of them), the range starting in
    /// the run at `slot` there (index `firstIndex`, starting at `firstStart`). The pieces are built on the stack
    /// from the leaf's runs, with no walk beyond the one that found the leaf, and spliced into that leaf.
    ///
    /// Returns false, having changed and called nothing, when the window reaches past the leaf; the general
    /// paths take over then. The result is the one `transformAcrossRuns` gives: the window's runs, split at the
    /// range's ends, transformed over it and coalesced.
    private mutating func transformInOneLeaf(
        _ range: Range<Int>, recordingRuns: Bool, _ transform: (AttributeSet) -> AttributeSet,
        elements: UnsafePointer<StoredRun>, width: Int, slot: Int, firstIndex: Int, firstStart: Int,
        into outcome: inout RunTransformOutcome
    ) -> Bool {
        // The neighbour before must be in this leaf, unless there is none.
        if slot == 0 && firstIndex > 0 { return false }
        let lowSlot = slot > 0 ? slot - 1 : 0
        // The last run the range touches, and the neighbour after it (when there is one), in this leaf too.
        var lastSlot = slot
        var end = firstStart + elements[slot].utf8Count
        while end < range.upperBound {
            lastSlot += 1
            if lastSlot == width { return false }
            end += elements[lastSlot].utf8Count
        }
        var highSlot = lastSlot
        if firstIndex - slot + lastSlot + 1 < rope.count {
            if lastSlot + 1 == width { return false }
            highSlot = lastSlot + 1
        }
        let leafStart = firstIndex - slot
        RunPieces.building(capacity: lastSlot - slot + 5) { pieces in
            if lowSlot < slot { pieces.append(elements[lowSlot]) }
            var position = firstStart
            for k in slot...lastSlot {
                position = outcome.addPieces(of: elements[k], at: position, over: range, recordingRuns: recordingRuns,
                                             transform, to: &pieces)
            }
            if highSlot > lastSlot { pieces.append(elements[highSlot]) }
            recordRunsForEnforcement(over: range, transform, recordingRuns: recordingRuns, into: &outcome)
            guard outcome.changed else { return }
            // The leaf is read no more: the splice may copy it (when shared) or move its runs.
            let window = (leafStart + lowSlot)..<(leafStart + highSlot + 1)
            let kept = pieces.handOverCoalesced()
            let source = RopeSource(takingOver: kept)
            // A leaf that overflows or falls under the minimum needs reshaping: no use trying the in-place splice.
            let newWidth = width - window.count + kept.count
            let keepsShape = newWidth <= Rope<StoredRun>.maxFanout
                && (newWidth >= Rope<StoredRun>.minFanout || (newWidth >= 1 && rope.height == 1))
            if !keepsShape || !rope.spliceKeepingShape(window, source) { rope.spliceInOneLeaf(window, source) }
        }
        return true
    }

    /// Gives `range`, which lies inside the run at `index` (starting at `start`), the attributes `new`, which
    /// differ from the run's. `neighbours` are the runs beside it when they were at hand (else they are looked up).
    private mutating func setAttributes(
        _ new: AttributeSet, in range: Range<Int>, insideRunAt index: Int, start: Int, run: StoredRun,
        neighbours: (previous: StoredRun?, next: StoredRun?)
    ) {
        let headLength = range.lowerBound - start
        let tailLength = start + run.utf8Count - range.upperBound
        var middle = AttributeRun(utf8Count: range.count, attributes: new)
        var low = index
        var high = index
        // A piece that reaches the run's edge may merge with the neighbour there.
        if headLength == 0, index > 0 {
            let previous = neighbours.previous ?? rope[index - 1]
            if previous.hasAttributes(new) {
                middle.utf8Count += previous.utf8Count
                low = index - 1
            }
        }
        if tailLength == 0, index + 1 < rope.count {
            let next = neighbours.next ?? rope[index + 1]
            if next.hasAttributes(new) {
                middle.utf8Count += next.utf8Count
                high = index + 1
            }
        }
        if headLength == 0, tailLength == 0, low == index, high == index {
            rope.update(at: index) { $0.replaceAttributes(with: new) }
            return
        }
        // At most three pieces, spliced from the stack.
        RunPieces.building(capacity: 3) { pieces in
            if headLength > 0 { pieces.append(utf8Count: headLength, run.attributes) }
            pieces.append(middle)
            if tailLength > 0 { pieces.append(utf8Count: tailLength, run.attributes) }
            rope.replaceSubrange(low..<(high + 1), takingOver: pieces.handOverCoalesced())
        }
    }

    /// Whether changing a piece's attributes from `before` to `after` may leave the behaviour pipeline work
    /// (steps 3-5) beyond the change itself: a paragraph-bound key changed (the sets' paragraph-bound entries
    /// differ), a character-bound key is involved, or a key that depends on another is there after the change.
    /// When it is false for every piece of a single-range change, the pipeline returns no adjustments and
    /// changes nothing more.
    static func mayNeedEnforcement(from before: AttributeSet, to after: AttributeSet) -> Bool {
        if after.hasDependentKeys { return true }
        if before == after { return false }
        if before.hasCharacterKeys || after.hasCharacterKeys { return true }
        return before.paragraphBound != after.paragraphBound
    }

    /// When the walk found that the pipeline may need the runs after all (a behaviour key is involved, which is
    /// rare) but did not record them, reads them again; the runs are not changed until the splice that follows.
    private func recordRunsForEnforcement(
        over range: Range<Int>, _ transform: (AttributeSet) -> AttributeSet, recordingRuns: Bool,
        into outcome: inout RunTransformOutcome
    ) {
        guard outcome.mayNeedEnforcement && !recordingRuns else { return }
        outcome.old = runs(in: range)
        outcome.new = outcome.old.map { AttributeRun(utf8Count: $0.utf8Count, attributes: transform($0.attributes)) }
    }

    /// The general case: `range` covers parts of several runs, the first of which is at `firstIndex`.
    ///
    /// The runs before and after are only collected when `recordingRuns` is set; when the walk finds that the
    /// pipeline may need them after all (a behaviour key is involved, which is rare), they are read again from the
    /// runs, which are not changed until the end.
    private mutating func transformAcrossRuns(
        _ range: Range<Int>, firstIndex: Int, firstStart: Int, recordingRuns: Bool,
        _ transform: (AttributeSet) -> AttributeSet, into outcome: inout RunTransformOutcome
    ) {
        // The window: one neighbour on each side (so the pieces can merge with them) and the runs in between.
        let low = firstIndex > 0 ? firstIndex - 1 : firstIndex
        var high = firstIndex
        // Each run of the window gives one piece, and the runs at the range's ends one more each.
        let lastIndex = rope.find(RunUTF8Metric.self, range.upperBound - 1, prefer: .next).index
        var position = firstStart
        RunPieces.building(capacity: lastIndex - low + 4) { pieces in
            rope.forEach(from: low) { i, run in
                high = i
                if i < firstIndex || position >= range.upperBound {
                    pieces.append(run)
                    return i < firstIndex
                }
                position = outcome.addPieces(of: run, at: position, over: range, recordingRuns: recordingRuns,
                                             transform, to: &pieces)
                return true
            }
            // The runs are read again before the splice changes them.
            recordRunsForEnforcement(over: range, transform, recordingRuns: recordingRuns, into: &outcome)
            if outcome.changed { rope.replaceSubrange(low..<(high + 1), takingOver: pieces.handOverCoalesced()) }
        }
    }

    /// Applies `transform` the straightforward way — clip the runs, map them, splice them back — and returns
    /// the runs as they were and as they are (clipped to `range`). The reference for the faster walk above.
    @discardableResult
    mutating func transformAttributesByReplacing(
        in range: Range<Int>, _ transform: (AttributeSet) -> AttributeSet
    ) -> (old: [AttributeRun], new: [AttributeRun]) {
        behaviorStamp = 0
        let old = runs(in: range)
        var changed = false
        let new = old.map { run -> AttributeRun in
            let attributes = transform(run.attributes)
            if attributes != run.attributes { changed = true }
            return AttributeRun(utf8Count: run.utf8Count, attributes: attributes)
        }
        if changed { replace(range, with: new) }
        return (old, new)
    }
}
