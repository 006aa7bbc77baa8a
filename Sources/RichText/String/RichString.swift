import Synchronization

/// A rope-backed attributed string: text in UTF-8 chunks, attributes as run-length encoded interned sets.
///
/// Value semantics with copy-on-write. Every conversion between units, lines and paragraphs is O(log n).
/// Equality and hashing look at the text and the runs, never at the tree's shape.
@dynamicMemberLookup
public struct RichString: Sendable {
    var text: TextRope
    var runStore: RunRope
    /// Identifies this text; every text mutation takes a new one, so stale indices are detected.
    var version: UInt64
    /// UTF-8 ranges kept on the same text through mutations, while `transform(updating:)` runs.
    var trackedRanges: [Range<Int>] = []

    /// An empty string.
    public init() {
        text = TextRope()
        runStore = RunRope()
        version = RichString.nextVersion()
    }

    /// Plain text with no attributes.
    public init(_ string: String) {
        self.init(string, attributes: .empty)
    }

    /// Text with one set of attributes over all of it, with its keys' behaviours enforced, as Foundation's
    /// `AttributedString(_:attributes:)`: a key bound to a character stays only on the scalars its boundary
    /// admits. (One set over the whole text leaves every paragraph uniform and no stretch to invalidate.)
    public init(_ string: String, attributes: AttributeSet) {
        text = TextRope(string)
        let count = text.utf8Count
        runStore = RunRope(runs: count > 0 ? [AttributeRun(utf8Count: count, attributes: attributes)] : [])
        version = RichString.nextVersion()
        if attributes.hasCharacterKeys && count > 0 {
            var state = MutationState(region: 0..<count)
            enforceCharacterBoundaries(in: 0..<count, into: &state)
        }
    }

    /// The concatenation of attributed pieces.
    public init<S: Sequence>(concatenating pieces: S) where S.Element == RichString {
        self.init()
        for piece in pieces { append(piece) }
    }

    /// A string built from text and runs. The runs' lengths must add up to the text's UTF-8 length and fall
    /// on scalar boundaries.
    init(text: TextRope, runs: [AttributeRun]) {
        self.init(text: text, runStore: RunRope(runs: runs))
    }

    /// A string built from text and the runs of `list`, which it takes over (see `init(text:runs:)`).
    init(text: TextRope, takingOver list: RunList) {
        self.init(text: text, runStore: RunRope(takingOver: list))
    }

    init(text: TextRope, runStore: RunRope) {
        self.text = text
        self.runStore = runStore
        version = RichString.nextVersion()
        precondition(runStore.utf8Count == text.utf8Count, "Runs do not cover the text")
    }

    private static let versionCounter = Atomic<UInt64>(1)

    static func nextVersion() -> UInt64 {
        versionCounter.wrappingAdd(1, ordering: .relaxed).newValue
    }

    /// The whole text as a `String`.
    public var string: String { text.string }

    /// The text of `self[bounds]` (bounds inside a scalar rounded down to its start, as a slice rounds them), read
    /// without making the slice: `String(text[bounds].characters)` in Foundation's terms.
    public func string(in bounds: Range<Index>) -> String { text.string(in: offsets(of: bounds)) }

    /// Whether the string holds no text.
    public var isEmpty: Bool { text.utf8Count == 0 }

    /// The counts of every unit, and of paragraph separators.
    public var counts: TextCounts { text.summary }

    /// Checks the rope invariants of both the text and the runs; traps on the first one broken.
    public func _invariantCheck() {
        text.rope._invariantCheck()
        runStore._invariantCheck()
        precondition(text.utf8Count == runStore.utf8Count, "Runs cover \(runStore.utf8Count) bytes, text has \(text.utf8Count)")
        text.rope.forEach { i, chunk in
            precondition(chunk.summary.utf8 > 0, "Empty text chunk at \(i)")
            precondition(chunk.summary == TextChunk.summarize(chunk.string), "Chunk \(i)'s cached counts are stale: \(chunk.summary) vs \(TextChunk.summarize(chunk.string))")
            return true
        }
        // Chunk boundaries are character boundaries of the whole text.
        precondition(text.summary.characters == string.count, "Character count \(text.summary.characters) != \(string.count)")
    }

    /// The height of the text rope, for tests that need deep trees.
    var _textTreeHeight: Int { text.rope.height }
    /// The height of the run rope.
    var _runTreeHeight: Int { runStore.rope.height }
}

extension RichString: CustomStringConvertible {
    /// Each run's text followed by its attributes in braces, the way Foundation's `AttributedString` prints.
    public var description: String { runs.description }
}

extension RichString: ExpressibleByStringLiteral {
    /// Plain text from a literal.
    public init(stringLiteral value: String) { self.init(value) }
}

extension RichString {
    /// A string from text and runs exactly as given, with no behaviour enforced: for readers of outside data,
    /// which then call `enforceBehaviors()` and report what it changed. O(n).
    ///
    /// Returns nil when the runs do not add up to the text's UTF-8 length or a run boundary cuts a scalar.
    public init?(unenforcedText string: String, runs: [AttributeRun]) {
        self.init(text: string, handingOver: RunList(runs))
    }

    /// `init(unenforcedText:runs:)` with the runs a reader collected in `list`, which the string takes over (the
    /// list is left empty): each run's reference was counted once, as it was appended, and is not counted again
    /// on the way into the tree. Returns nil when the runs do not add up to the text's UTF-8 length or a run
    /// boundary cuts a scalar.
    public init?(unenforcedText string: String, takingOver list: RunList) {
        self.init(text: string, handingOver: list)
    }

    /// `init(unenforcedText:takingOver:)`, the one place that checks the runs and builds the trees.
    init?(text string: String, handingOver list: RunList) {
        // The string's own UTF-8 storage, not a copy of it (a native string is contiguous already).
        var storage = string
        let covers = storage.withUTF8 { bytes -> Bool in
            var total = 0
            for length in list.utf8Counts {
                guard length >= 0 else { return false }
                total += length
                guard total <= bytes.count else { return false }
                if total < bytes.count && bytes[total] & 0xC0 == 0x80 { return false }
            }
            return total == bytes.count
        }
        guard covers else { return nil }
        self.init(text: TextRope(storage), takingOver: list)
    }
}
