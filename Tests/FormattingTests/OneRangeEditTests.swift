import XCTest
@testable import Formatting
import FormattingTesting
@testable import RichText

/// `Edit.removeTextInRange` and `Edit.setAttributeInRange` are the one-range forms of `removeText` and
/// `setAttribute`: applied or probed, each must give exactly what its range-set form gives, through the fast
/// engine and through the reference engine (which takes the general path everywhere).
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
            var rangeSet = oneRange
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
                func edits(_ d: RichString) -> (one: Edit, set: Edit) {
                    let range = d.scalars(from, to)
                    return removes
                        ? (.removeTextInRange(range), .removeText(RangeSet(range)))
                        : (.setAttributeInRange(key, to: value, in: range), .setAttribute(key, to: value, in: RangeSet(range)))
                }
                let context = "seed \(seed) step \(step): \(removes ? "remove" : "set \(key.name) to \(value.map { "\($0)" } ?? "nil") over") scalars \(from)..<\(to) of \(oneRange)"
                // Probes first, on the documents as they are.
                let probeOne = fast.probe(edits(oneRange).one, on: oneRange)
                let probeSet = fast.probe(edits(rangeSet).set, on: rangeSet)
                XCTAssertEqual(probeOne.adjustments, probeSet.adjustments, "probe: " + context)
                XCTAssertEqual(probeOne.isKept, probeSet.isKept, "probe: " + context)
                XCTAssertEqual(probeOne.reverts, probeSet.reverts, "probe: " + context)
                XCTAssertEqual(probeOne.document, probeSet.document, "probe: " + context)
                // Then the edits.
                let a = fast.apply(edits(oneRange).one, to: &oneRange)
                let b = fast.apply(edits(rangeSet).set, to: &rangeSet)
                let c = reference.apply(edits(referenced).one, to: &referenced)
                XCTAssertEqual(a, b, context)
                XCTAssertEqual(a, c, "reference: " + context)
                XCTAssertEqual(oneRange, rangeSet, context)
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
