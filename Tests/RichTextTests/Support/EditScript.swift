@testable import RichText

/// One edit of a property-test script. Offsets count Unicode scalars, as in DESIGN §7's edit scripts; they are
/// clamped to the text when applied, so a shrunk script stays applicable.
enum ScriptEdit: CustomStringConvertible {
    case insert(at: Int, text: String)
    case delete(from: Int, to: Int)
    case replace(from: Int, to: Int, text: String)
    case insertAttributed(at: Int, pieces: [(String, [String: AttributeValue])])
    case set(from: Int, to: Int, key: String, value: AttributeValue)
    case remove(from: Int, to: Int, key: String)
    case setRanges(ranges: [(Int, Int)], key: String, value: AttributeValue)

    /// The edit as one line of DESIGN §7's edit-script format.
    var description: String {
        func json(_ s: String) -> String {
            var out = "\""
            for scalar in s.unicodeScalars {
                switch scalar {
                case "\"": out += "\\\""
                case "\\": out += "\\\\"
                case "\n": out += "\\n"
                case "\r": out += "\\r"
                case "\t": out += "\\t"
                default:
                    if scalar.value < 0x20 { out += String(format: "\\u%04x", scalar.value) } else { out.unicodeScalars.append(scalar) }
                }
            }
            return out + "\""
        }
        func value(_ v: AttributeValue) -> String {
            switch v {
            case .integer(let i): return String(i)
            case .string(let s): return json(s)
            case .bool(let b): return String(b)
            default: return json(v.description)
            }
        }
        func attrs(_ d: [String: AttributeValue]) -> String {
            "{" + d.sorted { $0.key < $1.key }.map { "\(json($0.key)):\(value($0.value))" }.joined(separator: ",") + "}"
        }
        switch self {
        case let .insert(at, text): return #"{"op":"insert","at":\#(at),"text":\#(json(text))}"#
        case let .delete(from, to): return #"{"op":"delete","from":\#(from),"to":\#(to)}"#
        case let .replace(from, to, text): return #"{"op":"replace","from":\#(from),"to":\#(to),"text":\#(json(text))}"#
        case let .insertAttributed(at, pieces):
            let doc = pieces.map { "\(json($0.0)),\(attrs($0.1))" }.joined(separator: ",")
            return #"{"op":"insertAttributed","at":\#(at),"document":[\#(doc)]}"#
        case let .set(from, to, key, v): return #"{"op":"set","from":\#(from),"to":\#(to),"key":\#(json(key)),"value":\#(value(v))}"#
        case let .remove(from, to, key): return #"{"op":"remove","from":\#(from),"to":\#(to),"key":\#(json(key))}"#
        case let .setRanges(ranges, key, v):
            let list = ranges.map { "[\($0.0),\($0.1)]" }.joined(separator: ",")
            return #"{"op":"setRanges","ranges":[\#(list)],"key":\#(json(key)),"value":\#(value(v))}"#
        }
    }
}

import Foundation

/// Keys used by the property tests, with their behaviours.
struct ScriptKeys {
    var descriptors: [String: AttributeKeyDescriptor]

    static let plain = ScriptKeys(descriptors: [
        "p1": AttributeKeyDescriptor(name: "p1"),
        "p2": AttributeKeyDescriptor(name: "p2"),
        "p3": AttributeKeyDescriptor(name: "p3"),
    ])

    var behaviors: [String: AttributeBehavior] { descriptors.mapValues(\.behavior) }
    var names: [String] { descriptors.keys.sorted() }
}

/// Generates edits weighted like real editing, against the current length of the text.
struct ScriptGenerator {
    var keys: ScriptKeys

    func randomValue(_ rng: inout SeededRandom) -> AttributeValue {
        rng.chance(0.5) ? .integer(rng.int(1...3)) : .string(rng.pick(["a", "b"]))
    }

    func randomRange(_ rng: inout SeededRandom, length: Int, maxWidth: Int = 12) -> (Int, Int) {
        let from = rng.int(0...length)
        let to = min(length, from + rng.int(0...maxWidth))
        return (from, to)
    }

