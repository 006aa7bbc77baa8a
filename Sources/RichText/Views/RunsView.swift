/// The attribute runs of a rich string or slice, as a bidirectional collection indexed by `RichString.Index`.
///
/// Each element is a maximal stretch of equal attributes, clipped to the viewed bounds.
public struct RichRunsView: BidirectionalCollection, Sendable {
    /// One run: a range and its attributes.
    ///
    /// Two runs are equal when they have the same UTF-8 length and the same attributes, wherever they stand (in
    /// one string or two), as Foundation's `AttributedString.Runs.Run` compares them.
    public struct Run: Hashable, Sendable {
        /// Where the run stands.
        public let range: Range<RichString.Index>
        /// The attributes over it.
        public let attributes: AttributeSet

        /// The run's length in UTF-8 code units.
        var utf8Count: Int { range.upperBound.utf8Offset - range.lowerBound.utf8Offset }

        public static func == (lhs: Run, rhs: Run) -> Bool {
            lhs.utf8Count == rhs.utf8Count && lhs.attributes == rhs.attributes
        }

        public func hash(into hasher: inout Hasher) {
            hasher.combine(utf8Count)
            hasher.combine(attributes)
        }
    }

    public typealias Index = RichString.Index

    /// The string viewed.
    public let base: RichString
    /// The viewed bounds.
    public let bounds: Range<Index>

    init(base: RichString, bounds: Range<Index>) {
        self.base = base
        self.bounds = bounds
    }

    public var startIndex: Index { bounds.lowerBound }
    public var endIndex: Index { bounds.upperBound }

    public subscript(position: Index) -> Run {
        let o = base.offset(of: position)
        precondition(position >= bounds.lowerBound && position < bounds.upperBound, "Run index out of bounds")
        let (_, start, run) = base.runStore.run(containing: o)!
        let lower = Swift.max(start, bounds.lowerBound.utf8Offset)
        let upper = Swift.min(start + run.utf8Count, bounds.upperBound.utf8Offset)
        return Run(range: base.index(utf8: lower)..<base.index(utf8: upper), attributes: run.attributes)
    }

    public func index(after i: Index) -> Index {
        let (_, start, run) = base.runStore.run(containing: base.offset(of: i))!
        return base.index(utf8: Swift.min(start + run.utf8Count, bounds.upperBound.utf8Offset))
    }

    public func index(before i: Index) -> Index {
        let o = base.offset(of: i)
        let (_, start, _) = base.runStore.run(containing: o - 1)!
        return base.index(utf8: Swift.max(start, bounds.lowerBound.utf8Offset))
    }

    /// The number of runs in the bounds. O(log n).
    public var count: Int {
        guard !bounds.isEmpty else { return 0 }
        let first = base.runStore.run(containing: bounds.lowerBound.utf8Offset)!.index
        let last = base.runStore.run(containing: bounds.upperBound.utf8Offset - 1)!.index
        return last - first + 1
    }

    /// Runs that break only where the given keys' values change (and at every paragraph for a key bound to
    /// paragraphs, and around every scalar a character-bound key is bound to, as Foundation's per-key runs).
    /// Each element holds the keys' values in the order given.
    public subscript(keys: [AttributeKeyDescriptor]) -> KeyedRuns {
        KeyedRuns(base: base, bounds: bounds, keys: keys)
    }

    /// Runs of one typed key: `(value, range)`, breaking only where its value changes (and at its run boundaries).
    public subscript<K: RichAttributeKey>(key: K.Type) -> LazyMapSequence<KeyedRuns, (K.Value?, Range<Index>)> {
        KeyedRuns(base: base, bounds: bounds, keys: [K.descriptor]).lazy.map { run in
            (run.values[0].flatMap { K.Value(attributeValue: $0) }, run.range)
        }
    }

    /// Runs of two typed keys, breaking where either changes.
    public subscript<K1: RichAttributeKey, K2: RichAttributeKey>(
        _ k1: K1.Type, _ k2: K2.Type
    ) -> LazyMapSequence<KeyedRuns, (K1.Value?, K2.Value?, Range<Index>)> {
        KeyedRuns(base: base, bounds: bounds, keys: [K1.descriptor, K2.descriptor]).lazy.map { run in
            (run.values[0].flatMap { K1.Value(attributeValue: $0) },
             run.values[1].flatMap { K2.Value(attributeValue: $0) }, run.range)
        }
    }

    /// Runs of three typed keys, breaking where any changes.
    public subscript<K1: RichAttributeKey, K2: RichAttributeKey, K3: RichAttributeKey>(
        _ k1: K1.Type, _ k2: K2.Type, _ k3: K3.Type
    ) -> LazyMapSequence<KeyedRuns, (K1.Value?, K2.Value?, K3.Value?, Range<Index>)> {
        KeyedRuns(base: base, bounds: bounds, keys: [K1.descriptor, K2.descriptor, K3.descriptor]).lazy.map { run in
            (run.values[0].flatMap { K1.Value(attributeValue: $0) },
             run.values[1].flatMap { K2.Value(attributeValue: $0) },
             run.values[2].flatMap { K3.Value(attributeValue: $0) }, run.range)
        }
    }
}

