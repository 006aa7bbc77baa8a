/// What a rich string and its contiguous slices share, as Foundation's `AttributedStringProtocol` is shared by
/// `AttributedString` and `AttributedSubstring`: generic code over text and attributes works on both.
///
/// ```swift
/// func markAll(_ text: inout some RichStringProtocol) { text.ingredient = "milk" }
/// markAll(&document)             // the whole string
/// markAll(&document[range])      // a slice, in place
/// ```
///
/// `RichString` and `RichSubstring` are its only conforming types.
@dynamicMemberLookup
public protocol RichStringProtocol: Hashable, CustomStringConvertible, Sendable {
    /// The first position of the text.
    var startIndex: RichString.Index { get }
    /// The position past the end of the text.
    var endIndex: RichString.Index { get }
    /// The attribute runs.
    var runs: RichRunsView { get }
    /// The text as grapheme clusters.
    var characters: RichCharacterView { get }
    /// The text as Unicode scalars.
    var unicodeScalars: RichUnicodeScalarView { get }
    /// The text as UTF-8 code units.
    var utf8: RichUTF8View { get }
    /// The text as UTF-16 code units.
    var utf16: RichUTF16View { get }

    /// The value of `K` when it is the same over all of the text; setting it sets (nil removes) it over all.
    subscript<K: RichAttributeKey>(key: K.Type) -> K.Value? { get set }
    /// A registered key through dynamic member lookup: `text.ingredient`.
    subscript<K: RichAttributeKey>(dynamicMember keyPath: KeyPath<AttributeKeys, K.Type>) -> K.Value? { get set }
    /// The keys of a registered scope: `text.recipe.ingredient`.
    subscript<S: RichAttributeScope>(dynamicMember keyPath: KeyPath<RichAttributeScopes, S.Type>) -> ScopedAttributes<S> { get set }
    /// A key known only by name: its value when the same over all of the text.
    subscript(name: String) -> AttributeValue? { get }
    /// The slice over `bounds`.
    subscript(bounds: Range<RichString.Index>) -> RichSubstring { get }

    /// Sets a key known by name over all of the text; nil removes it.
    @discardableResult
    mutating func setAttribute(_ key: AttributeKeyDescriptor, to value: AttributeValue?) -> [AttributeAdjustment]
    /// Replaces all attributes over all of the text.
    @discardableResult
    mutating func setAttributes(_ attributes: AttributeSet) -> [AttributeAdjustment]
    /// Adds `attributes` over all of the text; `mergePolicy` decides keys already there.
    @discardableResult
    mutating func mergeAttributes(_ attributes: AttributeSet, mergePolicy: AttributeMergePolicy) -> [AttributeAdjustment]
    /// Over all of the text, every run holding all of `match` loses those keys and takes `replacement`.
    @discardableResult
    mutating func replaceAttributes(_ match: AttributeSet, with replacement: AttributeSet) -> [AttributeAdjustment]
}

extension RichStringProtocol {
    /// The text as a string of its own, with its attributes.
    var wholeText: RichString { RichString(self[startIndex..<endIndex]) }

    /// A copy with all attributes replaced by `attributes` (Foundation's `settingAttributes(_:)`).
    public func settingAttributes(_ attributes: AttributeSet) -> RichString {
        var copy = wholeText
        copy.setAttributes(attributes)
        return copy
    }

    /// A copy with `attributes` merged in (Foundation's `mergingAttributes(_:mergePolicy:)`).
    public func mergingAttributes(_ attributes: AttributeSet, mergePolicy: AttributeMergePolicy = .keepNew) -> RichString {
        var copy = wholeText
        copy.mergeAttributes(attributes, mergePolicy: mergePolicy)
        return copy
    }

    /// A copy where every run holding all of `match` has it replaced by `replacement` (Foundation's
    /// `replacingAttributes(_:with:)`).
    public func replacingAttributes(_ match: AttributeSet, with replacement: AttributeSet) -> RichString {
        var copy = wholeText
        copy.replaceAttributes(match, with: replacement)
        return copy
    }
}

extension RichString: RichStringProtocol {}

extension RichSubstring: RichStringProtocol {
    /// The slice's first position.
    public var startIndex: RichString.Index { bounds.lowerBound }
    /// The position past the slice's end.
    public var endIndex: RichString.Index { bounds.upperBound }

    /// The part of this slice over `range`, which must lie inside it. Mutating it mutates the base string.
    public subscript(range: Range<RichString.Index>) -> RichSubstring {
        get {
            precondition(range.lowerBound >= bounds.lowerBound && range.upperBound <= bounds.upperBound, "Range \(range) out of the slice's bounds")
            return RichSubstring(base: base, bounds: range)
        }
        _modify {
            precondition(range.lowerBound >= bounds.lowerBound && range.upperBound <= bounds.upperBound, "Range \(range) out of the slice's bounds")
            var slice = RichSubstring(base: base, bounds: range)
            let identity = base.lend(to: &slice, identity: accessIdentity)
            defer { base = slice.returned(from: identity, "A RichSubstring was replaced by one from a different access") }
            yield &slice
        }
    }
}
