import XCTest
@testable import RichText
import struct FormattingTesting.SeededGenerator

/// The leaf-local attribute change (`RunRope.transformAttributes` when the window of runs lies in one leaf) gives
/// what the general path gives: on deep run ropes with keys of every behaviour, ranges inside a leaf, on a leaf's
/// edge and across leaves, the same runs, outcome flags and recorded runs as `transformAttributesByReplacing`; and
/// single-range attribute changes through the funnel on long strings agree with the naive model.
final class LeafLocalAttributeTests: XCTestCase {
    private static let behaviors = NamedBehaviors([
        "plain": .plain,
        "para": AttributeBehavior(runBoundaries: .paragraph),
        "tag": AttributeBehavior(inheritedByAddedText: false, invalidationConditions: [.textChanged]),
        "star": AttributeBehavior(runBoundaries: .character("*")),
        "dependent": AttributeBehavior(invalidationConditions: [.attributeChanged("plain")]),
    ], chance: 0.4)

    func testLeafLocalTransformsMatchTheSpliceOnDeepRopes() {
        for seed in 1...UInt64(propertyBudget(default: 8, long: 200)) {
            var rng = SeededGenerator(seed: 0x1EAF_0000 + seed)
            let keys = rng.chance(0.5) ? ["plain"] : Self.behaviors.names
            var runs: [AttributeRun] = []
            for _ in 0..<rng.int(1...1500) {
                runs.append(AttributeRun(utf8Count: rng.int(1...5), attributes: Self.behaviors.randomSet(&rng, keys: keys)))
            }
            var quick = RunRope(runs: runs)
            var reference = quick
            for step in 0..<200 {
                let range = rng.nonEmptyRange(below: quick.utf8Count, short: 6, long: 60, shortChance: 0.8)
                let change = Self.behaviors.randomChange(&rng, keys: keys)
                let recording = rng.chance(0.5)
                assertTransformMatchesSplice(&quick, &reference, in: range, recordingRuns: recording, change.transform,
                                             context: "seed \(seed) step \(step) range \(range)")
                if step % 25 == 0 { quick._invariantCheck() }
                if quick.rope.elements != reference.rope.elements { return }
            }
            quick._invariantCheck()
        }
    }

    func testSingleRangeEditsOnLongStringsMatchTheModel() {
        let fragments = ["ab", "c", "*", "x y", "\n", "é", "word ", "\u{2029}"]
        for seed in 1...UInt64(propertyBudget(default: 150, long: 5_000)) {
            var rng = SeededGenerator(seed: 0x51_0000 + seed)
            let keys = Self.behaviors.names.filter { _ in rng.chance(0.6) }
            guard !keys.isEmpty else { continue }
            var string = ""
            var runs: [AttributeRun] = []
            for _ in 0..<rng.int(1...80) {
                let piece = rng.pick(fragments)
                string += piece
                runs.append(AttributeRun(utf8Count: piece.utf8.count, attributes: Self.behaviors.randomSet(&rng, keys: keys)))
            }
            var text = RichString(unenforcedText: string, runs: runs)!
            text.enforceBehaviors()
            var model = BehaviorModel(text)
            var boundaries = [0]
            for scalar in string.unicodeScalars { boundaries.append(boundaries.last! + String(scalar).utf8.count) }
            for step in 0..<16 {
                let i = rng.int(0...(boundaries.count - 1))
                let j = min(boundaries.count - 1, i + rng.int(0...8))
                let range = boundaries[i]..<boundaries[j]
                let change = Self.behaviors.randomChange(&rng, keys: keys)
                let context = "seed \(seed) step \(step) \(change.remove ? "removing" : "setting") \(change.key) over \(range)"
                text.transformAttributes(in: range, change.transform)
                model.transform([i..<j]) { var entries = $0; entries[change.key] = change.entry; return entries }
                if let difference = modelDifference(text, model) { return XCTFail("\(context)\n\(difference)") }
            }
            text._invariantCheck()
        }
    }
}
