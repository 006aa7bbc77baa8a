import Formatting
import RichText

extension Invariants {
    /// The adjustments a step reported equal the difference it actually made.
    ///
    /// **What it guarantees.** The check builds a *baseline*: the document before the step with only what the
    /// step itself asked for applied — the raw edit and nothing the engine does on its own:
    /// - text kept by the step keeps its old attributes (moved to its new offsets);
    /// - pasted text (`insertAttributed`) has the pasted attributes;
    /// - typed text (`insert`, `replace`) has what the string's inheritance gives it (`typingAttributes(at:)`
    ///   for an insert; the first replaced character's, as `RichString.inheritanceSource` says, for a replace);
    /// - `set`, `remove` and `setRanges` apply their key over exactly their ranges;
    /// - `select` and normalisation (`step == nil`) ask for nothing.
    ///
    /// Then, for every key and every UTF-8 byte of the document after the step, the adjustments that name the
    /// key and cover the byte, taken in the order reported, must form a chain from the baseline's value to the
    /// final value: the first one's `oldValue` is the baseline's value, each next one's `oldValue` is the
    /// previous one's `newValue`, and the last one's `newValue` is the value in the document. A byte no
    /// adjustment covers must keep its baseline value. So:
    /// - every change the step did not ask for is reported, over a range covering it, with the right old and new
    ///   values (*complete*);
    /// - every reported adjustment describes a change that happened, at every byte it claims (*sound*); in
    ///   addition every adjustment has a non-empty in-bounds range and differs in old and new value (but a
    ///   `.definedBehavior` one, which gives a key the definition's behaviour and keeps its value).
    ///
    /// What it does not decide: whether a change was *right* (that is `lintClean`'s and the behaviour tests'
    /// job), or which rule is named. Values are compared, not behaviours.
    ///
    /// An editor command (`type`, `paste`, `deleteBackward`) asks for what it comes to on the selection it acts on:
    /// pass `steps` from `ScriptStep.lowered(selection:in:)`, the offset steps in order (a command whose
    /// selection is not known cannot be explained, and fails). Undo and redo are not checked here (`undoRedo`).
    public static func adjustmentsExplain(
        before: RichString, after: RichString, step: ScriptStep?, adjustments: [Adjustment], definition: FormattingDefinition
    ) -> InvariantFailure? {
        if let step, step.isCommand {
            return .adjustmentMismatch(key: "", utf8Range: 0..<after.counts.utf8,
                                       detail: "the command \(step) acts on a selection: explain what it comes to (`lowered(selection:in:)`)",
                                       kind: .unexplainedCommand)
        }
        return adjustmentsExplain(before: before, after: after, steps: step.map { [$0] } ?? [], adjustments: adjustments, definition: definition)
    }

