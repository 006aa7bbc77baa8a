/// A contiguous slice of a rich string. Reading and writing attributes through it reaches the string itself:
/// `text[range][Ingredient.self] = "milk"`, `text[range].ingredient = "milk"`.
@dynamicMemberLookup
public struct RichSubstring: Sendable, CustomStringConvertible {
    /// The string sliced.
    public internal(set) var base: RichString
    /// The slice's bounds in `base`, on Unicode scalar boundaries.
    public let bounds: Range<RichString.Index>
    /// Identifies the in-place access that made this slice, to refuse replacement by a foreign slice.
    var accessIdentity: UInt64 = 0

    /// A slice of `base`; bounds inside a scalar (or on a trailing surrogate) are rounded down to its start, as
    /// `String` and Foundation's `AttributedSubstring` round them, so no view of the slice starts or ends with part
    /// of a scalar.
    init(base: RichString, bounds: Range<RichString.Index>) {
        self.base = base
        self.bounds = base.roundedDownToScalar(bounds.lowerBound)..<base.roundedDownToScalar(bounds.upperBound)
    }

    /// The sliced text.
    public var string: String { base.text.string(in: base.offsets(of: bounds)) }

    /// The slice as a string of its own.
    public var richString: RichString {
        let r = base.offsets(of: bounds)
        return RichString(text: TextRope(base.text.string(in: r)), runs: base.runStore.runs(in: r))
    }

    /// Each run's text followed by its attributes in braces, as the string prints.
    public var description: String { runs.description }

    /// The characters of the slice.
    public var characters: RichCharacterView { RichCharacterView(base: base, bounds: bounds) }
    /// The Unicode scalars of the slice.
    public var unicodeScalars: RichUnicodeScalarView { RichUnicodeScalarView(base: base, bounds: bounds) }
    /// The UTF-8 code units of the slice.
    public var utf8: RichUTF8View { RichUTF8View(base: base, bounds: bounds) }
    /// The UTF-16 code units of the slice.
    public var utf16: RichUTF16View { RichUTF16View(base: base, bounds: bounds) }
    /// The attribute runs of the slice.
    public var runs: RichRunsView { RichRunsView(base: base, bounds: bounds) }

    /// The value of `K` when it is the same over the whole slice; nil when absent anywhere or varying.
    /// Setting it sets (or, with nil, removes) the key over the slice.
    public subscript<K: RichAttributeKey>(key: K.Type) -> K.Value? {
        get { uniformValue(named: K.name).flatMap { K.Value(attributeValue: $0) } }
        set { base.setAttribute(K.descriptor, to: newValue?.attributeValue, in: MutationRanges(bounds)) }
    }

    /// A registered key through dynamic member lookup: `text[range].ingredient`.
    public subscript<K: RichAttributeKey>(dynamicMember keyPath: KeyPath<AttributeKeys, K.Type>) -> K.Value? {
        get { self[AttributeKeys()[keyPath: keyPath]] }
        set { self[AttributeKeys()[keyPath: keyPath]] = newValue }
    }

    /// A key known only by name: its value when uniform over the slice.
    public subscript(name: String) -> AttributeValue? {
        uniformValue(named: name)
    }

    /// Sets a key known by name over the slice; nil removes it.
    @discardableResult
    public mutating func setAttribute(_ key: AttributeKeyDescriptor, to value: AttributeValue?) -> [AttributeAdjustment] {
        base.setAttribute(key, to: value, in: MutationRanges(bounds))
    }

    /// Adds `attributes` over the slice; a key already there keeps its value or takes the new one, as
    /// `mergePolicy` says.
    @discardableResult
    public mutating func mergeAttributes(_ attributes: AttributeSet, mergePolicy: AttributeMergePolicy = .keepNew) -> [AttributeAdjustment] {
        base.transformAttributes(in: MutationRanges(bounds)) { $0.merging(attributes, mergePolicy: mergePolicy) }
    }

    /// Over the slice, every run holding all of `match` loses those keys and takes `replacement`.
    @discardableResult
    public mutating func replaceAttributes(_ match: AttributeSet, with replacement: AttributeSet) -> [AttributeAdjustment] {
        base.transformAttributes(in: MutationRanges(bounds)) { $0.replacing(match, with: replacement) }
    }

    /// Replaces all attributes over the slice.
    @discardableResult
    public mutating func setAttributes(_ attributes: AttributeSet) -> [AttributeAdjustment] {
        base.transformAttributes(in: MutationRanges(bounds)) { _ in attributes }
    }

    /// The value of the key `name` when it is the same over the whole slice.
    func uniformValue(named name: String) -> AttributeValue? {
        base.uniformValue(named: name, in: [base.offsets(of: bounds)])
    }
}

extension RichString {
    /// The slice over `bounds`. Mutating its attributes mutates this string in place.
    ///
    /// A bound inside a Unicode scalar (a UTF-8 or UTF-16 index into its middle) is rounded down to the scalar's
    /// start, as `String` rounds it.
    public subscript(bounds: Range<Index>) -> RichSubstring {
        get {
            _ = offsets(of: bounds)
            return RichSubstring(base: self, bounds: bounds)
        }
        _modify {
            _ = offsets(of: bounds)
            var slice = RichSubstring(base: self, bounds: bounds)
            let identity = lend(to: &slice)
            defer {
                self = slice.returned(from: identity,
                                      "A RichSubstring was replaced by one from a different access; use replaceSubrange(_:with:) to replace text.")
            }
            yield &slice
        }
        set { replaceSubrange(bounds, with: newValue) }
    }
}

/// A slice or view that a string is lent to for mutation in place (a `_modify` accessor): it holds the string
/// and the identity of the access, so that a slice or view put back from another access traps instead of being
/// written over the string.
protocol RichStringLoan {
    /// The string lent.
    var base: RichString { get set }
    /// The access the string was lent in.
    var accessIdentity: UInt64 { get set }
}

extension RichString {
    /// Lends this string to `loan` for the access `identity` (a new one unless given), leaving an empty string
    /// behind so that `loan` holds the only reference and mutates in place. Returns the identity.
    @inline(__always)
    mutating func lend<Loan: RichStringLoan>(to loan: inout Loan, identity: UInt64 = RichString.nextVersion()) -> UInt64 {
        loan.accessIdentity = identity
        self = RichString()
        return identity
    }
}

extension RichStringLoan {
    /// The string lent in the access `identity`, given back; traps with `message` when this slice or view was
    /// put there by another access.
    @inline(__always)
    func returned(from identity: UInt64, _ message: @autoclosure () -> String) -> RichString {
        precondition(accessIdentity == identity, message())
        return base
    }
}

extension RichSubstring: RichStringLoan {}
