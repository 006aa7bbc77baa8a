import XCTest
@testable import RichText
import struct FormattingTesting.SeededGenerator

/// `RunRope.transformAttributes` on run ropes of several levels, where the run changed and its neighbours lie in
/// different leaves as often as in the same one: the same runs as the straightforward splice of mapped runs, and
/// the runs before and after when asked for.
final class RunRopeDeepTransformTests: XCTestCase {
    private static func set(_ value: Int) -> AttributeSet {
        value == 0 ? .empty : AttributeSet([AttributeEntry(name: "k", value: .integer(value))])
    }

    func testTransformsOnDeepRunRopesMatchTheSplice() {
        for seed in 1...UInt64(propertyBudget(default: 6, long: 60)) {
            var rng = SeededGenerator(seed: 0xDEE9_0000 + seed)
            // Runs of 1-4 bytes with alternating values, so that neighbours differ and merges happen often.
            var runs: [AttributeRun] = []
            for k in 0..<rng.int(200...3000) {
                runs.append(AttributeRun(utf8Count: rng.int(1...4), attributes: Self.set(k % 2 == 0 ? rng.int(0...3) : 4)))
            }
            var quick = RunRope(runs: runs)
            var reference = quick
            for step in 0..<300 {
                let range = rng.nonEmptyRange(below: quick.utf8Count, short: 3, long: 12, shortChance: 0.7)
                let value = rng.int(0...4)
                let recording = rng.chance(0.5)
                assertTransformMatchesSplice(&quick, &reference, in: range, recordingRuns: recording, checkingFlags: false,
                                             { _ in Self.set(value) },
                                             context: "seed \(seed) step \(step) range \(range)")
                if step % 20 == 0 { quick._invariantCheck() }
                if quick.rope.elements != reference.rope.elements { return }
            }
            quick._invariantCheck()
        }
    }
}
