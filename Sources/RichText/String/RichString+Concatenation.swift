/// `+` and `+=`, as on Foundation's `AttributedString`: each piece keeps its own attributes (a piece made
/// from a plain `String` has none), and the result goes through the key behaviours as an append does. To type
/// text that takes its attributes from the text before it, use `append(_:)` with a `String`, or `insert`.
extension RichString {
    /// The concatenation of `lhs` and `rhs`, each keeping its attributes.
    public static func + (lhs: RichString, rhs: RichString) -> RichString {
        var result = lhs
        result.append(rhs)
        return result
    }

    /// The concatenation of `lhs` and a slice, each keeping its attributes.
    public static func + (lhs: RichString, rhs: RichSubstring) -> RichString {
        var result = lhs
        result.append(rhs)
        return result
    }

    /// Appends `rhs` with its own attributes.
    public static func += (lhs: inout RichString, rhs: RichString) {
        lhs.append(rhs)
    }

    /// Appends a slice with its own attributes.
    public static func += (lhs: inout RichString, rhs: RichSubstring) {
        lhs.append(rhs)
    }

    /// A string of a slice's text with its attributes, as `AttributedString(_: AttributedSubstring)`: the runs
    /// the slice shows, cut at its bounds.
    public init(_ substring: RichSubstring) {
        self.init()
        append(substring)
    }

    /// Text made of `characters` with `attributes` over all of it (none by default), as
    /// `AttributedString(_: some Sequence<Character>, attributes:)`: `RichString(["H", "i"], attributes: bold)`.
    public init<S: Sequence>(_ characters: S, attributes: AttributeSet = .empty) where S.Element == Character {
        self.init(String(characters), attributes: attributes)
    }
}