/// Runs that break only where chosen keys change value, at paragraphs for keys bound to them, and before and
/// after every scalar a character-bound key is bound to.
public struct KeyedRuns: BidirectionalCollection, Sendable {
    /// One stretch: the keys' values (nil where absent) and its range.
    public struct Run: Hashable, Sendable {
        /// The values, in the order the keys were given.
        public let values: [AttributeValue?]
        /// Where the stretch stands.
        public let range: Range<RichString.Index>
    }

    public typealias Index = RichString.Index

    let base: RichString
    let bounds: Range<Index>
    let keys: [AttributeKeyDescriptor]
    let breaksAtParagraphs: Bool
    /// The scalars of the character-bound keys (`RunBoundary.constrainedScalar`): each one is a run of its own,
    /// whether or not it carries a value, as Foundation's `_findFirstScalarBoundary` slices runs.
    let boundScalars: [Unicode.Scalar]
    /// Their UTF-8 encodings, for searching the text.
    let boundEncodings: [[UInt8]]

    init(base: RichString, bounds: Range<Index>, keys: [AttributeKeyDescriptor]) {
        self.base = base
        self.bounds = bounds
        self.keys = keys
        breaksAtParagraphs = keys.contains { $0.behavior.runBoundaries == .paragraph }
        boundScalars = keys.compactMap { $0.behavior.runBoundaries?.constrainedScalar }
        boundEncodings = TextRope.utf8Encodings(of: boundScalars)
    }

    public var startIndex: Index { bounds.lowerBound }
    public var endIndex: Index { bounds.upperBound }

    func values(at offset: Int) -> [AttributeValue?] {
        let attributes = base.runStore.attributes(at: offset)
        return keys.map { attributes[$0.name] }
    }

    /// The whole run holding `position`, clipped to the viewed bounds, as Foundation's per-key runs give it: the
    /// same run whichever of its positions is asked.
    public subscript(position: Index) -> Run {
        let o = base.offset(of: position)
        precondition(position >= bounds.lowerBound && position < bounds.upperBound, "Run index out of bounds")
        let scalar = Swift.max(base.text.roundDownToScalar(o), bounds.lowerBound.utf8Offset)
        let start = runStart(before: scalar + base.text.scalarLength(at: scalar))
        return Run(values: values(at: scalar), range: base.index(utf8: start)..<base.index(utf8: runEnd(from: start)))
    }

    public func index(after i: Index) -> Index {
        base.index(utf8: runEnd(from: base.offset(of: i)))
    }

    public func index(before i: Index) -> Index {
        base.index(utf8: runStart(before: base.offset(of: i)))
    }

    /// The end of the run that starts at (or holds) UTF-8 offset `o`.
    func runEnd(from o: Int) -> Int {
        var limit = bounds.upperBound.utf8Offset
        if breaksAtParagraphs { limit = Swift.min(limit, base.text.paragraphRange(containing: o).upperBound) }
        let wanted = values(at: o)
        var end = o
        base.runStore.forEachRun(in: o..<limit) { range, attributes in
            guard keys.map({ attributes[$0.name] }) == wanted else { return false }
            end = range.upperBound
            return true
        }
        return boundScalars.isEmpty ? end : firstScalarBreak(in: o..<end)
    }

    /// The start of the run that holds the byte before UTF-8 offset `end`.
    func runStart(before end: Int) -> Int {
        var limit = bounds.lowerBound.utf8Offset
        if breaksAtParagraphs { limit = Swift.max(limit, base.text.paragraphRange(containing: end - 1).lowerBound) }
        let wanted = values(at: end - 1)
        var start = Swift.max(base.runStore.run(containing: end - 1)!.start, limit)
        while start > limit {
            let (_, runStart, run) = base.runStore.run(containing: start - 1)!
            guard keys.map({ run.attributes[$0.name] }) == wanted else { break }
            start = Swift.max(runStart, limit)
        }
        return boundScalars.isEmpty ? start : lastScalarBreak(in: start..<end)
    }

    /// The first break in `range` around a bound scalar: just after the first scalar when it is bound, else just
    /// before the first bound scalar; the end of `range` when there is none.
    func firstScalarBreak(in range: Range<Int>) -> Int {
        guard !range.isEmpty else { return range.upperBound }
        let first = base.text.scalar(at: range.lowerBound)
        let afterFirst = range.lowerBound + first.utf8.count
        if boundScalars.contains(first) { return Swift.min(afterFirst, range.upperBound) }
        return base.text.firstScalar(among: boundEncodings, in: afterFirst..<range.upperBound)?.lowerBound ?? range.upperBound
    }

    /// The last break in `range` around a bound scalar: just before the last scalar when it is bound, else just
    /// after the last bound scalar; the start of `range` when there is none.
    func lastScalarBreak(in range: Range<Int>) -> Int {
        guard !range.isEmpty else { return range.lowerBound }
        let lastStart = Swift.max(base.text.scalarStart(before: range.upperBound), range.lowerBound)
        if boundScalars.contains(base.text.scalar(at: lastStart)) { return lastStart }
        return base.text.lastScalar(among: boundEncodings, in: range.lowerBound..<lastStart)?.upperBound ?? range.lowerBound
    }
}

extension RichString {
    /// The attribute runs.
    public var runs: RichRunsView { RichRunsView(base: self, bounds: startIndex..<endIndex) }
}
