import XCTest
@testable import RichText

/// The leaf-local attribute change (`RunRope.transformAttributes` when the window of runs lies in one leaf) and
/// the single-range `editAttributes(in:_:)` give what the general paths give: on deep run ropes with keys of
/// every behaviour, ranges inside a leaf, on a leaf's edge and across leaves, the same runs, outcome flags and
/// recorded runs as `transformAttributesByReplacing`, and the same string and adjustments as the pipeline
/// over an array of one range, every piece recorded.
final class LeafLocalAttributeTests: XCTestCase {
    private static let behaviors: [String: AttributeBehavior] = [
        "plain": .plain,
        "para": AttributeBehavior(runBoundaries: .paragraph),
        "tag": AttributeBehavior(inheritedByAddedText: false, invalidationConditions: [.textChanged]),
        "star": AttributeBehavior(runBoundaries: .character("*")),
        "dependent": AttributeBehavior(invalidationConditions: [.attributeChanged("plain")]),
    ]

    private static func entry(_ key: String, _ value: Int) -> AttributeEntry {
        AttributeEntry(name: key, value: .integer(value), behavior: behaviors[key]!)
    }

    private static func randomSet(_ rng: inout SeededRandom, keys: [String]) -> AttributeSet {
        var entries: [AttributeEntry] = []
        for key in keys where rng.chance(0.4) { entries.append(entry(key, rng.int(1...2))) }
        return AttributeSet(entries)
    }

    func testLeafLocalTransformsMatchTheSpliceOnDeepRopes() {
        for seed in 1...UInt64(propertyBudget(default: 8, long: 200)) {
            var rng = SeededRandom(seed: 0x1EAF_0000 + seed)
            let keys = rng.chance(0.5) ? ["plain"] : Self.behaviors.keys.sorted()
            var runs: [AttributeRun] = []
            for _ in 0..<rng.int(1...1500) {
                runs.append(AttributeRun(utf8Count: rng.int(1...5), attributes: Self.randomSet(&rng, keys: keys)))
            }
            var quick = RunRope(runs: runs)
            var reference = quick
            for step in 0..<200 {
                let total = quick.utf8Count
                let a = rng.int(0...(total - 1))
                let b = min(total, a + rng.int(1...(rng.chance(0.8) ? 6 : 60)))
                let key = rng.pick(keys)
                let value = rng.int(1...2)
                let remove = rng.chance(0.25)
                let transform: (AttributeSet) -> AttributeSet = { set in
                    remove ? set.removing(key) : set.setting(Self.entry(key, value))
                }
                let recording = rng.chance(0.5)
                let outcome = quick.transformAttributes(in: a..<b, recordingRuns: recording, transform)
                let (old, new) = reference.transformAttributesByReplacing(in: a..<b, transform)
                let context = "seed \(seed) step \(step) range \(a)..<\(b)"
                XCTAssertEqual(quick.rope.elements, reference.rope.elements, context)
                XCTAssertEqual(outcome.changed, zip(old, new).contains { $0.attributes != $1.attributes }, context)
                let behaviors = (old + new).contains { $0.attributes.hasBehaviors }
                XCTAssertEqual(outcome.involvesBehaviors, behaviors, context)
                let needs = behaviors
                    && zip(old, new).contains { RunRope.mayNeedEnforcement(from: $0.attributes, to: $1.attributes) }
                XCTAssertEqual(outcome.mayNeedEnforcement, needs, context)
                if recording || outcome.mayNeedEnforcement {
                    XCTAssertEqual(outcome.old, old, context)
                    XCTAssertEqual(outcome.new, new, context)
                }
                if step % 25 == 0 { quick._invariantCheck() }
                if quick.rope.elements != reference.rope.elements { return }
            }
            quick._invariantCheck()
        }
    }

    func testSingleRangeEditMatchesTheRecordedPipeline() {
        let fragments = ["ab", "c", "*", "x y", "\n", "é", "word ", "\u{2029}"]
        for seed in 1...UInt64(propertyBudget(default: 150, long: 5_000)) {
            var rng = SeededRandom(seed: 0x51_0000 + seed)
            let keys = Self.behaviors.keys.sorted().filter { _ in rng.chance(0.6) }
            guard !keys.isEmpty else { continue }
            var string = ""
            var runs: [AttributeRun] = []
            for _ in 0..<rng.int(1...80) {
                let piece = rng.pick(fragments)
                string += piece
                runs.append(AttributeRun(utf8Count: piece.utf8.count, attributes: Self.randomSet(&rng, keys: keys)))
            }
            var quick = RichString(unenforcedText: string, runs: runs)!
            var reference = quick
            var boundaries = [0]
            for scalar in string.unicodeScalars { boundaries.append(boundaries.last! + String(scalar).utf8.count) }
            for step in 0..<16 {
                let i = rng.int(0...(boundaries.count - 1))
                let j = min(boundaries.count - 1, i + rng.int(0...8))
                let range = boundaries[i]..<boundaries[j]
                let key = rng.pick(keys)
                let value = rng.int(1...2)
                let remove = rng.chance(0.25)
                let transform: (AttributeSet) -> AttributeSet = { set in
                    remove ? set.removing(key) : set.setting(Self.entry(key, value))
                }
                let context = "seed \(seed) step \(step) \(remove ? "removing" : "setting") \(key) over \(range)"
                let made = quick.editAttributes(in: range, transform)
                let expected = reference.editAttributes(in: [range], alwaysRecordingRuns: true, transform)
                XCTAssertEqual(made, expected, context)
                XCTAssertEqual(quick, reference, context)
                XCTAssertEqual(quick.runStore.rope.elements, reference.runStore.rope.elements, context)
                if quick != reference { return }
            }
            quick._invariantCheck()
        }
    }
}
