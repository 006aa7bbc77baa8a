import XCTest
@testable import RichText

/// `RunRope.transformAttributes` on run ropes of several levels, where the run changed and its neighbours lie in
/// different leaves as often as in the same one: the same runs as the straightforward splice of mapped runs, and
/// the runs before and after when asked for.
final class RunRopeDeepTransformTests: XCTestCase {
    private static func set(_ value: Int) -> AttributeSet {
        value == 0 ? .empty : AttributeSet([AttributeEntry(name: "k", value: .integer(value))])
    }

    func testTransformsOnDeepRunRopesMatchTheSplice() {
        for seed in 1...UInt64(propertyBudget(default: 6, long: 60)) {
            var rng = SeededRandom(seed: 0xDEE9_0000 + seed)
            // Runs of 1-4 bytes with alternating values, so that neighbours differ and merges happen often.
            var runs: [AttributeRun] = []
            for k in 0..<rng.int(200...3000) {
                runs.append(AttributeRun(utf8Count: rng.int(1...4), attributes: Self.set(k % 2 == 0 ? rng.int(0...3) : 4)))
            }
            var quick = RunRope(runs: runs)
            var reference = quick
            for step in 0..<300 {
                let total = quick.utf8Count
                let a = rng.int(0...(total - 1))
                let b = min(total, a + rng.int(1...(rng.chance(0.7) ? 3 : 12)))
                let value = rng.int(0...4)
                let recording = rng.chance(0.5)
                let transform: (AttributeSet) -> AttributeSet = { _ in Self.set(value) }
                let outcome = quick.transformAttributes(in: a..<b, recordingRuns: recording, transform)
                let (old, new) = reference.transformAttributesByReplacing(in: a..<b, transform)
                let context = "seed \(seed) step \(step) range \(a)..<\(b)"
                XCTAssertEqual(quick.rope.elements, reference.rope.elements, context)
                if recording {
                    XCTAssertEqual(outcome.old, old, context)
                    XCTAssertEqual(outcome.new, new, context)
                }
                if step % 20 == 0 { quick._invariantCheck() }
                if quick.rope.elements != reference.rope.elements { return }
            }
            quick._invariantCheck()
        }
    }
}
