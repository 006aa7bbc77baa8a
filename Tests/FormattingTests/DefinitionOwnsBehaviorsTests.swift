import XCTest
import Formatting
import RichText
import RichTextFormats

/// Issue 18's first bug: the definition owns behaviours, not the values. A recipe document decoded with the
/// standard schema carries `ingredient` with no behaviour; under the recipe definition it must behave as the
/// definition declares (not inherited, invalidated by text changes), and lint, normalize and apply must agree.
final class DefinitionOwnsBehaviorsTests: XCTestCase {
    /// "add milk to it", "milk" an ingredient (and green, as the definition wants), as an app stores it.
    let recipeJSON = ##"["add ",{},"milk",{"foregroundColor":"#34c759","ingredient":"milk"}," to it",{}]"##

    func decoded(_ json: String, schema: NativeJSONSchema = .standard) throws -> RichString {
        try NativeJSONDecoder(schema: schema).decode(json).document
    }

    /// Every behaviour each key name has somewhere in `document`.
    func behaviors(in document: RichString) -> [String: Set<AttributeBehavior>] {
        var found: [String: Set<AttributeBehavior>] = [:]
        for run in document.runs {
            for entry in run.attributes.entries { found[entry.name, default: []].insert(entry.behavior) }
        }
        return found
    }

    func testLintReportsWhatNormalizeChangesOnADocumentDecodedWithoutTheDefinition() throws {
        let engine = FormattingEngine(try recipeDefinition())
        var document = try decoded(recipeJSON)
        let before = document
        let linted = engine.lint(document)
        let adjustments = engine.normalize(&document)
        XCTAssertEqual(linted, adjustments, "lint and normalize disagree")
        XCTAssertNotEqual(document, before, "normalize gives ingredient the definition's behaviour")
        XCTAssertFalse(adjustments.isEmpty, "normalize changed the document but reported nothing")
        XCTAssertEqual(engine.lint(document), [], "a normalised document is lint-clean")
    }

    func testNormalizeGivesScopeKeysTheDefinitionsBehaviour() throws {
        let engine = FormattingEngine(try recipeDefinition())
        var document = try decoded(recipeJSON)
        engine.normalize(&document)
        XCTAssertEqual(behaviors(in: document)["ingredient"], [Keys.ingredient.behavior])
    }

    func testTypingInsideAnIngredientOfADecodedDocumentClearsTheWholeIngredient() throws {
        let engine = FormattingEngine(try recipeDefinition())
        var document = try decoded(recipeJSON)
        // "mi|lk": a text change inside the stretch, which the definition's ingredient does not survive.
        engine.apply(.insert("i", at: document.index(atOffset: 6, in: .scalars)), to: &document)
        XCTAssertEqual(document.string, "add miilk to it")
        XCTAssertEqual(document.runs.filter { $0.attributes["ingredient"] != nil }.count, 0, "\(document)")
        XCTAssertEqual(document.runs.count, 1, "runs that differ only in behaviour do not coalesce: \(document)")
        XCTAssertEqual(engine.lint(document), [])
    }

    func testOneKeyNameHasOneBehaviourAfterAnEdit() throws {
        let engine = FormattingEngine(try recipeDefinition())
        var document = try decoded(#"["milk",{"ingredient":"milk"}," and ",{},"eggs",{"ingredient":"eggs"}]"#)
        // An edit far from "eggs" must not leave "eggs" with the plain behaviour next to a stamped "milk".
        engine.apply(.setAttribute(Keys.ingredient, to: .string("milk"), in: RangeSet(document.scalars(0, 4))), to: &document)
        for (name, found) in behaviors(in: document) {
            XCTAssertEqual(found.count, 1, "\(name) has \(found.count) behaviours in one string: \(found)")
        }
        XCTAssertEqual(behaviors(in: document)["ingredient"], [Keys.ingredient.behavior])
    }

    func testAnEditingSessionStartsWithTheDefinitionsBehaviours() throws {
        let engine = FormattingEngine(try recipeDefinition())
        let session = EditingSession(document: try decoded(recipeJSON), engine: engine)
        XCTAssertEqual(behaviors(in: session.document)["ingredient"], [Keys.ingredient.behavior])
    }
}
