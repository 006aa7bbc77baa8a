/// What the layers above RichText in this package (Formatting, RichTextFormats, FormatCheck, FormattingTesting and
/// the tools) may do to a string beyond its public API, in one place. Everything they reach by `package` access
/// on `RichString` is declared here, each member with why a layer above needs it; the implementations are
/// internal, in the files named for their operation, and RichText picks its own tactics inside them (which byte
/// scan answers a widening, which walk finds a run).
///
/// The engine runs its own steps of DESIGN §3's pipeline (scope and value constraints) between the string's
/// behaviour steps, so it reads runs and writes them raw by UTF-8 offset, runs the boundary step itself, asks
/// whether an attribute change would fire a behaviour, and probes edits on excerpts. Readers of document formats
/// hand their runs over without counting them twice; the linter asks for many positions in one pass. One member
/// of `AttributeSet` belongs with them and is declared at the end: `attributeChangeNeedsNoBehaviorSteps`.
///
/// The rest of the package surface is types and members of types, each in its own file:
/// - `RunList` (`Runs/RunList.swift`): runs a reader builds and a string takes over;
/// - `AttributeSetMemo` (`Attributes/AttributeSetMemo.swift`): answers per interned set, for per-document caches;
/// - `AttributeSet.KeyChange` (`Attributes/AttributeSet+KeyChange.swift`): one key's change, memoised per set;
/// - `AttributeSet.internedIdentity`, `withBorrowed`, `withEmpty` (`Attributes/AttributeSet+Identity.swift`):
///   sets as plain integers and borrowed references, for caches read without a lock;
/// - `SetAnnex`, `AttributeSet.newAnnexOwner()`, `annex(owner:)`, `keepAnnex(_:owner:)`
///   (`Attributes/AttributeSet+Annex.swift`): a client's answer kept in the set itself (Formatting's cache);
/// - `AtomicSlots` and `AttributeRegistry.sweep()` (`Attributes/AttributeRegistry.swift`): lock-free slots, and
///   freeing dead sets now (tests, measurements);
/// - `TextPositionInfo` (`Text/TextRope+Positions.swift`): a line, column and UTF-16 position;
/// - `UTF8RangedReport` and `moved(through:)` (`Behaviors/AttributeAdjustment+Moving.swift`): reports moved
///   through later text edits.
extension RichString {
    // MARK: Reading by UTF-8 offset

    /// The text's length in UTF-8 bytes: the engine's regions and adjustments are UTF-8 ranges.
    package var utf8Count: Int { text.utf8Count }

    /// The UTF-8 range of an index range, checked: an `Edit`'s indices turned into the engine's offsets.
    package func utf8Range(of range: Range<Index>) -> Range<Int> { offsets(of: range) }

    /// An index at a UTF-8 offset of this version: an edit moved onto an excerpt.
    package func indexAtUTF8(_ offset: Int) -> Index { index(utf8: offset) }

    /// Calls `body` with each run intersecting `range`, clipped to it, until it returns false: how the engine,
    /// the linter and the writers read attribute sets without building a runs view.
    package func forEachRun(inUTF8 range: Range<Int>, _ body: (Range<Int>, AttributeSet) -> Bool) {
        runStore.forEachRun(in: range, body)
    }

    /// The attributes whose value is the same over every range of `ranges` (Foundation's uniform values): a
    /// session's typing attributes over a selection.
    package func uniformAttributes(in ranges: [Range<Int>]) -> AttributeSet {
        uniformAttributeSet(in: ranges)
    }

    /// The UTF-8 offset whose run gives its attributes to plain text typed over `range`: the engine's dry probe
    /// and the test harness type as the string does, by the one rule (`RichString+Edit.swift`).
    @inline(__always)
    package static func inheritanceSource(forTypingOver range: Range<Int>) -> Int {
        inheritanceOffset(forTypingOver: range)
    }

    /// Whether this string, made from `earlier` by edits, is still equal to it, found without reading the text
    /// where it can: the engine, the linter and the safe writer skip work for a document no edit changed.
    package func isUnchanged(since earlier: RichString) -> Bool {
        hasNotChanged(since: earlier)
    }

    // MARK: Writing runs raw

    /// Gives each run over `range` the set `transform` makes of its own, splitting the runs at the ends and
    /// merging equal neighbours, without firing any behaviour: the engine's one-write attribute set and the
    /// linter's re-typing, in the one walk and one splice the string's attribute changes take.
    package mutating func transformAttributesRaw(inUTF8 range: Range<Int>, _ transform: (AttributeSet) -> AttributeSet) {
        _ = runStore.transformAttributes(in: range, recordingRuns: false, transform)
    }

    /// A client's token naming whose behaviours every key of this string carries; 0 when unknown: the engine
    /// knows in O(1) that a document already carries its definition's behaviours
    /// (`Engine/RichString+BehaviorStamp.swift` says what resets it).
    package var behaviorStamp: UInt64 {
        get { definedBehaviorsToken }
        set { definedBehaviorsToken = newValue }
    }

    // MARK: Building from runs

    /// `init(unenforcedText:runs:)` with the runs of `list`, which the string takes over (the list is left
    /// empty): a document reader's runs go into the tree without their references being counted again.
    package init?(unenforcedText string: String, takingOver list: RunList) {
        self.init(text: string, handingOver: list)
    }

    /// A string with the text of `other` (its rope shared, not re-cut or re-counted) and the runs of `list`, which
    /// the string takes over, with no behaviour enforced: the linter re-types a decoded document's attributes and
    /// then calls `enforceBehaviors()` itself. Nil when the runs do not add up to the text or a run boundary cuts
    /// a scalar.
    package init?(unenforcedRuns list: RunList, sharingTextOf other: RichString) {
        self.init(sharingTextOf: other, handingOver: list)
    }
}
