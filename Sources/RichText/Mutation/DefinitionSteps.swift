/// The steps a formatting definition adds to the funnel, declared here so that the string runs them in their
/// place without knowing what a definition is (DESIGN §3: scope and value constraints, between the string's own
/// behaviour steps and coalescing). Formatting's engine conforms; a string edited without one runs the funnel
/// with `NoDefinition`, whose steps do nothing.
///
/// Each answer is about one attribute set: the funnel reads the runs of the region it enforces and writes back
/// what the definition wants there, so the definition never writes runs itself. Answers must be pure functions of
/// the set (and the paragraph's first set), which lets a definition memoise them per interned set. A value of the
/// conforming type serves one mutation (the funnel takes it `inout`): it keeps what it works out for the
/// mutation's runs, and its own reports, which it places among the string's (`noteBehaviorReports`) in the order
/// the steps made them.
package protocol DefinitionSteps {
    /// Whether the definition constrains values at all: false skips steps 6 and 7 in O(1).
    var isActive: Bool { get }

    /// The token a string carries once every key of the definition's scope has the definition's behaviour
    /// (`RichString.behaviorStamp`); 0 when the definition owns no behaviour.
    var behaviorToken: UInt64 { get }

    /// Whether the steps take their shortcuts (memoised answers, byte scans for widening); false only in tests,
    /// as the reference the shortcuts are checked against.
    var takesShortcuts: Bool { get }

    /// Whether the definition decides paragraph-bound keys itself, once a paragraph from its first character:
    /// the region then widens to whole paragraphs and each run is asked with its paragraph's first set.
    var decidesParagraphs: Bool { get }

    /// The string's own reports, in the order its steps made them, given each time a step of the string has
    /// reported: the definition's reports of a later step go after them.
    mutating func noteBehaviorReports(_ reports: [AttributeAdjustment])

    /// Moves the reports noted so far through the text a mutation then replaced (ranges ascending, in offsets
    /// before it, each with its new length), so that they are in offsets of the string after it: step 0's reports
    /// when an edit stamped the string first.
    mutating func moveReports(through replacements: [(range: Range<Int>, newLength: Int)])

    /// Step 0 for one run: `attributes` with every key of the scope carrying the definition's behaviour, reporting
    /// each key that took one over `range`; nil when it carries them already.
    mutating func stamp(_ attributes: AttributeSet, over range: Range<Int>) -> AttributeSet?

    /// What a paragraph whose first character carries `first` decides for paragraph-bound keys (the first
    /// character's set after scope and constraints), when `decidesParagraphs`.
    mutating func paragraphStart(_ first: AttributeSet) -> AttributeSet

    /// The sets the definition is known to leave as they are outside paragraph starts (a miss only means not
    /// known), read by a walk over runs without touching the definition itself; nil when it knows none.
    var settledSets: AttributeSetMarks? { get }

    /// Scope and value constraints over a run carrying `attributes` (`paragraphStart` is the paragraph's decided
    /// first set when `decidesParagraphs`): the set the definition wants there, or nil when it leaves the run as
    /// it is. The definition keeps its answer for `reportRewrite`.
    mutating func rewrite(_ attributes: AttributeSet, paragraphStart: AttributeSet?) -> AttributeSet?

    /// Reports what the last `rewrite` changed over `range`, where a run carrying `attributes` now carries
    /// `written`: the rewrite's answer, or a piece of it that the character boundary kept off some of its keys.
    mutating func reportRewrite(from attributes: AttributeSet, to written: AttributeSet, over range: Range<Int>)

    /// Told once, before the mutation writes anything but its raw edit (a one-range text edit's new text with the
    /// attributes it inherits or brings): `string` is the string as it is then, before the mutation, or with the
    /// raw edit made when `rawEditMade`. A mutation that writes nothing more never tells; one that is not a
    /// one-range text edit tells before it starts. An editor's undo keeps a typing step as the text it typed while
    /// the funnel stays silent, and takes the string from here when it speaks (`EditingSession`).
    mutating func willWriteBeyondRawEdit(of string: @autoclosure () -> RichString, rawEditMade: Bool)

    /// Told at the end of every mutation: the region, in offsets after it, outside which it changed no text and no
    /// run's attributes (the edit, every report, the region the definition enforced; all of it when step 0 ran).
    mutating func finishedMutation(changingNothingOutside region: Range<Int>)
}

extension DefinitionSteps {
    /// The sets the definition surely leaves as they are outside paragraph starts, read once before a walk over
    /// runs: a walk that asks the definition itself at each run copies it at each run.
    var surelyLeft: SurelyLeftSets { SurelyLeftSets(settled: settledSets, everySet: !isActive) }
}

/// Whether a definition leaves a run's set as it is outside paragraph starts, known without working it out: the
/// sets it settled (`DefinitionSteps.settledSets`), or every set for a definition that constrains nothing. A miss
/// only means not known.
struct SurelyLeftSets {
    let settled: AttributeSetMarks?
    let everySet: Bool

    @inline(__always)
    func contains(_ attributes: AttributeSet) -> Bool { settled?.contains(attributes) ?? everySet }
}

/// The definition of a string edited on its own: no steps.
struct NoDefinition: DefinitionSteps {
    var isActive: Bool { false }
    var behaviorToken: UInt64 { 0 }
    var takesShortcuts: Bool { true }
    var decidesParagraphs: Bool { false }
    func noteBehaviorReports(_ reports: [AttributeAdjustment]) {}
    func moveReports(through replacements: [(range: Range<Int>, newLength: Int)]) {}
    func stamp(_ attributes: AttributeSet, over range: Range<Int>) -> AttributeSet? { nil }
    func paragraphStart(_ first: AttributeSet) -> AttributeSet { first }
    var settledSets: AttributeSetMarks? { nil }
    func rewrite(_ attributes: AttributeSet, paragraphStart: AttributeSet?) -> AttributeSet? { nil }
    func reportRewrite(from attributes: AttributeSet, to written: AttributeSet, over range: Range<Int>) {}
    func willWriteBeyondRawEdit(of string: @autoclosure () -> RichString, rawEditMade: Bool) {}
    func finishedMutation(changingNothingOutside region: Range<Int>) {}
}
