import RichText

/// How big a script is, and the simpler versions of one step: what the shrinker tries after cutting steps out.
extension Shrinker {
    /// A script's size, so that of two failing scripts with as many steps the simpler one is kept: every step
    /// counts, and so does every scalar it types (an ASCII letter least, a character outside ASCII most), every
    /// scalar its ranges cover, every run and key of a pasted document, and every value by its size.
    static func size(_ script: [ScriptStep]) -> Int {
        script.reduce(0) { $0 + stepSize($1) }
    }

    static func stepSize(_ step: ScriptStep) -> Int {
        switch step {
        case let .insert(_, text): return 1 + textSize(text)
        case let .replace(f, t, text): return 2 + (t - f) + textSize(text)
        case let .delete(f, t), let .select(f, t): return 1 + (t - f)
        case let .set(f, t, _, value): return 1 + (t - f) + valueSize(value)
        case let .remove(f, t, _): return 1 + (t - f)
        case let .setRanges(ranges, _, value):
            let covered = 2 + ranges.reduce(0) { $0 + $1.count + 1 }
            guard let value else { return covered }
            return covered + valueSize(value)
        case let .selectRanges(ranges): return 2 + ranges.reduce(0) { $0 + $1.count + 1 }
        case let .insertAttributed(_, document): return 3 + documentSize(document)
        // A command weighs more than the offset step it comes to, which needs no selection before it.
        case let .type(text): return 2 + textSize(text)
        case let .paste(document): return 4 + documentSize(document)
        case .deleteBackward: return 3
        case .undo, .redo: return 1
        }
    }

    /// Each scalar of `text` by how plain it is: a lowercase ASCII letter 1, other ASCII 2, anything else 3.
    static func textSize(_ text: String) -> Int {
        text.unicodeScalars.reduce(0) { total, scalar in
            total + (("a"..."z").contains(scalar) ? 1 : (scalar.isASCII ? 2 : 3))
        }
    }

    /// A pasted document's size: its text, and each run with each of its keys and values.
    static func documentSize(_ document: RichString) -> Int {
        var total = textSize(document.string)
        for run in document.runs {
            total += 1
            for entry in run.attributes.entries { total += 2 + valueSize(entry.value) }
        }
        return total
    }

    /// A value's size: digits for numbers (a fraction costs more), characters for strings, items for lists.
    static func valueSize(_ value: AttributeValue) -> Int {
        func digits(_ x: Double) -> Int {
            let magnitude = abs(x.rounded(.towardZero))
            return (magnitude < 1 ? 0 : Int(magnitude < 1e18 ? String(Int(magnitude)).count : 19)) + (x < 0 ? 1 : 0)
        }
        switch value {
        case .integer(let n): return 1 + digits(Double(n))
        case .number(let x): return 1 + (x.isFinite ? digits(x) + (x.rounded(.towardZero) == x ? 0 : 2) : 3)
        case .string(let s): return 1 + textSize(s)
        case .bool, .color, .url, .data, .imageGlyph: return 2
        case .list(let items): return 1 + items.reduce(0) { $0 + valueSize($1) }
        case .record(let fields): return 1 + fields.values.reduce(0) { $0 + 1 + valueSize($1) }
        }
    }

    /// Simpler versions of one step, most aggressive first.
    static func simplifications(of step: ScriptStep) -> [ScriptStep] {
        func ranges(_ f: Int, _ t: Int) -> [(Int, Int)] {
            guard t - f > 1 else { return t > f ? [(f, f)] : [] }
            let mid = (f + t) / 2
            return [(f, f + 1), (t - 1, t), (f, mid), (mid, t), (f + 1, t), (f, t - 1)]
        }
        func fewer(_ list: [Range<Int>]) -> [[Range<Int>]] {
            list.count > 1 ? list.indices.map { i in var l = list; l.remove(at: i); return l } : []
        }
        switch step {
        case let .insert(at, text):
            return simplerTexts(text).map { .insert(at: at, text: $0) } + (at > 0 ? [.insert(at: 0, text: text), .insert(at: at - 1, text: text)] : [])
        case let .replace(f, t, text):
            return [.insert(at: f, text: text), .delete(from: f, to: t)]
                + simplerTexts(text).map { .replace(from: f, to: t, text: $0) }
                + ranges(f, t).map { .replace(from: $0.0, to: $0.1, text: text) }
        case let .delete(f, t):
            return ranges(f, t).filter { $0.0 < $0.1 }.map { .delete(from: $0.0, to: $0.1) }
        case let .select(f, t):
            return ranges(f, t).map { .select(from: $0.0, to: $0.1) } + (f > 0 ? [.select(from: 0, to: t - f)] : [])
        case .selectRanges(let list):
            return (list.count == 1 ? [.select(from: list[0].lowerBound, to: list[0].upperBound)] : []) + fewer(list).map { .selectRanges($0) }
        case let .set(f, t, key, value):
            return ranges(f, t).map { .set(from: $0.0, to: $0.1, key: key, value: value) }
                + simplerValues(value).map { .set(from: f, to: t, key: key, value: $0) }
        case let .remove(f, t, key):
            return ranges(f, t).map { .remove(from: $0.0, to: $0.1, key: key) }
        case let .setRanges(list, key, value):
            var result: [ScriptStep] = []
            if list.count == 1, let only = list.first {
                result.append(value.map { .set(from: only.lowerBound, to: only.upperBound, key: key, value: $0) }
                              ?? .remove(from: only.lowerBound, to: only.upperBound, key: key))
            }
            result += fewer(list).map { .setRanges(ranges: $0, key: key, value: value) }
            if let value { result += simplerValues(value).map { .setRanges(ranges: list, key: key, value: $0) } }
            return result
        case let .insertAttributed(at, document):
            return simplerDocuments(document).map { .insertAttributed(at: at, document: $0) } + [.insert(at: at, text: document.string)]
                + (at > 0 ? [.insertAttributed(at: 0, document: document)] : [])
        case let .type(text):
            return simplerTexts(text).map { .type($0) }
        case let .paste(document):
            return simplerDocuments(document).map { .paste($0) } + [.type(document.string)]
        case .deleteBackward, .undo, .redo:
            return []
        }
    }

