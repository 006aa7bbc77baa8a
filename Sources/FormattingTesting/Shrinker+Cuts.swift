import RichText

extension ScriptStep {
    /// The step with every offset it names passed through `map` (commands name none and stay as they are).
    func mappingOffsets(_ map: (Int) -> Int) -> ScriptStep {
        switch self {
        case let .insert(at, text): return .insert(at: map(at), text: text)
        case let .delete(f, t): return .delete(from: map(f), to: map(t))
        case let .replace(f, t, text): return .replace(from: map(f), to: map(t), text: text)
        case let .insertAttributed(at, document): return .insertAttributed(at: map(at), document: document)
        case let .set(f, t, key, value): return .set(from: map(f), to: map(t), key: key, value: value)
        case let .remove(f, t, key): return .remove(from: map(f), to: map(t), key: key)
        case let .setRanges(ranges, key, value): return .setRanges(ranges: ranges.map { map($0.lowerBound)..<max(map($0.lowerBound), map($0.upperBound)) }, key: key, value: value)
        case let .select(f, t): return .select(from: map(f), to: map(t))
        case .selectRanges(let ranges): return .selectRanges(ranges.map { map($0.lowerBound)..<max(map($0.lowerBound), map($0.upperBound)) })
        case .type, .deleteBackward, .paste, .undo, .redo: return self
        }
    }

    /// The step, written after `mutation` (a range replaced by `inserted` scalars), moved to where it stands had
    /// the mutation never happened: offsets before it stay, offsets after it shift back by what it changed, and
    /// offsets inside the new text go to its start.
    func undoingMutation(_ mutation: (range: Range<Int>, insertedScalars: Int)) -> ScriptStep {
        let (range, inserted) = mutation
        return mappingOffsets { x in
            if x <= range.lowerBound { return x }
            if x >= range.lowerBound + inserted { return x - inserted + range.count }
            return range.lowerBound
        }
    }
}

/// What one step of a script came to on the reference model: the model's selection before it, and the offset
/// steps it comes to there (`ScriptStep.lowered(selection:in:)`; nil for `undo` and `redo`, which follow the
/// history). `ScriptRunner` records one per applied step.
typealias Lowering = (selection: ScalarSelection, steps: [ScriptStep]?)

extension Shrinker {
    /// The text changes step `i` made, in order: its own for an offset step, those of the offset steps it came to
    /// for an editor command (from `lowerings`, when given), none for the others.
    static func mutations(of script: [ScriptStep], at i: Int, lowerings: [Lowering]?) -> [(range: Range<Int>, insertedScalars: Int)] {
        if let own = script[i].textMutation { return [own] }
        guard script[i].isCommand, let lowerings, i < lowerings.count, let steps = lowerings[i].steps else { return [] }
        return steps.compactMap(\.textMutation)
    }

    /// Scripts with some of the text step `i` inserts cut out, and every later offset moved to match, so the
    /// later steps still land on the same text. Halves first, then single scalars of short texts. A command's
    /// text lands where `lowerings` says it went; without them later offsets are left as they are.
    static func textCuts(of script: [ScriptStep], at i: Int, lowerings: [Lowering]? = nil) -> [[ScriptStep]] {
        let step = script[i]
        var start: Int?
        let count: Int
        switch step {
        case let .insert(at, text): (start, count) = (at, text.unicodeScalars.count)
        case let .replace(f, _, text): (start, count) = (f, text.unicodeScalars.count)
        case let .insertAttributed(at, document): (start, count) = (at, document.counts.scalars)
        case let .type(text): count = text.unicodeScalars.count
        case let .paste(document): count = document.counts.scalars
        default: return []
        }
        if step.isCommand, let last = mutations(of: script, at: i, lowerings: lowerings).last, last.insertedScalars == count {
            // The text went in by the last offset step the command came to.
            start = last.range.lowerBound
        }
        guard count > 1 else { return [] }
        var cuts = [0..<(count / 2), (count / 2)..<count]
        if count > 3 { cuts += [0..<(count / 4), (count - count / 4)..<count, (count / 4)..<(count - count / 4)] }
        if count <= 16 { cuts += (0..<count).map { $0..<($0 + 1) } }
        return cuts.filter { !$0.isEmpty && $0.count < count }.map { cut in
            var candidate = script
            candidate[i] = step.cuttingInsertedScalars(cut)
            if let start {
                for j in (i + 1)..<script.count {
                    // As if the cut scalars had never been inserted.
                    candidate[j] = script[j].undoingMutation(((start + cut.lowerBound)..<(start + cut.lowerBound), cut.count))
                }
            }
            return candidate
        }
    }

