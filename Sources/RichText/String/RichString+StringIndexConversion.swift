/// Conversions between `RichString.Index` and `String.Index`, as Foundation converts `AttributedString.Index`.
///
/// Both index types name a position by its UTF-8 offset from the start of the whole string, plus a flag for the
/// trailing half of a surrogate pair, so a position converts in O(1) (O(log n) with the character check) and
/// means the same place in a `String` holding the same text. As in Foundation:
/// - a single index converts only when it starts a `Character` in the target (`String.Index(_:within:)` in the
///   standard library's sense); otherwise the result is nil;
/// - a range converts whenever both bounds lie within the target's bounds, even inside a character, so a range
///   found in one can be used in the other; nil when out of bounds.
///
/// Positions in a `String` are read as UTF-8 offsets, which every native Swift string uses. (A string bridged
/// lazily from an `NSString` on Apple platforms counts in UTF-16; Foundation's conversion reads the index's
/// private encoding bits to tell, which no public API exposes.)

extension String.Index {
    /// The position in `target` of a rich string index, when it starts a `Character` of `target`; nil when it
    /// lies inside a character (or a scalar) or outside `target`'s bounds.
    ///
    /// As Foundation's `String.Index(_: AttributedString.Index, within:)`: for a `Substring`, the offset counts
    /// from the start of its base string and the character boundaries are the substring's own.
    public init?<S: StringProtocol>(_ position: RichString.Index, within target: S) {
        guard let index = String.Index(utf8Offset: position.utf8Offset, trailingSurrogate: position.isTrailingSurrogate, in: target),
              let aligned = String.Index(index, within: target) else { return nil }
        self = aligned
    }

    /// The index at a UTF-8 offset from the start of `string`'s storage, one UTF-16 unit further for the trailing
    /// half of a surrogate pair; nil outside `string`'s bounds, or for a trailing half where no scalar of four
    /// UTF-8 bytes starts.
    init?<S: StringProtocol>(utf8Offset: Int, trailingSurrogate: Bool, in string: S) {
        let index = Self.atStorageOffset(utf8Offset)
        guard string.startIndex <= index, index <= string.endIndex else { return nil }
        guard trailingSurrogate else {
            self = index
            return
        }
        // Only a scalar outside the Basic Multilingual Plane (four UTF-8 bytes, lead byte 0xF0...) has a second
        // UTF-16 unit to point at.
        guard index < string.endIndex, string.utf8[index] >= 0xF0 else { return nil }
        self = string.utf16.index(after: index)
    }

    /// This index as a UTF-8 offset from the start of its string's storage, and whether it points at the trailing
    /// half of a surrogate pair.
    var utf8Position: (offset: Int, isTrailingSurrogate: Bool) {
        let offset = codeUnitOffset
        // Indices order by offset, then by the UTF-16 unit inside the scalar: an index past the plain one at the
        // same offset is its trailing surrogate.
        return (offset, self > Self.atStorageOffset(offset))
    }

    /// The index at a code-unit offset into its string's storage: UTF-8 for native strings, which is exactly what
    /// a conversion from our UTF-8 offsets needs.
    static func atStorageOffset(_ offset: Int) -> String.Index {
        String.Index(codeUnitOffset: offset)
    }
}

/// `String.Index`'s offset in code units of its string's storage. The standard library still has it, as
/// `encodedOffset` and `init(encodedOffset:)`, but deprecates both because the unit differs between native and
/// bridged strings; reached through this conformance they compile without the warning.
private protocol CodeUnitOffsetIndex {
    var encodedOffset: Int { get }
    init(encodedOffset: Int)
}

extension CodeUnitOffsetIndex {
    init(codeUnitOffset: Int) { self.init(encodedOffset: codeUnitOffset) }
    var codeUnitOffset: Int { encodedOffset }
}

extension String.Index: CodeUnitOffsetIndex {}

extension RichStringIndex {
    /// The rich string index of a `String.Index`, when it starts a `Character` of `target`; nil when it lies
    /// inside a character or a scalar (or on a trailing surrogate), or outside `target`.
    ///
    /// As Foundation's `AttributedString.Index(_: String.Index, within:)`, the index is read as a UTF-8 offset from
    /// the start of the text, so an index of a `String` holding the same text names the same position.
    public init?(_ position: String.Index, within target: RichString) {
        self.init(position, within: target, bounds: target.startIndex..<target.endIndex)
    }

    /// The rich string index of a `String.Index` inside `target`'s bounds (a position in its base string), when it
    /// starts a `Character` of the base string; nil otherwise, as Foundation converts for an `AttributedSubstring`.
    public init?(_ position: String.Index, within target: RichSubstring) {
        self.init(position, within: target.base, bounds: target.bounds)
    }

    private init?(_ position: String.Index, within base: RichString, bounds: Range<RichStringIndex>) {
        guard let index = base.index(matching: position, within: bounds), !index.isTrailingSurrogate,
              base.text.roundDownToCharacter(index.utf8Offset) == index.utf8Offset else { return nil }
        self = index
    }
}

extension Range where Bound == String.Index {
    /// The `String` range of a rich string range, nil when either bound lies outside `string`'s bounds. The bounds
    /// are kept exactly, even inside a character, as Foundation's `Range<String.Index>(_:in:)` keeps them.
    public init?<S: StringProtocol>(_ range: Range<RichString.Index>, in string: S) {
        guard let lower = String.Index(utf8Offset: range.lowerBound.utf8Offset, trailingSurrogate: range.lowerBound.isTrailingSurrogate, in: string),
              let upper = String.Index(utf8Offset: range.upperBound.utf8Offset, trailingSurrogate: range.upperBound.isTrailingSurrogate, in: string)
        else { return nil }
        self = lower..<upper
    }
}

extension Range where Bound == RichStringIndex {
    /// The rich string range of a `String` range, nil when either bound lies outside `text` (so a range from a
    /// longer string never converts into a shorter one). The bounds are kept exactly, even inside a character, as
    /// Foundation's `Range<AttributedString.Index>(_:in:)` keeps them.
    public init?(_ range: Range<String.Index>, in text: RichString) {
        guard let lower = text.index(matching: range.lowerBound, within: text.startIndex..<text.endIndex),
              let upper = text.index(matching: range.upperBound, within: text.startIndex..<text.endIndex)
        else { return nil }
        self = lower..<upper
    }

    /// The rich string range of a `String` range (positions in the slice's base string), nil when either bound lies
    /// outside the slice.
    public init?(_ range: Range<String.Index>, in text: RichSubstring) {
        guard let lower = text.base.index(matching: range.lowerBound, within: text.bounds),
              let upper = text.base.index(matching: range.upperBound, within: text.bounds)
        else { return nil }
        self = lower..<upper
    }
}

extension RichString {
    /// The index at the same UTF-8 position as `position`, made for this version of the string; nil outside
    /// `bounds`.
    func index(matching position: String.Index, within bounds: Range<Index>) -> Index? {
        let (offset, trailing) = position.utf8Position
        guard offset <= text.utf8Count else { return nil }
        // A trailing surrogate exists only in a scalar of four UTF-8 bytes.
        guard !trailing || (offset < text.utf8Count && text.byte(at: offset) >= 0xF0) else { return nil }
        let index = self.index(utf8: offset, trailingSurrogate: trailing)
        guard bounds.lowerBound <= index, index <= bounds.upperBound else { return nil }
        return index
    }
}