    /// `adjustmentsExplain(before:after:step:adjustments:definition:)` for a step that comes to `steps`, offset
    /// steps applied in order (none: the step asks for nothing, as a selection move or normalisation).
    public static func adjustmentsExplain(
        before: RichString, after: RichString, steps: [ScriptStep], adjustments: [Adjustment], definition: FormattingDefinition
    ) -> InvariantFailure? {
        let total = after.counts.utf8
        for adjustment in adjustments {
            if adjustment.utf8Range.isEmpty || adjustment.utf8Range.lowerBound < 0 || adjustment.utf8Range.upperBound > total {
                return .adjustmentMismatch(key: adjustment.key, utf8Range: adjustment.utf8Range, detail: "\(adjustment) has an empty or out-of-bounds range (document: \(total) bytes)", kind: .outOfBounds)
            }
            // A key that took the definition's behaviour keeps its value: the one adjustment that changes none.
            if case .definedBehavior = adjustment.rule { continue }
            if adjustment.oldValue == adjustment.newValue {
                return .adjustmentMismatch(key: adjustment.key, utf8Range: adjustment.utf8Range, detail: "\(adjustment) changes nothing", kind: .changesNothing)
            }
        }
        guard let asked = baseline(before: before, steps: steps, definition: definition) else {
            return .adjustmentMismatch(key: "", utf8Range: 0..<total, detail: "the step names offsets outside the document, so the step asks for no text", kind: .wrongText)
        }
        guard asked.text.utf8.elementsEqual(after.string.utf8) else {
            return .adjustmentMismatch(key: "", utf8Range: 0..<total, detail: "it is \(ScriptValueJSON.quoted(after.string)); the step asks for \(ScriptValueJSON.quoted(asked.text))", kind: .wrongText)
        }
        let baseline = asked.sets
        let final = perByte(after)
        var keys = Set(adjustments.map(\.key))
        for set in Set(baseline) { set.entries.forEach { keys.insert($0.name) } }
        for set in Set(final) { set.entries.forEach { keys.insert($0.name) } }
        for key in keys.sorted() {
            let chain = adjustments.filter { $0.key == key }
            var failure: (range: Range<Int>, detail: String, kind: AdjustmentMismatchKind)? = nil
            for byte in 0..<total {
                var value = baseline[byte][key]
                var problem: (detail: String, kind: AdjustmentMismatchKind)? = nil
                for adjustment in chain where adjustment.utf8Range.contains(byte) {
                    if adjustment.oldValue != value {
                        problem = ("'\(adjustment)' says the old value was \(show(adjustment.oldValue)), but it was \(show(value))", .wrongOldValue)
                        break
                    }
                    value = adjustment.newValue
                }
                if problem == nil, value != final[byte][key] {
                    problem = chain.contains(where: { $0.utf8Range.contains(byte) })
                        ? ("the reported adjustments end at \(show(value)), but the document has \(show(final[byte][key]))", .wrongNewValue)
                        : ("changed from \(show(baseline[byte][key])) to \(show(final[byte][key])) with no adjustment reported", .unreportedChange)
                }
                if let problem {
                    if let f = failure, f.detail == problem.detail, f.range.upperBound == byte {
                        failure = (f.range.lowerBound..<(byte + 1), problem.detail, problem.kind)
                    } else if failure == nil {
                        failure = (byte..<(byte + 1), problem.detail, problem.kind)
                    }
                } else if failure != nil {
                    break
                }
            }
            if let failure { return .adjustmentMismatch(key: key, utf8Range: failure.range, detail: failure.detail, kind: failure.kind) }
        }
        return nil
    }

    static func show(_ value: AttributeValue?) -> String { value.map { "\($0)" } ?? "nil" }

    /// Each UTF-8 byte's attribute set.
    static func perByte(_ document: RichString) -> [AttributeSet] {
        var result: [AttributeSet] = []
        result.reserveCapacity(document.counts.utf8)
        for run in document.runs {
            let count = run.range.upperBound.utf8Offset - run.range.lowerBound.utf8Offset
            result.append(contentsOf: repeatElement(run.attributes, count: count))
        }
        return result
    }

    /// The baseline described in `adjustmentsExplain`: the text the steps ask for and a set per byte of it; nil
    /// when a step names offsets outside its document. Each step's baseline is worked on the one before, as a
    /// string built without behaviours.
    ///
    /// A command that comes to several steps (typing over several ranges: the others removed, then the first
    /// replaced) is applied in order, each step through the engine: what a later step's typed text inherits is read
    /// from the document the engine left after the steps before it (where removing a range may already have
    /// invalidated a stretch), while the baseline's sets stay the raw ones.
    static func baseline(before: RichString, steps: [ScriptStep], definition: FormattingDefinition) -> (text: String, sets: [AttributeSet])? {
        var current = before
        var result = (text: before.string, sets: perByte(before))
        var enforced = before
        let engine = steps.count > 1 ? FormattingEngine(definition) : nil
        for (k, step) in steps.enumerated() {
            guard let next = raw(step, on: current, sets: result.sets, inheritingFrom: k == 0 ? nil : enforced, definition: definition) else { return nil }
            result = next
            if k < steps.count - 1 {
                guard let built = unenforced(next.text, next.sets) else { return nil }
                current = built
                if let engine, let edit = step.edit(on: enforced, definition: definition) { _ = engine.apply(edit, to: &enforced) }
            }
        }
        return result
    }

