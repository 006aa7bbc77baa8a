import XCTest
@testable import RichText
import struct FormattingTesting.SeededGenerator

/// Step 2 of the funnel, `textChanged`, on stretches that span several stored runs: typing strictly inside a
/// stretch and deleting inside or across the end of one remove the key from the whole stretch, with one report
/// per piece and value; random edits agree with the naive whole-document model (`BehaviorModel`).
final class TextChangedStretchTests: XCTestCase {
    private static let tag = AttributeBehavior(inheritedByAddedText: false, invalidationConditions: [.textChanged])
    private static let spell = AttributeBehavior(invalidationConditions: [.textChanged])
    private static let para = AttributeBehavior(runBoundaries: .paragraph)
    private static let dependent = AttributeBehavior(invalidationConditions: [.attributeChanged("tag")])

    private static func removal(_ range: Range<Int>, _ value: Int) -> AttributeAdjustment {
        AttributeAdjustment(cause: .textChanged, utf8Range: range, key: "tag", oldValue: .integer(value), newValue: nil)
    }

    func testTypingInsideAnIngredientRemovesItFromTheWholeWord() {
        var text = RichString(unenforcedText: "add milk now", runs: [
            AttributeRun(utf8Count: 4, attributes: AttributeSet([])),
            AttributeRun(utf8Count: 2, attributes: AttributeSet([AttributeEntry(name: "tag", value: .integer(1), behavior: Self.tag)])),
            AttributeRun(utf8Count: 2, attributes: AttributeSet([
                AttributeEntry(name: "bold", value: .bool(true), behavior: .plain),
                AttributeEntry(name: "tag", value: .integer(1), behavior: Self.tag),
            ])),
            AttributeRun(utf8Count: 4, attributes: AttributeSet([])),
        ])!
        let made = text.insert("x", at: text.index(utf8: 6))
        XCTAssertEqual(made, [Self.removal(4..<6, 1), Self.removal(7..<9, 1)])
        XCTAssertEqual(text.string, "add mixlk now")
        XCTAssertFalse(text.runs.contains { $0.attributes["tag"] != nil })
        XCTAssertEqual(text.runs.map { $0.attributes["bold"] }, [nil, .bool(true), nil])
    }

    func testTypingInsideAStretchWithADependentKeyRemovesTheDependentToo() {
        var text = RichString(unenforcedText: "milk", runs: [
            AttributeRun(utf8Count: 4, attributes: AttributeSet([
                AttributeEntry(name: "tag", value: .integer(1), behavior: Self.tag),
                AttributeEntry(name: "note", value: .integer(2), behavior: Self.dependent),
            ])),
        ])!
        let made = text.insert("x", at: text.index(utf8: 2))
        XCTAssertEqual(made.map(\.cause), [.textChanged, .textChanged, .attributeChanged("tag"), .attributeChanged("tag")])
        XCTAssertEqual(made.map(\.utf8Range), [0..<2, 3..<5, 0..<2, 3..<5])
        // The typed letter inherits `note` (it had no value before the edit, so no change reaches it) but not the
        // tag; the rest of the word loses both.
        XCTAssertEqual(text.runs.map(\.attributes), [.empty, AttributeSet([AttributeEntry(name: "note", value: .integer(2), behavior: Self.dependent)]), .empty])
    }

    func testDeletingALetterOfAnIngredientRemovesItFromTheRestOfTheWord() {
        var text = RichString(unenforcedText: "add milk now", runs: [
            AttributeRun(utf8Count: 4, attributes: AttributeSet([])),
            AttributeRun(utf8Count: 4, attributes: AttributeSet([AttributeEntry(name: "tag", value: .integer(1), behavior: Self.tag)])),
            AttributeRun(utf8Count: 4, attributes: AttributeSet([])),
        ])!
        let made = text.removeSubrange(text.index(utf8: 6)..<text.index(utf8: 7))
        XCTAssertEqual(made, [Self.removal(4..<7, 1)])
        XCTAssertEqual(text.string, "add mik now")
        XCTAssertEqual(text.runs.count, 1)
    }

    func testDeletingAcrossTwoIngredientsReportsEachOldValue() {
        var text = RichString(unenforcedText: "abcd", runs: [
            AttributeRun(utf8Count: 2, attributes: AttributeSet([AttributeEntry(name: "tag", value: .integer(1), behavior: Self.tag)])),
            AttributeRun(utf8Count: 2, attributes: AttributeSet([AttributeEntry(name: "tag", value: .integer(2), behavior: Self.tag)])),
        ])!
        let made = text.removeSubrange(text.index(utf8: 1)..<text.index(utf8: 3))
        XCTAssertEqual(made, [Self.removal(0..<1, 1), Self.removal(1..<2, 2)])
        XCTAssertEqual(text.runs.map(\.attributes), [.empty])
    }

    /// Random words with stretches of two `textChanged` keys over several stored runs, paragraphs with a
    /// paragraph-bound value, and sometimes a dependent key; typing at random places, mostly inside stretches,
    /// and deleting: the string agrees with the naive model after every edit.
    func testRandomTypingAndDeletingInStretchesMatchesTheModel() {
        var insideStretches = 0
        for seed in 1...UInt64(propertyBudget(default: 300, long: 20_000)) {
            var rng = SeededGenerator(seed: seed)
            var text = Self.randomDocument(&rng)
            var model = BehaviorModel(text)
            for step in 0..<12 {
                let boundaries = Self.scalarBoundaries(of: text)
                let i = rng.int(0...(boundaries.count - 1))
                let a = boundaries[i]
                if a > 0, a < text.counts.utf8, let tag = text.runStore.attributes(at: a - 1)["tag"],
                   text.runStore.attributes(at: a)["tag"] == tag { insideStretches += 1 }
                let context: String
                if rng.chance(0.4) && i + 1 < boundaries.count {
                    let j = min(boundaries.count - 1, i + rng.int(1...3))
                    context = "seed \(seed) step \(step): deleting \(a)..<\(boundaries[j]) in \(text.string.debugDescription)"
                    text.removeSubrange(text.index(utf8: a)..<text.index(utf8: boundaries[j]))
                    model.replace(i..<j, with: [], attributed: [])
                } else {
                    let typed = rng.pick(["x", "yz", "é", "🙂"])
                    context = "seed \(seed) step \(step): typing \(typed.debugDescription) at \(a) in \(text.string.debugDescription)"
                    text.insert(typed, at: text.index(utf8: a))
                    model.replace(i..<i, with: Array(typed.unicodeScalars), attributed: nil)
                }
                text._invariantCheck()
                if let difference = modelDifference(text, model) { return XCTFail("\(context)\n\(difference)") }
            }
        }
        XCTAssertGreaterThan(insideStretches, 50, "the scripts should edit inside tag stretches often")
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
