import Foundation
import XCTest
@testable import RichText
import TestKeys
import struct FormattingTesting.SeededGenerator

/// The parts of the API shaped after Foundation's `AttributedString` that ported code reaches for: writable
/// character and scalar views, whole-string attribute access, attribute scopes, the protocol the string and its
/// slices share, and discontiguous slices' views.
final class FoundationShapedAPITests: XCTestCase {
    private enum Ingredient: RichAttributeKey {
        typealias Value = String
        static let name = "ingredient"
        static let inheritedByAddedText = false
    }

    private enum Bold: RichAttributeKey {
        typealias Value = Bool
        static let name = "bold"
    }

    private struct RecipeAttributes: RichAttributeScope {
        let ingredient = Ingredient.self
        let bold = Bold.self
    }

    // MARK: Writable views

    func testTypingThroughTheCharacterViewInheritsAsTypingDoes() {
        var text = RichString("milk", attributes: AttributeSet.empty.with(Bold.self, true).with(Ingredient.self, "milk"))
        text.characters.append(contentsOf: "y")
        // Bold is inherited; the ingredient is not (inheritedByAddedText = false).
        XCTAssertEqual(text.string, "milky")
        let last = text.index(atOffset: 4, in: .characters)
        XCTAssertEqual(text.attribute(Bold.self, at: last), true)
        XCTAssertNil(text.attribute(Ingredient.self, at: last))
    }

    func testRemovingCharactersWhereAPredicateHoldsKeepsTheOthersAttributes() {
        var text = RichString("a-b", attributes: .testInt(1))
        text.append(RichString("-c", attributes: .testInt(2)))
        text.characters.removeAll { $0 == "-" }
        XCTAssertEqual(text.string, "abc")
        XCTAssertEqual(text, RichString("ab", attributes: .testInt(1)) + RichString("c", attributes: .testInt(2)))
    }

    func testEditingTheScalarViewInPlaceKeepsTheStringsOtherRuns() {
        var text = RichString("ab", attributes: .testInt(1))
        text.append(RichString("cd", attributes: .testInt(2)))
        let second = text.index(atOffset: 1, in: .scalars)
        text.unicodeScalars.replaceSubrange(second..<text.index(atOffset: 3, in: .scalars), with: "XY".unicodeScalars)
        XCTAssertEqual(text.string, "aXYd")
        // Typed over a selection: the first replaced scalar ("b", TestInt 1) gives its attributes.
        XCTAssertEqual(text, RichString("aXY", attributes: .testInt(1)) + RichString("d", attributes: .testInt(2)))
    }

    func testRemovingAllThroughTheViewEmptiesTheString() {
        var text = RichString("abc", attributes: .testInt(1))
        text.characters.removeAll()
        XCTAssertTrue(text.isEmpty)
        text._invariantCheck()
    }

    // MARK: Whole string, scopes, protocol

    func testWholeStringAttributeReadsOnlyWhenUniform() {
        var text = RichString("ab", attributes: .testInt(1))
        XCTAssertEqual(text.testInt, 1)
        XCTAssertEqual(text[TestIntKey.self], 1)
        text.append(RichString("c"))
        XCTAssertNil(text.testInt)
        text.testInt = 5
        XCTAssertEqual(text.testInt, 5)
        XCTAssertEqual(text["TestInt"], .integer(5))
    }

    func testAScopeListsTheKeysItDeclares() {
        XCTAssertEqual(RecipeAttributes.keys.map(\.name), ["ingredient", "bold"])
        XCTAssertEqual(RecipeAttributes.keys.first?.behavior.inheritedByAddedText, false)
    }

    func testScopedWritesGoThroughTheSliceAndTheWholeString() {
        var text = RichString("Hello, world")
        text.test.testInt = 2
        XCTAssertEqual(text.testInt, 2)
        let hello = text.startIndex..<text.index(atOffset: 5, in: .characters)
        text[hello].test.testBool = true
        XCTAssertEqual(text[hello].testBool, true)
        XCTAssertNil(text.test.testBool)
        var ranges = text[RangeSet([hello])]
        ranges.test.testString = "x"
        XCTAssertEqual(ranges.testString, "x")
    }

