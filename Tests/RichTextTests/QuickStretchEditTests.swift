import XCTest
@testable import RichText
import struct FormattingTesting.SeededGenerator

/// Typing strictly inside a stretch of a `textChanged` key, and deleting inside or across the end of one, take
/// their own quick paths (`typeInsideStretches`, `deleteAcrossStretches`), which must give exactly what
/// `editTextThroughPipeline` gives: the same string, the same stored runs and the same adjustments.
final class QuickStretchEditTests: XCTestCase {
    private static let tag = AttributeBehavior(inheritedByAddedText: false, invalidationConditions: [.textChanged])
    private static let spell = AttributeBehavior(invalidationConditions: [.textChanged])
    private static let para = AttributeBehavior(runBoundaries: .paragraph)
    private static let dependent = AttributeBehavior(invalidationConditions: [.attributeChanged("tag")])

    func testTypingInsideAnIngredientRemovesItFromTheWholeWordOnTheQuickPath() {
        var text = RichString(unenforcedText: "add milk now", runs: [
            AttributeRun(utf8Count: 4, attributes: AttributeSet([])),
            AttributeRun(utf8Count: 2, attributes: AttributeSet([AttributeEntry(name: "tag", value: .integer(1), behavior: Self.tag)])),
            AttributeRun(utf8Count: 2, attributes: AttributeSet([
                AttributeEntry(name: "bold", value: .bool(true), behavior: .plain),
                AttributeEntry(name: "tag", value: .integer(1), behavior: Self.tag),
            ])),
            AttributeRun(utf8Count: 4, attributes: AttributeSet([])),
        ])!
        var reference = text
        let quick = text.editTextQuickly(6..<6, with: "x", attributedRuns: nil)
        let expected = reference.editTextThroughPipeline(6..<6, with: "x", attributedRuns: nil)
        XCTAssertNotNil(quick, "typing inside a plain stretch should not need the pipeline")
        XCTAssertEqual(quick, expected)
        XCTAssertEqual(quick?.map(\.utf8Range), [4..<6, 7..<9])
        XCTAssertEqual(text, reference)
        XCTAssertEqual(text.runStore.rope.elements, reference.runStore.rope.elements)
        XCTAssertNil(text.runStore.attributes(at: 4)["tag"])
    }

    func testTypingInsideAStretchWithADependentKeyLeavesItToThePipeline() {
        var text = RichString(unenforcedText: "milk", runs: [
            AttributeRun(utf8Count: 4, attributes: AttributeSet([
                AttributeEntry(name: "tag", value: .integer(1), behavior: Self.tag),
                AttributeEntry(name: "note", value: .integer(2), behavior: Self.dependent),
            ])),
        ])!
        XCTAssertNil(text.editTextQuickly(2..<2, with: "x", attributedRuns: nil))
        XCTAssertEqual(text.string, "milk", "a quick path that declines must change nothing")
    }

    func testDeletingALetterOfAnIngredientRemovesItFromTheRestOfTheWordOnTheQuickPath() {
        var text = RichString(unenforcedText: "add milk now", runs: [
            AttributeRun(utf8Count: 4, attributes: AttributeSet([])),
            AttributeRun(utf8Count: 4, attributes: AttributeSet([AttributeEntry(name: "tag", value: .integer(1), behavior: Self.tag)])),
            AttributeRun(utf8Count: 4, attributes: AttributeSet([])),
        ])!
        var reference = text
        let quick = text.editTextQuickly(6..<7, with: "", attributedRuns: [])
        let expected = reference.editTextThroughPipeline(6..<7, with: "", attributedRuns: [])
        XCTAssertNotNil(quick, "deleting inside a plain stretch should not need the pipeline")
        XCTAssertEqual(quick, expected)
        XCTAssertEqual(quick?.map(\.utf8Range), [4..<7])
        XCTAssertEqual(text.string, "add mik now")
        XCTAssertEqual(text.runStore.rope.elements, reference.runStore.rope.elements)
    }

    func testDeletingAcrossTwoIngredientsReportsEachOldValue() {
        var text = RichString(unenforcedText: "abcd", runs: [
            AttributeRun(utf8Count: 2, attributes: AttributeSet([AttributeEntry(name: "tag", value: .integer(1), behavior: Self.tag)])),
            AttributeRun(utf8Count: 2, attributes: AttributeSet([AttributeEntry(name: "tag", value: .integer(2), behavior: Self.tag)])),
        ])!
        var reference = text
        let quick = text.editTextQuickly(1..<3, with: "", attributedRuns: [])
        let expected = reference.editTextThroughPipeline(1..<3, with: "", attributedRuns: [])
        XCTAssertNotNil(quick)
        XCTAssertEqual(quick, expected)
        XCTAssertEqual(quick?.map(\.utf8Range), [0..<1, 1..<2])
        XCTAssertEqual(text.runStore.rope.elements, reference.runStore.rope.elements)
    }

