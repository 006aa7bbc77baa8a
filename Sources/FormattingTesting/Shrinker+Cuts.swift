import RichText

extension ScriptStep {
    /// The step with its offsets moved as if the document's scalars `removed` had never been there: offsets
    /// after the range shift back, offsets inside it move to its start.
    func shifted(removing removed: Range<Int>) -> ScriptStep {
        func m(_ x: Int) -> Int { x <= removed.lowerBound ? x : (x >= removed.upperBound ? x - removed.count : removed.lowerBound) }
        switch self {
        case let .insert(at, text): return .insert(at: m(at), text: text)
        case let .delete(f, t): return .delete(from: m(f), to: m(t))
        case let .replace(f, t, text): return .replace(from: m(f), to: m(t), text: text)
        case let .insertAttributed(at, document): return .insertAttributed(at: m(at), document: document)
        case let .set(f, t, key, value): return .set(from: m(f), to: m(t), key: key, value: value)
        case let .remove(f, t, key): return .remove(from: m(f), to: m(t), key: key)
        case let .setRanges(ranges, key, value): return .setRanges(ranges: ranges.map { m($0.lowerBound)..<m($0.upperBound) }, key: key, value: value)
        case let .select(f, t): return .select(from: m(f), to: m(t))
        }
    }
}

extension Shrinker {
    /// Scripts with some of the text step `i` inserts cut out, and every later offset moved to match, so the
    /// later steps still land on the same text. Halves first, then single scalars of short texts.
    static func textCuts(of script: [ScriptStep], at i: Int) -> [[ScriptStep]] {
        let step = script[i]
        let start: Int
        let count: Int
        switch step {
        case let .insert(at, text): (start, count) = (at, text.unicodeScalars.count)
        case let .replace(f, _, text): (start, count) = (f, text.unicodeScalars.count)
        case let .insertAttributed(at, document): (start, count) = (at, document.counts.scalars)
        default: return []
        }
        guard count > 1 else { return [] }
        var cuts = [0..<(count / 2), (count / 2)..<count]
        if count > 3 { cuts += [0..<(count / 4), (count - count / 4)..<count, (count / 4)..<(count - count / 4)] }
        if count <= 16 { cuts += (0..<count).map { $0..<($0 + 1) } }
        return cuts.filter { !$0.isEmpty && $0.count < count }.map { cut in
            var candidate = script
            candidate[i] = step.cuttingInsertedScalars(cut)
            for j in (i + 1)..<script.count {
                candidate[j] = script[j].shifted(removing: (start + cut.lowerBound)..<(start + cut.upperBound))
            }
            return candidate
        }
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
        case let .insertAttributed(at, document):
            let lower = document.index(atOffset: cut.lowerBound, in: .scalars).utf8Offset
            let upper = document.index(atOffset: cut.upperBound, in: .scalars).utf8Offset
            var table = RunTable(document)
            var kept: [(range: Range<Int>, attributes: AttributeSet)] = []
            for run in table.runs {
                let before = min(run.range.upperBound, lower), after = max(run.range.lowerBound, upper)
                if run.range.lowerBound < before { kept.append((run.range.lowerBound..<before, run.attributes)) }
                if after < run.range.upperBound { kept.append((after..<run.range.upperBound, run.attributes)) }
            }
            var bytes = Array(document.string.utf8)
            bytes.removeSubrange(lower..<upper)
            table.text = String(decoding: bytes, as: UTF8.self)
            var position = 0
            table.runs = kept.map { run in
                defer { position += run.range.count }
                return (position..<(position + run.range.count), run.attributes)
            }
            return .insertAttributed(at: at, document: table.document)
        default: return self
        }
    }
}
