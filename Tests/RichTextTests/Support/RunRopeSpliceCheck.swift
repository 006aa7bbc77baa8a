import XCTest
@testable import RichText
import struct FormattingTesting.SeededGenerator

extension SeededGenerator {
    /// A non-empty range of `0..<total` starting anywhere: at most `short` long with probability `shortChance`,
    /// else at most `long`, cut at `total`.
    mutating func nonEmptyRange(below total: Int, short: Int, long: Int, shortChance: Double) -> Range<Int> {
        let a = int(0...(total - 1))
        let b = Swift.min(total, a + int(1...(chance(shortChance) ? short : long)))
        return a..<b
    }
}

extension NamedBehaviors {
    /// One random attribute change of the kind the run-rope property tests make: one of `keys` set to 1 or 2, or
    /// (one time in four) removed.
    func randomChange(_ rng: inout SeededGenerator, keys: [String])
        -> (key: String, remove: Bool, transform: (AttributeSet) -> AttributeSet, entry: AttributeEntry?) {
        let key = rng.pick(keys)
        let value = rng.int(1...2)
        let remove = rng.chance(0.25)
        let entry = entry(key, value)
        return (key, remove, { set in remove ? set.removing(key) : set.setting(entry) }, remove ? nil : entry)
    }
}

/// Applies `transform` over `range` to `quick` through `RunRope.transformAttributes` and to `reference` through
/// the straightforward splice of mapped runs, and checks that they agree: the same runs, and the runs before and
/// after when they are recorded. With `checkingFlags`, also the outcome's flags (changed, involves behaviours,
/// may need enforcement), and the recorded runs wherever enforcement may be needed.
func assertTransformMatchesSplice(_ quick: inout RunRope, _ reference: inout RunRope, in range: Range<Int>, recordingRuns recording: Bool,
                                  checkingFlags: Bool = true, _ transform: (AttributeSet) -> AttributeSet, context: String,
                                  file: StaticString = #filePath, line: UInt = #line) {
    let outcome = quick.transformAttributes(in: range, recordingRuns: recording, transform)
    let (old, new) = reference.transformAttributesByReplacing(in: range, transform)
    XCTAssertEqual(quick.rope.elements, reference.rope.elements, context, file: file, line: line)
    if checkingFlags {
        XCTAssertEqual(outcome.changed, zip(old, new).contains { $0.attributes != $1.attributes }, context, file: file, line: line)
        let behaviors = (old + new).contains { $0.attributes.hasBehaviors }
        XCTAssertEqual(outcome.involvesBehaviors, behaviors, context, file: file, line: line)
        let needs = behaviors && zip(old, new).contains { RunRope.mayNeedEnforcement(from: $0.attributes, to: $1.attributes) }
        XCTAssertEqual(outcome.mayNeedEnforcement, needs, context, file: file, line: line)
    }
    if recording || (checkingFlags && outcome.mayNeedEnforcement) {
        XCTAssertEqual(outcome.old, old, context, file: file, line: line)
        XCTAssertEqual(outcome.new, new, context, file: file, line: line)
    }
}
