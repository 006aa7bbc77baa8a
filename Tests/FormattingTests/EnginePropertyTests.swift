import XCTest
import Formatting
import FormattingTesting
import RichText

/// Random valid definitions: a random scope from a pool of keys of every behaviour, constraints in a random
/// order, each reading only keys owned earlier or owned by nobody.
func randomDefinition(_ rng: inout SeededGenerator) throws -> FormattingDefinition {
    // The generator's own pool and values, so both kinds of random definitions draw from the same keys.
    let scope = DefinitionGenerator.keyPool.filter { _ in rng.chance(0.7) }
    let values = DefinitionGenerator.values
    var owned: [String] = []
    var constraints: [any ValueConstraint] = []
    for key in scope.shuffled(using: &rng) where rng.chance(0.6) {
        // A constraint reads only keys owned by earlier constraints, so the order is valid by construction.
        let reads = owned
        func condition() -> Condition {
            guard let read = reads.isEmpty ? nil : rng.pick(reads) else { return .present(key.name) }
            switch rng.int(0...4) {
            case 0: return .present(read)
            case 1: return .absent(read)
            case 2: return .equals(read, rng.pick(values))
            case 3: return .oneOf(read, [rng.pick(values), rng.pick(values)])
            default: return .not(.equals(read, rng.pick(values)))
            }
        }
        switch rng.int(0...2) {
        case 0:
            constraints.append(AllowedValues("allowed-\(key.name)", for: key, values: [rng.pick(values)], default: rng.chance(0.5) ? rng.pick(values) : nil))
        case 1:
            constraints.append(Clamp("clamp-\(key.name)", for: key, lower: 1, upper: 1))
        default:
            guard !reads.isEmpty else { continue }
            let rules = (0..<rng.int(1...2)).map { _ in Rule(when: condition(), rng.chance(0.7) ? .set(rng.pick(values)) : .remove) }
            constraints.append(Rules("rules-\(key.name)", for: key, rules, otherwise: rng.pick([.keep, .remove, .set(rng.pick(values))])))
        }
        owned.append(key.name)
    }
    return try FormattingDefinition(name: "random", scope: scope, constraintList: constraints)
}

final class EnginePropertyTests: XCTestCase {
    func testRandomDefinitionsKeepDocumentsLintCleanIdempotentAndTrackTheSelection() throws {
        let env = ProcessInfo.processInfo.environment
        let scripts = Int(env["FMTCHECK_ITERATIONS"] ?? "") ?? (env["FMTCHECK_LONG"] == "1" ? 2000 : 60)
        var steps = 0
        let fragments = ["a", "bc", " ", "\n", "•", "\r\n", "e\u{301}", "👍🏽", "\u{FFFC}", "xyz"]
        let values: [AttributeValue] = [.integer(1), .integer(2), .integer(5), .string("a")]
        let firstSeed = UInt64(env["FMTCHECK_SEED"] ?? "") ?? 1
        for seed in firstSeed...(firstSeed + UInt64(scripts) - 1) {
            if env["FMTCHECK_TRACE"] == "1" { FileHandle.standardError.write(Data("seed \(seed)\n".utf8)) }
            let traceDefinition = { (definition: FormattingDefinition) in if env["FMTCHECK_TRACE"] == "1" { FileHandle.standardError.write(Data("scope \(definition.scope.map { "\($0.name): \($0.behavior)" }) constraints \(definition.constraints)\n".utf8)) } }
            var rng = SeededGenerator(seed: seed)
            let definition = try randomDefinition(&rng)
            traceDefinition(definition)
            let engine = FormattingEngine(definition)
            var session = EditingSession(document: RichString("start\ntext"), engine: engine)
            // The tracked selection, in scalars, kept by the reference rules.
            var reference = 2..<7
            session.select(.ranges(RangeSet(session.document.scalars(2, 7))))
            var log: [String] = []
            for step in 0..<30 {
                let length = session.document.counts.scalars
                let from = rng.int(0...length)
                let to = min(length, from + rng.int(0...4))
                let range = session.document.scalars(from, to)
                let keys = definition.scope.isEmpty ? [AttributeKeyDescriptor(name: "k1")] : definition.scope
                let edit: Edit
                var mutation: (Range<Int>, Int)? = nil
                switch rng.int(0...3) {
                case 0:
                    let text = rng.pick(fragments)
                    edit = .replaceText(range, with: text)
                    mutation = (from..<to, text.unicodeScalars.count)
                case 1:
                    edit = .removeText(RangeSet(range))
                    mutation = (from..<to, 0)
                case 2:
                    let key = rng.pick(keys)
                    let text = rng.pick(fragments)
                    edit = .replaceAttributed(range, with: RichString(text, attributes: AttributeSet([AttributeEntry(name: key.name, value: rng.pick(values), behavior: key.behavior)])))
                    mutation = (from..<to, text.unicodeScalars.count)
                default:
                    edit = .setAttribute(rng.pick(keys), to: rng.chance(0.8) ? rng.pick(values) : nil, in: RangeSet(range))
                }
                log.append("step \(step): \(edit)")
                if env["FMTCHECK_TRACE"] == "1" { FileHandle.standardError.write(Data("\(log.last!)\n\(session.document)\n".utf8)) }
                let selectionBefore = session.selection.ranges.ranges.first.map { session.document[$0].string }
                session.perform(edit)
                steps += 1
                if let (m, n) = mutation, !(m.isEmpty && n == 0) { reference = ScalarSelection.track(reference, through: m, newLength: n) }
                let document = session.document
                document._invariantCheck()
                let findings = engine.lint(document)
                if !findings.isEmpty {
                    return XCTFail("seed \(seed) step \(step): not lint-clean after the edit: \(findings)\n\(log.joined(separator: "\n"))")
                }
                var once = document
                engine.normalize(&once)
                var twice = once
                let second = engine.normalize(&twice)
                if !second.isEmpty || twice != once {
                    return XCTFail("seed \(seed) step \(step): normalising twice differs: \(second)")
                }
                let tracked = session.selection.insertionPoint.map { i -> Range<Int> in
                    let o = document.offset(of: i, in: .scalars); return o..<o
                } ?? session.selection.ranges.ranges.first.map {
                    document.offset(of: $0.lowerBound, in: .scalars)..<document.offset(of: $0.upperBound, in: .scalars)
                } ?? reference.lowerBound..<reference.lowerBound
                if tracked != reference && !(tracked.isEmpty && reference.isEmpty && tracked.lowerBound == reference.lowerBound) {
                    return XCTFail("seed \(seed) step \(step): selection \(tracked) != reference \(reference) (was \(selectionBefore ?? "-"))\n\(log.joined(separator: "\n"))")
                }
            }
        }
        print("engine property test: \(scripts) random definitions, \(steps) steps checked (lint-clean, idempotent, selection tracked)")
    }
}