    /// `script` without the steps in `removed`, with each later step moved to where it stands had the removed
    /// text steps never happened (the latest removed first). A step removed this way takes its text with it, so
    /// the steps after it still land on the same text; an editor command takes what it came to (`lowerings`).
    static func removing(_ removed: Range<Int>, from script: [ScriptStep], lowerings: [Lowering]? = nil) -> [ScriptStep] {
        var candidate = script
        for i in removed.reversed() {
            for mutation in mutations(of: script, at: i, lowerings: lowerings).reversed() {
                for j in (i + 1)..<candidate.count { candidate[j] = candidate[j].undoingMutation(mutation) }
            }
        }
        candidate.removeSubrange(removed)
        return candidate
    }

    /// `script` with the editor command at `c` replaced by the one offset step it came to (`lowerings`): `type` at a
    /// caret by `insert`, `deleteBackward` by `delete`, `paste` by `insertAttributed`. Nil for another step, or a
    /// command that came to no step or to several.
    static func lowering(_ c: Int, in script: [ScriptStep], lowerings: [Lowering]) -> [ScriptStep]? {
        guard script[c].isCommand, c < lowerings.count, let steps = lowerings[c].steps, steps.count == 1 else { return nil }
        var candidate = script
        candidate[c] = steps[0]
        return candidate
    }

    /// The step at `k - 1` and the one at `k` joined when one is a `type` and the other an `insert` that goes on
    /// where it stopped, as a keyboard would have typed both: the `insert` with the typed text after its own (an
    /// offset step, where the typing landed), or one `type` (when the `insert` was at the caret, or the `type` came
    /// first). Empty when they do not join.
    static func commandJoins(_ k: Int, in script: [ScriptStep], lowerings: [Lowering]) -> [[ScriptStep]] {
        guard k > 0, k < script.count, k < lowerings.count else { return [] }
        func joining(_ step: ScriptStep) -> [ScriptStep] {
            var candidate = script
            candidate.replaceSubrange((k - 1)...k, with: [step])
            return candidate
        }
        func typedAt(_ i: Int) -> Int? {
            guard case .type(let text) = script[i], let steps = lowerings[i].steps, steps.count == 1,
                  case let .insert(at, typed) = steps[0], typed == text else { return nil }
            return at
        }
        switch (script[k - 1], script[k]) {
        case let (.insert(at, a), .type(b)) where typedAt(k) == at + a.unicodeScalars.count:
            let atCaret = lowerings[k - 1].selection == .caret(at)
            return [joining(.insert(at: at, text: a + b))] + (atCaret ? [joining(.type(a + b))] : [])
        case let (.type(a), .insert(next, b)):
            guard let at = typedAt(k - 1), next == at + a.unicodeScalars.count else { return [] }
            return [joining(.type(a + b)), joining(.insert(at: at, text: a + b))]
        default:
            return []
        }
    }

    /// Two neighbouring steps as one when the second works inside the text the first put in: text typed or
    /// pasted into it (or right at its edges) goes into the first step's text, and an attribute set or removed
    /// over part of it goes into a pasted document (`insertAttributed`). A plain `insert` with an attribute change
    /// over its text becomes a paste of styled text. Nil when they do not join.
    static func splicing(_ first: ScriptStep, _ second: ScriptStep) -> ScriptStep? {
        let at: Int
        let piece: RichString
        switch first {
        case let .insert(position, text): (at, piece) = (position, RichString(text))
        case let .insertAttributed(position, document): (at, piece) = (position, document)
        default: return nil
        }
        let count = piece.counts.scalars
        func inside(_ offset: Int) -> Bool { offset >= at && offset <= at + count }
        func result(_ document: RichString) -> ScriptStep {
            if case .insert = first, document.runs.allSatisfy({ $0.attributes.entries.isEmpty }) { return .insert(at: at, text: document.string) }
            return .insertAttributed(at: at, document: document)
        }
        switch second {
        case let .insert(next, text) where inside(next):
            // Typed text takes what the character before it has (after it, at the very start), as a paste.
            let attributes = piece.isEmpty ? AttributeSet([]) : piece.attributes(atScalar: max(0, next - at - 1))
            return result(piece.splicing(RichString(text, attributes: attributes), atScalar: next - at))
        case let .insertAttributed(next, document) where inside(next):
            return result(piece.splicing(document, atScalar: next - at))
        case let .set(from, to, key, value) where inside(from) && inside(to) && from < to:
            return .insertAttributed(at: at, document: piece.setting(key, to: value, inScalars: (from - at)..<(to - at)))
        case let .remove(from, to, key) where inside(from) && inside(to) && from < to:
            return result(piece.setting(key, to: nil, inScalars: (from - at)..<(to - at)))
        default:
            return nil
        }
    }