    func testARegisteredScopesKeysAreReachedByTheirOwnNamesAndThroughTheScope() {
        var text = RichString("flour and salt")
        let flour = text.startIndex..<text.index(atOffset: 5, in: .characters)
        text[flour].pantryIngredient = "flour"
        text.pantryColor = 3
        XCTAssertEqual(text[flour].pantryIngredient, "flour")
        XCTAssertEqual(text.attribute(IngredientKey.self, at: text.startIndex), "flour")
        XCTAssertEqual(text.pantry.pantryColor, 3)
        // A key path that names the key through its scope, as Foundation's `\.foundation.link`.
        let recoloured = text.transformingAttributes(\.pantry.pantryColor) { $0.value = ($0.value ?? 0) + 1 }
        XCTAssertEqual(recoloured.pantryColor, 4)
        XCTAssertEqual(recoloured[flour].pantryIngredient, "flour")
    }

    func testGenericCodeWorksOnTheStringAndItsSlices() {
        func bolden(_ text: inout some RichStringProtocol) { text.testBool = true }
        func firstRunLength(_ text: some RichStringProtocol) -> Int { text.runs.first.map { text.characters[$0.range].count } ?? 0 }

        var text = RichString("Hello, world")
        let hello = text.startIndex..<text.index(atOffset: 5, in: .characters)
        bolden(&text[hello])
        XCTAssertEqual(firstRunLength(text), 5)
        XCTAssertEqual(firstRunLength(text[hello]), 5)
        bolden(&text)
        XCTAssertEqual(text.testBool, true)
        XCTAssertEqual(text.settingAttributes(.testInt(1)).testInt, 1)
        XCTAssertEqual(text[hello].mergingAttributes(.testInt(1)).string, "Hello")
    }

    func testSlicesOfEqualContentAreEqualWhereverTheyStand() {
        let text = RichString("abab", attributes: .testInt(1))
        let first = text[text.startIndex..<text.index(atOffset: 2, in: .characters)]
        let second = text[text.index(atOffset: 2, in: .characters)..<text.endIndex]
        XCTAssertEqual(first, second)
        XCTAssertEqual(first.hashValue, second.hashValue)
        let composed = RichString("Café"), decomposed = RichString("Cafe\u{301}")
        XCTAssertEqual(composed[composed.startIndex..<composed.endIndex], decomposed[decomposed.startIndex..<decomposed.endIndex])
    }

    func testRunsAndARunPrintAsTheStringDoes() {
        let text = RichString("A", attributes: .testInt(1)) + RichString("B", attributes: .testInt(2))
        XCTAssertEqual(text.runs.description, text.description)
        XCTAssertEqual(text.runs.map(\.description).joined(separator: "\n"), text.description)
    }

    // MARK: Discontiguous runs, against a model

    /// The runs (and per-key runs) of a discontiguous slice are those of each range's contiguous slice, one range
    /// after the other, forward and backward, on random strings and range sets.
    func testDiscontiguousRunsAreEachRangesRunsInOrder() {
        let seed = UInt64(ProcessInfo.processInfo.environment["FMTCHECK_SEED"] ?? "") ?? 0xD15C_0417
        let cases = ProcessInfo.processInfo.environment["FMTCHECK_LONG"] != nil ? 5_000 : 400
        var rng = SeededGenerator(seed: seed)
        for n in 0..<cases {
            var text = RichString()
            for _ in 0..<Int.random(in: 1...6, using: &rng) {
                let piece = String((0..<Int.random(in: 1...4, using: &rng)).map { _ in "ab\né".randomElement(using: &rng)! })
                let value = Int.random(in: 0...2, using: &rng)
                text.append(RichString(piece, attributes: value == 0 ? .empty : .testInt(value).testBool(value == 1)))
            }
            let count = text.counts.characters
            var ranges = RangeSet<RichString.Index>()
            for _ in 0..<Int.random(in: 0...3, using: &rng) {
                let a = Int.random(in: 0...count, using: &rng), b = Int.random(in: 0...count, using: &rng)
                ranges.insert(contentsOf: text.index(atOffset: min(a, b), in: .characters)..<text.index(atOffset: max(a, b), in: .characters))
            }
            let slice = text[ranges]
            let expected = ranges.ranges.flatMap { Array(text[$0].runs) }
            let context = "seed \(seed), case \(n): \(text.string.debugDescription) over \(ranges.ranges.map { text.offsets(of: $0) })"
            XCTAssertEqual(slice.runs.map(\.range), expected.map(\.range), context)
            XCTAssertEqual(slice.runs.reversed().map(\.range), expected.reversed().map(\.range), context)
            XCTAssertEqual(slice.runs.count, expected.count, context)
            let keyed = ranges.ranges.flatMap { Array(text[$0].runs[\.testInt]).map { "\($0.0 as Any) \(text.offsets(of: $0.1))" } }
            XCTAssertEqual(slice.runs[\.testInt].map { "\($0.0 as Any) \(text.offsets(of: $0.1))" }, keyed, context)
            XCTAssertEqual(Array(slice.runs[\.testInt].reversed()).map { "\($0.0 as Any) \(text.offsets(of: $0.1))" }, keyed.reversed(), context)
            if !expected.isEmpty, expected.count != slice.runs.count { return }
        }
    }
}

