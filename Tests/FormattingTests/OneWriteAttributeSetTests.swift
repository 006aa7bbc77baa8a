import XCTest
@testable import Formatting
import FormattingTesting
@testable import RichText

/// The one-write attribute set (`FormattingEngine+OneWriteAttributeSet.swift`) must give exactly what the
/// general path gives — the string's `setAttribute`, then `enforceDefinition` with a write per rewritten run —
/// on random definitions (many deriving keys from the one set), raw and normalised documents, and random
/// one-range attribute sets: the same adjustments, the same processed stretch, the same document.
final class OneWriteAttributeSetTests: XCTestCase {
    func testOneWriteAttributeSetAgreesWithTheGeneralPath() throws {
        let seeds = propertySeeds(default: 150)
        var taken = 0, declined = 0
        for seed in seeds {
            var rng = SeededGenerator(seed: seed)
            let definition = rng.chance(0.6) ? Self.plainDefinition(&rng) : FastPathPropertyTests.definition(&rng)
            let (fast, reference) = enginesWithAndWithoutShortcuts(definition)
            var documents = DocumentGenerator(engine: fast)
            if rng.chance(0.5) { documents.fragments = ["a", "bc", " ", "xyz", "hello world", "\n", "é"] }
            var x = documents.rawDocument(maxPieces: 12, strayKeys: rng.chance(0.5), using: &rng)
            if rng.chance(0.5) { fast.normalize(&x) }
            var y = x
            let keys = definition.scope + [AttributeKeyDescriptor(name: "stray")]
            for step in 0..<30 {
                let length = x.counts.scalars
                guard length > 0 else { break }
                let (from, to) = rng.nonEmptyScalarOffsets(in: length, maxLength: 6)
                let key = rng.pick(keys)
                let value: AttributeValue? = rng.chance(0.8) ? rng.pick(DefinitionGenerator.values + [.integer(5), .bool(true)]) : nil
                let context = "seed \(seed) step \(step): set \(key.name) to \(value.map { "\($0)" } ?? "nil") over scalars \(from)..<\(to) of \(x)"
                // Whether the one-write path takes this edit, asked on a copy.
                var probe = x, probeProcessed = 0..<0
                let range = probe.utf8Range(of: probe.scalars(from, to))
                if fast.applyAttributeSetInOneWrite(key, to: value, in: range, to: &probe, processed: &probeProcessed, learnsResults: true) != nil {
                    taken += 1
                } else {
                    declined += 1
                }
                var processedX = 0..<0, processedY = 0..<0
                let ax = fast.apply(.setAttribute(key, to: value, in: RangeSet(x.scalars(from, to))), to: &x, processed: &processedX, learnsResults: true)
                let ay = reference.apply(.setAttribute(key, to: value, in: RangeSet(y.scalars(from, to))), to: &y, processed: &processedY, learnsResults: true)
                XCTAssertEqual(ax, ay, context)
                XCTAssertEqual(processedX, processedY, context)
                XCTAssertEqual(x, y, context)
                XCTAssertEqual(Array(x.runs.map(\.attributes)), Array(y.runs.map(\.attributes)), context)
                if testRun?.failureCount ?? 0 > 0 { return }
                // Text edits in between, so sets meet runs the definition has not settled next to edited text.
                if rng.chance(0.2) {
                    let at = rng.int(0...length)
                    let text = rng.pick(["x", " ", "\n", "ab"])
                    XCTAssertEqual(fast.apply(.insert(text, at: x.scalars(at, at).lowerBound), to: &x),
                                   reference.apply(.insert(text, at: y.scalars(at, at).lowerBound), to: &y), context)
                }
            }
        }
        XCTAssertGreaterThan(taken, seeds.count * 5, "the one-write path should take many of the edits")
        XCTAssertGreaterThan(declined, seeds.count, "edits touching keys with behaviours should take the general path")
        print("one-write attribute set property test: \(seeds.count) definitions, \(taken) edits through the one write, \(declined) through the general path")
    }

    /// A random definition over the plain keys alone (no key with a behaviour): where the one write applies to
    /// every edit, with rule chains deriving keys from the set one. Falls back to any random definition when
    /// the draw leaves nothing valid.
    static func plainDefinition(_ rng: inout SeededGenerator) -> FormattingDefinition {
        let plain = DefinitionGenerator.keyPool.filter { $0.behavior == .plain }
        let names = Set(plain.map(\.name))
        for _ in 0..<20 {
            let random = DefinitionGenerator.randomDefinition(using: &rng)
            let constraints = random.constraints.filter { names.contains($0.key.name) && $0.reads.isSubset(of: names) }
            if let definition = try? FormattingDefinition(name: "plain", scope: plain, constraintList: constraints), !constraints.isEmpty {
                return definition
            }
        }
        return FastPathPropertyTests.definition(&rng)
    }
}
