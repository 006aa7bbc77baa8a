import XCTest
@testable import Formatting
import FormattingTesting
import RichText

/// The probe runs edits on an excerpt of the paragraphs they can affect; it must report exactly what copying
/// the document and applying the edit reports.
final class ProbePropertyTests: XCTestCase {
    func testExcerptProbeEqualsCopyAndApply() throws {
        try checkExcerptProbes(seeds: propertySeeds(default: 300), pieces: 5...60)
    }

    /// Documents of many chunks (several KB): excerpts of whole paragraphs are whole chunks, shared with the
    /// document, and cuts inside paragraphs come near chunk edges.
    func testExcerptProbeOnDocumentsOfManyChunksEqualsCopyAndApply() throws {
        try checkExcerptProbes(seeds: propertySeeds(default: 12), pieces: 250...500)
    }

    private func checkExcerptProbes(seeds: Range<UInt64>, pieces: ClosedRange<Int>) throws {
        let fragments = ["a", "bc", " ", "\n", "•", "\r\n", "\r", "e\u{301}", "\u{301}", "👍🏽", "\u{FFFC}", "xyz", "\u{2029}", "hello world", "the quick brown fox jumps "]
        let values: [AttributeValue] = [.integer(1), .integer(2), .integer(5), .string("a")]
        var excerpted = 0
        for seed in seeds {
            var rng = SeededGenerator(seed: seed)
            let definition = try randomDefinition(&rng)
            let engine = FormattingEngine(definition)
            let keys = definition.scope + [AttributeKeyDescriptor(name: "outside")]
            // A document of several paragraphs, with random attributes (some outside the scope).
            var document = randomDocument(&rng, pieces: pieces, fragments: fragments, keys: keys, values: values)
            if rng.chance(0.7) { engine.normalize(&document) }
            for step in 0..<10 {
                let (from, to) = rng.scalarOffsets(in: document.counts.scalars, maxLength: 4)
                let range = document.scalars(from, to)
                let edit: Edit
                switch rng.int(0...3) {
                case 0: edit = .replaceText(range, with: rng.pick(fragments))
                case 1: edit = .removeText(RangeSet(range))
                case 2:
                    let key = rng.pick(keys)
                    edit = .replaceAttributed(range, with: RichString(rng.pick(fragments), attributes: AttributeSet([AttributeEntry(name: key.name, value: rng.pick(values), behavior: key.behavior)])))
                default:
                    edit = .setAttribute(rng.pick(keys), to: rng.chance(0.8) ? rng.pick(values) : nil, in: RangeSet(range))
                }
                let context = "seed \(seed) step \(step): \(edit) on \(document)"
                let reference = engine.probeByCopy(edit, on: document)
                let probed = engine.probe(edit, on: document)
                XCTAssertEqual(probed.adjustments, reference.adjustments, context)
                XCTAssertEqual(probed.isKept, reference.isKept, context)
                XCTAssertEqual(probed.reverts, reference.reverts, context)
                XCTAssertTrue(probed.document.isEqualIncludingBehaviors(to: reference.document), "\(probed.document) vs \(reference.document): " + context)
                var steps = EngineSteps(engine, learnsResults: false)
                if let (excerpt, start) = document.probe(edit.mutation(), under: &steps) {
                    excerpted += 1
                    steps.shiftAdjustments(by: start)
                    XCTAssertEqual(steps.adjustments, reference.adjustments, context)
                    // The edited excerpt is the edited document's stretch, text and runs.
                    let whole = reference.document
                    let stretch = start..<(start + excerpt.counts.utf8)
                    XCTAssertLessThanOrEqual(stretch.upperBound, whole.counts.utf8, context)
                    guard stretch.upperBound <= whole.counts.utf8 else { return }
                    XCTAssertEqual(excerpt, RichString(whole[whole.index(atOffset: stretch.lowerBound, in: .utf8)..<whole.index(atOffset: stretch.upperBound, in: .utf8)]), context)
                }
                let caret = document.scalars(from, from).lowerBound
                XCTAssertEqual(engine.typingAttributes(at: caret, in: document), engine.typingAttributesByCopy(at: caret, in: document), context)
                if testRun?.failureCount ?? 0 > 0 { return }
                engine.apply(edit, to: &document)
            }
        }
        XCTAssertGreaterThan(excerpted, seeds.count, "the excerpt path should decide most probes")
        print("probe property test: \(seeds.count) documents, \(excerpted) probes decided on an excerpt")
    }