    /// Shorter and plainer texts: halves, one scalar fewer (short texts), and each scalar that is not a lowercase
    /// ASCII letter made `a` (日 → a; a paragraph separator stays, since it is what many bugs are about).
    static func simplerTexts(_ text: String) -> [String] {
        let scalars = Array(text.unicodeScalars)
        var result: [String] = []
        func add(_ candidate: [Unicode.Scalar]) {
            let string = String(String.UnicodeScalarView(candidate))
            if string != text, !result.contains(string) { result.append(string) }
        }
        if scalars.count > 1 {
            add(Array(scalars.prefix(scalars.count / 2)))
            add(Array(scalars.suffix(scalars.count - scalars.count / 2)))
            if scalars.count <= 8 {
                for i in scalars.indices {
                    var fewer = scalars
                    fewer.remove(at: i)
                    add(fewer)
                }
            }
        }
        for i in scalars.indices where !("a"..."z").contains(scalars[i]) && !isSeparator(scalars[i]) {
            var plainer = scalars
            plainer[i] = "a"
            add(plainer)
        }
        return result
    }

    /// Whether `scalar` ends a paragraph (LF, CR, U+2029).
    static func isSeparator(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "\n" || scalar == "\r" || scalar == "\u{2029}"
    }

    /// Simpler values of the same kind: zero, one and fewer digits for numbers (1.5 → 1.0), shorter strings,
    /// fewer items and fields.
    static func simplerValues(_ value: AttributeValue) -> [AttributeValue] {
        var result: [AttributeValue] = []
        func add(_ candidate: AttributeValue) {
            if candidate != value, valueSize(candidate) < valueSize(value), !result.contains(candidate) { result.append(candidate) }
        }
        switch value {
        case .integer(let n):
            [0, 1, n / 2, n < 0 ? -n : n].forEach { add(.integer($0)) }
        case .number(let x):
            if x.isFinite { [x.rounded(.towardZero), 0, 1, (x / 2).rounded(.towardZero), abs(x)].forEach { add(.number($0)) } }
        case .string(let s):
            add(.string(""))
            add(.string("a"))
            simplerTexts(s).forEach { add(.string($0)) }
        case .list(let items):
            for i in items.indices { var fewer = items; fewer.remove(at: i); add(.list(fewer)) }
        case .record(let fields):
            for key in fields.keys.sorted() { var fewer = fields; fewer[key] = nil; add(.record(fewer)) }
        case .bool, .color, .url, .data, .imageGlyph:
            break
        }
        return result
    }

    /// Simpler pasted documents: a prefix or suffix of the text, one key fewer, a key's value simpler, plainer
    /// characters, each with the runs that remain keeping their attributes (no behaviour fires).
    static func simplerDocuments(_ document: RichString) -> [RichString] {
        var result: [RichString] = []
        let scalars = document.counts.scalars
        if scalars > 1 {
            for cut in [scalars / 2, scalars - 1, 1] { result.append(document.cuttingScalars(cut..<scalars)) }
            result.append(document.cuttingScalars(0..<(scalars / 2)))
        }
        var names: [String] = []
        var values: [(name: String, value: AttributeValue)] = []
        for run in document.runs {
            for entry in run.attributes.entries {
                if !names.contains(entry.name) { names.append(entry.name) }
                if !values.contains(where: { $0.name == entry.name && $0.value == entry.value }) { values.append((entry.name, entry.value)) }
            }
        }
        for name in names.sorted() {
            var table = RunTable(document)
            table.modify(0..<document.counts.utf8) { $0.removing(name) }
            result.append(table.document)
        }
        for (name, value) in values {
            for simpler in simplerValues(value) {
                var table = RunTable(document)
                table.modify(0..<document.counts.utf8) { set in
                    guard let old = set.entry(named: name), old.value == value else { return set }
                    return set.setting(name, to: simpler, behavior: old.behavior)
                }
                result.append(table.document)
            }
        }
        if let plainer = plainerCharacters(document) { result.append(plainer) }
        return result
    }

    /// `document` with every scalar that is not a lowercase ASCII letter or a paragraph separator made `a`,
    /// run by run; nil when there is none.
    static func plainerCharacters(_ document: RichString) -> RichString? {
        var changed = false
        var text = ""
        var runs: [(range: Range<Int>, attributes: AttributeSet)] = []
        let bytes = Array(document.string.utf8)
        for run in document.runs {
            let piece = String(decoding: bytes[run.range.lowerBound.utf8Offset..<run.range.upperBound.utf8Offset], as: UTF8.self)
            var plain = String.UnicodeScalarView()
            for scalar in piece.unicodeScalars {
                if ("a"..."z").contains(scalar) || isSeparator(scalar) { plain.append(scalar) } else { plain.append("a"); changed = true }
            }
            let start = text.utf8.count
            text += String(plain)
            runs.append((start..<text.utf8.count, run.attributes))
        }
        guard changed else { return nil }
        return RunTable(text: text, runs: runs).unenforcedDocument
    }
}
