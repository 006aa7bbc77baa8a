/// A syntax (or structural) error found while reading JSON, with its location.
public struct JSONSyntaxError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The category of a syntax error.
    public enum Kind: Sendable, Hashable {
        /// The input ended before the JSON text was complete.
        case unexpectedEnd
        /// A byte or character appeared where something else was expected.
        case unexpectedCharacter
        /// The input is not well-formed UTF-8 at the reported location.
        case invalidUTF8
        /// A backslash escape in a string is invalid (unknown escape, bad hex, lone surrogate).
        case invalidEscape
        /// A number is malformed (leading zero, missing digits) or out of the range of `Double`.
        case invalidNumber
        /// Arrays/objects are nested deeper than `JSONReader.Limits.maxDepth`.
        case nestingTooDeep
        /// A decoded string is longer than `JSONReader.Limits.maxStringBytes`.
        case stringTooLong
        /// The same key occurs twice in one object (reported at the second occurrence).
        case duplicateKey
        /// Non-whitespace data follows the complete top-level value.
        case trailingData
    }

    /// The category of the error.
    public var kind: Kind
    /// A human-readable message saying what was expected and what was found.
    public var message: String
    /// Where the error was detected (the offending byte, or the end of input).
    public var location: JSONLocation

    /// Creates an error of the given kind with a message and location.
    public init(kind: Kind, message: String, location: JSONLocation) {
        self.kind = kind
        self.message = message
        self.location = location
    }

    /// Renders the error as `line L, column C: message`.
    public var description: String { "\(location): \(message)" }
}

/// An error thrown by `JSONWriter` when a value cannot be represented as JSON.
public enum JSONWriteError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A `Double` that is NaN or infinite; JSON has no representation for it.
    case nonFiniteNumber(Double)

    /// A human-readable description of the error.
    public var description: String {
        switch self {
        case .nonFiniteNumber(let d): return "cannot write non-finite number \(d) as JSON"
        }
    }
}
