import Foundation
import XCTest
@testable import RichText
import struct FormattingTesting.SeededGenerator

/// `==` answers from the runs alone when both strings share their text storage (one came from the other by
/// attribute changes only). This holds that shortcut equal to the general run-by-run comparison, for content
/// (`==`) and with behaviours (`isEqualIncludingBehaviors`), over runs whose key is plain on one side and has a
/// behaviour on the other.
final class EqualityFastPathTests: XCTestCase {
    func testStringsSharingTheirTextCompareAsTheRunByRunComparisonSays() {
        let seed = UInt64(ProcessInfo.processInfo.environment["FMTCHECK_SEED"] ?? "") ?? 0xE0_0A11
        let cases = ProcessInfo.processInfo.environment["FMTCHECK_LONG"] != nil ? 20_000 : 1_000
        var rng = SeededGenerator(seed: seed)
        for n in 0..<cases {
            let base = RichString(String((0..<Int.random(in: 1...12, using: &rng)).map { _ in "ab é\n".randomElement(using: &rng)! }))
            var left = base, right = base
            for side in 0..<2 {
                for _ in 0..<Int.random(in: 0...3, using: &rng) {
                    let count = base.counts.characters
                    let a = Int.random(in: 0...count, using: &rng), b = Int.random(in: 0...count, using: &rng)
                    let range = base.index(atOffset: min(a, b), in: .characters)..<base.index(atOffset: max(a, b), in: .characters)
                    let value = Int.random(in: 0...2, using: &rng)
                    let key = Bool.random(using: &rng)
                        ? AttributeKeyDescriptor(name: "k")
                        : AttributeKeyDescriptor(name: "k", behavior: AttributeBehavior(inheritedByAddedText: false))
                    if side == 0 {
                        left.setAttribute(key, to: value == 0 ? nil : .integer(value), in: range)
                    } else {
                        right.setAttribute(key, to: value == 0 ? nil : .integer(value), in: range)
                    }
                }
            }
            XCTAssertTrue(left.text.isIdentical(to: right.text), "attribute changes keep the text storage")
            let content = RichRunsView.haveEqualRuns(left.runs, right.runs, includingBehaviors: false)
            let behaviors = RichRunsView.haveEqualRuns(left.runs, right.runs, includingBehaviors: true)
            XCTAssertEqual(left == right, content,
                           "seed \(seed), case \(n): \(left.description.debugDescription) vs \(right.description.debugDescription)")
            XCTAssertEqual(left.isEqualIncludingBehaviors(to: right), behaviors,
                           "seed \(seed), case \(n), behaviours: \(left.description.debugDescription) vs \(right.description.debugDescription)")
            XCTAssertTrue(!behaviors || content, "equal with behaviours but not in content: seed \(seed), case \(n)")
            if content { XCTAssertEqual(left.hashValue, right.hashValue, "equal strings hash alike: seed \(seed), case \(n)") }
            if (left == right) != content || left.isEqualIncludingBehaviors(to: right) != behaviors { return }
        }
    }

    /// `Rope.hasSameElements(as:)`, which skips the subtrees two run trees share, says what comparing their runs one
    /// by one says: on deep trees edited apart by a few attribute changes (shared paths), set back to equal runs
    /// by other paths (equal content, other nodes), and rebuilt from scratch (no node shared).
    func testRunTreesSharingNodesCompareAsTheirRunsDo() {
        var rng = SeededGenerator(seed: 0x5A_3E00)
        let key = AttributeKeyDescriptor(name: "k")
        for n in 0..<propertyBudget(default: 60, long: 2_000) {
            var base = RichString(String(repeating: "abcd efgh\n", count: rng.int(1...400)))
            let total = base.counts.utf8
            for _ in 0..<rng.int(0...200) {
                let a = rng.int(0...(total - 1))
                base.setAttribute(key, to: .integer(rng.int(1...3)), in: base.index(utf8: a)..<base.index(utf8: min(total, a + rng.int(1...5))))
            }
            var left = base, right = base
            for _ in 0..<rng.int(0...4) {
                let a = rng.int(0...(total - 1)), b = min(total, a + rng.int(1...30))
                let value: AttributeValue? = rng.chance(0.3) ? nil : .integer(rng.int(1...3))
                if rng.chance(0.5) {
                    left.setAttribute(key, to: value, in: left.index(utf8: a)..<left.index(utf8: b))
                } else {
                    right.setAttribute(key, to: value, in: right.index(utf8: a)..<right.index(utf8: b))
                }
            }
            if rng.chance(0.3) { right = RichString(unenforcedText: right.string, runs: right.runStore.rope.elements.map(\.run))! }
            let expected = left.runStore.rope.elements == right.runStore.rope.elements
            XCTAssertEqual(left.runStore.rope.hasSameElements(as: right.runStore.rope), expected, "case \(n)")
            XCTAssertEqual(right.runStore.rope.hasSameElements(as: left.runStore.rope), expected, "case \(n), reversed")
        }
    }
}
