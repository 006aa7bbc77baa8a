import FormattingTesting
@testable import RichText

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

/// Generates edits weighted like real editing, against the current length of the text, as steps of DESIGN §7's
/// edit scripts (FormattingTesting's `ScriptStep`, which prints them as the lines that replay them).
struct ScriptGenerator {
    var keys: ScriptKeys

    func randomValue(_ rng: inout SeededGenerator) -> AttributeValue {
        rng.chance(0.5) ? .integer(rng.int(1...3)) : .string(rng.pick(["a", "b"]))
    }

    func randomRange(_ rng: inout SeededGenerator, length: Int, maxWidth: Int = 12) -> (Int, Int) {
        let from = rng.int(0...length)
        let to = min(length, from + rng.int(0...maxWidth))
        return (from, to)
    }

    func next(_ rng: inout SeededGenerator, length: Int) -> ScriptStep {
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
            var pieces: [RichString] = []
            for _ in 0..<rng.int(1...3) {
                var attrs: [String: AttributeValue] = [:]
                if rng.chance(0.7) { attrs[rng.pick(keys.names)] = randomValue(&rng) }
                pieces.append(RichString(MixedText.random(&rng, maxPieces: 2), attributes: AttributeSet(attrs.map { AttributeEntry(name: $0.key, value: $0.value) })))
            }
            return .insertAttributed(at: rng.int(0...length), document: RichString(concatenating: pieces))
        case 68..<84:
            let (from, to) = randomRange(&rng, length: length, maxWidth: 20)
            return .set(from: from, to: to, key: key, value: randomValue(&rng))
        case 84..<92:
            let (from, to) = randomRange(&rng, length: length, maxWidth: 20)
            return .remove(from: from, to: to, key: key)
        default:
            var ranges: [Range<Int>] = []
            var position = 0
            for _ in 0..<rng.int(1...3) {
                guard position < length else { break }
                let from = rng.int(position...length)
                let to = min(length, from + rng.int(1...6))
                ranges.append(from..<to)
                position = to + 1
            }
            return .setRanges(ranges: ranges, key: key, value: randomValue(&rng))
        }
    }
}

extension ScriptStep {
    /// A pasted document's runs as (text, attributes by key) pieces, what the models take.
    static func pieces(of document: RichString) -> [(String, [String: AttributeValue])] {
        document.runs.map { run in
            (String(document[run.range].string), Dictionary(uniqueKeysWithValues: run.attributes.entries.map { ($0.name, $0.value) }))
        }
    }

    /// Applies an offset step to a bare string, with offsets clamped to its scalar length (`clamped(toScalarCount:)`)
    /// and keys given `keys`' behaviours; selections and editor commands are no edits of a bare string.
    func apply(to text: inout RichString, keys: ScriptKeys) {
        func range(_ from: Int, _ to: Int) -> Range<RichString.Index> { text.range(from, to, in: .scalars) }
        switch clamped(toScalarCount: text.counts.scalars) {
        case let .insert(at, s): text.insert(s, at: text.index(atOffset: at, in: .scalars))
        case let .delete(from, to): text.removeSubrange(range(from, to))
        case let .replace(from, to, s): text.replaceSubrange(range(from, to), with: s)
        case let .insertAttributed(at, document):
            let doc = RichString(concatenating: ScriptStep.pieces(of: document).map { piece in
                RichString(piece.0, attributes: AttributeSet(piece.1.map {
                    AttributeEntry(name: $0.key, value: $0.value, behavior: keys.descriptors[$0.key]?.behavior ?? .plain)
                }))
            })
            text.insert(doc, at: text.index(atOffset: at, in: .scalars))
        case let .set(from, to, key, value): text.setAttribute(keys.descriptors[key]!, to: value, in: range(from, to))
        case let .remove(from, to, key): text.removeAttribute(named: key, in: range(from, to))
        case let .setRanges(ranges, key, value):
            text.setAttribute(keys.descriptors[key]!, to: value, in: RangeSet(ranges.map { range($0.lowerBound, $0.upperBound) }))
        case .select, .selectRanges, .type, .deleteBackward, .paste, .undo, .redo: break
        }
    }

    /// Applies the step to the reference model, with the same clamping.
    func apply(to model: inout ReferenceModel, keys: ScriptKeys) {
        switch clamped(toScalarCount: model.scalars.count) {
        case let .insert(at, s): model.replacePlain(at..<at, with: s, behaviors: keys.behaviors)
        case let .delete(from, to): model.replaceAttributed(from..<to, with: [])
        case let .replace(from, to, s): model.replacePlain(from..<to, with: s, behaviors: keys.behaviors)
        case let .insertAttributed(at, document): model.replaceAttributed(at..<at, with: ScriptStep.pieces(of: document))
        case let .set(from, to, key, value): model.set(key, value, in: from..<to)
        case let .remove(from, to, key): model.set(key, nil, in: from..<to)
        case let .setRanges(ranges, key, value):
            for r in ranges { model.set(key, value, in: r) }
        case .select, .selectRanges, .type, .deleteBackward, .paste, .undo, .redo: break
        }
    }
}

extension ScriptStep {
    /// A pasted or start document from (text, attributes by key) pieces, every key plain (a step's keys take
    /// their behaviours when it is applied). Neighbouring pieces with the same attributes become one run.
    static func document(_ pieces: [(String, [String: AttributeValue])]) -> RichString {
        RichString(concatenating: pieces.map { piece in
            RichString(piece.0, attributes: AttributeSet(piece.1.map { AttributeEntry(name: $0.key, value: $0.value) }))
        })
    }
}

extension ScriptGenerator {
    /// A script of `steps` steps from `seed`, each drawn against the length the ones before it leave (applied to
    /// a bare string with `keys`); `adjust` may change a step, drawing from the same generator.
    func script(seed: UInt64, steps: Int, adjust: (ScriptStep, inout SeededGenerator) -> ScriptStep = { step, _ in step }) -> [ScriptStep] {
        var rng = SeededGenerator(seed: seed)
        var text = RichString()
        var script: [ScriptStep] = []
        for _ in 0..<steps {
            let step = adjust(next(&rng, length: text.counts.scalars), &rng)
            script.append(step)
            step.apply(to: &text, keys: keys)
        }
        return script
    }
}

/// `script` with steps dropped one at a time, first to last and again, while `fails` holds for what is left.
func droppingSteps(_ script: [ScriptStep], while fails: ([ScriptStep]) -> Bool) -> [ScriptStep] {
    droppingElements(of: script, whileFailing: fails)
}
