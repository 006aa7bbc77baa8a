import DefinitionFiles
import Formatting
import Foundation
import RichText
import XCTest

/// An app loads a definition file with `Formatting` and `DefinitionFiles` alone, checked as `fmtcheck
/// definition check` checks it.
final class LibraryLoadingTests: XCTestCase {
    private let misspelled = """
    {"name": "recipe",
     "attributes": {"foregroundColor": {"type": "color"}, "ingredient": {"type": "string"}},
     "scope": ["foregroundColor", "ingredient"],
     "constraints": [{"name": "IngredientsAreGreen", "key": "foregroundColor",
                      "rules": [{"when": {"present": "ingredeint"}, "set": "#34C759"}], "otherwise": "remove"}]}
    """

    func testAShippedDefinitionLoadsFromAURLDataAndText() throws {
        let url = shippedDefinitionURL("recipe")
        let fromURL = try FormattingDefinition(contentsOf: url)
        let data = try Data(contentsOf: url)
        let fromData = try FormattingDefinition(data: data, fileName: "recipe.json")
        let fromText = try FormattingDefinition(json: String(decoding: data, as: UTF8.self))
        for definition in [fromURL, fromData, fromText] {
            XCTAssertEqual(definition.name, "recipe")
            XCTAssertEqual(definition.scope.map(\.name), ["foregroundColor", "adaptiveImageGlyph", "ingredient"])
            XCTAssertEqual(definition.constraints.map(\.name), ["IngredientsAreGreen"])
        }
    }

    func testALoadedDefinitionMakesMilkGreen() throws {
        let definition = try FormattingDefinition(contentsOf: shippedDefinitionURL("recipe"))
        let ingredient = try XCTUnwrap(definition.descriptor(named: "ingredient"))
        var text = RichString("add milk")
        let milk = text.range(of: "milk")!
        _ = FormattingEngine(definition).apply(.setAttribute(ingredient, to: .string("milk"), in: RangeSet(milk)), to: &text)
        XCTAssertEqual(text.attributes(at: milk.lowerBound)["foregroundColor"], .color(RichColor(hex: "#34C759")!))
    }

    func testAMisspelledConditionKeyInAFileIsAnErrorWithTheSuggestionTheSwiftBuilderGives() throws {
        XCTAssertThrowsError(try FormattingDefinition(json: misspelled, fileName: "recipe.json")) { error in
            guard let problems = error as? DefinitionDiagnostics else { return XCTFail("\(error)") }
            XCTAssertEqual(problems.errors.map(\.check), [.unknownAttribute])
            XCTAssertEqual(problems.errors.first?.headline,
                           "recipe.json:5:50: error definition-unknown-attribute: the condition names 'ingredeint', which is not a declared attribute")
            XCTAssertEqual(problems.errors.first?.hint, "did you mean 'ingredient'?")
        }
        // The same mistake in Swift: the same check, the same suggestion.
        XCTAssertThrowsError(try FormattingDefinition(
            name: "recipe", scope: [AttributeKeyDescriptor(name: "foregroundColor"), AttributeKeyDescriptor(name: "ingredient")]) {
            Rules("IngredientsAreGreen", for: AttributeKeyDescriptor(name: "foregroundColor"),
                  [Rule(when: .present("ingredeint"), .set(.color(RichColor(hex: "#34C759")!)))], otherwise: .remove)
        }) { error in
            XCTAssertEqual((error as? DefinitionError)?.suggestion, "ingredient")
        }
    }

    func testAMissingFileIsAnUnreadableDiagnosticNamedAsTheURLWasMade() {
        let url = URL(fileURLWithPath: "no-such-definition.json", relativeTo: packageRoot)
        XCTAssertThrowsError(try LoadedDefinition(contentsOf: url)) { error in
            let problems = error as? DefinitionDiagnostics
            XCTAssertEqual(problems?.errors.map(\.check), [.unreadable])
            XCTAssertEqual(problems?.fileName, "no-such-definition.json")
        }
    }

    func testANonFileURLIsRefusedWithAHint() {
        XCTAssertThrowsError(try FormattingDefinition(contentsOf: URL(string: "https://example.com/recipe.json")!)) { error in
            XCTAssertEqual((error as? DefinitionDiagnostics)?.errors.first?.check, .unreadable)
        }
    }
}