    func next(_ rng: inout SeededRandom, length: Int) -> ScriptEdit {
        let key = rng.pick(keys.names)
        switch rng.int(0...99) {
        case 0..<30: return .insert(at: rng.int(0...length), text: MixedText.random(&rng))
        case 30..<50:
            let (from, to) = randomRange(&rng, length: length, maxWidth: 6)
            return .delete(from: from, to: to)
        case 50..<58:
            let (from, to) = randomRange(&rng, length: length)
            return .replace(from: from, to: to, text: MixedText.random(&rng, maxPieces: 2))
        case 58..<68:
            var pieces: [(String, [String: AttributeValue])] = []
            for _ in 0..<rng.int(1...3) {
                var attrs: [String: AttributeValue] = [:]
                if rng.chance(0.7) { attrs[rng.pick(keys.names)] = randomValue(&rng) }
                pieces.append((MixedText.random(&rng, maxPieces: 2), attrs))
            }
            return .insertAttributed(at: rng.int(0...length), pieces: pieces)
        case 68..<84:
            let (from, to) = randomRange(&rng, length: length, maxWidth: 20)
            return .set(from: from, to: to, key: key, value: randomValue(&rng))
        case 84..<92:
            let (from, to) = randomRange(&rng, length: length, maxWidth: 20)
            return .remove(from: from, to: to, key: key)
        default:
            var ranges: [(Int, Int)] = []
            var position = 0
            for _ in 0..<rng.int(1...3) {
                guard position < length else { break }
                let from = rng.int(position...length)
                let to = min(length, from + rng.int(1...6))
                ranges.append((from, to))
                position = to + 1
            }
            return .setRanges(ranges: ranges, key: key, value: randomValue(&rng))
        }
    }
}

extension ScriptEdit {
    /// Applies the edit to the string, clamping offsets to its scalar length.
    func apply(to text: inout RichString, keys: ScriptKeys) {
        let length = text.counts.scalars
        func clamp(_ n: Int) -> Int { min(max(n, 0), length) }
        func range(_ a: Int, _ b: Int) -> Range<RichString.Index> {
            let lo = clamp(min(a, b)), hi = clamp(max(a, b))
            return text.range(lo, hi, in: .scalars)
        }
        switch self {
        case let .insert(at, s): text.insert(s, at: text.index(atOffset: clamp(at), in: .scalars))
        case let .delete(from, to): text.removeSubrange(range(from, to))
        case let .replace(from, to, s): text.replaceSubrange(range(from, to), with: s)
        case let .insertAttributed(at, pieces):
            let doc = RichString(concatenating: pieces.map { piece in
                RichString(piece.0, attributes: AttributeSet(piece.1.map {
                    AttributeEntry(name: $0.key, value: $0.value, behavior: keys.descriptors[$0.key]?.behavior ?? .plain)
                }))
            })
            text.insert(doc, at: text.index(atOffset: clamp(at), in: .scalars))
        case let .set(from, to, key, value): text.setAttribute(keys.descriptors[key]!, to: value, in: range(from, to))
        case let .remove(from, to, key): text.removeAttribute(named: key, in: range(from, to))
        case let .setRanges(ranges, key, value):
            let set = RangeSet(ranges.map { range($0.0, $0.1) })
            text.setAttribute(keys.descriptors[key]!, to: value, in: set)
        }
    }

    /// Applies the edit to the reference model, with the same clamping.
    func apply(to model: inout ReferenceModel, keys: ScriptKeys) {
        let length = model.scalars.count
        func clamp(_ n: Int) -> Int { min(max(n, 0), length) }
        func range(_ a: Int, _ b: Int) -> Range<Int> { clamp(min(a, b))..<clamp(max(a, b)) }
        switch self {
        case let .insert(at, s): model.replacePlain(clamp(at)..<clamp(at), with: s, behaviors: keys.behaviors)
        case let .delete(from, to): model.replaceAttributed(range(from, to), with: [])
        case let .replace(from, to, s): model.replacePlain(range(from, to), with: s, behaviors: keys.behaviors)
        case let .insertAttributed(at, pieces): model.replaceAttributed(clamp(at)..<clamp(at), with: pieces)
        case let .set(from, to, key, value): model.set(key, value, in: range(from, to))
        case let .remove(from, to, key): model.set(key, nil, in: range(from, to))
        case let .setRanges(ranges, key, value):
            for r in ranges { model.set(key, value, in: range(r.0, r.1)) }
        }
    }
}
