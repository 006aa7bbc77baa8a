import XCTest
@testable import RichText
import struct FormattingTesting.SeededGenerator

/// The quick paths give what the general paths give: `RunRope.transformAttributes(in:recordingRuns:_:)` against
/// `transformAttributesByReplacing`, and `editText`'s quick typing and deletion against
/// `editTextThroughPipeline`, on strings whose keys have every behaviour, including strings whose paragraphs
/// were never made uniform.
final class QuickPathTests: XCTestCase {
    private static let behaviors = NamedBehaviors([
        "plain": .plain,
        "para": AttributeBehavior(runBoundaries: .paragraph),
        "paraLocal": AttributeBehavior(inheritedByAddedText: false, runBoundaries: .paragraph),
        "tag": AttributeBehavior(inheritedByAddedText: false, invalidationConditions: [.textChanged]),
        "noInherit": AttributeBehavior(inheritedByAddedText: false),
        "star": AttributeBehavior(runBoundaries: .character("*")),
        "dependent": AttributeBehavior(invalidationConditions: [.attributeChanged("plain")]),
    ], chance: 0.35)

    /// A string of random fragments with random runs, taken as given (no behaviour enforced).
    private static func randomString(_ rng: inout SeededGenerator, keys: [String]) -> RichString {
        let fragments = ["ab", "c", "*", "**", "x y", "\n", "\r\n", "\r", "é", "\u{2029}", "word "]
        var string = ""
        var runs: [AttributeRun] = []
        for _ in 0..<rng.int(1...14) {
            let piece = rng.pick(fragments)
            string += piece
            runs.append(AttributeRun(utf8Count: piece.utf8.count, attributes: behaviors.randomSet(&rng, keys: keys)))
        }
        return RichString(unenforcedText: string, runs: runs)!
    }

    func testRunTransformMatchesTheSpliceOfMappedRuns() {
        let keys = ["plain", "para", "tag"]
        for seed in 1...UInt64(propertyBudget(default: 400, long: 20_000)) {
            var rng = SeededGenerator(seed: seed)
            let base = Self.randomString(&rng, keys: keys).runStore
            var quick = base
            var reference = base
            for step in 0..<12 {
                let total = base.utf8Count
                let a = rng.int(0...total)
                let b = min(total, a + rng.int(0...12))
                let change = Self.behaviors.randomChange(&rng, keys: keys)
                let recording = rng.chance(0.5)
                assertTransformMatchesSplice(&quick, &reference, in: a..<b, recordingRuns: recording, change.transform,
                                             context: "seed \(seed) step \(step) range \(a)..<\(b)")
                quick._invariantCheck()
                if quick.rope.elements != reference.rope.elements { return }
            }
        }
    }

    func testQuickTypingAndDeletionMatchThePipeline() {
        let typed = ["x", "yz", "é", "*", "\n", "a\rb", "\u{2029}", "q\r"]
        for seed in 1...UInt64(propertyBudget(default: 400, long: 20_000)) {
            var (rng, quick) = Self.scriptStart(seed: seed)
            var reference = quick
            for step in 0..<16 {
                let total = quick.text.utf8Count
                // Offsets on scalar boundaries: walk the scalars.
                let boundaries = Self.scalarBoundaries(of: quick)
                let i = rng.int(0...(boundaries.count - 1))
                let a = boundaries[i]
                let context = "seed \(seed) step \(step) at \(a) in \(quick.string.debugDescription)"
                let made: [AttributeAdjustment]
                let expected: [AttributeAdjustment]
                if rng.chance(0.5) || total == 0 {
                    let insert = Substring(rng.pick(typed))
                    made = quick.editText(a..<a, with: insert, attributedRuns: nil)
                    expected = reference.editTextThroughPipeline(a..<a, with: insert, attributedRuns: nil)
                } else {
                    // Mostly short deletions; some span enough runs to pass the few the neighbourhood keeps.
                    let j = min(boundaries.count - 1, i + (rng.chance(0.8) ? rng.int(1...3) : rng.int(4...12)))
                    let b = boundaries[j]
                    made = quick.editText(a..<b, with: "", attributedRuns: [])
                    expected = reference.editTextThroughPipeline(a..<b, with: "", attributedRuns: [])
                }
                XCTAssertEqual(made, expected, context)
                guard Self.assertSame(quick, reference, context) else { return }
            }
        }
    }