    /// Two neighbouring steps as one, when the second goes on typing (or pasting plain text) where the first
    /// stopped: `insert` then `insert` right after its text, a `replace` then an `insert` after its text, `type`
    /// then `type`. Nil when they do not join.
    static func joined(_ first: ScriptStep, _ second: ScriptStep) -> ScriptStep? {
        switch (first, second) {
        case let (.insert(at, a), .insert(next, b)) where next == at + a.unicodeScalars.count:
            return .insert(at: at, text: a + b)
        case let (.replace(f, t, a), .insert(next, b)) where next == f + a.unicodeScalars.count:
            return .replace(from: f, to: t, text: a + b)
        case let (.type(a), .type(b)):
            return .type(a + b)
        case let (.delete(f1, t1), .delete(f2, t2)) where t2 == f1:
            // Backspace after backspace: the second delete ends where the first began.
            return .delete(from: f2, to: t1)
        case let (.delete(f1, t1), .delete(f2, t2)) where f2 == f1:
            // Forward delete after forward delete, at the same place.
            return .delete(from: f1, to: t1 + (t2 - f2))
        default:
            return nil
        }
    }

    /// `script` with every run of steps that join (`joined`) made one step.
    static func joiningRuns(_ script: [ScriptStep]) -> [ScriptStep] {
        var result: [ScriptStep] = []
        for step in script {
            if let last = result.last, let both = joined(last, step) {
                result[result.count - 1] = both
            } else {
                result.append(step)
            }
        }
        return result
    }

    /// `script` with the step at `j` (one that changes no text: an attribute change or a selection) moved before
    /// the text step at `j - 1`, its offsets moved back through that step, and then typing runs joined: how an
    /// attribute change in the middle of a typing run gets out of the run's way. Nil when nothing moves.
    static func movingEarlier(_ j: Int, in script: [ScriptStep]) -> [ScriptStep]? {
        guard j > 0, !script[j].changesText, !script[j].isCommand, let mutation = script[j - 1].textMutation else { return nil }
        var candidate = script
        candidate[j - 1] = script[j].undoingMutation(mutation)
        candidate[j] = script[j - 1]
        return joiningRuns(candidate)
    }
}

extension ScriptStep {
    /// The step with scalars `cut` of its inserted text (or pasted document) removed.
    func cuttingInsertedScalars(_ cut: Range<Int>) -> ScriptStep {
        func cutText(_ text: String) -> String {
            var scalars = Array(text.unicodeScalars)
            scalars.removeSubrange(cut)
            return String(String.UnicodeScalarView(scalars))
        }
        switch self {
        case let .insert(at, text): return .insert(at: at, text: cutText(text))
        case let .replace(f, t, text): return .replace(from: f, to: t, text: cutText(text))
        case let .type(text): return .type(cutText(text))
        case let .insertAttributed(at, document): return .insertAttributed(at: at, document: document.cuttingScalars(cut))
        case let .paste(document): return .paste(document.cuttingScalars(cut))
        default: return self
        }
    }
}

extension RichString {
    /// This document with `piece` put in at scalar `offset`, every run keeping its attributes (no behaviour fires).
    func splicing(_ piece: RichString, atScalar offset: Int) -> RichString {
        let count = counts.scalars
        return RichString(concatenating: [cuttingScalars(offset..<count), piece, cuttingScalars(0..<offset)])
    }

    /// The attributes of the run holding scalar `offset`.
    func attributes(atScalar offset: Int) -> AttributeSet {
        let index = self.index(atOffset: offset, in: .scalars)
        return runs.first { $0.range.contains(index) }?.attributes ?? AttributeSet([])
    }

    /// This document with `name` set to `value` (nil: removed) over scalars `range`, as a script writes a pasted
    /// document's keys (plain; no behaviour fires).
    func setting(_ name: String, to value: AttributeValue?, inScalars range: Range<Int>) -> RichString {
        let lower = index(atOffset: range.lowerBound, in: .scalars).utf8Offset
        let upper = index(atOffset: range.upperBound, in: .scalars).utf8Offset
        var table = RunTable(self)
        table.modify(lower..<upper) { $0.setting(name, to: value, behavior: .plain) }
        return table.document
    }

    /// This document without its scalars `cut`, the other runs keeping their attributes (no behaviour fires).
    func cuttingScalars(_ cut: Range<Int>) -> RichString {
        let lower = index(atOffset: cut.lowerBound, in: .scalars).utf8Offset
        let upper = index(atOffset: cut.upperBound, in: .scalars).utf8Offset
        var table = RunTable(self)
        var kept: [(range: Range<Int>, attributes: AttributeSet)] = []
        for run in table.runs {
            let before = min(run.range.upperBound, lower), after = max(run.range.lowerBound, upper)
            if run.range.lowerBound < before { kept.append((run.range.lowerBound..<before, run.attributes)) }
            if after < run.range.upperBound { kept.append((after..<run.range.upperBound, run.attributes)) }
        }
        var bytes = Array(string.utf8)
        bytes.removeSubrange(lower..<upper)
        table.text = String(decoding: bytes, as: UTF8.self)
        var position = 0
        table.runs = kept.map { run in
            defer { position += run.range.count }
            return (position..<(position + run.range.count), run.attributes)
        }
        return table.document
    }
}
