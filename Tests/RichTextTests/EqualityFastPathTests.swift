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
}
