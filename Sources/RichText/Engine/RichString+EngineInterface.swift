/// What the layers above RichText in this package (Formatting, RichTextFormats, FormatCheck, FormattingTesting and
/// the tools) may do to a string beyond its public API, in one place. Everything they reach by `package` access
/// on `RichString` is declared here, each member with why a layer above needs it; the implementations are
/// internal, in the files named for their operation, and RichText picks its own tactics inside them.
///
/// The door is narrow on purpose. What a user of the library would want too is public API instead: positions
/// (`TextPosition`), a reader's runs (`RunList`, `RichString(unenforcedText:takingOver:)`), answers per set
/// (`AttributeSetMemo`), uniform attributes over a selection (`DiscontiguousRichSubstring.uniformAttributes`),
/// offsets in any unit (`index(atOffset:in:)`, `offset(of:in:)`, `counts`).
///
/// The rest of the package surface, each in its own file:
/// - the funnel (`Mutation/`): `Mutation`, `MutationRanges`, `DefinitionSteps`, `mutate(_:under:)` and
///   `probe(_:under:)`, through which Formatting's definition steps run; `AttributeSet.KeyChange`
///   (`Attributes/AttributeSet+KeyChange.swift`), one key's change, memoised per set;
/// - `UTF8RangedReport` and `moved(through:)` (`Behaviors/AttributeAdjustment+Moving.swift`): reports moved
///   through later text edits;
/// - `AttributeSet.internedIdentity`, `withBorrowed`, `withEmpty` (`Attributes/AttributeSet+Identity.swift`):
///   sets as plain integers and borrowed references, for caches read without a lock (Formatting's fixed points,
///   the readers' attribute tables);
/// - `AttributeSet.newAnnexOwner()`, `annex(owner:)`, `keepAnnex(_:owner:)` (`Attributes/AttributeSet+Annex.swift`):
///   a client's answer kept in the set itself (Formatting's constraint cache).
extension RichString {
    // MARK: Reading

    /// Calls `body` with each run intersecting the UTF-8 range `range`, clipped to it, until it returns false:
    /// how the engine, the linter and the writers read attribute sets without building a runs view.
    package func forEachRun(inUTF8 range: Range<Int>, _ body: (Range<Int>, AttributeSet) -> Bool) {
        runStore.forEachRun(in: range, body)
    }

    /// The UTF-8 offset whose run gives its attributes to plain text typed over `range`: the test harness's
    /// model types as the string does, by the one rule (`RichString+Edit.swift`).
    @inline(__always)
    package static func inheritanceSource(forTypingOver range: Range<Int>) -> Int {
        inheritanceOffset(forTypingOver: range)
    }

    /// Whether this string, made from `earlier` by edits, is still equal to it, found without reading the text
    /// where it can: an editing session's undo skips a step no edit changed.
    package func isUnchanged(since earlier: RichString) -> Bool {
        hasNotChanged(since: earlier)
    }

    /// The string as it was before an editing step that changed nothing outside `changed` (UTF-8 offsets of this
    /// string), where it held `before` (nil: nothing): the text and runs of `changed` replaced raw, as the version
    /// of the string `index` was made on and with the behaviour stamp it had (`stamp`). What an editing session's
    /// undo step kept as the part it changed goes back to; the indices made before the step hold on it.
    package func undoing(_ changed: Range<Int>, wasBefore before: RichString?, version index: Index, stamp: UInt64) -> RichString {
        var result = self
        let text = before.map { Substring($0.text.string) } ?? ""
        let runs = before.map { $0.runStore.runs(in: 0..<$0.text.utf8Count) } ?? []
        if !changed.isEmpty || !text.isEmpty { result.rawReplace(changed, with: text, runs: runs) }
        result.version = index.version
        result.runStore.behaviorStamp = stamp
        return result
    }

    /// A client's token naming whose behaviours every key of this string carries; 0 when unknown: the engine
    /// knows in O(1) that a document already carries its definition's behaviours
    /// (`Engine/RichString+BehaviorStamp.swift` says what resets it; the funnel sets it).
    package var behaviorStamp: UInt64 { definedBehaviorsToken }

    // MARK: Writing runs raw

    /// Gives each run over the UTF-8 range `range` the set `transform` makes of its own, splitting the runs at the
    /// ends and merging equal neighbours, without firing any behaviour: the linter's suppressions put back the
    /// attributes a finding may not change, in the one walk and one splice the string's attribute changes take.
    package mutating func transformAttributesRaw(inUTF8 range: Range<Int>, _ transform: (AttributeSet) -> AttributeSet) {
        _ = runStore.transformAttributes(in: range, recordingRuns: false, transform)
    }

    // MARK: Building from runs

    /// A string with the text of `other` (its rope shared, not re-cut or re-counted) and the runs of `list`, which
    /// the string takes over, with no behaviour enforced: the linter re-types a decoded document's attributes and
    /// then calls `enforceBehaviors()` itself. Nil when the runs do not add up to the text or a run boundary cuts
    /// a scalar.
    package init?(unenforcedRuns list: RunList, sharingTextOf other: RichString) {
        self.init(sharingTextOf: other, handingOver: list)
    }
}
