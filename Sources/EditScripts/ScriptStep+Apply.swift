import Formatting
import RichText

extension ScriptStep {
    /// The same step with every offset clamped into a document of `scalarCount` scalars (ranges kept ordered,
    /// range-set ranges sorted and merged), so a step shrunk or moved out of context still applies. The harness
    /// records the clamped step, so a printed script is exactly what ran.
    public func clamped(toScalarCount scalarCount: Int) -> ScriptStep {
        func c(_ x: Int) -> Int { min(max(x, 0), scalarCount) }
        func r(_ f: Int, _ t: Int) -> (Int, Int) { let (a, b) = (c(f), c(t)); return (min(a, b), max(a, b)) }
        switch self {
        case let .insert(at, text): return .insert(at: c(at), text: text)
        case let .delete(f, t): let (a, b) = r(f, t); return .delete(from: a, to: b)
        case let .replace(f, t, text): let (a, b) = r(f, t); return .replace(from: a, to: b, text: text)
        case let .insertAttributed(at, document): return .insertAttributed(at: c(at), document: document)
        case let .set(f, t, key, value): let (a, b) = r(f, t); return .set(from: a, to: b, key: key, value: value)
        case let .remove(f, t, key): let (a, b) = r(f, t); return .remove(from: a, to: b, key: key)
        case let .select(f, t): let (a, b) = r(f, t); return .select(from: a, to: b)
        case let .setRanges(ranges, key, value):
            return .setRanges(ranges: ScriptStep.merged(ranges.map { r($0.lowerBound, $0.upperBound) }.map { $0.0..<$0.1 }), key: key, value: value)
        case .selectRanges(let ranges):
            return .selectRanges(ScalarSelection(caret: nil, ranges: ranges.map { r($0.lowerBound, $0.upperBound) }.map { $0.0..<$0.1 }).ranges)
        case .type, .deleteBackward, .paste, .undo, .redo:
            return self
        }
    }

    /// `ranges` sorted, with overlapping and touching ones merged, as `RangeSet` keeps them.
    static func merged(_ ranges: [Range<Int>]) -> [Range<Int>] {
        var merged: [Range<Int>] = []
        for range in ranges.sorted(by: { $0.lowerBound < $1.lowerBound }) {
            if let last = merged.last, range.lowerBound <= last.upperBound {
                merged[merged.count - 1] = last.lowerBound..<max(last.upperBound, range.upperBound)
            } else {
                merged.append(range)
            }
        }
        return merged
    }

    /// The engine edit this step asks for on `document`, or nil for a selection move or an editor command (which
    /// acts on the editor's selection; see `lowered(selection:in:)`). Keys are looked up in
    /// `definition`'s scope (a key outside it is plain, and the engine's scope step removes it); a pasted
    /// document's keys take the definition's behaviours, as a reader that knows the definition decodes them.
    /// Offsets must be in range (see `clamped(toScalarCount:)`).
    public func edit(on document: RichString, definition: FormattingDefinition) -> Edit? {
        func index(_ n: Int) -> RichString.Index { document.index(atOffset: n, in: .scalars) }
        func range(_ f: Int, _ t: Int) -> Range<RichString.Index> { index(f)..<index(t) }
        func key(_ name: String) -> AttributeKeyDescriptor { definition.descriptor(named: name) ?? AttributeKeyDescriptor(name: name) }
        switch self {
        case let .insert(at, text): return .replaceText(range(at, at), with: text)
        case let .delete(f, t): return .removeText(RangeSet(range(f, t)))
        case let .replace(f, t, text): return .replaceText(range(f, t), with: text)
        case let .insertAttributed(at, piece): return .replaceAttributed(range(at, at), with: ScriptStep.stamped(piece, definition: definition))
        case let .set(f, t, name, value): return .setAttribute(key(name), to: value, in: RangeSet(range(f, t)))
        case let .remove(f, t, name): return .setAttribute(key(name), to: nil, in: RangeSet(range(f, t)))
        case let .setRanges(ranges, name, value): return .setAttribute(key(name), to: value, in: RangeSet(ranges.map { range($0.lowerBound, $0.upperBound) }))
        case .select, .selectRanges, .type, .deleteBackward, .paste, .undo, .redo: return nil
        }
    }

    /// `document` with every key's behaviour taken from `definition` (keys outside it become plain), built
    /// without firing behaviours: what decoding a pasted document with the definition's schema gives.
    public static func stamped(_ document: RichString, definition: FormattingDefinition) -> RichString {
        withBehaviors(document) { definition.descriptor(named: $0)?.behavior ?? .plain }
    }

    /// The step as its JSON Lines line reads back (`EditScript.parse`): a pasted document with every key plain,
    /// as a script writes it; the definition's behaviours come back when the step runs (`stamped`). Every other
    /// step is itself. The harness records steps in this form, so a printed script reads back `==` to the one
    /// that ran.
    public var asWritten: ScriptStep {
        switch self {
        case let .insertAttributed(at, document): return .insertAttributed(at: at, document: ScriptStep.withBehaviors(document) { _ in .plain })
        case .paste(let document): return .paste(ScriptStep.withBehaviors(document) { _ in .plain })
        default: return self
        }
    }

    /// `document` with each key's behaviour `behavior(name)`, built without firing behaviours.
    static func withBehaviors(_ document: RichString, _ behavior: (String) -> AttributeBehavior) -> RichString {
        var runs: [AttributeRun] = []
        for run in document.runs {
            let entries = run.attributes.entries.map { AttributeEntry(name: $0.name, value: $0.value, behavior: behavior($0.name)) }
            let count = run.range.upperBound.utf8Offset - run.range.lowerBound.utf8Offset
            runs.append(AttributeRun(utf8Count: count, attributes: AttributeSet(entries)))
        }
        return RichString(unenforcedText: document.string, runs: runs) ?? document
    }
}
