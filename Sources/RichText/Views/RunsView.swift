/// The attribute runs of a rich string or slice, as a bidirectional collection indexed by `RichString.Index`.
///
/// Each element is a maximal stretch of equal attributes, clipped to the viewed bounds. The runs of a
/// discontiguous slice are clipped to each of its ranges, and never span the gap between two.
public struct RichRunsView: BidirectionalCollection, Sendable, CustomStringConvertible {
    /// One run: a range and its attributes, which read as Foundation's run reads them: `run[Ingredient.self]`,
    /// `run.ingredient`, `run.recipe.ingredient` (`RunsView+RunAttributes.swift`).
    ///
    /// Two runs are equal when they have the same UTF-8 length and the same values, wherever they stand (in one
    /// string or two), as Foundation's `AttributedString.Runs.Run` compares them (`RichString+Equality.swift`).
    @dynamicMemberLookup
    public struct Run: Hashable, Sendable, CustomStringConvertible {
        /// Where the run stands.
        public let range: Range<RichString.Index>
        /// The attributes over it.
        public let attributes: AttributeSet
        /// The text of the string the run belongs to, for its description (the text only: a run keeps no
        /// reference to the string's runs).
        let baseText: TextRope

        /// The run's length in UTF-8 code units.
        var utf8Count: Int { range.upperBound.utf8Offset - range.lowerBound.utf8Offset }

        /// The run's text and its attributes in braces, as the slice over its range prints.
        public var description: String { text + " " + attributes.description }
    }

    public typealias Index = RichString.Index

    /// The string viewed.
    public let base: RichString
    /// The viewed bounds; for a discontiguous slice, from its first range's start to its last range's end.
    public let bounds: Range<Index>
    /// The UTF-8 ranges viewed.
    let viewed: ViewedRanges

    init(base: RichString, bounds: Range<Index>) {
        self.base = base
        self.bounds = bounds
        viewed = ViewedRanges(base.offsets(of: bounds))
    }

    /// The runs of a discontiguous slice over `ranges`.
    init(base: RichString, ranges: RangeSet<Index>) {
        let viewed = ViewedRanges(pieces: base.offsets(of: ranges), emptyAt: 0)
        self.init(base: base, viewed: viewed)
    }

    init(base: RichString, viewed: ViewedRanges) {
        self.base = base
        self.viewed = viewed
        bounds = base.index(utf8: viewed.hull.lowerBound)..<base.index(utf8: viewed.hull.upperBound)
    }

    public var startIndex: Index { bounds.lowerBound }
    public var endIndex: Index { bounds.upperBound }

    public subscript(position: Index) -> Run {
        let o = base.offset(of: position)
        let piece = viewed.range(startingOrHolding: o)
        precondition(piece.contains(o), "Run index out of bounds")
        let (_, start, run) = base.runStore.run(containing: o)!
        let lower = Swift.max(start, piece.lowerBound)
        let upper = Swift.min(start + run.utf8Count, piece.upperBound)
        return Run(range: base.index(utf8: lower)..<base.index(utf8: upper), attributes: run.attributes, baseText: base.text)
    }

    public func index(after i: Index) -> Index {
        let o = base.offset(of: i)
        let (_, start, run) = base.runStore.run(containing: o)!
        let end = Swift.min(start + run.utf8Count, viewed.range(startingOrHolding: o).upperBound)
        return base.index(utf8: viewed.continuation(after: end))
    }

    public func index(before i: Index) -> Index {
        let o = base.offset(of: i)
        let piece = viewed.range(endingOrHolding: o)
        let end = Swift.min(o, piece.upperBound)
        let (_, start, _) = base.runStore.run(containing: end - 1)!
        return base.index(utf8: Swift.max(start, piece.lowerBound))
    }

    /// The number of runs in the bounds. O(log n) per range viewed.
    public var count: Int {
        viewed.ranges.reduce(0) { total, range in
            let first = base.runStore.run(containing: range.lowerBound)!.index
            let last = base.runStore.run(containing: range.upperBound - 1)!.index
            return total + last - first + 1
        }
    }

    /// Each run's text and attributes, as the viewed text prints.
    public var description: String { map(\.description).joined(separator: "\n") }

    /// Runs that break only where the given keys' values change (and at every paragraph for a key bound to
    /// paragraphs, and around every scalar a character-bound key is bound to, as Foundation's per-key runs).
    /// Each element holds the keys' values in the order given.
    public subscript(keys: [AttributeKeyDescriptor]) -> KeyedRuns {
        KeyedRuns(base: base, viewed: viewed, keys: keys)
    }

    /// Runs of one typed key: `(value, range)`, breaking only where its value changes (and at its run boundaries).
    public subscript<K: RichAttributeKey>(key: K.Type) -> LazyMapSequence<KeyedRuns, (K.Value?, Range<Index>)> {
        KeyedRuns(base: base, viewed: viewed, keys: [K.descriptor]).lazy.map { run in
            (run.values[0].flatMap { K.Value(attributeValue: $0) }, run.range)
        }
    }