/// A scope registered both ways Foundation's are: by name on `RichAttributeScopes` (`text.pantry.pantryColor`) and
/// key by key on `AttributeKeys` (`text.pantryColor`), its keys listed once, in the scope.
struct PantryAttributes: RichAttributeScope {
    let pantryColor = ColorKey.self
    let pantryIngredient = IngredientKey.self
}
extension RichAttributeScopes { var pantry: PantryAttributes.Type { PantryAttributes.self } }
extension AttributeKeys {
    /// Foundation's `extension AttributeDynamicLookup { subscript<T: AttributedStringKey>(dynamicMember keyPath:
    /// KeyPath<AttributeScopes.PantryAttributes, T>) -> T { self[T.self] } }`, ported.
    subscript<K: RichAttributeKey>(dynamicMember keyPath: KeyPath<PantryAttributes, K.Type>) -> K.Type { K.self }
}

/// README's snippet for `AttributedString` users, as written there (keys and scope at file level, as an app
/// declares them).
enum ReadmeIngredient: RichAttributeKey {
    typealias Value = String
    static let name = "ingredient"
    static let inheritedByAddedText = false
    static let invalidationConditions: Set<InvalidationCondition> = [.textChanged]
}
struct ReadmeRecipeAttributes: RichAttributeScope { let ingredient = ReadmeIngredient.self }
extension RichAttributeScopes { var readmeRecipe: ReadmeRecipeAttributes.Type { ReadmeRecipeAttributes.self } }
extension AttributeKeys { var readmeIngredient: ReadmeIngredient.Type { ReadmeIngredient.self } }

final class ReadmeAttributedStringSnippetTests: XCTestCase {
    func testTheSnippetForAttributedStringUsersRunsAsREADMESays() throws {
        var text = RichString("Add milk and butter")
        let milk = try XCTUnwrap(text.range(of: "milk"))
        func markAll(_ text: inout some RichStringProtocol) { text.readmeIngredient = "salt" }
        markAll(&text[milk])
        XCTAssertEqual(text[milk].readmeIngredient, "salt")
        XCTAssertNil(text.readmeRecipe.ingredient)
        let found = try XCTUnwrap(text.range(of: "BUTTER", options: [.caseInsensitive, .backwards]))
        XCTAssertEqual(text[found].string, "butter")
        let index = try XCTUnwrap(String.Index(milk.lowerBound, within: text.string))
        XCTAssertEqual(text.string[index...].prefix(4), "milk")
        let marked = text.transformingAttributes(ReadmeIngredient.self) { $0.value = $0.value?.uppercased() }
        XCTAssertEqual(marked[try XCTUnwrap(marked.range(of: "milk"))].readmeIngredient, "SALT")
        let both = Array(text[text.ranges(of: "milk")].runs[\.readmeIngredient])
        XCTAssertEqual(both.map(\.0), ["salt"])
        text.characters.append(contentsOf: "!")
        XCTAssertEqual(text.string, "Add milk and butter!")
    }
}
