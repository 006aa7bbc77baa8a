import Formatting
import RichText
import TestKeys
import XCTest

extension AttributeKeys {
    fileprivate var selectionIngredient: IngredientKey.Type { IngredientKey.self }
}

/// SwiftUI's selection-editing shape on a string: `replaceSelection`, `transformAttributes(in:)`, and what a
/// selection has and would type, on the string alone and through an engine.
final class SelectionEditingTests: XCTestCase {
    func testReplacingAMultiRangeSelectionReplacesTheFirstAndRemovesTheOthers() {
        var text = RichString("milk and eggs")
        var selection = Selection(ranges: RangeSet([text.range(of: "milk")!, text.range(of: "eggs")!]))
        text.replaceSelection(&selection, withCharacters: "cream")
        XCTAssertEqual(text.string, "cream and ")
        XCTAssertEqual(selection.insertionPoint.map { text.offset(of: $0, in: .characters) }, 5)
    }

    func testReplacingAtACaretInsertsAndMovesTheCaret() {
        var text = RichString("ab")
        var selection = Selection(insertionPoint: text.index(atOffset: 1, in: .characters))
        text.replaceSelection(&selection, withCharacters: "XY")
        XCTAssertEqual(text.string, "aXYb")
        XCTAssertEqual(selection.insertionPoint.map { text.offset(of: $0, in: .characters) }, 3)
    }

    func testTransformingTheAttributesOfASelectionSetsThemOverEveryRange() {
        var text = RichString("milk and eggs")
        var selection = Selection(ranges: text.ranges(of: "milk").union(text.ranges(of: "eggs")))
        text.transformAttributes(in: &selection) { $0.selectionIngredient = "staple" }
        XCTAssertEqual(text[text.range(of: "milk")!][IngredientKey.self], "staple")
        XCTAssertEqual(text[text.range(of: "eggs")!][IngredientKey.self], "staple")
        XCTAssertNil(text[text.range(of: " and ")!][IngredientKey.self])
        XCTAssertEqual(selection.attributes(in: text)[IngredientKey.self], "staple")
        text.transformAttributes(in: &selection) { $0.selectionIngredient = nil }
        XCTAssertEqual(text, RichString("milk and eggs"))
    }

    func testAttributesGivenToACaretAreTypedWithAndThenDropped() {
        var text = RichString("salt ")
        var selection = Selection(insertionPoint: text.endIndex)
        text.transformAttributes(in: &selection) { $0[IngredientKey.self] = "pepper" }
        XCTAssertEqual(selection.typingAttributes(in: text)[IngredientKey.self], "pepper")
        text.replaceSelection(&selection, withCharacters: "pepper")
        XCTAssertEqual(text[text.range(of: "pepper")!][IngredientKey.self], "pepper")
        XCTAssertNil(selection.typingAttributes, "a new caret takes its attributes from the text again")
        XCTAssertNil(selection.typingAttributes(in: text)[IngredientKey.self], "the key is not inherited by added text")
    }

    func testTheTypingAttributesOfARangeAreThoseOfItsFirstCharacter() {
        var text = RichString("ab", attributes: AttributeSet.empty.setting("bold", to: .bool(true), behavior: .plain))
        text.append(RichString("cd"))
        let selection = Selection(range: text.index(atOffset: 0, in: .characters)..<text.index(atOffset: 3, in: .characters))
        XCTAssertEqual(selection.typingAttributes(in: text)["bold"], .bool(true))
        XCTAssertNil(selection.attributes(in: text)["bold"], "not every selected character is bold")
    }

    func testThroughAnEngineTheDefinitionApplies() throws {
        let engine = FormattingEngine(try recipeDefinition())
        var text = RichString("milk and eggs")
        var selection = Selection(ranges: text.ranges(of: "milk"))
        let adjustments = text.transformAttributes(in: &selection, engine: engine) { $0.selectionIngredient = "milk" }
        XCTAssertEqual(adjustments.map(\.key), ["foregroundColor"], "milk turns green")
        XCTAssertEqual(text.value(Keys.color, atScalar: 0), green)
        // Typing over the green word: plain text, which neither inherits the ingredient nor keeps the colour.
        let typed = text.replaceSelection(&selection, withCharacters: "cream", engine: engine)
        XCTAssertEqual(text.string, "cream and eggs")
        XCTAssertNil(text.value(Keys.color, atScalar: 0))
        XCTAssertNil(text.value(Keys.ingredient, atScalar: 0))
        XCTAssertFalse(typed.isEmpty)
        XCTAssertEqual(selection.typingAttributes(in: text, engine: engine), engine.typingAttributes(at: selection.insertionPoint!, in: text))
    }

    func testAnAttributeSetIsWrittenLikeAnAttributeContainer() {
        var attributes = AttributeSet.empty
        attributes.selectionIngredient = "milk"
        attributes[IngredientKey.self] = "butter"
        XCTAssertEqual(attributes.selectionIngredient, "butter")
        XCTAssertEqual(attributes.entry(named: "ingredient")?.behavior.inheritedByAddedText, false, "the key's behaviour comes with it")
        attributes.selectionIngredient = nil
        XCTAssertEqual(attributes, .empty)
    }
}