    /// Runs of two typed keys, breaking where either changes.
    public subscript<K1: RichAttributeKey, K2: RichAttributeKey>(
        _ k1: K1.Type, _ k2: K2.Type
    ) -> LazyMapSequence<KeyedRuns, (K1.Value?, K2.Value?, Range<Index>)> {
        KeyedRuns(base: base, viewed: viewed, keys: [K1.descriptor, K2.descriptor]).lazy.map { run in
            (run.values[0].flatMap { K1.Value(attributeValue: $0) },
             run.values[1].flatMap { K2.Value(attributeValue: $0) }, run.range)
        }
    }

    /// Runs of three typed keys, breaking where any changes.
    public subscript<K1: RichAttributeKey, K2: RichAttributeKey, K3: RichAttributeKey>(
        _ k1: K1.Type, _ k2: K2.Type, _ k3: K3.Type
    ) -> LazyMapSequence<KeyedRuns, (K1.Value?, K2.Value?, K3.Value?, Range<Index>)> {
        KeyedRuns(base: base, viewed: viewed, keys: [K1.descriptor, K2.descriptor, K3.descriptor]).lazy.map { run in
            (run.values[0].flatMap { K1.Value(attributeValue: $0) },
             run.values[1].flatMap { K2.Value(attributeValue: $0) },
             run.values[2].flatMap { K3.Value(attributeValue: $0) }, run.range)
        }
    }
}

extension RichRunsView {
    /// Runs of one key reached by key path, as Foundation's `runs[\.key]`: `text.runs[\.ingredient]`.
    public subscript<K: RichAttributeKey>(
        _ key: KeyPath<AttributeKeys, K.Type>
    ) -> LazyMapSequence<KeyedRuns, (K.Value?, Range<Index>)> {
        self[AttributeKeys()[keyPath: key]]
    }

    /// Runs of two keys reached by key path.
    public subscript<K1: RichAttributeKey, K2: RichAttributeKey>(
        _ k1: KeyPath<AttributeKeys, K1.Type>, _ k2: KeyPath<AttributeKeys, K2.Type>
    ) -> LazyMapSequence<KeyedRuns, (K1.Value?, K2.Value?, Range<Index>)> {
        self[AttributeKeys()[keyPath: k1], AttributeKeys()[keyPath: k2]]
    }

    /// Runs of three keys reached by key path.
    public subscript<K1: RichAttributeKey, K2: RichAttributeKey, K3: RichAttributeKey>(
        _ k1: KeyPath<AttributeKeys, K1.Type>, _ k2: KeyPath<AttributeKeys, K2.Type>, _ k3: KeyPath<AttributeKeys, K3.Type>
    ) -> LazyMapSequence<KeyedRuns, (K1.Value?, K2.Value?, K3.Value?, Range<Index>)> {
        self[AttributeKeys()[keyPath: k1], AttributeKeys()[keyPath: k2], AttributeKeys()[keyPath: k3]]
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
    /// The UTF-8 ranges viewed: a run never spans the gap between two ranges of a discontiguous slice.
    let viewed: ViewedRanges
    let keys: [AttributeKeyDescriptor]
    let breaksAtParagraphs: Bool
    /// The scalars of the character-bound keys (`RunBoundary.constrainedScalar`): each one is a run of its own,
    /// whether or not it carries a value, as Foundation's `_findFirstScalarBoundary` slices runs.
    let boundScalars: [Unicode.Scalar]
    /// Their UTF-8 encodings, for searching the text.
    let boundEncodings: [[UInt8]]

    init(base: RichString, viewed: ViewedRanges, keys: [AttributeKeyDescriptor]) {
        self.base = base
        self.viewed = viewed
        bounds = base.index(utf8: viewed.hull.lowerBound)..<base.index(utf8: viewed.hull.upperBound)
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
        let piece = viewed.range(startingOrHolding: o)
        precondition(piece.contains(o), "Run index out of bounds")
        let scalar = Swift.max(base.text.roundDownToScalar(o), piece.lowerBound)
        let start = runStart(before: scalar + base.text.scalarLength(at: scalar))
        return Run(values: values(at: scalar), range: base.index(utf8: start)..<base.index(utf8: runEnd(from: start)))
    }

    public func index(after i: Index) -> Index {
        base.index(utf8: viewed.continuation(after: runEnd(from: base.offset(of: i))))
    }

    public func index(before i: Index) -> Index {
        let o = base.offset(of: i)
        return base.index(utf8: runStart(before: Swift.min(o, viewed.range(endingOrHolding: o).upperBound)))
    }

    /// The end of the run that starts at (or holds) UTF-8 offset `o`.
    func runEnd(from o: Int) -> Int {
        var limit = viewed.range(startingOrHolding: o).upperBound
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
        var limit = viewed.range(endingOrHolding: end).lowerBound
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

extension RichRunsView.Run {
    /// The run's text.
    var text: String { baseText.string(in: range.lowerBound.utf8Offset..<range.upperBound.utf8Offset) }
}
