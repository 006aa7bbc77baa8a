/// One attribute run: a length of text in UTF-8 bytes and the attributes over it.
public struct AttributeRun: Equatable, Sendable {
    /// The run's length in UTF-8 bytes.
    public var utf8Count: Int
    /// The attributes over the run.
    public var attributes: AttributeSet

    /// A run.
    public init(utf8Count: Int, attributes: AttributeSet) {
        self.utf8Count = utf8Count
        self.attributes = attributes
    }
}

/// The counts an attribute run contributes: its UTF-8 length.
struct RunSummary: RopeSummary, Hashable {
    /// UTF-8 bytes covered.
    var utf8: Int
    static let zero = RunSummary(utf8: 0)
    @inline(__always) mutating func add(_ other: RunSummary) { utf8 += other.utf8 }
    @inline(__always) mutating func subtract(_ other: RunSummary) { utf8 -= other.utf8 }
}

/// UTF-8 offsets in a run rope.
enum RunUTF8Metric: RopeMetric {
    typealias Element = StoredRun
    static func measure(_ summary: RunSummary) -> Int { summary.utf8 }
}

/// The attribute runs of a rich string, run-length encoded by UTF-8 length. Adjacent runs never have equal
/// attribute sets: every splice coalesces with its neighbours.
struct RunRope: Sendable {
    /// The runs, each holding its set by a reference the tree counts (see `StoredRun`).
    var rope = Rope<StoredRun>()
    /// Whose behaviours every set carries, as a client's token (`RichString.behaviorStamp`); 0 when unknown.
    /// Every write of sets resets it (resizing one run writes none), so a token found here was set after the
    /// last such write.
    var behaviorStamp: UInt64 = 0

    init() {}

    init(runs: [AttributeRun]) {
        self.init(takingOver: RunList(runs))
    }

    /// The runs of `list`, coalesced, which the tree takes over with their references; `list` is left empty.
    init(takingOver list: RunList) {
        rope = list.handOverCoalesced { Rope(takingOver: $0) }
    }

    var utf8Count: Int { rope.summary.utf8 }
    var count: Int { rope.count }

    /// The run holding `offset`: its index, its start, and the run. An offset on a boundary gives the run that
    /// starts there; the end gives the last run.
    func run(containing offset: Int) -> (index: Int, start: Int, run: AttributeRun)? {
        guard !rope.isEmpty else { return nil }
        // One walk down the tree gives the run, its index and its start.
        let located = rope.locate(RunUTF8Metric.self, offset, prefer: .next)
        if let run = located.element { return (located.index, located.prefix.utf8, run.run) }
        // At or past the end: the last run.
        let last = rope.locate(RunUTF8Metric.self, utf8Count, prefer: .previous)
        return (last.index, last.prefix.utf8, last.element!.run)
    }

    /// The attributes at `offset` (those of the run that starts at or covers it).
    func attributes(at offset: Int) -> AttributeSet {
        run(containing: offset)?.run.attributes ?? .empty
    }

    /// Calls `body` with each run that intersects `range`, clipped to it, with its start offset.
    func forEachRun(in range: Range<Int>, _ body: (Range<Int>, AttributeSet) -> Bool) {
        guard !range.isEmpty else { return }
        // One walk down the tree to the run holding the start; the rest of its leaf is read in place, so a
        // short range (most edits' neighbourhoods) costs that one walk.
        rope.forEach(from: range.lowerBound, along: RunUTF8Metric.self) { _, start, run in
            let end = start + run.utf8Count
            let clipped = max(start, range.lowerBound)..<min(end, range.upperBound)
            if !clipped.isEmpty, !run.withAttributes({ body(clipped, $0) }) { return false }
            return end < range.upperBound
        }
    }

    /// Whether any run that intersects `range` passes `test`; the walk stops at the first that does.
    @inline(__always)
    func anyRun(in range: Range<Int>, where test: (AttributeSet) -> Bool) -> Bool {
        var found = false
        forEachRun(in: range) { _, attributes in
            found = test(attributes)
            return !found
        }
        return found
    }

    /// The runs over `range`, clipped to it, as a tree of their own sharing their sets: an excerpt's runs. The
    /// runs of a short range (a leaf's worth) are copied into one leaf with no array in between.
    func excerpt(_ range: Range<Int>) -> RunRope {
        var result = RunRope()
        guard !range.isEmpty else { return result }
        let capacity = Rope<StoredRun>.maxFanout
        let fits: Bool = withUnsafeTemporaryAllocation(of: StoredRun.self, capacity: capacity) { buffer in
            var n = 0
            rope.forEach(from: range.lowerBound, along: RunUTF8Metric.self) { _, start, run in
                guard n < capacity else { n += 1; return false }
                let end = start + run.utf8Count
                // A bitwise copy: the new tree takes its own reference as it copies the piece in.
                var piece = run
                piece.utf8Count = min(end, range.upperBound) - max(start, range.lowerBound)
                (buffer.baseAddress! + n).initialize(to: piece)
                n += 1
                return end < range.upperBound
            }
            guard n <= capacity else { return false }
            result.rope = Rope(leafOf: UnsafeBufferPointer(rebasing: buffer[..<n]))
            return true
        }
        return fits ? result : RunRope(runs: runs(in: range))
    }

