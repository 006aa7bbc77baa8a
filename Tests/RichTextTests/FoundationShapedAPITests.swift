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

    // MARK: Scopes that include scopes, scoped copies

    /// A scope that includes other scopes, as SwiftUI's includes Foundation's: by value (which key paths reach
    /// through) and by type.
    private struct EditorAttributes: RichAttributeScope {
        let pantry = PantryAttributes()
        let test = TestAttributes.self
        let ingredient = Ingredient.self
    }

    func testAScopeListsTheKeysOfTheScopesItIncludes() {
        let names = EditorAttributes.keys.map(\.name)
        XCTAssertEqual(Array(names.prefix(2)), ["color", "ingredient"])
        XCTAssertEqual(names.count, 2 + TestAttributes.keys.count, "ingredient is declared twice and listed once: \(names)")
        XCTAssertTrue(names.contains(TestIntKey.name))
        // The later declaration of a name wins, as Foundation merges scopes: here the file's own `ingredient`.
        XCTAssertEqual(EditorAttributes.keys.first { $0.name == "ingredient" }?.behavior, Ingredient.descriptor.behavior)
    }

    func testAScopeThatIncludesItselfListsItsKeysOnce() {
        struct Looping: RichAttributeScope {
            let me = Looping.self
            let bold = Bold.self
        }
        XCTAssertEqual(Looping.keys.map(\.name), ["bold"])
    }

    func testANestedScopesKeysAreReadAndWrittenThroughTheOuterScope() {
        var text = RichString("flour and salt")
        text.editor.pantry.pantryColor = 7
        XCTAssertEqual(text.pantryColor, 7)
        XCTAssertEqual(text.editor.pantry.pantryColor, 7)
        text.editor.test.testInt = 2
        XCTAssertEqual(text.testInt, 2)
        let flour = text.startIndex..<text.index(atOffset: 5, in: .characters)
        text[flour].editor.pantry.pantryIngredient = "flour"
        XCTAssertEqual(text[flour].pantryIngredient, "flour")
        XCTAssertNil(text.editor.pantry.pantryIngredient)
        let greyed = text.transformingAttributes(\.editor.pantry.pantryColor) { $0.value = nil }
        XCTAssertNil(greyed.pantryColor)
    }

    func testACopyIncludingAScopeKeepsOnlyItsKeysWithTheirBehaviours() throws {
        var text = RichString("flour and salt", attributes: .testInt(1))
        text.append(RichString("!", attributes: AttributeSet.empty.with(Bold.self, true)))
        let flour = text.startIndex..<text.index(atOffset: 5, in: .characters)
        text[flour][IngredientKey.self] = "flour"
        text[flour][Bold.self] = true

        let pantryOnly = RichString(text, including: PantryAttributes.self)
        XCTAssertEqual(pantryOnly, RichString("flour", attributes: AttributeSet.empty.with(IngredientKey.self, "flour")) + " and salt!")
        XCTAssertEqual(pantryOnly.runs.first?.attributes, AttributeSet.empty.with(IngredientKey.self, "flour"),
                       "the key keeps its behaviour")
        XCTAssertEqual(pantryOnly.runs.count, 2, "runs that became equal are one")
        pantryOnly._invariantCheck()

        let viaKeyPath = RichString(text[flour], including: \.pantry)
        XCTAssertEqual(viaKeyPath, RichString("flour", attributes: AttributeSet.empty.with(IngredientKey.self, "flour")))

        let editor = RichString(text, including: EditorAttributes.self)
        XCTAssertEqual(editor, RichString("flour", attributes: AttributeSet.testInt(1).with(IngredientKey.self, "flour"))
                        + RichString(" and salt", attributes: .testInt(1)) + "!")
        XCTAssertEqual(editor.runs.last?.attributes, .empty, "bold is in no scope the editor includes")
    }

    // MARK: Writing elements and ranges through the character view

    func testSettingACharacterTypesOverIt() {
        var text = RichString("milk", attributes: AttributeSet.empty.with(Bold.self, true)) + RichString("shake", attributes: .testInt(1))
        text.characters[text.index(atOffset: 4, in: .characters)] = "S"
        XCTAssertEqual(text.string, "milkShake")
        XCTAssertEqual(text.runs.count, 2)
        XCTAssertEqual(text.attribute(TestIntKey.self, at: text.index(atOffset: 4, in: .characters)), 1)

        // An index inside a character stands for the whole character.
        var accented = RichString("cafe\u{301}!")
        let accent = accented.index(atOffset: 4, in: .scalars)
        accented.characters[accent] = "e"
        XCTAssertEqual(accented.string, "cafe!")
    }

    func testSettingTheSameCharacterIsStillAnEditOfTheText() {
        var text = RichString("milk", attributes: AttributeSet.empty.with(IngredientKey.self, "milk"))
        text.characters[text.startIndex] = "m"
        XCTAssertEqual(text.string, "milk")
        XCTAssertNil(text.ingredient, "a key invalidated by text changes goes")
    }

    func testAppendingToARangeOfCharactersTypesAtItsEnd() throws {
        var text = RichString("milk", attributes: .testInt(1)) + RichString(" shake", attributes: .testInt(2))
        let milk = try XCTUnwrap(text.range(of: "milk"))
        text.characters[milk].append("y")
        XCTAssertEqual(text.string, "milky shake")
        XCTAssertEqual(text.runs.map { text[$0.range].string }, ["milky", " shake"], "typed text takes the run before")
        text._invariantCheck()

        // The rest of the range keeps its attributes: the slice's edit is the only edit.
        var mixed = RichString("ab", attributes: .testInt(1)) + RichString("cd", attributes: .testInt(2))
        mixed.characters[mixed.startIndex..<mixed.endIndex].insert("-", at: mixed.index(atOffset: 2, in: .characters))
        XCTAssertEqual(mixed, RichString("ab-", attributes: .testInt(1)) + RichString("cd", attributes: .testInt(2)))

        // The view stays on its text after the slice's edit: the edit moves what follows.
        var word = RichString("a b")
        word.characters[word.startIndex..<word.index(atOffset: 1, in: .characters)].append(contentsOf: "aa")
        XCTAssertEqual(word.string, "aaa b")
    }

    func testAssigningARangeOfCharactersTypesTheNewOnesOverIt() {
        var text = RichString("milk", attributes: .testInt(1)) + RichString(" shake", attributes: .testInt(2))
        let other = RichString("cream", attributes: .testBool(true))
        text.characters[text.startIndex..<text.index(atOffset: 4, in: .characters)] = other.characters[other.startIndex..<other.endIndex]
        XCTAssertEqual(text, RichString("cream", attributes: .testInt(1)) + RichString(" shake", attributes: .testInt(2)))
    }

    func testAppendingACombiningMarkToARangeOfScalarsJoinsItsLastCharacter() {
        var text = RichString("cafe!", attributes: .testInt(1))
        text.unicodeScalars[text.startIndex..<text.index(atOffset: 4, in: .scalars)].append("\u{301}")
        XCTAssertEqual(text.string, "cafe\u{301}!")
        XCTAssertEqual(text.characters.count, 5)
        XCTAssertEqual(text, RichString("café!", attributes: .testInt(1)))
    }

    func testRangeReplacingAlgorithmsRunOnASliceOfTheCharacterView() throws {
        var text = RichString("milk and honey", attributes: .testInt(1))
        let and = try XCTUnwrap(text.range(of: "and"))
        text.characters[and].insert("-", at: and.lowerBound)
        XCTAssertEqual(text.string, "milk -and honey")
        text.characters[try XCTUnwrap(text.range(of: "honey"))].removeLast(2)
        text.characters[try XCTUnwrap(text.range(of: "hon"))].append(contentsOf: "ded")
        XCTAssertEqual(text.string, "milk -and honded")
        XCTAssertEqual(text, RichString("milk -and honded", attributes: .testInt(1)))
        text._invariantCheck()
    }

    // MARK: A run's attributes through its keys and scopes

    func testARunReadsItsKeysByTypeByNameAndThroughAScope() {
        var text = RichString("flour and salt")
        text[text.startIndex..<text.index(atOffset: 5, in: .characters)].pantryIngredient = "flour"
        text.pantryColor = 3
        let first = text.runs[text.runs.startIndex]
        XCTAssertEqual(first[IngredientKey.self], "flour")
        XCTAssertEqual(first.pantryIngredient, "flour")
        XCTAssertEqual(first.pantry.pantryIngredient, "flour")
        XCTAssertEqual(first.editor.pantry.pantryColor, 3)
        let last = text.runs[text.runs.index(before: text.runs.endIndex)]
        XCTAssertNil(last.pantryIngredient)
        XCTAssertEqual(last.pantry.pantryColor, 3)
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

/// A scope that includes others (see `FoundationShapedAPITests.EditorAttributes`'s shape), registered by name.
struct EditorScope: RichAttributeScope {
    let pantry = PantryAttributes()
    let test = TestAttributes.self
}
extension RichAttributeScopes { var editor: EditorScope.Type { EditorScope.self } }
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
