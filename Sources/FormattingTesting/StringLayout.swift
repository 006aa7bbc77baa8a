import RichText

/// What a string reports about itself — its text, its cached counts and its runs — as plain data, so the
/// structural invariants can be checked (and, in tests, checked against deliberately corrupted layouts).
public struct StringLayout: Hashable, Sendable {
    /// The text.
    public var text: String
    /// The cached UTF-8 count.
    public var utf8Count: Int
    /// The cached UTF-16 count.
    public var utf16Count: Int
    /// The cached scalar count.
    public var scalarCount: Int
    /// The cached character count.
    public var characterCount: Int
    /// The runs, as UTF-8 ranges and attribute sets, in order.
    public var runs: [Run]

    /// One run.
    public struct Run: Hashable, Sendable {
        /// Where, in UTF-8 offsets.
        public var utf8Range: Range<Int>
        /// Its attributes.
        public var attributes: AttributeSet

        /// A run.
        public init(utf8Range: Range<Int>, attributes: AttributeSet) {
            self.utf8Range = utf8Range
            self.attributes = attributes
        }
    }

    /// The layout `document` reports.
    public init(_ document: RichString) {
        text = document.string
        let counts = document.counts
        utf8Count = counts.utf8
        utf16Count = counts.utf16
        scalarCount = counts.scalars
        characterCount = counts.characters
        runs = document.runs.map { Run(utf8Range: $0.range.lowerBound.utf8Offset..<$0.range.upperBound.utf8Offset, attributes: $0.attributes) }
    }
}