    /// The runs clipped to `range`.
    func runs(in range: Range<Int>) -> [AttributeRun] {
        var result: [AttributeRun] = []
        forEachRun(in: range) { r, attributes in
            result.append(AttributeRun(utf8Count: r.count, attributes: attributes))
            return true
        }
        return result
    }

    /// Replaces the runs over `range` with `newRuns`, coalescing with the neighbours. The text rope must be
    /// changed by the same amount at the same place.
    mutating func replace(_ range: Range<Int>, with newRuns: [AttributeRun]) {
        precondition(range.lowerBound >= 0 && range.upperBound <= utf8Count, "Run range out of bounds")
        #if RICHTEXT_INTERNAL_CHECKS
        defer { checkInvariants(afterChanging: range.lowerBound..<(range.lowerBound + newRuns.reduce(0) { $0 + $1.utf8Count })) }
        #endif
        behaviorStamp = 0
        if rope.isEmpty {
            self = RunRope(runs: newRuns)
            return
        }
        if newRuns.count <= 1, resizeInPlace(range, newRuns.first) { return }
        // Runs [first, last] are touched; a run merely adjacent to an empty range is included so it can merge.
        var (first, firstOffset) = rope.find(RunUTF8Metric.self, range.lowerBound, prefer: .previous)
        var (last, lastOffset) = rope.find(RunUTF8Metric.self, range.upperBound, prefer: .next)
        if last == rope.count {
            last -= 1
            lastOffset = rope[last].utf8Count
        }
        if range.lowerBound == 0 { (first, firstOffset) = (0, 0) }
        let low = first > 0 ? first - 1 : first
        let high = last + 1 < rope.count ? last + 1 : last
        // The runs the pieces are cut from, fetched in one walk: the first and last touched, and one neighbour on
        // each side.
        // Views of the tree's runs, read before the splice changes it.
        var ends: (low: StoredRun?, first: StoredRun?, last: StoredRun?, high: StoredRun?) = (nil, nil, nil, nil)
        rope.forEach(from: low) { i, run in
            if i == low && first > 0 { ends.low = run }
            if i == first { ends.first = run }
            if i == last { ends.last = run }
            if i == high && last + 1 < rope.count { ends.high = run }
            return i < high
        }
        RunPieces.building(capacity: newRuns.count + 4) { pieces in
            if let run = ends.low { pieces.append(run) }
            pieces.append(utf8Count: firstOffset, ends.first!.attributes)
            for run in newRuns { pieces.append(run) }
            pieces.append(utf8Count: ends.last!.utf8Count - lastOffset, ends.last!.attributes)
            if let run = ends.high { pieces.append(run) }
            rope.replaceSubrange(low..<(high + 1), takingOver: pieces.handOverCoalesced())
        }
    }

    /// The common edit — typing inside or at the end of a run with its attributes, or deleting inside one run —
    /// only changes one run's length: one walk down the tree and one update.
    private mutating func resizeInPlace(_ range: Range<Int>, _ newRun: AttributeRun?) -> Bool {
        let newLength = newRun?.utf8Count ?? 0
        let located = rope.locate(RunUTF8Metric.self, range.lowerBound, prefer: .previous)
        guard let run = located.element else { return false }
        var index = located.index
        var start = located.prefix.utf8
        var target = run
        if range.lowerBound == start + run.utf8Count, !range.isEmpty || !(newRun.map { run.hasAttributes($0.attributes) } ?? false) {
            // On a boundary: the run that starts here is the candidate.
            guard index + 1 < rope.count else { return false }
            index += 1
            start += run.utf8Count
            target = rope[index]
        }
        guard range.upperBound <= start + target.utf8Count else { return false }
        if let newRun, newLength > 0, !target.hasAttributes(newRun.attributes) { return false }
        let remaining = target.utf8Count - range.count + newLength
        guard remaining > 0 else { return false }
        rope.update(at: index) { $0.utf8Count = remaining }
        return true
    }

    /// Whether no run is empty and no two neighbours are equal.
    func _invariantCheck() {
        rope._invariantCheck()
        var previous: AttributeSet? = nil
        rope.forEach { i, run in
            precondition(run.utf8Count > 0, "Empty attribute run at \(i)")
            precondition(previous != run.attributes, "Adjacent equal attribute runs at \(i)")
            previous = run.attributes
            return true
        }
    }
}