    /// A string with `text` and one set per UTF-8 byte, built without firing behaviours.
    static func unenforced(_ text: String, _ sets: [AttributeSet]) -> RichString? {
        RunTable(text: text, byteSets: sets).unenforcedDocument
    }

    /// What one offset step asks for on `document` (whose bytes carry `sets`): the text after it and each byte's
    /// set, with nothing the engine or the behaviours do on their own; nil for a step that names offsets outside.
    /// Typed text inherits from `source` (the same text, as the engine left it) when given, else from `document`.
    static func raw(_ step: ScriptStep, on document: RichString, sets: [AttributeSet], inheritingFrom source: RichString? = nil,
                    definition: FormattingDefinition) -> (text: String, sets: [AttributeSet])? {
        var old = sets
        let scalars = document.counts.scalars
        func utf8(_ n: Int) -> Int { document.index(atOffset: n, in: .scalars).utf8Offset }
        func apply(_ key: String, _ value: AttributeValue?, over ranges: [Range<Int>]) {
            let behavior = definition.descriptor(named: key)?.behavior ?? .plain
            for range in ranges {
                for byte in utf8(range.lowerBound)..<utf8(range.upperBound) { old[byte] = old[byte].setting(key, to: value, behavior: behavior) }
            }
        }
        func splice(_ range: Range<Int>, _ inserted: [AttributeSet], _ text: String) -> (text: String, sets: [AttributeSet]) {
            let (lower, upper) = (utf8(range.lowerBound), utf8(range.upperBound))
            var bytes = Array(document.string.utf8)
            bytes.replaceSubrange(lower..<upper, with: Array(text.utf8))
            old.replaceSubrange(lower..<upper, with: inserted)
            return (String(decoding: bytes, as: UTF8.self), old)
        }
        let named: [Int]
        switch step {
        case let .insert(at, _), let .insertAttributed(at, _): named = [at]
        case let .delete(f, t), let .replace(f, t, _), let .set(f, t, _, _), let .remove(f, t, _), let .select(f, t): named = [f, t]
        case let .setRanges(ranges, _, _), let .selectRanges(ranges): named = ranges.flatMap { [$0.lowerBound, $0.upperBound] }
        case .type, .deleteBackward, .paste, .undo, .redo: return nil
        }
        guard named.allSatisfy({ (0...scalars).contains($0) }) else { return nil }
        switch step {
        case .select, .selectRanges, .type, .deleteBackward, .paste, .undo, .redo:
            return (document.string, old)
        case let .set(f, t, key, value):
            apply(key, value, over: [f..<t])
            return (document.string, old)
        case let .remove(f, t, key):
            apply(key, nil, over: [f..<t])
            return (document.string, old)
        case let .setRanges(ranges, key, value):
            apply(key, value, over: ranges)
            return (document.string, old)
        case let .insertAttributed(at, piece):
            return splice(at..<at, perByte(piece), piece.string)
        case let .insert(at, text):
            let from = source ?? document
            let inherited = from.typingAttributes(at: from.index(atOffset: at, in: .scalars))
            return splice(at..<at, Array(repeating: inherited, count: text.utf8.count), text)
        case let .replace(f, t, text):
            var inherited = AttributeSet.empty
            if let source, !source.isEmpty {
                inherited = perByte(source)[RichString.inheritanceSource(forTypingOver: utf8(f)..<utf8(t))].filter { $0.behavior.isInheritable }
            } else if !document.isEmpty {
                inherited = old[RichString.inheritanceSource(forTypingOver: utf8(f)..<utf8(t))].filter { $0.behavior.isInheritable }
            }
            if f == t { let from = source ?? document; inherited = from.typingAttributes(at: from.index(atOffset: f, in: .scalars)) }
            return splice(f..<t, Array(repeating: inherited, count: text.utf8.count), text)
        case let .delete(f, t):
            return splice(f..<t, [], "")
        }
    }
}
