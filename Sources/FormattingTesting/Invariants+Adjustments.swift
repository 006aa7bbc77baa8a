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
    public static func adjustmentsExplain(
        before: RichString, after: RichString, step: ScriptStep?, adjustments: [Adjustment], definition: FormattingDefinition
    ) -> InvariantFailure? {
        let total = after.counts.utf8
        for adjustment in adjustments {
            if adjustment.utf8Range.isEmpty || adjustment.utf8Range.lowerBound < 0 || adjustment.utf8Range.upperBound > total {
                return .adjustmentMismatch(key: adjustment.key, utf8Range: adjustment.utf8Range, detail: "\(adjustment) has an empty or out-of-bounds range (document: \(total) bytes)")
            }
            // A key that took the definition's behaviour keeps its value: the one adjustment that changes none.
            if case .definedBehavior = adjustment.rule { continue }
            if adjustment.oldValue == adjustment.newValue {
                return .adjustmentMismatch(key: adjustment.key, utf8Range: adjustment.utf8Range, detail: "\(adjustment) changes nothing")
            }
        }
        guard let baseline = baseline(before: before, after: after, step: step, definition: definition) else {
            return .adjustmentMismatch(key: "", utf8Range: 0..<total, detail: "the text after the step is not the text the step asks for")
        }
        let final = perByte(after)
        var keys = Set(adjustments.map(\.key))
        for set in Set(baseline) { set.entries.forEach { keys.insert($0.name) } }
        for set in Set(final) { set.entries.forEach { keys.insert($0.name) } }
        for key in keys.sorted() {
            let chain = adjustments.filter { $0.key == key }
            var failure: (range: Range<Int>, detail: String)? = nil
            for byte in 0..<total {
                var value = baseline[byte][key]
                var problem: String? = nil
                for adjustment in chain where adjustment.utf8Range.contains(byte) {
                    if adjustment.oldValue != value {
                        problem = "'\(adjustment)' says the old value was \(show(adjustment.oldValue)), but it was \(show(value))"
                        break
                    }
                    value = adjustment.newValue
                }
                if problem == nil, value != final[byte][key] {
                    problem = chain.contains(where: { $0.utf8Range.contains(byte) })
                        ? "the reported adjustments end at \(show(value)), but the document has \(show(final[byte][key]))"
                        : "changed from \(show(baseline[byte][key])) to \(show(final[byte][key])) with no adjustment reported"
                }
                if let problem {
                    if let f = failure, f.detail == problem, f.range.upperBound == byte {
                        failure = (f.range.lowerBound..<(byte + 1), problem)
                    } else if failure == nil {
                        failure = (byte..<(byte + 1), problem)
                    }
                } else if failure != nil {
                    break
                }
            }
            if let failure { return .adjustmentMismatch(key: key, utf8Range: failure.range, detail: failure.detail) }
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

    /// The baseline described in `adjustmentsExplain`, per byte of `after`; nil when the text is not what the
    /// step asks for.
    static func baseline(before: RichString, after: RichString, step: ScriptStep?, definition: FormattingDefinition) -> [AttributeSet]? {
        var old = perByte(before)
        func utf8(_ scalars: Int) -> Int { before.index(atOffset: scalars, in: .scalars).utf8Offset }
        func apply(_ key: String, _ value: AttributeValue?, over ranges: [Range<Int>]) {
            let behavior = definition.descriptor(named: key)?.behavior ?? .plain
            for range in ranges {
                for byte in utf8(range.lowerBound)..<utf8(range.upperBound) { old[byte] = old[byte].setting(key, to: value, behavior: behavior) }
            }
        }
        switch step {
        case nil, .select?:
            return before.string == after.string ? old : nil
        case let .set(f, t, key, value)?:
            apply(key, value, over: [f..<t])
            return before.string == after.string ? old : nil
        case let .remove(f, t, key)?:
            apply(key, nil, over: [f..<t])
            return before.string == after.string ? old : nil
        case let .setRanges(ranges, key, value)?:
            apply(key, value, over: ranges)
            return before.string == after.string ? old : nil
        case let .insertAttributed(at, piece)?:
            return spliced(old, before: before, after: after, range: at..<at, inserted: perByte(piece), text: piece.string)
        case let .insert(at, text)?:
            let index = before.index(atOffset: at, in: .scalars)
            let inherited = before.typingAttributes(at: index)
            return spliced(old, before: before, after: after, range: at..<at,
                           inserted: Array(repeating: inherited, count: text.utf8.count), text: text)
        case let .replace(f, t, text)?:
            let lower = utf8(f)
            var inherited = AttributeSet.empty
            if !before.isEmpty {
                let source = old[RichString.inheritanceSource(forTypingOver: lower..<utf8(t))]
                inherited = source.filter { $0.behavior.isInheritable }
            }
            if f == t { inherited = before.typingAttributes(at: before.index(atOffset: f, in: .scalars)) }
            return spliced(old, before: before, after: after, range: f..<t,
                           inserted: Array(repeating: inherited, count: text.utf8.count), text: text)
        case let .delete(f, t)?:
            return spliced(old, before: before, after: after, range: f..<t, inserted: [], text: "")
        }
    }

    /// The old per-byte sets with scalar `range` replaced by `inserted`, checked against `after`'s text.
    static func spliced(_ old: [AttributeSet], before: RichString, after: RichString, range: Range<Int>, inserted: [AttributeSet], text: String) -> [AttributeSet]? {
        let lower = before.index(atOffset: range.lowerBound, in: .scalars).utf8Offset
        let upper = before.index(atOffset: range.upperBound, in: .scalars).utf8Offset
        var bytes = Array(before.string.utf8)
        bytes.replaceSubrange(lower..<upper, with: Array(text.utf8))
        guard bytes.elementsEqual(after.string.utf8) else { return nil }
        var result = old
        result.replaceSubrange(lower..<upper, with: inserted)
        return result
    }
}
