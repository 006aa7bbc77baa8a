import Formatting
import RichText

/// Reads fuzzer bytes as a definition seed and an edit script, so libFuzzer's mutations become edits: the
/// first 8 bytes seed `DefinitionGenerator` (and value choices), then each step takes an opcode byte and a
/// few operand bytes. Offsets are taken modulo the document's length as it will stand, so every decoded
/// script is valid; a crash input decodes the same way in a regression test.
public struct ByteScript: Sendable {
    /// The definition seed.
    public var seed: UInt64
    /// The steps, in scalar offsets.
    public var steps: [ScriptStep]

    static let texts = ["a", "b ", "\n", "\r\n", "\r", "\u{2029}", "•", "\u{FFFC}", "e\u{301}", "\u{301}", "👍🏽", "xyz", "", "日本"]

    /// Decodes `bytes`. The definition comes from the seed; the steps are decoded against a model of the
    /// document's scalar length (each step's effect on it is known), so they need no engine to decode.
    public init(_ bytes: [UInt8]) {
        var cursor = 0
        func next() -> Int {
            defer { cursor += 1 }
            return cursor < bytes.count ? Int(bytes[cursor]) : 0
        }
        var seed: UInt64 = 0
        for _ in 0..<8 { seed = seed << 8 | UInt64(next()) }
        self.seed = seed
        var rng = SeededGenerator(seed: seed)
        let definition = DefinitionGenerator.randomDefinition(using: &rng)
        let keys = definition.scope.map(\.name) + ["stray"]
        let values = DefinitionGenerator.values + [.integer(5), .integer(-1), .number(1.5)]
        var length = 0
        var steps: [ScriptStep] = []
        func offset() -> Int { next() % (length + 1) }
        func range() -> (Int, Int) { let a = offset(); return (a, min(length, a + next() % 8)) }
        while cursor < bytes.count && steps.count < 200 {
            let op = next() % 9
            let step: ScriptStep
            switch op {
            case 0, 1: step = .insert(at: offset(), text: ByteScript.texts[next() % ByteScript.texts.count])
            case 2: let (f, t) = range(); step = .delete(from: f, to: t)
            case 3: let (f, t) = range(); step = .replace(from: f, to: t, text: ByteScript.texts[next() % ByteScript.texts.count])
            case 4:
                let at = offset()
                let text = ByteScript.texts[next() % ByteScript.texts.count] + "p"
                let key = keys[next() % keys.count]
                let entry = AttributeEntry(name: key, value: values[next() % values.count])
                step = .insertAttributed(at: at, document: RichString(text, attributes: AttributeSet([entry])))
            case 5: let (f, t) = range(); step = .set(from: f, to: t, key: keys[next() % keys.count], value: values[next() % values.count])
            case 6: let (f, t) = range(); step = .remove(from: f, to: t, key: keys[next() % keys.count])
            case 7:
                let (f1, t1) = range()
                let (f2, t2) = range()
                let key = keys[next() % keys.count]
                let value: AttributeValue? = next() % 4 == 0 ? nil : values[next() % values.count]
                step = .setRanges(ranges: [f1..<t1, f2..<t2], key: key, value: value).clamped(toScalarCount: length)
            default: let (f, t) = range(); step = .select(from: f, to: t)
            }
            if let (r, inserted) = step.textMutation { length += inserted - r.count }
            steps.append(step)
        }
        self.steps = steps
    }

    /// The definition the seed gives.
    public var definition: FormattingDefinition {
        var rng = SeededGenerator(seed: seed)
        return DefinitionGenerator.randomDefinition(using: &rng)
    }

    /// Runs the script under its definition with `checks`; returns the first failure.
    public func check(_ checks: Set<InvariantCheck> = Set(InvariantCheck.allCases)) -> (step: Int, failure: InvariantFailure)? {
        PropertyCheck.check(script: steps, definition: definition, checks: checks)
    }
}