    func testQuickAttributeChangesMatchThePipeline() {
        let keys = Self.behaviors.names
        for seed in 1...UInt64(propertyBudget(default: 400, long: 20_000)) {
            var (rng, quick) = Self.scriptStart(seed: seed)
            var reference = quick
            for step in 0..<16 {
                let boundaries = Self.scalarBoundaries(of: quick)
                let i = rng.int(0...(boundaries.count - 1))
                let j = min(boundaries.count - 1, i + rng.int(0...4))
                let range = boundaries[i]..<boundaries[j]
                let (key, remove, transform) = Self.behaviors.randomChange(&rng, keys: keys)
                let context = "seed \(seed) step \(step) \(remove ? "removing" : "setting") \(key) over \(range) in \(quick.string.debugDescription)"
                let made = quick.editAttributes(in: [range], transform)
                let expected = reference.editAttributes(in: [range], alwaysRecordingRuns: true, transform)
                XCTAssertEqual(made, expected, context)
                guard Self.assertSame(quick, reference, context) else { return }
            }
        }
    }

    func testSettingCacheMatchesFreshSetting() {
        let keys = Self.behaviors.names
        for seed in 1...UInt64(300) {
            var rng = SeededGenerator(seed: seed)
            let set = Self.behaviors.randomSet(&rng, keys: keys)
            // Twice each, so that the second call is answered by the cache; values that share a slot too.
            for _ in 0..<2 {
                for key in keys {
                    for value in [1, 2, 9, 17] {
                        let entry = Self.behaviors.entry(key, value)
                        var expected = set.entries.filter { $0.name != key }
                        expected.append(entry)
                        XCTAssertEqual(set.setting(entry), AttributeSet(expected), "seed \(seed) \(key)=\(value)")
                        // The same name and value with another behaviour is another set.
                        let other = AttributeEntry(name: key, value: .integer(value), behavior: .plain)
                        var otherExpected = set.entries.filter { $0.name != key }
                        otherExpected.append(other)
                        XCTAssertEqual(set.setting(other), AttributeSet(otherExpected), "seed \(seed) \(key)=\(value) plain")
                    }
                }
            }
        }
    }

    func testAttributeSetProjectionsMatchTheirFilters() {
        let keys = Self.behaviors.names
        for seed in 1...UInt64(200) {
            var rng = SeededGenerator(seed: seed)
            let set = Self.behaviors.randomSet(&rng, keys: keys)
            XCTAssertEqual(set.inheritable, set.filter { $0.behavior.isInheritable })
            XCTAssertEqual(set.inheritable, AttributeSet(set.entries.filter { $0.behavior.isInheritable }))
            XCTAssertEqual(set.paragraphBound, AttributeSet(set.entries.filter { $0.behavior.runBoundaries == .paragraph }))
            XCTAssertEqual(set.hasTextChangedKeys, set.entries.contains { $0.behavior.isInvalidatedByTextChange })
            XCTAssertEqual(set.filter { _ in true }, set)
            XCTAssertEqual(set.filter { $0.name != "plain" }, AttributeSet(set.entries.filter { $0.name != "plain" }))
        }
    }

    /// A script's generator and starting string for `seed`: some strings have only a few keys, so that the quick
    /// paths are taken often.
    private static func scriptStart(seed: UInt64) -> (SeededGenerator, RichString) {
        var rng = SeededGenerator(seed: seed)
        let used = behaviors.names.filter { _ in rng.chance(0.5) }
        let string = randomString(&rng, keys: used)
        return (rng, string)
    }

    /// The UTF-8 offsets of every scalar boundary of `string`, its end included.
    private static func scalarBoundaries(of string: RichString) -> [Int] {
        var boundaries = [0]
        for scalar in string.string.unicodeScalars { boundaries.append(boundaries.last! + String(scalar).utf8.count) }
        return boundaries
    }

    /// Asserts that the quick path left the same string, stored the same way, as the reference; checks the
    /// quick one's invariants. Returns whether they agree, so a script stops at its first disagreement.
    private static func assertSame(_ quick: RichString, _ reference: RichString, _ context: String) -> Bool {
        XCTAssertEqual(quick, reference, context)
        XCTAssertEqual(quick.runStore.rope.elements, reference.runStore.rope.elements, context)
        quick._invariantCheck()
        return quick == reference
    }
}
