import XCTest
@testable import RichText
import struct FormattingTesting.SeededGenerator

/// `RichString(unenforcedRuns:sharingTextOf:)` builds what `RichString(unenforcedText:runs:)` builds, and
/// refuses the same runs.
final class SharedTextTests: XCTestCase {
    func testSharedTextMatchesRebuiltText() {
        var rng = SeededGenerator(seed: 0x5348_4152_4544)
        let pieces = ["ab", "crème ", "\r\n", "😀", "e\u{301}", "日本", "0123456789 stir the dough "]
        let sets = [AttributeSet.empty, AttributeSet([AttributeEntry(name: "k", value: .string("v"))]),
                    AttributeSet([AttributeEntry(name: "ingredient", value: .string("milk"))])]
        for _ in 0..<propertyBudget(default: 200, long: 2000) {
            var s = ""
            for _ in 0..<rng.int(0...(rng.chance(0.3) ? 600 : 20)) { s += rng.pick(pieces) }
            let source = RichString(s)
            let total = s.utf8.count
            // Runs cut at random byte offsets: some cut scalars, some do not cover the text.
            var cuts = Set((0..<rng.int(0...30)).map { _ in rng.int(0...max(total, 0)) })
            cuts.insert(0)
            var runs: [AttributeRun] = []
            let sorted = cuts.sorted() + [total + (rng.chance(0.05) ? 1 : 0)]
            for k in 1..<sorted.count where sorted[k] > sorted[k - 1] {
                runs.append(AttributeRun(utf8Count: sorted[k] - sorted[k - 1], attributes: rng.pick(sets)))
            }
            let shared = RichString(unenforcedRuns: RunList(runs), sharingTextOf: source)
            let rebuilt = RichString(unenforcedText: s, runs: runs)
            XCTAssertEqual(shared, rebuilt, "\(runs.map(\.utf8Count)) over \(total) bytes")
            shared?._invariantCheck()
        }
    }
}
