import Foundation
import XCTest
@testable import RichText
import TestKeys

/// `==` and hashing compare content, text and attribute values, as Foundation's `AttributedString ==` does; a
/// key's behaviour is not content. `isEqualIncludingBehaviors(to:)` compares the behaviours too.
final class ContentEqualityTests: XCTestCase {
    /// `IngredientKey`'s entry as a reader that knows no definition gives it back: the same name and value, plain.
    private func plainIngredient(_ value: String) -> AttributeSet {
        AttributeSet([AttributeEntry(name: IngredientKey.name, value: .string(value))])
    }

    private func typedIngredient(_ value: String) -> AttributeSet {
        AttributeSet.empty.with(IngredientKey.self, value)
    }

    /// The editor developer's case: the document saved under its definition and read back by a decoder that knows
    /// no definition has the same text and values, its keys plain.
    private func savedAndReadBack() -> (saved: RichString, readBack: RichString) {
        var saved = RichString("Add milk and butter")
        saved[saved.range(of: "milk")!][IngredientKey.self] = "milk"
        saved[saved.range(of: "butter")!][IngredientKey.self] = "butter"
        let runs = saved.runs.map { run in
            AttributeRun(utf8Count: saved.offsets(of: run.range).count,
                         attributes: run.attributes[IngredientKey.self].map(plainIngredient) ?? .empty)
        }
        return (saved, RichString(unenforcedText: saved.string, runs: runs)!)
    }

    func testADocumentReadBackWithPlainKeysEqualsTheDocumentSaved() {
        let (saved, readBack) = savedAndReadBack()
        XCTAssertNotEqual(saved.runs.first { $0.attributes[IngredientKey.self] != nil }?.attributes,
                          readBack.runs.first { $0.attributes[IngredientKey.self] != nil }?.attributes,
                          "the sets differ: one key has a behaviour, the other is plain")
        XCTAssertEqual(saved, readBack)
        XCTAssertEqual(saved.hashValue, readBack.hashValue)
        XCTAssertEqual(Set([saved, readBack]).count, 1)
        XCTAssertFalse(saved.isEqualIncludingBehaviors(to: readBack))
        XCTAssertTrue(saved.isEqualIncludingBehaviors(to: saved))
    }

    func testSlicesAndRunsOfTheReadBackDocumentEqualTheSavedOnes() throws {
        let (saved, readBack) = savedAndReadBack()
        let milk = try XCTUnwrap(saved.range(of: "milk")), milkBack = try XCTUnwrap(readBack.range(of: "milk"))
        XCTAssertEqual(saved[milk], readBack[milkBack])
        XCTAssertEqual(saved[milk].hashValue, readBack[milkBack].hashValue)
        XCTAssertFalse(saved[milk].isEqualIncludingBehaviors(to: readBack[milkBack]))

        let both = saved[saved.ranges(of: "milk")], bothBack = readBack[readBack.ranges(of: "milk")]
        XCTAssertEqual(both, bothBack)
        XCTAssertEqual(both.hashValue, bothBack.hashValue)
        XCTAssertFalse(both.isEqualIncludingBehaviors(to: bothBack))

        for (run, runBack) in zip(saved.runs, readBack.runs) {
            XCTAssertEqual(run, runBack)
            XCTAssertEqual(run.hashValue, runBack.hashValue)
            XCTAssertEqual(run.isEqualIncludingBehaviors(to: runBack), run.attributes.isEmpty)
        }
    }

    func testAttributeSetsCompareValuesWithHasSameValuesAndBehavioursWithEquals() {
        XCTAssertNotEqual(typedIngredient("milk"), plainIngredient("milk"))
        XCTAssertTrue(typedIngredient("milk").hasSameValues(as: plainIngredient("milk")))
        XCTAssertFalse(typedIngredient("milk").hasSameValues(as: plainIngredient("cream")))
        XCTAssertFalse(typedIngredient("milk").hasSameValues(as: typedIngredient("milk").testInt(1)))
        XCTAssertFalse(AttributeSet.testInt(1).hasSameValues(as: .testInt(2)))
        XCTAssertTrue(AttributeSet.empty.hasSameValues(as: .empty))
    }

    /// Runs whose sets differ only in a key's behaviour stay apart in the string (the run rope merges identical
    /// sets), but `==` counts them as one run, as Foundation's runs break only where a value changes.
    func testNeighbouringRunsThatDifferOnlyInBehavioursCountAsOneRun() throws {
        let mixed = try XCTUnwrap(RichString(unenforcedText: "milkshake", runs: [
            AttributeRun(utf8Count: 4, attributes: typedIngredient("milk")),
            AttributeRun(utf8Count: 5, attributes: plainIngredient("milk")),
        ]))
        let whole = RichString("milkshake", attributes: typedIngredient("milk"))
        XCTAssertEqual(mixed.runs.count, 2)
        XCTAssertEqual(mixed, whole)
        XCTAssertEqual(mixed.hashValue, whole.hashValue)
        XCTAssertFalse(mixed.isEqualIncludingBehaviors(to: whole))

        let split = RichString("milk", attributes: typedIngredient("milk")) + RichString("shake", attributes: typedIngredient("shake"))
        XCTAssertNotEqual(mixed, split, "a value that changes still ends a run")
    }

    func testContentStillDecidesTextAndValues() {
        let milk = RichString("milk", attributes: typedIngredient("milk"))
        XCTAssertNotEqual(milk, RichString("milk", attributes: plainIngredient("cream")))
        XCTAssertNotEqual(milk, RichString("milK", attributes: plainIngredient("milk")))
        XCTAssertNotEqual(milk, RichString("milk"))
        XCTAssertEqual(RichString("Café", attributes: typedIngredient("x")), RichString("Cafe\u{301}", attributes: plainIngredient("x")))
    }

    /// Strings that share their text storage (one edited from the other by attribute changes) take a shortcut:
    /// it gives what the general comparison gives, behaviours or not.
    func testStringsSharingTheirTextCompareAsTheGeneralComparisonDoes() {
        let base = RichString("milk and honey", attributes: typedIngredient("milk"))
        var plain = base
        plain.transformAttributesRaw(inUTF8: 0..<14) { _ in self.plainIngredient("milk") }
        XCTAssertTrue(plain.text.isIdentical(to: base.text))
        XCTAssertEqual(plain, base)
        XCTAssertFalse(plain.isEqualIncludingBehaviors(to: base))
        plain.transformAttributesRaw(inUTF8: 0..<4) { _ in self.plainIngredient("cream") }
        XCTAssertNotEqual(plain, base)
    }
}
