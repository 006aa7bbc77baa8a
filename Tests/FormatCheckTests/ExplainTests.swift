import FormatCheck
import XCTest

/// `definition explain` says in words what a definition does.
final class ExplainTests: XCTestCase {
    func testRecipeExplanationDescribesAttributesScopeAndConstraints() throws {
        let recipe = try DefinitionFile.load(path: shippedDefinition("recipe"))
        let explanation = recipe.explanation
        XCTAssertTrue(explanation.hasPrefix("Definition 'recipe' ("))
        assertContains(explanation, [
            "  foregroundColor (color): plain; typed text takes it from the text before it.\n",
            "  adaptiveImageGlyph (imageGlyph): not inherited, only on runs of U+FFFC.\n",
            "  ingredient (string): not inherited, invalidated by text changes.\n",
            "  foregroundColor, adaptiveImageGlyph, ingredient. Every other attribute is removed.\n",
            "  1. IngredientsAreGreen: foregroundColor is set to #34c759 when ingredient is present; otherwise it is removed.\n",
            "  IngredientsAreGreen: error; scope: warning; glyph-description: warning; reader-warning: warning; unused-suppression: warning; every other rule: error.\n",
        ])
    }

    func testEveryConstraintFormReadsAsASentence() throws {
        let text = """
        {"name": "forms",
         "attributes": {"alignment": {"type": "enum", "values": ["left", "center"], "runBoundaries": "paragraph"},
                        "size": {"type": "number"}, "code": {"type": "bool"}, "bold": {"type": "bool"}},
         "scope": ["alignment", "size", "code", "bold"],
         "constraints": [
           {"name": "Aligned", "key": "alignment", "allowed": ["left", "center"], "default": "left"},
           {"name": "Sizes", "key": "size", "clamp": {"min": 8, "max": 72.5}},
           {"name": "Bold", "key": "bold", "rules": [
             {"when": {"all": [{"present": "code"}, {"any": [{"absent": "size"}, {"equals": {"key": "alignment", "value": "center"}}]}]}, "remove": true},
             {"when": {"oneOf": {"key": "alignment", "values": ["left", "center"]}}, "set": true}]}]}
        """
        let explanation = try XCTUnwrap(loaded(text)).explanation
        XCTAssertTrue(explanation.contains("1. Aligned: alignment may only be \"left\" or \"center\"; any other value becomes \"left\"."))
        XCTAssertTrue(explanation.contains("2. Sizes: size is kept between 8 and 72.5; a number outside moves to the nearer bound, and a value that is not a number is removed."))
        XCTAssertTrue(explanation.contains("3. Bold: bold is removed when code is present and (size is absent or alignment is \"center\"); else it is set to true when alignment is one of \"left\" or \"center\"; otherwise it is left as it is."))
        XCTAssertTrue(explanation.contains("alignment (enum (left, center)): typed text takes it from the text before it; constant per paragraph."))
    }

    func testPlainExplainsThatEverythingIsRemoved() throws {
        let explanation = try DefinitionFile.load(path: shippedDefinition("plain")).explanation
        XCTAssertTrue(explanation.contains("Scope\n  nothing: every attribute is removed."))
        XCTAssertTrue(explanation.contains("  none: every in-scope value stands as it is."))
    }
}
