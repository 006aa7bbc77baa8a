import Foundation
import RichText
import StreamingJSON

/// Attribute values and pasted documents as edit scripts write them: every value keeps its kind, so a printed
/// script reads back exactly as it ran.
///
/// Strings, integers, bools and lists are plain JSON. Numbers always carry a fraction or exponent (`1.0`, never
/// `1`), so they never read back as integers. The other kinds are one-member objects tagged with `$`:
/// `{"$color":"#00ff00ff"}` (or `{"$color":[r,g,b,a]}` when hex would round), `{"$url":"https://…"}`,
/// `{"$data":"<base64>"}`, `{"$glyph":{"contentIdentifier":…,"contentDescription":…,"contentType":…}}`,
/// `{"$record":{…}}`, and `{"$number":"nan"|"inf"|"-inf"}`. An untagged object reads as a record, so
/// hand-written values keep working. Nothing is checked against a definition here: a wrong-typed value reads
/// back as the same wrong-typed value, and validating it is the definition's job when the script runs.
public enum ScriptValueJSON {
    /// `value` as the JSON text a script line holds.
    public static func text(for value: AttributeValue) -> String {
        switch value {
        case .string(let s): return quoted(s)
        case .integer(let i): return String(i)
        case .number(let d): return numberText(d)
        case .bool(let b): return b ? "true" : "false"
        case .color(let c):
            if RichColor(hex: c.hex) == c { return "{\"$color\":\(quoted(hex8(c)))}" }
            return "{\"$color\":[\([c.red, c.green, c.blue, c.alpha].map(numberText).joined(separator: ","))]}"
        case .url(let u): return "{\"$url\":\(quoted(u.absoluteString))}"
        case .data(let d): return "{\"$data\":\(quoted(d.base64EncodedString()))}"
        case .imageGlyph(let g):
            return "{\"$glyph\":{\"contentDescription\":\(quoted(g.contentDescription)),\"contentIdentifier\":\(quoted(g.contentIdentifier)),"
                + "\"contentType\":\(quoted(g.contentType))}}"
        case .list(let items): return "[" + items.map(text(for:)).joined(separator: ",") + "]"
        case .record(let fields):
            let members = fields.keys.sorted().map { "\(quoted($0)):\(text(for: fields[$0]!))" }.joined(separator: ",")
            return "{\"$record\":{\(members)}}"
        }
    }

    /// The value a script's JSON stands for, read the way `text(for:)` writes it; nil for `null` and for a
    /// tag whose payload is malformed.
    public static func value(from json: JSONValue) -> AttributeValue? {
        switch json {
        case .string(let s): return .string(s)
        case .integer(let i): return .integer(i)
        case .number(let d): return .number(d)
        case .bool(let b): return .bool(b)
        case .null: return nil
        case .array(let items): return .list(items.compactMap(value(from:)))
        case .object(let object):
            if let (tag, payload) = kindTag(of: object) { return tagged(tag, payload) }
            var fields: [String: AttributeValue] = [:]
            for (key, member) in object { if let v = value(from: member) { fields[key] = v } }
            return .record(fields)
        }
    }

    /// The tag and its payload when `object` is a kind tag: exactly one member, whose name starts with `$`. Any
    /// other object is a record, whatever its member names.
    static func kindTag(of object: JSONObject) -> (tag: String, payload: JSONValue)? {
        guard object.count == 1, let member = object.first, member.key.hasPrefix("$") else { return nil }
        return (member.key, member.value)
    }

    static func tagged(_ tag: String, _ payload: JSONValue) -> AttributeValue? {
        switch (tag, payload) {
        case ("$color", .string(let hex)): return RichColor(hex: hex).map { .color($0) }
        case ("$color", .array(let parts)) where parts.count == 4:
            let c = parts.compactMap { p -> Double? in if case .number(let d) = p { return d }; if case .integer(let i) = p { return Double(i) }; return nil }
            return c.count == 4 ? .color(RichColor(red: c[0], green: c[1], blue: c[2], alpha: c[3])) : nil
        case ("$url", .string(let s)): return URL(string: s).map { .url($0) }
        case ("$data", .string(let s)): return Data(base64Encoded: s).map { .data($0) }
        case ("$glyph", .object(let o)):
            guard let id = o["contentIdentifier"]?.stringValue, let description = o["contentDescription"]?.stringValue else { return nil }
            return .imageGlyph(ImageGlyphReference(contentIdentifier: id, contentDescription: description,
                                                   contentType: o["contentType"]?.stringValue ?? "public.heic"))
        case ("$record", .object(let o)):
            var fields: [String: AttributeValue] = [:]
            for (key, member) in o { if let v = value(from: member) { fields[key] = v } }
            return .record(fields)
        case ("$number", .string(let s)):
            switch s {
            case "nan": return .number(.nan)
            case "inf": return .number(.infinity)
            case "-inf": return .number(-.infinity)
            default: return nil
            }
        default:
            // An unknown tag is an ordinary record with one field.
            return value(from: payload).map { .record([tag: $0]) }
        }
    }

