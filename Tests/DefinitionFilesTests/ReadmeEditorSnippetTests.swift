import DefinitionFiles
import Formatting
import RichText
import RichTextFormats
import XCTest

private enum Ingredient: RichAttributeKey {
    typealias Value = String
    static let name = "ingredient"
    static let inheritedByAddedText = false
    static let invalidationConditions: Set<InvalidationCondition> = [.textChanged]
}

extension AttributeKeys { fileprivate var readmeEditorIngredient: Ingredient.Type { Ingredient.self } }

/// README's "Definitions and the engine" code for an editor, run as written there.
final class ReadmeEditorSnippetTests: XCTestCase {
    func testTheEditorSnippetDoesWhatREADMESays() throws {
        let definition = try FormattingDefinition(contentsOf: packageRoot.appendingPathComponent("Definitions/recipe.json"))
        let engine = FormattingEngine(definition)
        let color = try XCTUnwrap(definition.descriptor(named: "foregroundColor"))
        let white = AttributeValue.color(RichColor(hex: "#ffffff")!)

        var text = RichString("Add milk and butter")
        var selection = Selection(range: text.range(of: "milk")!)
        let marked = text.transformAttributes(in: &selection, engine: engine) { $0.readmeEditorIngredient = "milk" }
        XCTAssertEqual(marked.map(\.rule.identifier), ["IngredientsAreGreen"])
        XCTAssertEqual(selection.attributes(in: text).readmeEditorIngredient, "milk")
        XCTAssertFalse(engine.probe(.setAttribute(color, to: white, in: RangeSet(text.range(of: "milk")!)), on: text).isKept)
        text.replaceSelection(&selection, withCharacters: "cream", engine: engine)
        XCTAssertEqual(text.string, "Add cream and butter")
        XCTAssertNil(text[text.range(of: "cream")!]["foregroundColor"], "plain text: not green")

        // README: "Read documents for it": keys load with the definition's behaviours, nothing to stamp.
        let read = try NativeJSONDecoder(definition: definition).decode(##"["milk",{"ingredient":"milk","foregroundColor":"#34c759"}]"##).document
        XCTAssertEqual(engine.lint(read), [], "read with the definition's behaviours: nothing to stamp or fix")

        var session = EditingSession(document: text, engine: engine)
        session.select(Selection(insertionPoint: session.document.endIndex))
        for letter in "salt" { session.type(String(letter)) }
        XCTAssertTrue(session.undo())
        XCTAssertEqual(session.document.string, "Add cream and butter", "the typed word was one undo step")
    }
}
