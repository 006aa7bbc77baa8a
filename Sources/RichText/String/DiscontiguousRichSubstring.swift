/// A discontiguous slice of a rich string, selected by a `RangeSet`. Setting an attribute through it is one
/// mutation over every range: `text[ranges][Ingredient.self] = "butter"`.
@dynamicMemberLookup
public struct DiscontiguousRichSubstring: Sendable, CustomStringConvertible {
    /// The string sliced.
    public internal(set) var base: RichString
    /// The selected ranges.
    public let ranges: RangeSet<RichString.Index>
    var accessIdentity: UInt64 = 0

    /// A slice of `base` over `ranges`, each bound inside a Unicode scalar rounded down to the scalar's start, as
    /// Foundation's `DiscontiguousAttributedSubstring` rounds them.
    init(base: RichString, ranges: RangeSet<RichString.Index>) {
        self.base = base
        self.ranges = RangeSet(ranges.ranges.map { base.roundedDownToScalar($0.lowerBound)..<base.roundedDownToScalar($0.upperBound) })
    }

    /// The slices, in order.
    public var slices: [RichSubstring] { ranges.ranges.map { RichSubstring(base: base, bounds: $0) } }

    /// The selected text, concatenated.
    public var string: String { slices.map(\.string).joined() }

    /// The selected text as one string of its own.
    public var richString: RichString { RichString(concatenating: slices.map(\.richString)) }

    /// Each run's text and attributes, range by range, as Foundation prints a discontiguous slice.
    public var description: String { runs.description }

    /// The characters of every range, in order, indexed by the base string's indices.
    public var characters: DiscontiguousSlice<RichCharacterView> { base.characters[ranges] }

    /// The Unicode scalars of every range, in order, indexed by the base string's indices.
    public var unicodeScalars: DiscontiguousSlice<RichUnicodeScalarView> { base.unicodeScalars[ranges] }

    /// The runs of every range, in order; no run spans the gap between two ranges.
    public var runs: RichRunsView { RichRunsView(base: base, ranges: ranges) }

    /// The part of this slice inside `bounds` (which must lie within the slice's first and last range), as
    /// Foundation reslices a `DiscontiguousAttributedSubstring`.
    public subscript(bounds: RangeSet<RichString.Index>) -> DiscontiguousRichSubstring {
        if let first = bounds.ranges.first, let last = bounds.ranges.last {
            precondition(
                ranges.ranges.first.map { $0.lowerBound <= first.lowerBound } == true
                    && ranges.ranges.last.map { $0.upperBound >= last.upperBound } == true,
                "Range set \(bounds) is out of the slice's bounds")
        }
        return DiscontiguousRichSubstring(base: base, ranges: ranges.intersection(bounds))
    }

    /// The part of this slice inside `bounds` (see `subscript(_: RangeSet)`).
    public subscript<R: RangeExpression>(bounds: R) -> DiscontiguousRichSubstring where R.Bound == RichString.Index {
        self[RangeSet(bounds.relative(to: base.characters))]
    }

    /// The value of `K` when uniform over every range; setting it is one mutation over all of them.
    public subscript<K: RichAttributeKey>(key: K.Type) -> K.Value? {
        get { uniformValue(named: K.name).flatMap { K.Value(attributeValue: $0) } }
        set { base.setAttribute(K.descriptor, to: newValue?.attributeValue, in: MutationRanges(ranges)) }
    }

    /// A registered key through dynamic member lookup: `text[ranges].ingredient`.
    public subscript<K: RichAttributeKey>(dynamicMember keyPath: KeyPath<AttributeKeys, K.Type>) -> K.Value? {
        get { self[AttributeKeys()[keyPath: keyPath]] }
        set { self[AttributeKeys()[keyPath: keyPath]] = newValue }
    }

    /// A key known only by name: its value when uniform over every range.
    public subscript(name: String) -> AttributeValue? { uniformValue(named: name) }

    /// Sets a key known by name over every range; nil removes it.
    @discardableResult
    public mutating func setAttribute(_ key: AttributeKeyDescriptor, to value: AttributeValue?) -> [AttributeAdjustment] {
        base.setAttribute(key, to: value, in: MutationRanges(ranges))
    }

    /// Adds `attributes` over every range, as one mutation; `mergePolicy` decides keys already there.
    @discardableResult
    public mutating func mergeAttributes(_ attributes: AttributeSet, mergePolicy: AttributeMergePolicy = .keepNew) -> [AttributeAdjustment] {
        base.transformAttributes(in: MutationRanges(ranges)) { $0.merging(attributes, mergePolicy: mergePolicy) }
    }

    /// Replaces all attributes over every range, as one mutation.
    @discardableResult
    public mutating func setAttributes(_ attributes: AttributeSet) -> [AttributeAdjustment] {
        base.transformAttributes(in: MutationRanges(ranges)) { _ in attributes }
    }

    /// Over every range, every run holding all of `match` loses those keys and takes `replacement`.
    @discardableResult
    public mutating func replaceAttributes(_ match: AttributeSet, with replacement: AttributeSet) -> [AttributeAdjustment] {
        base.transformAttributes(in: MutationRanges(ranges)) { $0.replacing(match, with: replacement) }
    }

    /// The value of the key `name` when it is the same over every range.
    func uniformValue(named name: String) -> AttributeValue? {
        base.uniformValue(named: name, in: base.offsets(of: ranges))
    }
}

extension RichString {
    /// The discontiguous slice over `ranges`. Mutating its attributes mutates this string in place.
    public subscript(ranges: RangeSet<Index>) -> DiscontiguousRichSubstring {
        get {
            _ = offsets(of: ranges)
            return DiscontiguousRichSubstring(base: self, ranges: ranges)
        }
        _modify {
            _ = offsets(of: ranges)
            var slice = DiscontiguousRichSubstring(base: self, ranges: ranges)
            let identity = lend(to: &slice)
            defer {
                self = slice.returned(from: identity,
                                      "A DiscontiguousRichSubstring was replaced by one from a different access; replace text range by range instead.")
            }
            yield &slice
        }
        set {
            // As Foundation: the new slice's text, concatenated, is cut into pieces as long (in scalars) as this
            // slice's ranges and each piece replaces its range, with its own attributes. The two must hold the
            // same number of scalars; a different size is a programming error, as there.
            let content = newValue.richString
            let targets = ranges.ranges.map { offsets(of: $0) }
            let lengths = targets.map { text.string(in: $0).unicodeScalars.count }
            precondition(lengths.reduce(0, +) == content.counts.scalars,
                         "Cannot set a DiscontiguousRichSubstring on a discontiguous slice of a different size")
            var end = content.counts.scalars
            for (target, length) in zip(targets, lengths).reversed() {
                let source = content.offsets(of: content.index(atOffset: end - length, in: .scalars)..<content.index(atOffset: end, in: .scalars))
                mutate(.pasting(content, source: source, over: indices(utf8: target)))
                end -= length
            }
        }
    }
}

extension DiscontiguousRichSubstring: RichStringLoan {}
