import Formatting
import RichText

/// Generates documents for a definition: ones that satisfy it, ones that break it on purpose, and small
/// attributed pieces to paste.
public struct DocumentGenerator: Sendable {
    /// The engine whose definition documents are made for.
    public let engine: FormattingEngine
    /// Where attribute values come from.
    public var values: ValuePool
    /// The pieces text is made of: words, spaces, every paragraph separator, and the characters that stress
    /// boundaries (combining marks, emoji with modifiers, bullets, attachment characters).
    public var fragments: [String] = [
        "milk", "sugar", "a", "bc", "Hello", " ", " ", ", ", "\n", "\n", "\r\n", "\r", "\u{2029}", "•", "• ", "\u{FFFC}",
        "e\u{301}", "é", "👍🏽", "日本", "x",
    ]

    /// A generator for `engine`'s definition.
    public init(engine: FormattingEngine, values: ValuePool? = nil) {
        self.engine = engine
        self.values = values ?? ValuePool(for: engine.definition)
    }

    /// A random attributed document of up to `maxPieces` pieces, each with random keys of the scope (and, with
    /// `strayKeys`, keys outside it): not normalised.
    public func rawDocument(maxPieces: Int, strayKeys: Bool = false, using rng: inout SeededGenerator) -> RichString {
        let scope = engine.definition.scope
        var pieces: [RichString] = []
        for _ in 0..<rng.int(0...max(0, maxPieces)) {
            var text = ""
            for _ in 0..<rng.int(1...3) { text += rng.pick(fragments) }
            var entries: [AttributeEntry] = []
            for key in scope where rng.chance(0.35) {
                entries.append(AttributeEntry(name: key.name, value: values.value(for: key.name, using: &rng), behavior: key.behavior))
            }
            if strayKeys && rng.chance(0.2) { entries.append(AttributeEntry(name: "stray", value: .integer(rng.int(1...2)))) }
            pieces.append(RichString(text, attributes: AttributeSet(entries)))
        }
        return RichString(concatenating: pieces)
    }

    /// A document that satisfies the definition: a random document, normalised, then checked lint-clean.
    /// Throws the failure when normalising does not give a lint-clean document (a bug in the definition or
    /// the engine).
    public func validDocument(maxPieces: Int = 12, using rng: inout SeededGenerator) throws(InvariantFailure) -> RichString {
        var document = rawDocument(maxPieces: maxPieces, strayKeys: true, using: &rng)
        engine.normalize(&document)
        if let failure = Invariants.lintClean(document, engine: engine) { throw failure }
        return document
    }

    /// A valid document broken on purpose in one way, with what was broken; nil when none of `attempts`
    /// tries produced a breakage that linting can see (a definition with nothing to break).
    public func brokenDocument(maxPieces: Int = 12, attempts: Int = 20, using rng: inout SeededGenerator) -> BrokenDocument? {
        let definition = engine.definition
        for _ in 0..<attempts {
            guard let valid = try? validDocument(maxPieces: maxPieces, using: &rng), !valid.isEmpty else { continue }
            let geometry = TextGeometry(valid.string)
            func utf8(_ scalars: Int) -> Int { valid.index(atOffset: scalars, in: .scalars).utf8Offset }
            // A whole-character range.
            let bounds = geometry.characterBoundaries
            let a = rng.int(0...(bounds.count - 2))
            let b = rng.int((a + 1)...min(bounds.count - 1, a + 6))
            let range = utf8(bounds[a])..<utf8(bounds[b])
            var table = RunTable(valid)
            let breakage: Breakage
            switch rng.int(0...3) {
            case 0:
                guard let constraint = definition.constraints.isEmpty ? nil : rng.pick(definition.constraints) else { continue }
                let key = constraint.key
                let to: AttributeValue? = rng.chance(0.4) ? nil : values.value(for: key.name, using: &rng)
                table.modify(range) { $0.setting(key.name, to: to, behavior: key.behavior) }
                breakage = .constraintOutputChanged(constraint: constraint.name, key: key.name, utf8Range: range, to: to)
            case 1:
                let name = "outOfScope\(rng.int(1...3))"
                guard definition.descriptor(named: name) == nil else { continue }
                table.modify(range) { $0.setting(name, to: .integer(1), behavior: .plain) }
                breakage = .outOfScopeKey(key: name, utf8Range: range)
            case 2:
                let keys = definition.scope.filter { $0.behavior.runBoundaries == .paragraph }
                guard let key = keys.isEmpty ? nil : rng.pick(keys) else { continue }
                // Not the paragraph's first character, which decides.
                let start = valid.paragraphRange(containing: valid.index(atOffset: bounds[a], in: .scalars)).lowerBound.utf8Offset
                guard range.lowerBound > start else { continue }
                let to: AttributeValue? = rng.chance(0.3) ? nil : values.value(for: key.name, using: &rng)
                table.modify(range) { $0.setting(key.name, to: to, behavior: key.behavior) }
                breakage = .paragraphValueVaried(key: key.name, utf8Range: range, to: to)
            default:
                let keys = definition.scope.filter { if case .character = $0.behavior.runBoundaries { return true } else { return false } }
                guard let key = keys.isEmpty ? nil : rng.pick(keys) else { continue }
                table.modify(range) { $0.setting(key.name, to: values.value(for: key.name, using: &rng), behavior: key.behavior) }
                breakage = .characterKeyMisplaced(key: key.name, utf8Range: range)
            }
            let broken = table.document
            let findings = engine.lint(broken)
            if !findings.isEmpty { return BrokenDocument(document: broken, breakage: breakage, findings: findings) }
        }
        return nil
    }
}
