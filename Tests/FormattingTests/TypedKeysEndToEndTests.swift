import Formatting
import RichText
import TestKeys
import XCTest

extension AttributeKeys {
    fileprivate var typedIngredient: IngredientKey.Type { IngredientKey.self }
}

/// Typed keys from the session to the engine and into a constraint's view of a run.
final class TypedKeysEndToEndTests: XCTestCase {
    func testASessionSetsATypedKeyAndTheEngineAnswersForIt() throws {
        let engine = FormattingEngine(try recipeDefinition())
        var session = EditingSession(document: RichString("milk and eggs"), engine: engine)
        session.select(Selection(range: session.document.range(of: "milk")!))
        session.setAttribute(IngredientKey.self, to: "milk")
        XCTAssertEqual(session.document[session.document.range(of: "milk")!].typedIngredient, "milk")
        let milk = RangeSet(session.document.range(of: "milk")!)
        XCTAssertFalse(engine.canSet(ForegroundColorKey.self, to: RichColor(hex: "#ffffff")!, on: milk, in: session.document))
        XCTAssertTrue(engine.canSet(IngredientKey.self, to: "cream", on: milk, in: session.document))
        let probe = engine.probe(.setAttribute(IngredientKey.self, to: nil, in: milk), on: session.document)
        XCTAssertTrue(probe.isKept)
        XCTAssertEqual(probe.adjustments.map(\.key), ["foregroundColor"], "removing the ingredient takes the green away")
    }

    func testACustomConstraintReadsTypedKeysByName() throws {
        let loud = CustomConstraint("MarkedIsBold", owns: Keys.bold, reads: ["ingredient"]) { run in
            run.value = run.typedIngredient == nil ? nil : .bool(true)
        }
        let definition = try FormattingDefinition(name: "marked", scope: [Keys.ingredient, Keys.bold]) { loud }
        var text = RichString("salt")
        FormattingEngine(definition).apply(.setAttribute(IngredientKey.self, to: "salt", in: RangeSet(text.startIndex..<text.endIndex)), to: &text)
        XCTAssertEqual(text.value(Keys.bold, atScalar: 0), .bool(true))
    }
}
