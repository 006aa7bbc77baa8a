import XCTest
@testable import Formatting
import FormattingTesting
@testable import RichText

/// `removeText` and `setAttribute` over a range set of one range take the engine's one-range path
/// (`apply(removingTextIn:…)`, `apply(setting:…)`): applied or probed, they must give exactly what the reference
/// engine gives (which takes the general range-set path everywhere), and the internal one-range entries what the
/// public path gives.
final class OneRangeEditTests: XCTestCase {
    func testOneRangeEditsAgreeWithTheirRangeSetForms() throws {
        let env = ProcessInfo.processInfo.environment
        let iterations = Int(env["FMTCHECK_PROPERTY_ITERATIONS"] ?? "") ?? 80
        let firstSeed = UInt64(env["FMTCHECK_SEED"] ?? "") ?? 1
        var removals = 0, sets = 0
        for seed in firstSeed..<(firstSeed + UInt64(iterations)) {
            var rng = SeededGenerator(seed: seed)
            let definition = rng.chance(0.5) ? OneWriteAttributeSetTests.plainDefinition(&rng) : FastPathPropertyTests.definition(&rng)
            let fast = FormattingEngine(definition)
            let reference = FormattingEngine(definition, usesFastPaths: false)
            var documents = DocumentGenerator(engine: fast)
            if rng.chance(0.5) { documents.fragments = ["a", "bc", " ", "xyz", "hello world", "\n", "é", "👍🏽"] }
            var oneRange = documents.rawDocument(maxPieces: 12, strayKeys: rng.chance(0.5), using: &rng)
            fast.normalize(&oneRange)
            var direct = oneRange
            var entered = oneRange
            var referenced = oneRange
            let keys = definition.scope + [AttributeKeyDescriptor(name: "stray")]
            for step in 0..<20 {
                let length = oneRange.counts.scalars
                guard length > 1 else { break }
                let from = rng.int(0...(length - 1))
                let to = min(length, from + rng.int(0...5))
                let removes = rng.chance(0.4)
                let key = rng.pick(keys)
                let value: AttributeValue? = rng.chance(0.8) ? rng.pick(DefinitionGenerator.values + [.integer(5), .bool(true)]) : nil
                func edit(_ d: RichString) -> Edit {
                    let ranges = RangeSet(d.scalars(from, to))
                    return removes ? .removeText(ranges) : .setAttribute(key, to: value, in: ranges)
                }
                let context = "seed \(seed) step \(step): \(removes ? "remove" : "set \(key.name) to \(value.map { "\($0)" } ?? "nil") over") scalars \(from)..<\(to) of \(oneRange)"
                // Probes first, on the documents as they are.
                let probeOne = fast.probe(edit(oneRange), on: oneRange)
                let probeReference = reference.probe(edit(referenced), on: referenced)
                XCTAssertEqual(probeOne.adjustments, probeReference.adjustments, "probe: " + context)
                XCTAssertEqual(probeOne.isKept, probeReference.isKept, "probe: " + context)
                XCTAssertEqual(probeOne.reverts, probeReference.reverts, "probe: " + context)
                XCTAssertTrue(probeOne.document.isEqualIncludingBehaviors(to: probeReference.document),
                              "probe: \(probeOne.document) vs \(probeReference.document): " + context)
                // Then the edits: the public path, the internal one-range entry, the reference's general path.
                let a = fast.apply(edit(oneRange), to: &oneRange)
                var processedDirect = 0..<0, processedReference = 0..<0
                let range = direct.scalars(from, to)
                let b = removes
                    ? fast.apply(removingTextIn: range, to: &direct, processed: &processedDirect, learnsResults: true)
                    : fast.apply(setting: key, to: value, in: range, to: &direct, processed: &processedDirect, learnsResults: true)
                let c = reference.apply(edit(referenced), to: &referenced, processed: &processedReference, learnsResults: true)
                XCTAssertEqual(a, b, context)
                // The package's one-range entries (a session's backspace, fmtbench), which stamp as the public path does.
                let range2 = entered.scalars(from, to)
                let e = removes
                    ? fast.apply(removingTextIn: range2, to: &entered)
                    : fast.apply(setting: key, to: value, in: range2, to: &entered)
                XCTAssertEqual(e, a, "entry: " + context)
                XCTAssertEqual(entered, oneRange, "entry: " + context)
                XCTAssertEqual(a, c, "reference: " + context)
                // A range set drops an empty range, so only a non-empty one reaches the same offsets both ways.
                if from < to { XCTAssertEqual(processedDirect, processedReference, "reference: " + context) }
                XCTAssertEqual(oneRange, direct, context)
                XCTAssertEqual(oneRange, referenced, "reference: " + context)
                XCTAssertEqual(probeOne.adjustments, a, "the probe foretells the edit: " + context)
                if removes { removals += 1 } else { sets += 1 }
                if testRun?.failureCount ?? 0 > 0 { return }
            }
        }
        XCTAssertGreaterThan(removals, iterations * 3)
        XCTAssertGreaterThan(sets, iterations * 5)
        print("one-range edit property test: \(iterations) definitions, \(removals) removals, \(sets) attribute sets")
    }

    func testBackspaceInASessionRemovesTheCharacterBeforeTheCaret() throws {
        let ingredient = AttributeKeyDescriptor(name: "ingredient")
        let definition = try FormattingDefinition(name: "d", scope: [ingredient], constraintList: [])
        var session = EditingSession(document: RichString("milky"), engine: FormattingEngine(definition))
        session.select(.caret(session.document.endIndex))
        session.deleteBackward()
        XCTAssertEqual(session.document.string, "milk")
        XCTAssertEqual(session.selection.insertionPoint.map { session.document.characters.distance(from: session.document.startIndex, to: $0) }, 4)
    }
}
