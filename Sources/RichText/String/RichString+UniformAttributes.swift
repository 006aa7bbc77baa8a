/// Reading and writing attributes over a whole string, a slice or a discontiguous slice, as Foundation's
/// `AttributedStringProtocol` does: a key's value reads back only where it is the same over all of the text.
extension RichString {
    /// The value of the key `name` when it is the same over every range of `ranges`; nil when it is absent
    /// anywhere or varies. Empty ranges are skipped; nothing at all gives nil.
    func uniformValue(named name: String, in ranges: [Range<Int>]) -> AttributeValue? {
        var value: AttributeValue? = nil
        var first = true
        var uniform = true
        for range in ranges where !range.isEmpty {
            runStore.forEachRun(in: range) { _, attributes in
                let v = attributes[name]
                if first { value = v; first = false } else if v != value { uniform = false }
                return uniform && value != nil
            }
            guard uniform, value != nil else { return nil }
        }
        return value
    }

    /// The attributes whose value is the same over every range of `ranges` (Foundation's uniform values).
    func uniformAttributeSet(in ranges: [Range<Int>]) -> AttributeSet {
        var uniform: AttributeSet? = nil
        for range in ranges where !range.isEmpty {
            runStore.forEachRun(in: range) { _, attributes in
                if let kept = uniform {
                    uniform = kept.filter { attributes[$0.name] == $0.value }
                } else {
                    uniform = attributes
                }
                return uniform?.isEmpty == false
            }
            if uniform?.isEmpty == true { break }
        }
        return uniform ?? .empty
    }

    /// The attributes whose value is the same over all of the text (Foundation's uniform values); empty for an
    /// empty string.
    public var uniformAttributes: AttributeSet { uniformAttributeSet(in: wholeOffsets) }

    /// The whole text's UTF-8 range, as the one range whole-string attribute access works on.
    var wholeOffsets: [Range<Int>] { [0..<text.utf8Count] }

    // MARK: The whole string, as Foundation's AttributedString

    /// The value of `K` when it is the same over the whole string; nil when absent anywhere or varying.
    /// Setting it sets (or, with nil, removes) the key over the whole string.
    public subscript<K: RichAttributeKey>(key: K.Type) -> K.Value? {
        get { uniformValue(named: K.name, in: wholeOffsets).flatMap { K.Value(attributeValue: $0) } }
        set { setAttribute(K.descriptor, to: newValue?.attributeValue, in: wholeOffsets) }
    }

    /// A registered key through dynamic member lookup, over the whole string: `text.ingredient`.
    public subscript<K: RichAttributeKey>(dynamicMember keyPath: KeyPath<AttributeKeys, K.Type>) -> K.Value? {
        get { self[AttributeKeys()[keyPath: keyPath]] }
        set { self[AttributeKeys()[keyPath: keyPath]] = newValue }
    }

    /// A key known only by name: its value when the same over the whole string.
    public subscript(name: String) -> AttributeValue? {
        uniformValue(named: name, in: wholeOffsets)
    }

    /// Sets a key known by name over the whole string; nil removes it.
    @discardableResult
    public mutating func setAttribute(_ key: AttributeKeyDescriptor, to value: AttributeValue?) -> [AttributeAdjustment] {
        setAttribute(key, to: value, in: wholeOffsets)
    }

    /// Replaces all attributes over the whole string.
    @discardableResult
    public mutating func setAttributes(_ attributes: AttributeSet) -> [AttributeAdjustment] {
        transformAttributes(in: wholeOffsets) { _ in attributes }
    }

    /// Adds `attributes` over the whole string; `mergePolicy` decides keys already there.
    @discardableResult
    public mutating func mergeAttributes(_ attributes: AttributeSet, mergePolicy: AttributeMergePolicy = .keepNew) -> [AttributeAdjustment] {
        transformAttributes(in: wholeOffsets) { $0.merging(attributes, mergePolicy: mergePolicy) }
    }

    /// Over the whole string, every run holding all of `match` loses those keys and takes `replacement`.
    @discardableResult
    public mutating func replaceAttributes(_ match: AttributeSet, with replacement: AttributeSet) -> [AttributeAdjustment] {
        transformAttributes(in: wholeOffsets) { $0.replacing(match, with: replacement) }
    }
}

extension RichSubstring {
    /// The attributes whose value is the same over all of the slice (Foundation's uniform values); empty for an
    /// empty slice.
    public var uniformAttributes: AttributeSet { base.uniformAttributeSet(in: [base.offsets(of: bounds)]) }
}

extension DiscontiguousRichSubstring {
    /// The attributes whose value is the same over every range of the slice (Foundation's uniform values): what
    /// a toolbar shows as on for a selection. Empty ranges are skipped; a slice of nothing has none.
    public var uniformAttributes: AttributeSet { base.uniformAttributeSet(in: base.offsets(of: ranges)) }
}
