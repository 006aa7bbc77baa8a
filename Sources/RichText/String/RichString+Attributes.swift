extension RichString {
    // MARK: Reading

    /// The attributes at `index` (of the run that holds it).
    public func attributes(at index: Index) -> AttributeSet {
        runStore.attributes(at: offset(of: index))
    }

    /// The typed value of `K` at `index`.
    public func attribute<K: RichAttributeKey>(_ key: K.Type, at index: Index) -> K.Value? {
        attributes(at: index)[K.self]
    }

    // MARK: Writing over a range

    /// Sets the typed key `K` to `value` over `range`; nil removes it.
    @discardableResult
    public mutating func setAttribute<K: RichAttributeKey>(_ key: K.Type, to value: K.Value?, in range: Range<Index>) -> [AttributeAdjustment] {
        setAttribute(K.descriptor, to: value?.attributeValue, in: MutationRanges(range))
    }

    /// Sets a key known by name to `value` over `range`; nil removes it.
    @discardableResult
    public mutating func setAttribute(_ key: AttributeKeyDescriptor, to value: AttributeValue?, in range: Range<Index>) -> [AttributeAdjustment] {
        setAttribute(key, to: value, in: MutationRanges(range))
    }

    /// Removes the key named `name` over `range`.
    @discardableResult
    public mutating func removeAttribute(named name: String, in range: Range<Index>) -> [AttributeAdjustment] {
        transformAttributes(in: MutationRanges(range)) { $0.removing(name) }
    }

    /// Adds `attributes` over `range`; a key already there keeps its value or takes the new one, as
    /// `mergePolicy` says (by default the new one).
    @discardableResult
    public mutating func mergeAttributes(
        _ attributes: AttributeSet, mergePolicy: AttributeMergePolicy = .keepNew, in range: Range<Index>
    ) -> [AttributeAdjustment] {
        transformAttributes(in: MutationRanges(range)) { $0.merging(attributes, mergePolicy: mergePolicy) }
    }

    /// Replaces all attributes over `range` with `attributes`.
    @discardableResult
    public mutating func setAttributes(_ attributes: AttributeSet, in range: Range<Index>) -> [AttributeAdjustment] {
        transformAttributes(in: MutationRanges(range)) { _ in attributes }
    }

    /// Replaces, over `range`, every run whose attributes include all of `match` by removing those and adding
    /// `replacement` — Foundation's `replaceAttributes(_:with:)`.
    @discardableResult
    public mutating func replaceAttributes(_ match: AttributeSet, with replacement: AttributeSet, in range: Range<Index>) -> [AttributeAdjustment] {
        transformAttributes(in: MutationRanges(range)) { $0.replacing(match, with: replacement) }
    }

    // MARK: Writing over a RangeSet (one mutation)

    /// Sets the typed key `K` over every range of `ranges`, as one mutation.
    @discardableResult
    public mutating func setAttribute<K: RichAttributeKey>(_ key: K.Type, to value: K.Value?, in ranges: RangeSet<Index>) -> [AttributeAdjustment] {
        setAttribute(K.descriptor, to: value?.attributeValue, in: MutationRanges(ranges))
    }

    /// Sets a key known by name over every range of `ranges`, as one mutation.
    @discardableResult
    public mutating func setAttribute(_ key: AttributeKeyDescriptor, to value: AttributeValue?, in ranges: RangeSet<Index>) -> [AttributeAdjustment] {
        setAttribute(key, to: value, in: MutationRanges(ranges))
    }

    /// Removes the key named `name` over every range of `ranges`.
    @discardableResult
    public mutating func removeAttribute(named name: String, in ranges: RangeSet<Index>) -> [AttributeAdjustment] {
        transformAttributes(in: MutationRanges(ranges)) { $0.removing(name) }
    }

    /// Adds `attributes` over every range of `ranges`, as `mergeAttributes(_:mergePolicy:in:)` over one range.
    @discardableResult
    public mutating func mergeAttributes(
        _ attributes: AttributeSet, mergePolicy: AttributeMergePolicy = .keepNew, in ranges: RangeSet<Index>
    ) -> [AttributeAdjustment] {
        transformAttributes(in: MutationRanges(ranges)) { $0.merging(attributes, mergePolicy: mergePolicy) }
    }

    /// `replaceAttributes(_:with:in:)` over every range of `ranges`, as one mutation.
    @discardableResult
    public mutating func replaceAttributes(_ match: AttributeSet, with replacement: AttributeSet, in ranges: RangeSet<Index>) -> [AttributeAdjustment] {
        transformAttributes(in: MutationRanges(ranges)) { $0.replacing(match, with: replacement) }
    }

    /// Replaces all attributes over every range of `ranges`.
    @discardableResult
    public mutating func setAttributes(_ attributes: AttributeSet, in ranges: RangeSet<Index>) -> [AttributeAdjustment] {
        transformAttributes(in: MutationRanges(ranges)) { _ in attributes }
    }

    // MARK: Shared

    func offsets(of ranges: RangeSet<Index>) -> [Range<Int>] {
        ranges.ranges.map { offsets(of: $0) }
    }

    @discardableResult
    mutating func setAttribute(_ key: AttributeKeyDescriptor, to value: AttributeValue?, in ranges: MutationRanges) -> [AttributeAdjustment] {
        mutate(.setting(AttributeSet.KeyChange(setting: key, to: value), in: ranges))
    }

    /// Every attribute change of the string's own API ends here, as one mutation through the funnel.
    @discardableResult
    mutating func transformAttributes(in ranges: MutationRanges, _ transform: (AttributeSet) -> AttributeSet) -> [AttributeAdjustment] {
        withoutActuallyEscaping(transform) { mutate(.transforming(ranges, $0)) }
    }

    /// `setAttribute(_:to:in:)` over UTF-8 ranges of this version of the string.
    @discardableResult
    mutating func setAttribute(_ key: AttributeKeyDescriptor, to value: AttributeValue?, in ranges: [Range<Int>]) -> [AttributeAdjustment] {
        setAttribute(key, to: value, in: MutationRanges(ranges.map(indices(utf8:))))
    }

    /// `transformAttributes(in:_:)` over UTF-8 ranges of this version of the string.
    @discardableResult
    mutating func transformAttributes(in ranges: [Range<Int>], _ transform: (AttributeSet) -> AttributeSet) -> [AttributeAdjustment] {
        transformAttributes(in: MutationRanges(ranges.map(indices(utf8:))), transform)
    }

    /// `transformAttributes(in:_:)` over a UTF-8 range.
    @discardableResult
    mutating func transformAttributes(in range: Range<Int>, _ transform: (AttributeSet) -> AttributeSet) -> [AttributeAdjustment] {
        transformAttributes(in: MutationRanges(indices(utf8: range)), transform)
    }
}
