/// A pull-style (streaming) JSON tokenizer over a byte array.
///
/// Call `next()` repeatedly; it returns `JSONToken`s in document order and
/// `nil` once the single top-level value is complete and only whitespace
/// remains. The reader is iterative (no recursion), so arbitrarily deep input
/// fails cleanly with `.nestingTooDeep` instead of overflowing the stack.
/// Strings are fully decoded and validated; invalid UTF-8 anywhere is an
/// error. A leading UTF-8 byte order mark is skipped. After an error, every
/// further call to `next()` throws the same error.
///
/// ```swift
/// var reader = JSONReader(Array(#"["a",{"b":1}]"#.utf8))
/// while let token = try reader.next() { print(token.kind, token.location) }
/// ```
public struct JSONReader {
    /// Resource limits applied while reading.
    public struct Limits: Sendable, Hashable {
        /// Maximum number of simultaneously open arrays/objects (default 512).
        public var maxDepth: Int
        /// Maximum length in bytes of a single decoded string or key (default 256 MiB).
        public var maxStringBytes: Int

        /// Creates limits; the defaults are `maxDepth: 512`, `maxStringBytes: 256 MiB`.
        public init(maxDepth: Int = 512, maxStringBytes: Int = 256 << 20) {
            self.maxDepth = maxDepth
            self.maxStringBytes = maxStringBytes
        }
    }

    private let bytes: [UInt8]
    private var scanner: JSONScanner

    /// Creates a reader over `bytes` (the array is shared, not copied).
    public init(_ bytes: [UInt8], limits: Limits = Limits()) {
        self.bytes = bytes
        self.scanner = JSONScanner(limits: limits)
    }

    /// Creates a reader for the one value that starts at `offset` (after any whitespace), for readers that
    /// parse the surroundings themselves (a value inside a larger file, a line of JSON Lines). Locations count
    /// lines and columns from `offset`, and there is no byte order mark to skip. Stop after the value's last
    /// token: what follows it is trailing data.
    public init(_ bytes: [UInt8], startingAt offset: Int, limits: Limits = Limits()) {
        self.bytes = bytes
        self.scanner = JSONScanner(limits: limits)
        scanner.pos = offset
        scanner.lineStart = offset
        scanner.state = .expectValue
    }

    /// Creates a reader over the UTF-8 bytes of `text`.
    public init(_ text: String, limits: Limits = Limits()) {
        self.init(Array(text.utf8), limits: limits)
    }

    /// The limits this reader enforces.
    public var limits: Limits { scanner.limits }

    /// The number of arrays/objects currently open.
    public var depth: Int { scanner.containers.count }

    /// The location of the next unread byte (after the last returned token).
    public var currentLocation: JSONLocation { scanner.location(scanner.pos) }

    /// Returns the next token, or `nil` when the document is complete.
    ///
    /// Throws `JSONSyntaxError` on malformed input, truncated input
    /// (`.unexpectedEnd`), trailing data after the top-level value
    /// (`.trailingData`) or exceeded limits.
    public mutating func next() throws(JSONSyntaxError) -> JSONToken? {
        let b = bytes
        return try b.withUnsafeBufferPointer { (buf) throws(JSONSyntaxError) -> JSONToken? in
            if let base = buf.baseAddress {
                return try scanner.next(base, buf.count)
            }
            var zero: UInt8 = 0
            return try withUnsafePointer(to: &zero) { (z) throws(JSONSyntaxError) -> JSONToken? in
                try scanner.next(z, 0)
            }
        }
    }
}