    /// A pasted document as `["text",{attributes},…]`, every run listed with its typed values (the flat native
    /// JSON layout, whatever the number of runs).
    public static func documentText(for document: RichString) -> String {
        let scalars = Array(document.string.unicodeScalars)
        var parts: [String] = []
        for run in document.runs {
            let from = document.offset(of: run.range.lowerBound, in: .scalars), to = document.offset(of: run.range.upperBound, in: .scalars)
            var text = String.UnicodeScalarView()
            text.append(contentsOf: scalars[from..<to])
            parts.append(quoted(String(text)))
            let members = run.attributes.entries.sorted { $0.name < $1.name }.map { "\(quoted($0.name)):\(self.text(for: $0.value))" }
            parts.append("{" + members.joined(separator: ",") + "}")
        }
        return "[" + parts.joined(separator: ",") + "]"
    }

    /// The document `documentText(for:)` wrote (or a bare string), with its runs exactly as written and every
    /// key plain (`ScriptStep.edit(on:definition:)` stamps the definition's behaviours); nil for any other shape, which a caller
    /// reads as native JSON instead.
    public static func document(from json: JSONValue) -> RichString? {
        if case .string(let s) = json { return RichString(s) }
        guard case .array(let items) = json, items.count % 2 == 0 else { return nil }
        var text = ""
        var runs: [AttributeRun] = []
        var index = 0
        while index < items.count {
            guard case .string(let piece) = items[index], case .object(let attributes) = items[index + 1] else { return nil }
            var entries: [AttributeEntry] = []
            for (key, member) in attributes {
                guard let v = value(from: member) else { continue }
                entries.append(AttributeEntry(name: key, value: v))
            }
            text += piece
            // Runs as written, with no behaviour fired: the step's edit gives keys their definition's behaviours.
            if !piece.isEmpty { runs.append(AttributeRun(utf8Count: piece.utf8.count, attributes: AttributeSet(entries))) }
            index += 2
        }
        return RichString(unenforcedText: text, runs: runs)
    }

    /// Whether `json` holds a kind tag (`{"$color":…}` and the like, as `value(from:)` reads one) anywhere, which
    /// only the harness writes: `fmtcheck replay` then reads it exactly, and gives an untagged value its declared
    /// kind.
    public static func hasTag(_ json: JSONValue) -> Bool {
        switch json {
        case .array(let items): return items.contains(where: hasTag)
        case .object(let object): return kindTag(of: object) != nil || object.contains { hasTag($0.value) }
        default: return false
        }
    }

    /// Ranges as scripts and the editor protocol write them: `[[from,to],…]`.
    public static func rangesText(_ ranges: [Range<Int>]) -> String {
        "[" + ranges.map { "[\($0.lowerBound),\($0.upperBound)]" }.joined(separator: ",") + "]"
    }

    /// `rangesText(_:)` read back; nil unless every item is a `[from, to]` pair with 0 ≤ from ≤ to.
    public static func ranges(from json: JSONValue) -> [Range<Int>]? {
        guard let list = json.arrayValue else { return nil }
        var ranges: [Range<Int>] = []
        for item in list {
            guard let range = range(from: item) else { return nil }
            ranges.append(range)
        }
        return ranges
    }

    /// One item of `rangesText(_:)` read back: a `[from, to]` pair of whole numbers with 0 ≤ from ≤ to, else nil.
    static func range(from item: JSONValue) -> Range<Int>? {
        guard let pair = item.arrayValue, pair.count == 2, let from = pair[0].intValue, let to = pair[1].intValue, 0 <= from, from <= to
        else { return nil }
        return from..<to
    }

    /// A JSON string literal with invisible characters escaped (see `ScriptText.escapingInvisibles`).
    public static func quoted(_ s: String) -> String {
        ScriptText.escapingInvisibles((try? JSONWriter.string(.string(s), options: JSONWriter.Options(escapeSlashes: false))) ?? "\"\"")
    }

    /// A finite number with a fraction or exponent, so it reads back as a number; non-finite ones tagged.
    static func numberText(_ d: Double) -> String {
        if d.isNaN { return "{\"$number\":\"nan\"}" }
        if d.isInfinite { return d > 0 ? "{\"$number\":\"inf\"}" : "{\"$number\":\"-inf\"}" }
        return d.description
    }

    /// `#rrggbbaa`, always with alpha, so the reader never has to guess.
    static func hex8(_ c: RichColor) -> String {
        c.alpha >= 1 ? c.hex + "ff" : c.hex
    }
}
