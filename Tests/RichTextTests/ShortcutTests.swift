import XCTest
@testable import RichText
import struct FormattingTesting.SeededGenerator

/// The shortcuts inside the steps give what their straightforward forms give (`RunRope.transformAttributes(in:recordingRuns:_:)`
/// against `transformAttributesByReplacing`, the setting cache, the set projections), and the funnel's edits on
/// strings read from outside, with keys of every behaviour, agree with the naive model.
final class ShortcutTests: XCTestCase {
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

    /// Typing and deleting through the funnel, on strings read from outside (random runs, enforced once), agree
    /// with the naive whole-document model after every edit.
    func testTypingAndDeletionMatchTheModel() {
        let typed = ["x", "yz", "é", "*", "\n", "a\rb", "\u{2029}", "q\r"]
        for seed in 1...UInt64(propertyBudget(default: 400, long: 20_000)) {
            var (rng, text) = Self.scriptStart(seed: seed)
            var model = BehaviorModel(text)
            for step in 0..<16 {
                let total = text.text.utf8Count
                // Offsets on scalar boundaries: walk the scalars.
                let boundaries = Self.scalarBoundaries(of: text)
                let i = rng.int(0...(boundaries.count - 1))
                let a = boundaries[i]
                let context = "seed \(seed) step \(step) at \(a) in \(text.string.debugDescription)"
                if rng.chance(0.5) || total == 0 {
                    let insert = rng.pick(typed)
                    text.insert(insert, at: text.index(utf8: a))
                    model.replace(i..<i, with: Array(insert.unicodeScalars), attributed: nil)
                } else {
                    // Mostly short deletions; some span many runs.
                    let j = min(boundaries.count - 1, i + (rng.chance(0.8) ? rng.int(1...3) : rng.int(4...12)))
                    text.removeSubrange(text.index(utf8: a)..<text.index(utf8: boundaries[j]))
                    model.replace(i..<j, with: [], attributed: [])
                }
                text._invariantCheck()
                if let difference = modelDifference(text, model) { return XCTFail("\(context)\n\(difference)") }
            }
        }
    }

    /// Attribute changes over one range through the funnel (whose transform records the runs only when a later
    /// step may need them) agree with the naive model.
    func testAttributeChangesMatchTheModel() {
        let keys = Self.behaviors.names
        for seed in 1...UInt64(propertyBudget(default: 400, long: 20_000)) {
            var (rng, text) = Self.scriptStart(seed: seed)
            var model = BehaviorModel(text)
            for step in 0..<16 {
                let boundaries = Self.scalarBoundaries(of: text)
                let i = rng.int(0...(boundaries.count - 1))
                let j = min(boundaries.count - 1, i + rng.int(0...4))
                let range = boundaries[i]..<boundaries[j]
                let change = Self.behaviors.randomChange(&rng, keys: keys)
                let context = "seed \(seed) step \(step) \(change.remove ? "removing" : "setting") \(change.key) over \(range) in \(text.string.debugDescription)"
                text.transformAttributes(in: range, change.transform)
                model.transform([i..<j]) { var entries = $0; entries[change.key] = change.entry; return entries }
                text._invariantCheck()
                if let difference = modelDifference(text, model) { return XCTFail("\(context)\n\(difference)") }
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

    /// A script's generator and starting string for `seed`, its behaviours enforced: some strings have only a
    /// few keys, so that the steps' early exits are taken often.
    private static func scriptStart(seed: UInt64) -> (SeededGenerator, RichString) {
        var rng = SeededGenerator(seed: seed)
        let used = behaviors.names.filter { _ in rng.chance(0.5) }
        var string = randomString(&rng, keys: used)
        string.enforceBehaviors()
        return (rng, string)
    }

    /// The UTF-8 offsets of every scalar boundary of `string`, its end included.
    private static func scalarBoundaries(of string: RichString) -> [Int] {
        var boundaries = [0]
        for scalar in string.string.unicodeScalars { boundaries.append(boundaries.last! + String(scalar).utf8.count) }
        return boundaries
    }
}
