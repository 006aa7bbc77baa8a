/// A position in a `RichString`, shared by every view.
///
/// It holds a UTF-8 offset (plus a flag for the trailing half of a surrogate pair, for the UTF-16 view) and the
/// version of the string's text it came from. Using an index after the text changed traps with a clear message;
/// `isValid(within:)` asks first. Attribute-only mutations move no text and keep indices valid.
public struct RichStringIndex: Comparable, Hashable, Sendable, CustomStringConvertible {
    /// The offset in UTF-8 code units from the start of the string.
    public let utf8Offset: Int
    /// Whether the index points at the trailing surrogate of the scalar that starts at `utf8Offset`.
    public let isTrailingSurrogate: Bool
    let version: UInt64

    init(_ utf8Offset: Int, version: UInt64, trailingSurrogate: Bool = false) {
        self.utf8Offset = utf8Offset
        self.isTrailingSurrogate = trailingSurrogate
        self.version = version
    }

    public static func < (lhs: RichStringIndex, rhs: RichStringIndex) -> Bool {
        lhs.utf8Offset != rhs.utf8Offset ? lhs.utf8Offset < rhs.utf8Offset : (!lhs.isTrailingSurrogate && rhs.isTrailingSurrogate)
    }

    /// Indices are equal when they name the same position, whatever version they carry.
    public static func == (lhs: RichStringIndex, rhs: RichStringIndex) -> Bool {
        lhs.utf8Offset == rhs.utf8Offset && lhs.isTrailingSurrogate == rhs.isTrailingSurrogate
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(utf8Offset)
        hasher.combine(isTrailingSurrogate)
    }

    public var description: String { "Index(utf8: \(utf8Offset)\(isTrailingSurrogate ? ", trailing surrogate" : ""))" }

    /// Whether this index was made by `text` as it is now, with no text mutation since, and names a position
    /// that can be subscripted: `endIndex` is not valid, as in Foundation. A range may still end there (see
    /// `Range.isValid(within:)`).
    public func isValid(within text: RichString) -> Bool {
        version == text.version && utf8Offset < text.text.utf8Count
    }
}

extension Range where Bound == RichStringIndex {
    /// Whether both bounds were made by `text` as it is now and lie within it; either may be `endIndex`, so an
    /// empty range at the end is valid.
    public func isValid(within text: RichString) -> Bool {
        lowerBound.version == text.version && upperBound.version == text.version
            && upperBound.utf8Offset <= text.text.utf8Count
    }
}

extension RangeSet where Bound == RichStringIndex {
    /// Whether every bound is valid in `text`.
    public func isValid(within text: RichString) -> Bool {
        ranges.allSatisfy { $0.isValid(within: text) }
    }
}

extension RichString {
    /// The shared index type of every view.
    public typealias Index = RichStringIndex

    /// The first position.
    public var startIndex: Index { Index(0, version: version) }
    /// The position past the end.
    public var endIndex: Index { Index(text.utf8Count, version: version) }

    /// An index at a UTF-8 offset, made for this version of the string.
    func index(utf8 offset: Int, trailingSurrogate: Bool = false) -> Index {
        Index(offset, version: version, trailingSurrogate: trailingSurrogate)
    }

    /// Traps unless `index` belongs to this version of the string; returns its UTF-8 offset.
    @inline(__always)
    func offset(of index: Index) -> Int {
        precondition(
            index.version == version,
            "RichString index \(index) is stale: the string was mutated after the index was made. Use transform(updating:) to keep indices through mutations.")
        precondition(index.utf8Offset <= text.utf8Count, "RichString index \(index) is out of bounds")
        return index.utf8Offset
    }

    /// The UTF-8 range of a range of indices, checked.
    @inline(__always)
    func offsets(of range: Range<Index>) -> Range<Int> {
        offset(of: range.lowerBound)..<offset(of: range.upperBound)
    }

