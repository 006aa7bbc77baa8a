import RichText

extension EditScript.Step {
    /// The operation with its offsets as Unicode scalars of `document`, the document it applies to, each one
    /// checked first: an offset past the end, a reversed range, a UTF-16 offset inside a surrogate pair or a
    /// UTF-8 offset inside a scalar is an error naming the line, never a trap. A script built in code (as
    /// `TraceConversion` builds one) is checked as one read from JSON Lines is.
    public func scalarOperation(in document: RichString) throws(EditScriptError) -> ScriptStep {
        func range(_ from: Int, _ to: Int) throws(EditScriptError) -> (Int, Int) {
            guard from <= to else { throw EditScriptError(line: line, message: "the range \(from)..<\(to) ends before it starts") }
            return (try scalars(from, in: document), try scalars(to, in: document))
        }
        func ranges(_ list: [Range<Int>]) throws(EditScriptError) -> [Range<Int>] {
            var result: [Range<Int>] = []
            for r in list {
                let (from, to) = try range(r.lowerBound, r.upperBound)
                result.append(from..<to)
            }
            return result
        }
        switch operation {
        case let .insert(at, text): return .insert(at: try scalars(at, in: document), text: text)
        case let .delete(from, to): let (f, t) = try range(from, to); return .delete(from: f, to: t)
        case let .replace(from, to, text): let (f, t) = try range(from, to); return .replace(from: f, to: t, text: text)
        case let .insertAttributed(at, piece): return .insertAttributed(at: try scalars(at, in: document), document: piece)
        case let .set(from, to, key, value): let (f, t) = try range(from, to); return .set(from: f, to: t, key: key, value: value)
        case let .remove(from, to, key): let (f, t) = try range(from, to); return .remove(from: f, to: t, key: key)
        case let .setRanges(list, key, value): return .setRanges(ranges: try ranges(list), key: key, value: value)
        case let .select(from, to): let (f, t) = try range(from, to); return .select(from: f, to: t)
        case .selectRanges(let list): return .selectRanges(try ranges(list))
        case .type, .deleteBackward, .paste, .undo, .redo: return operation
        }
    }

    /// `offset` (in `unit`) as a scalar offset of `document`, checked.
    func scalars(_ offset: Int, in document: RichString) throws(EditScriptError) -> Int {
        func fail(_ message: String) -> EditScriptError { EditScriptError(line: line, message: message) }
        let count = document.counts[unit]
        guard offset >= 0 && offset <= count else {
            throw fail("offset \(offset) is out of range: the document has \(count) \(EditScript.unitName(unit))")
        }
        if unit == .scalars { return offset }
        let index = document.index(atOffset: offset, in: unit)
        if index.isTrailingSurrogate { throw fail("UTF-16 offset \(offset) falls inside a surrogate pair") }
        let scalar = document.offset(of: index, in: .scalars)
        // An offset inside a scalar's bytes would cut it.
        if unit == .utf8 && document.index(atOffset: scalar, in: .scalars).utf8Offset != offset {
            throw fail("UTF-8 offset \(offset) falls inside a scalar's bytes")
        }
        return scalar
    }
}

extension EditScript {
    /// The unit in messages: "Unicode scalars", "UTF-16 code units", …
    static func unitName(_ unit: TextUnit) -> String {
        switch unit {
        case .scalars: return "Unicode scalars"
        case .utf16: return "UTF-16 code units"
        case .utf8: return "UTF-8 bytes"
        case .characters: return "characters"
        }
    }

    /// The unit as a line's `"unit"` member writes it; nil for scalars, which a line leaves unsaid.
    static func unitMember(_ unit: TextUnit) -> String? {
        unit == .scalars ? nil : unit.rawValue
    }
}