    /// The probe on documents whose keys fire no behaviour step near the edits (plain keys, and `tag`, which is
    /// invalidated by text changes but set without any step firing), under definitions that leave paragraphs
    /// alone, so most attribute sets (over one range or several) and inserts are decided on a small excerpt cut
    /// inside paragraphs: each must equal copy and apply.
    func testProbeOnQuietDocumentsEqualsCopyAndApply() throws {
        let seeds = propertySeeds(default: 300)
        let fragments = ["a", "bc", " ", "\n", "xyz", "hello world", "the quick brown fox jumps ", "e\u{301}", "•", "\r\n"]
        let typed = ["x", "ab", " ", "\n", "hello", "\u{301}", "\r"]
        let values: [AttributeValue] = [.integer(1), .integer(2), .integer(5), .string("a")]
        var excerpted = 0
        for seed in seeds {
            var rng = SeededGenerator(seed: seed)
            // Definitions binding keys to paragraphs take whole paragraphs: draw one that does not.
            var definition = try randomDefinition(&rng)
            while FormattingEngine(definition).hasParagraphOwnedKeys { definition = try randomDefinition(&rng) }
            let engine = FormattingEngine(definition)
            let all = definition.scope + [AttributeKeyDescriptor(name: "outside"), AttributeKeyDescriptor(name: "tag", behavior: AttributeBehavior(inheritedByAddedText: false, invalidationConditions: [.textChanged]))]
            let quiet = all.filter { key in
                key.behavior.runBoundaries == nil
                    && !key.behavior.invalidationConditions.contains { if case .attributeChanged = $0 { return true } else { return false } }
            }
            var document = randomDocument(&rng, pieces: 3...40, fragments: fragments, keys: quiet, values: values)
            if rng.chance(0.7) { engine.normalize(&document) }
            for step in 0..<10 {
                let length = document.counts.scalars
                let (from, to) = rng.scalarOffsets(in: length, maxLength: 6)
                let edit: Edit
                if rng.chance(0.5) {
                    // Sometimes two ranges, as one mutation.
                    var ranges = RangeSet(document.scalars(from, to))
                    if rng.chance(0.3) {
                        let other = rng.int(0...length)
                        ranges.insert(contentsOf: document.scalars(other, min(length, other + rng.int(1...3))))
                    }
                    let key = rng.chance(0.9) ? rng.pick(quiet) : rng.pick(all)
                    edit = .setAttribute(key, to: rng.chance(0.8) ? rng.pick(values) : nil, in: ranges)
                } else {
                    edit = .insert(rng.pick(typed), at: document.scalars(from, from).lowerBound)
                }
                let context = "seed \(seed) step \(step): \(edit) on \(document)"
                let reference = engine.probeByCopy(edit, on: document)
                var steps = EngineSteps(engine, learnsResults: false)
                if document.probe(edit.mutation(), under: &steps) != nil { excerpted += 1 }
                let probed = engine.probe(edit, on: document)
                XCTAssertEqual(probed.adjustments, reference.adjustments, context)
                XCTAssertEqual(probed.isKept, reference.isKept, context)
                XCTAssertEqual(probed.reverts, reference.reverts, context)
                XCTAssertTrue(probed.document.isEqualIncludingBehaviors(to: reference.document), "\(probed.document) vs \(reference.document): " + context)
                let caret = document.scalars(from, from).lowerBound
                let expected = engine.typingAttributesByCopy(at: caret, in: document)
                XCTAssertEqual(engine.typingAttributes(at: caret, in: document), expected, context)
                if testRun?.failureCount ?? 0 > 0 { return }
                engine.apply(edit, to: &document)
            }
        }
        XCTAssertGreaterThan(excerpted, seeds.count * 3, "the excerpt should decide most of these probes")
        print("quiet probe property test: \(seeds.count) documents, \(excerpted) probes decided on an excerpt")
    }

    /// A document of random fragments, each carrying each of `keys` with chance 0.3 and a random value.
    private func randomDocument(
        _ rng: inout SeededGenerator, pieces: ClosedRange<Int>, fragments: [String], keys: [AttributeKeyDescriptor],
        values: [AttributeValue]
    ) -> RichString {
        var document = RichString()
        for _ in 0..<rng.int(pieces) {
            var entries: [AttributeEntry] = []
            for key in keys where rng.chance(0.3) {
                entries.append(AttributeEntry(name: key.name, value: rng.pick(values), behavior: key.behavior))
            }
            document.append(RichString(rng.pick(fragments), attributes: AttributeSet(entries)))
        }
        return document
    }
}