    /// `index` moved down to the start of the Unicode scalar holding it: off a UTF-8 continuation byte, or off a
    /// trailing surrogate. A slice's bounds are rounded so, as `String` rounds the bounds of its slices.
    func roundedDownToScalar(_ index: Index) -> Index {
        let o = offset(of: index)
        let start = text.roundDownToScalar(o)
        return start == o && !index.isTrailingSurrogate ? index : self.index(utf8: start)
    }

    /// The index `n` units from the start.
    public func index(atOffset n: Int, in unit: TextUnit) -> Index {
        precondition(n >= 0 && n <= text.summary[unit], "Offset \(n) out of bounds 0...\(text.summary[unit]) \(unit)")
        let (offset, trailing) = text.utf8Offset(of: n, in: unit)
        return index(utf8: offset, trailingSurrogate: trailing)
    }

    /// How many `unit`s lie before `index`. O(log n).
    public func offset(of index: Index, in unit: TextUnit) -> Int {
        let o = offset(of: index)
        let count = text.count(unit, upToUTF8: o)
        return unit == .utf16 && index.isTrailingSurrogate ? count + 1 : count
    }

    /// `offset(of:in:)` of many indices (any order) in one forward pass over the text: for indices spread
    /// through a long string, far cheaper than converting each on its own.
    public func offsets(of indices: [Index], in unit: TextUnit) -> [Int] {
        var counts = text.counts(unit, upToUTF8: indices.map { offset(of: $0) })
        if unit == .utf16 { for k in indices.indices where indices[k].isTrailingSurrogate { counts[k] += 1 } }
        return counts
    }

    /// The index `distance` units away from `index`, in any unit. O(log n).
    public func index(_ index: Index, offsetBy distance: Int, in unit: TextUnit) -> Index {
        self.index(atOffset: offset(of: index, in: unit) + distance, in: unit)
    }

    /// The number of `unit`s from `start` to `end`. O(log n).
    public func distance(from start: Index, to end: Index, in unit: TextUnit) -> Int {
        offset(of: end, in: unit) - offset(of: start, in: unit)
    }

    /// The range from `from` to `to` units, in `unit`.
    public func range(_ from: Int, _ to: Int, in unit: TextUnit) -> Range<Index> {
        index(atOffset: from, in: unit)..<index(atOffset: to, in: unit)
    }

    // MARK: Lines and paragraphs

    /// The 1-based line and 1-based column (in characters) of `index`. Lines end after LF, CR, CRLF or U+2029.
    public func lineAndColumn(of index: Index) -> (line: Int, column: Int) {
        let o = offset(of: index)
        let k = text.separators(endingAtOrBefore: o)
        let start = text.endOfSeparator(k)
        let column = text.count(.characters, upToUTF8: o) - text.count(.characters, upToUTF8: start)
        return (k + 1, column + 1)
    }

    /// The index of a 1-based line and column (in characters); nil when there is no such position.
    public func index(line: Int, column: Int) -> Index? {
        guard line >= 1, line <= text.summary.separators + 1, column >= 1 else { return nil }
        let start = text.endOfSeparator(line - 1)
        let end = text.endOfSeparator(line)
        let startCharacter = text.count(.characters, upToUTF8: start)
        let lineLength = text.count(.characters, upToUTF8: end) - startCharacter
        guard column - 1 <= lineLength else { return nil }
        return index(utf8: text.utf8Offset(of: startCharacter + column - 1, in: .characters).offset)
    }

    /// The paragraph holding `index`, separator included. O(log n) through the node summaries.
    public func paragraphRange(containing index: Index) -> Range<Index> {
        let r = text.paragraphRange(containing: offset(of: index))
        return self.index(utf8: r.lowerBound)..<self.index(utf8: r.upperBound)
    }

    /// The number of paragraphs: one more than the number of separators.
    public var paragraphCount: Int { text.summary.separators + 1 }
}
