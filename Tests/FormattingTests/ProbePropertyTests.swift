import XCTest
@testable import Formatting
import FormattingTesting
import RichText

/// The probe runs edits on an excerpt of the paragraphs they can affect; it must report exactly what copying
/// the document and applying the edit reports.
final class ProbePropertyTests: XCTestCase {
    func testExcerptProbeEqualsCopyAndApply() throws {
        let env = ProcessInfo.processInfo.environment
        let iterations = Int(env["FMTCHECK_PROPERTY_ITERATIONS"] ?? "") ?? 300
        let firstSeed = UInt64(env["FMTCHECK_SEED"] ?? "") ?? 1
        let fragments = ["a", "bc", " ", "\n", "•", "\r\n", "\r", "e\u{301}", "\u{301}", "👍🏽", "\u{FFFC}", "xyz", "\u{2029}", "hello world", "the quick brown fox jumps "]
        let values: [AttributeValue] = [.integer(1), .integer(2), .integer(5), .string("a")]
        var excerpted = 0
        for seed in firstSeed..<(firstSeed + UInt64(iterations)) {
            var rng = SeededGenerator(seed: seed)
            let definition = try randomDefinition(&rng)
            let engine = FormattingEngine(definition)
            let keys = definition.scope + [AttributeKeyDescriptor(name: "outside")]
            // A document of several paragraphs, with random attributes (some outside the scope).
            var document = RichString()
            for _ in 0..<rng.int(5...60) {
                var entries: [AttributeEntry] = []
                for key in keys where rng.chance(0.3) {
                    entries.append(AttributeEntry(name: key.name, value: rng.pick(values), behavior: key.behavior))
                }
                document.append(RichString(rng.pick(fragments), attributes: AttributeSet(entries)))
            }
            if rng.chance(0.7) { engine.normalize(&document) }
            for step in 0..<10 {
                let length = document.counts.scalars
                let from = rng.int(0...length)
                let to = min(length, from + rng.int(0...4))
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
                XCTAssertEqual(probed.document, reference.document, context)
                if let (adjustments, excerpt, start) = engine.applyOnExcerpt(edit, on: document) {
                    excerpted += 1
                    XCTAssertEqual(adjustments, reference.adjustments, context)
                    // The edited excerpt is the edited document's stretch, text and runs.
                    let whole = reference.document
                    let stretch = start..<(start + excerpt.utf8Count)
                    XCTAssertLessThanOrEqual(stretch.upperBound, whole.utf8Count, context)
                    guard stretch.upperBound <= whole.utf8Count else { return }
                    XCTAssertEqual(excerpt, whole.excerpt(utf8: stretch), context)
                }
                let caret = document.scalars(from, from).lowerBound
                XCTAssertEqual(engine.typingAttributes(at: caret, in: document), engine.typingAttributesByCopy(at: caret, in: document), context)
                if testRun?.failureCount ?? 0 > 0 { return }
                engine.apply(edit, to: &document)
            }
        }
        XCTAssertGreaterThan(excerpted, iterations, "the excerpt path should decide most probes")
        print("probe property test: \(iterations) documents, \(excerpted) probes decided on an excerpt")
    }
}
