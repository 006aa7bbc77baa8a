/// One event produced by `JSONReader`: a structural token or a scalar, with the location of its first byte.
public struct JSONToken: Sendable, Hashable {
    /// The kind (and payload) of a token.
    public enum Kind: Sendable, Hashable {
        /// `{` — start of an object.
        case beginObject
        /// `}` — end of an object.
        case endObject
        /// `[` — start of an array.
        case beginArray
        /// `]` — end of an array.
        case endArray
        /// An object member name (decoded). The following token is its value.
        case key(String)
        /// A string value (decoded).
        case string(String)
        /// An integer literal (no fraction or exponent) that fits in `Int` (64-bit) exactly.
        case integer(Int)
        /// Any other number: has a fraction or exponent, does not fit in `Int`, or is `-0`.
        case number(Double)
        /// `true` or `false`.
        case bool(Bool)
        /// `null`.
        case null
    }

    /// What the token is.
    public var kind: Kind
    /// The location of the token's first byte (the quote of a string, the `-` or first digit of a number, …).
    public var location: JSONLocation

    /// Creates a token.
    public init(kind: Kind, location: JSONLocation) {
        self.kind = kind
        self.location = location
    }
}
