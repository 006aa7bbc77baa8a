/// The steps a formatting definition adds to the funnel, declared here so that the string runs them in their
/// place without knowing what a definition is (DESIGN §3: scope and value constraints, between the string's own
/// behaviour steps and coalescing). Formatting's engine conforms; a string edited without one runs the funnel
/// with `NoDefinition`, whose steps do nothing.
///
/// Each answer is about one attribute set: the funnel reads the runs of the region it enforces and writes back
/// what the definition wants there, so the definition never writes runs itself. Answers must be pure functions of
/// the set (and the paragraph's first set), which lets a definition memoise them per interned set. A value of the
/// conforming type serves one mutation (the funnel takes it `inout`), so it may keep what it worked out for the
/// mutation's runs.
package protocol DefinitionSteps {
    /// What a mutation reports, in the order made: the string's own behaviour reports and the definition's.
    associatedtype Report: UTF8RangedReport

    /// A behaviour report of the string, as a report of the definition.
    static func report(_ behavior: AttributeAdjustment) -> Report

    /// Whether the definition has steps at all: false skips its part of the funnel in O(1).
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

    /// `attributes` with every key of the scope carrying the definition's behaviour, reporting each key that
    /// took one over `range`; nil when it carries them already.
    mutating func stamping(_ attributes: AttributeSet, over range: Range<Int>, into reports: inout [Report]) -> AttributeSet?

    /// What a paragraph whose first character carries `first` decides for paragraph-bound keys (the first
    /// character's set after scope and constraints), when `decidesParagraphs`.
    mutating func paragraphStart(_ first: AttributeSet) -> AttributeSet

    /// Whether the definition leaves a run carrying `attributes` as it is outside paragraph starts, known without
    /// working it out; false only means not known.
    func surelyLeaves(_ attributes: AttributeSet) -> Bool

    /// What the definition makes of a set it changes: the set it wants, and what it needs to report the change.
    associatedtype Rewrite

    /// Scope and value constraints over a run carrying `attributes` (`paragraphStart` is the paragraph's decided
    /// first set when `decidesParagraphs`): what the definition makes of it, or nil when it leaves it as it is.
    mutating func rewrite(_ attributes: AttributeSet, paragraphStart: AttributeSet?) -> Rewrite?

    /// The set `rewrite` wants.
    func result(of rewrite: Rewrite) -> AttributeSet

    /// Reports what the rewrite changed over `range`, where a run carrying `attributes` now carries `written`:
    /// the rewrite's result, or a piece of it that the character boundary kept off some of its keys.
    mutating func report(_ rewrite: Rewrite, from attributes: AttributeSet, to written: AttributeSet, over range: Range<Int>,
                         into reports: inout [Report])
}

/// The definition of a string edited on its own: no steps, and the string's behaviour reports as they are.
struct NoDefinition: DefinitionSteps {
    static func report(_ behavior: AttributeAdjustment) -> AttributeAdjustment { behavior }
    var isActive: Bool { false }
    var behaviorToken: UInt64 { 0 }
    var takesShortcuts: Bool { true }
    var decidesParagraphs: Bool { false }
    func stamping(_ attributes: AttributeSet, over range: Range<Int>, into reports: inout [AttributeAdjustment]) -> AttributeSet? { nil }
    func paragraphStart(_ first: AttributeSet) -> AttributeSet { first }
    func surelyLeaves(_ attributes: AttributeSet) -> Bool { true }
    func rewrite(_ attributes: AttributeSet, paragraphStart: AttributeSet?) -> AttributeSet? { nil }
    func result(of rewrite: AttributeSet) -> AttributeSet { rewrite }
    func report(_ rewrite: AttributeSet, from attributes: AttributeSet, to written: AttributeSet, over range: Range<Int>,
                into reports: inout [AttributeAdjustment]) {}
}
