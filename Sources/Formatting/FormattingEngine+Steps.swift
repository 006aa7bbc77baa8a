import RichText

/// The engine's steps in the string's funnel (RichText's `DefinitionSteps`): the definition's behaviours on every
/// key of its scope, then scope and value constraints, one attribute set at a time. The string reads the runs of
/// the region it enforces, asks here what each set becomes, and writes the answers back; the engine writes no
/// runs itself. One value serves one mutation.
struct EngineSteps: DefinitionSteps {
    let engine: FormattingEngine
    /// Whether a new answer's result gets its own answer worked out too (see `constrained`): probes, which leave no
    /// runs behind, skip that.
    let learnsResults: Bool
    /// Whether scope and constraints run; false gives the definition's behaviours alone (`stampBehaviors`).
    let constrains: Bool
    /// Every adjustment of the mutation, in the order made: the string's behaviour reports and the engine's own.
    private(set) var adjustments: [Adjustment] = []
    /// The last rewrite, which `reportRewrite` reports.
    private var lastRewrite: ConstraintCache.Entry?
    /// The stamped sets of this mutation's walk, each worked out once; made when step 0 first runs (most
    /// mutations find the document stamped and never need it).
    private var stamps: AttributeSetMemo<FormattingEngine.StampedSet>?
    /// Whether to keep the string as it was before the mutation first wrote beyond its raw edit, and where it
    /// changed anything (`wroteBeyondRawEdit`): a session's typing step, kept as the part it changed, asks for it.
    var watchesWritesBeyondRawEdit = false
    /// What the mutation did beyond its raw edit, when watched; nil while it wrote nothing more.
    private(set) var wroteBeyondRawEdit: WriteBeyondRawEdit?

    init(_ engine: FormattingEngine, learnsResults: Bool = true, constrains: Bool = true) {
        self.engine = engine
        self.learnsResults = learnsResults
        self.constrains = constrains
    }

    var isActive: Bool { constrains }
    var behaviorToken: UInt64 { engine.core.behaviorStamp }
    var takesShortcuts: Bool { engine.usesFastPaths }
    var decidesParagraphs: Bool { engine.hasParagraphOwnedKeys }

    mutating func noteBehaviorReports(_ reports: [AttributeAdjustment]) {
        adjustments += reports.map(Adjustment.init)
    }

    mutating func moveReports(through replacements: [(range: Range<Int>, newLength: Int)]) {
        adjustments = adjustments.moved(through: replacements)
    }

    mutating func stamp(_ attributes: AttributeSet, over range: Range<Int>) -> AttributeSet? {
        if stamps == nil { stamps = AttributeSetMemo() }
        let k = stamps!.index(of: attributes, answer: engine.stamping)
        let stamped = stamps!.values[k]
        guard !stamped.changes.isEmpty else { return nil }
        FormattingEngine.report(stamped.changes, over: range, into: &adjustments)
        return stamped.result
    }

    mutating func paragraphStart(_ first: AttributeSet) -> AttributeSet {
        engine.constrained(first, paragraphStart: nil, learnsResult: learnsResults).result
    }

    var settledSets: AttributeSetMarks? { engine.usesFastPaths ? engine.fixedPoints : nil }

    mutating func rewrite(_ attributes: AttributeSet, paragraphStart: AttributeSet?) -> AttributeSet? {
        if paragraphStart == nil, settledSets?.contains(attributes) == true { return nil }
        let entry = engine.constrained(attributes, paragraphStart: paragraphStart, learnsResult: learnsResults)
        guard entry.result != attributes else { return nil }
        lastRewrite = entry
        return entry.result
    }

    mutating func reportRewrite(from attributes: AttributeSet, to written: AttributeSet, over range: Range<Int>) {
        guard let rewrite = lastRewrite else { return }
        if written == rewrite.result {
            // The run takes the answer whole: its changes are the entry's differences, worked out once per set.
            FormattingEngine.report(rewrite.differences, over: range, into: &adjustments)
            return
        }
        // A piece the character boundary kept off a key the answer has: each key that differs, under the rule
        // that made its final value, or the boundary for the key it kept off.
        FormattingEngine.forEachDifferingKey(attributes, written) { name, oldValue, newValue in
            let rule = newValue == rewrite.result[name] ? rewrite.lastRule(for: name) ?? .scope : .behavior(.characterBoundary)
            FormattingEngine.report(rule, name, oldValue, newValue, over: range, into: &adjustments)
        }
    }

    mutating func willWriteBeyondRawEdit(of string: @autoclosure () -> RichString, rawEditMade: Bool) {
        guard watchesWritesBeyondRawEdit, wroteBeyondRawEdit == nil else { return }
        wroteBeyondRawEdit = WriteBeyondRawEdit(string: string(), rawEditMade: rawEditMade)
    }

    mutating func finishedMutation(changingNothingOutside region: Range<Int>) {
        wroteBeyondRawEdit?.region = region
    }

    /// Moves every adjustment by `shift` bytes: an excerpt's, into the document's offsets.
    mutating func shiftAdjustments(by shift: Int) {
        for i in adjustments.indices {
            let r = adjustments[i].utf8Range
            adjustments[i].utf8Range = (r.lowerBound + shift)..<(r.upperBound + shift)
        }
    }
}

extension Edit {
    /// The edit as the string's funnel takes it, taken apart rather than copied.
    consuming func mutation() -> Mutation {
        switch consume self {
        case let .replaceText(range, text): return .typing(Substring(text), over: range)
        case let .replaceAttributed(range, piece): return .pasting(piece, source: 0..<piece.counts.utf8, over: range)
        case let .removeText(ranges): return .removing(MutationRanges(ranges))
        case let .setAttribute(key, value, ranges): return .setting(AttributeSet.KeyChange(setting: key, to: value), in: MutationRanges(ranges))
        }
    }

    /// The ranges of `ranges` as an array; a range set of one range (nearly every edit) read by count and
    /// subscript, without the generic collection walk, which costs far more than the edit it describes.
    static func rangeList(of ranges: RangeSet<RichString.Index>) -> [Range<RichString.Index>] {
        let list = ranges.ranges
        return list.count == 1 ? [list[list.startIndex]] : Array(list)
    }
}

/// A watched mutation's write beyond its raw edit (`EngineSteps.watchesWritesBeyondRawEdit`): the string as it was
/// just before, whether the raw edit was made by then, and the region outside which the mutation changed nothing.
/// A class, so that a keystroke that wrote nothing more carries only an empty reference.
final class WriteBeyondRawEdit {
    let string: RichString
    let rawEditMade: Bool
    var region: Range<Int>?

    init(string: RichString, rawEditMade: Bool) {
        self.string = string
        self.rawEditMade = rawEditMade
    }
}
