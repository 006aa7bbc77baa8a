import XCTest
@testable import RichText
import struct FormattingTesting.SeededGenerator

/// `AttributeSetMemo` finds each distinct set's answer again, works each one out once, and agrees with a
/// dictionary keyed by the sets themselves however many sets it meets and in whatever order.
final class AttributeSetMemoTests: XCTestCase {
    private static func set(_ k: Int) -> AttributeSet {
        AttributeSet([AttributeEntry(name: "memoTest", value: .integer(k))])
    }

    func testEachDistinctSetIsAnsweredOnceAndFoundAgain() {
        var memo = AttributeSetMemo<Int>()
        var calls = 0
        let sets = (0..<5).map(Self.set) + [.empty]
        for _ in 0..<3 {
            for (k, set) in sets.enumerated() {
                let index = memo.index(of: set) { _ in calls += 1; return k * 10 }
                XCTAssertEqual(memo.values[index], k * 10)
            }
        }
        XCTAssertEqual(calls, sets.count, "one answer per distinct set")
        XCTAssertEqual(memo.values, sets.indices.map { $0 * 10 }, "answers in the order sets were first met")
        XCTAssertNil(memo[Self.set(99)], "a set not met has no answer")
        XCTAssertEqual(memo[Self.set(3)], 30, "an equal set made again is the same interned set")
    }

    /// Seeded: random sequences over a pool of sets (enough to make the table grow several times) give the same
    /// answers as a dictionary.
    func testAgreesWithADictionaryThroughGrowth() {
        for seed in UInt64(1)...20 {
            var rng = SeededGenerator(seed: seed)
            let pool = (0..<(1 + Int(rng.next() % 3_000))).map { Self.set(Int(seed) * 10_000 + $0) }
            var memo = AttributeSetMemo<Int>()
            var reference: [AttributeSet: Int] = [:]
            for step in 0..<5_000 {
                let set = pool[Int(rng.next() % UInt64(pool.count))]
                let index = memo.index(of: set) { _ in step }
                let expected = reference[set] ?? step
                reference[set] = expected
                XCTAssertEqual(memo.values[index], expected, "seed \(seed), step \(step)")
            }
            XCTAssertEqual(memo.values.count, reference.count, "seed \(seed)")
            for (set, answer) in reference { XCTAssertEqual(memo[set], answer, "seed \(seed)") }
        }
    }
}
