import FormatCheck
import Formatting
import RichText
import XCTest

/// Every definition in `Definitions/` loads cleanly and means what its description says.
final class ShippedDefinitionTests: XCTestCase {
    static let names = ["recipe", "spellcheck", "paragraph-styles", "swiftui-texteditor", "notes", "plain"]

    private func load(_ name: String) throws -> LoadedDefinition {
        do {
            return try DefinitionFile.load(path: shippedDefinition(name))
        } catch {
            XCTFail("\(name) did not load:\n\(error)")
            throw error
        }
    }

    func testEveryShippedDefinitionLoadsWithoutErrorsOrWarnings() throws {
        for name in Self.names {
            let definition = try load(name)
            XCTAssertEqual(definition.name, name)
            XCTAssertEqual(definition.warnings, [], name)
        }
    }

    func testEveryJSONFileInDefinitionsIsCoveredHere() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: packageRoot.appendingPathComponent("Definitions").path)
            .filter { $0.hasSuffix(".json") && $0 != "definition.schema.json" }
            .map { String($0.dropLast(5)) }
        XCTAssertEqual(Set(files), Set(Self.names))
    }

    func testRecipeMakesIngredientsGreenAndRemovesOtherColours() throws {
        let recipe = try load("recipe")
        XCTAssertEqual(recipe.definition.scope.map(\.name), ["foregroundColor", "adaptiveImageGlyph", "ingredient"])
        let ingredient = try XCTUnwrap(recipe.declaration(of: "ingredient"))
        XCTAssertFalse(ingredient.behavior.inheritedByAddedText)
        XCTAssertEqual(ingredient.behavior.invalidationConditions, [.textChanged])
        XCTAssertEqual(recipe.declaration(of: "adaptiveImageGlyph")?.behavior.runBoundaries, .character("\u{FFFC}"))
        let rules = try XCTUnwrap(recipe.definition.constraints.first as? Rules)
        XCTAssertEqual(rules.name, "IngredientsAreGreen")
        XCTAssertEqual(rules.rules, [Rule(when: .present("ingredient"), .set(.color(RichColor(hex: "#34C759")!)))])
        XCTAssertEqual(rules.otherwise, .remove)
        XCTAssertEqual(recipe.severity(of: "scope"), .warning)
        XCTAssertEqual(recipe.severity(of: "IngredientsAreGreen"), .error)
        XCTAssertNotNil(recipe.ruleLocations["IngredientsAreGreen"])
    }

    func testRecipeDefinitionNormalisesADocumentLikeTheSwiftOne() throws {
        let engine = FormattingEngine(try load("recipe").definition)
        var text = RichString("add milk")
        let ingredient = AttributeKeyDescriptor(name: "ingredient", behavior: AttributeBehavior(inheritedByAddedText: false, invalidationConditions: [.textChanged]))
        let milk = text.range(of: "milk")!
        let adjustments = engine.apply(.setAttribute(ingredient, to: .string("milk"), in: RangeSet(milk)), to: &text)
        XCTAssertEqual(adjustments.map(\.rule), [.constraint("IngredientsAreGreen")])
        XCTAssertEqual(adjustments.first?.newValue, .color(RichColor(hex: "#34c759")!))
    }

    func testSpellcheckMarkIsNotInheritedAndClearedByTextChanges() throws {
        let mark = try XCTUnwrap(try load("spellcheck").declaration(of: "misspelled"))
        XCTAssertEqual(mark.type, .bool)
        XCTAssertFalse(mark.behavior.inheritedByAddedText)
        XCTAssertEqual(mark.behavior.invalidationConditions, [.textChanged])
    }

    func testParagraphStylesAreAllParagraphBound() throws {
        let styles = try load("paragraph-styles")
        XCTAssertEqual(styles.attributeOrder, ["alignment", "lineHeight", "writingDirection"])
        for declaration in styles.orderedAttributes { XCTAssertEqual(declaration.behavior.runBoundaries, .paragraph, declaration.name) }
        XCTAssertEqual(styles.declaration(of: "alignment")?.type, .enumeration(["left", "center", "right", "justified", "natural"]))
        XCTAssertEqual(styles.declaration(of: "writingDirection")?.type, .enumeration(["leftToRight", "rightToLeft", "natural"]))
        let clamp = try XCTUnwrap(styles.definition.constraints.first as? Clamp)
        XCTAssertEqual(clamp.key.name, "lineHeight")
        XCTAssertEqual(clamp.lower, 0.5)
        XCTAssertEqual(clamp.upper, 3)
    }

    func testSwiftUITextEditorHasEveryAttributeInScopeAndNoConstraints() throws {
        let editor = try load("swiftui-texteditor")
        XCTAssertTrue(editor.definition.constraints.isEmpty)
        XCTAssertEqual(Set(editor.definition.scope.map(\.name)), Set(editor.attributeOrder))
        for name in ["font", "foregroundColor", "backgroundColor", "underlineStyle", "strikethroughStyle", "kern", "tracking",
                     "baselineOffset", "link", "adaptiveImageGlyph", "alignment", "lineHeight", "writingDirection"] {
            XCTAssertNotNil(editor.declaration(of: name), name)
        }
    }

    func testNotesLinksAreBlueUnderlinedAndNotInheritedAndCodeIsNeverBold() throws {
        let notes = try load("notes")
        XCTAssertEqual(notes.definition.constraints.map(\.name), ["LinksAreBlue", "LinksAreUnderlined", "CodeIsNeverBold"])
        XCTAssertEqual(notes.declaration(of: "link")?.behavior.inheritedByAddedText, false)
        let engine = FormattingEngine(notes.definition)
        var text = RichString("see here")
        let here = text.range(of: "here")!
        let link = AttributeKeyDescriptor(name: "link", behavior: AttributeBehavior(inheritedByAddedText: false))
        _ = engine.apply(.setAttribute(link, to: .url(URL(string: "https://example.com")!), in: RangeSet(here)), to: &text)
        let attributes = text.runs.first { text[$0.range].string == "here" }?.attributes
        XCTAssertEqual(attributes?["foregroundColor"], .color(RichColor(hex: "#007AFF")!))
        XCTAssertEqual(attributes?["underline"], .bool(true))
        let bold = notes.definition.owner(of: "bold") as? Rules
        XCTAssertEqual(bold?.rules, [Rule(when: .present("code"), .remove)])
    }

    func testPlainAllowsNothing() throws {
        let plain = try load("plain")
        XCTAssertTrue(plain.definition.scope.isEmpty)
        XCTAssertTrue(plain.definition.constraints.isEmpty)
    }

    func testTheSchemaIsJSONAndNamesEveryFieldTheLoaderKnows() throws {
        let schema = try String(contentsOfFile: packageRoot.appendingPathComponent("Definitions/definition.schema.json").path, encoding: .utf8)
        _ = try StreamingJSONParse.parse(schema)
        for field in ["attributes", "scope", "constraints", "severities", "inheritedByAddedText", "invalidationConditions",
                      "runBoundaries", "attributeChanged", "textChanged", "paragraph", "character", "allowed", "default",
                      "clamp", "min", "max", "rules", "otherwise", "when", "set", "remove", "keep", "present", "absent",
                      "equals", "oneOf", "not", "all", "any", "imageGlyph", "enum", "values"] {
            XCTAssertTrue(schema.contains("\"\(field)\""), field)
        }
    }
}