    /// Random words with stretches of two `textChanged` keys over several stored runs, paragraphs with a
    /// paragraph-bound value, and sometimes a dependent key; typing at random places, mostly inside stretches.
    func testRandomTypingAndDeletingInStretchesMatchesThePipeline() {
        var quickTaken = 0
        var quickDeletions = 0
        for seed in 1...UInt64(propertyBudget(default: 300, long: 20_000)) {
            var rng = SeededGenerator(seed: seed)
            var quick = Self.randomDocument(&rng)
            var reference = quick
            for step in 0..<12 {
                let boundaries = Self.scalarBoundaries(of: quick)
                let a = boundaries[rng.int(0...(boundaries.count - 1))]
                if rng.chance(0.4) && a < quick.text.utf8Count {
                    let b = boundaries[min(boundaries.count - 1, boundaries.firstIndex(of: a)! + rng.int(1...3))]
                    let context = "seed \(seed) step \(step): deleting \(a)..<\(b) in \(quick.string.debugDescription)"
                    var probe = quick
                    if probe.editTextQuickly(a..<b, with: "", attributedRuns: []) != nil,
                       quick.runStore.attributes(at: a)["tag"] != nil || quick.runStore.attributes(at: b - 1)["tag"] != nil {
                        quickDeletions += 1
                    }
                    let made = quick.editText(a..<b, with: "", attributedRuns: [])
                    let expected = reference.editTextThroughPipeline(a..<b, with: "", attributedRuns: [])
                    XCTAssertEqual(made, expected, context)
                    XCTAssertEqual(quick, reference, context)
                    XCTAssertEqual(quick.runStore.rope.elements, reference.runStore.rope.elements, context)
                    quick._invariantCheck()
                    if quick != reference || made != expected { return }
                    continue
                }
                let typed = Substring(rng.pick(["x", "yz", "é", "🙂"]))
                let context = "seed \(seed) step \(step): typing \(typed.debugDescription) at \(a) in \(quick.string.debugDescription)"
                var probe = quick
                if probe.editTextQuickly(a..<a, with: typed, attributedRuns: nil) != nil,
                   a > 0, a < quick.text.utf8Count,
                   quick.runStore.attributes(at: a - 1)["tag"].map({ $0 == quick.runStore.attributes(at: a)["tag"] }) == true {
                    quickTaken += 1
                }
                let made = quick.editText(a..<a, with: typed, attributedRuns: nil)
                let expected = reference.editTextThroughPipeline(a..<a, with: typed, attributedRuns: nil)
                XCTAssertEqual(made, expected, context)
                XCTAssertEqual(quick, reference, context)
                XCTAssertEqual(quick.runStore.rope.elements, reference.runStore.rope.elements, context)
                quick._invariantCheck()
                if quick != reference || made != expected { return }
            }
        }
        XCTAssertGreaterThan(quickTaken, 50, "the scripts should type inside tag stretches on the quick path often")
        XCTAssertGreaterThan(quickDeletions, 50, "the scripts should delete in tag stretches on the quick path often")
    }

    private static func randomDocument(_ rng: inout SeededGenerator) -> RichString {
        var string = ""
        var runs: [AttributeRun] = []
        let withDependent = rng.chance(0.2)
        var paragraph = 1
        for _ in 0..<rng.int(2...8) {
            let tag = rng.chance(0.6) ? rng.int(1...2) : nil
            let spell = rng.chance(0.3) ? rng.int(1...2) : nil
            // A word of one to three stored runs that share the word's tag and spelling mark.
            for _ in 0..<rng.int(1...3) {
                let piece = rng.pick(["ab", "c", "éa", "wor", "d"])
                var entries = [AttributeEntry(name: "para", value: .integer(paragraph), behavior: para)]
                if let tag { entries.append(AttributeEntry(name: "tag", value: .integer(tag), behavior: Self.tag)) }
                if let spell { entries.append(AttributeEntry(name: "spell", value: .integer(spell), behavior: Self.spell)) }
                if rng.chance(0.4) { entries.append(AttributeEntry(name: "bold", value: .bool(rng.chance(0.5)), behavior: .plain)) }
                if withDependent && rng.chance(0.3) {
                    entries.append(AttributeEntry(name: "note", value: .integer(1), behavior: dependent))
                }
                string += piece
                runs.append(AttributeRun(utf8Count: piece.utf8.count, attributes: AttributeSet(entries)))
            }
            let gap = rng.chance(0.15) ? "\n" : " "
            if gap == "\n" { paragraph += 1 }
            string += gap
            let entries = [AttributeEntry(name: "para", value: .integer(gap == "\n" ? paragraph - 1 : paragraph), behavior: para)]
            runs.append(AttributeRun(utf8Count: 1, attributes: AttributeSet(entries)))
        }
        return RichString(unenforcedText: string, runs: runs)!
    }

    private static func scalarBoundaries(of string: RichString) -> [Int] {
        var boundaries = [0]
        for scalar in string.string.unicodeScalars { boundaries.append(boundaries.last! + String(scalar).utf8.count) }
        return boundaries
    }
}
