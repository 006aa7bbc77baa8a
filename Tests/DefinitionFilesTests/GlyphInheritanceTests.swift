import DefinitionFiles
import Formatting
import Foundation
import RichText
import XCTest

/// The package's root directory, found from this file's path.
let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// The URL of a shipped definition.
func shippedDefinitionURL(_ name: String) -> URL {
    packageRoot.appendingPathComponent("Definitions").appendingPathComponent(name + ".json")
}

/// A Genmoji stands on its own U+FFFC: typing another U+FFFC after it must not copy it.
final class GlyphInheritanceTests: XCTestCase {
    private let cat = AttributeValue.imageGlyph(ImageGlyphReference(contentIdentifier: "cat", contentDescription: "a cat", contentType: "public.heic"))

    /// "a" then a Genmoji; a U+FFFC typed after it (a second attachment) under `definition`.
    private func typeObjectReplacementAfterAGenmoji(under definition: FormattingDefinition) throws -> RichString {
        let glyph = try XCTUnwrap(definition.descriptor(named: "adaptiveImageGlyph"))
        let engine = FormattingEngine(definition)
        var text = RichString("a\u{FFFC}")
        let object = text.range(1, 2, in: .scalars)
        _ = engine.apply(.setAttribute(glyph, to: cat, in: RangeSet(object)), to: &text)
        XCTAssertEqual(text.attributes(at: object.lowerBound)["adaptiveImageGlyph"], cat)
        _ = engine.apply(.insert("\u{FFFC}", at: text.endIndex), to: &text)
        return text
    }

    func testTypingAnObjectReplacementAfterAGenmojiUnderTheShippedRecipeDoesNotDuplicateTheGlyph() throws {
        let text = try typeObjectReplacementAfterAGenmoji(under: FormattingDefinition(contentsOf: shippedDefinitionURL("recipe")))
        XCTAssertEqual(text.unicodeScalars.count, 3)
        XCTAssertEqual(text.attributes(at: text.index(atOffset: 1, in: .scalars))["adaptiveImageGlyph"], cat)
        XCTAssertNil(text.attributes(at: text.index(atOffset: 2, in: .scalars))["adaptiveImageGlyph"])
    }

    func testTypingAnObjectReplacementAfterAGenmojiUnderTheShippedTextEditorDefinitionDoesNotDuplicateTheGlyph() throws {
        let text = try typeObjectReplacementAfterAGenmoji(under: FormattingDefinition(contentsOf: shippedDefinitionURL("swiftui-texteditor")))
        XCTAssertNil(text.attributes(at: text.index(atOffset: 2, in: .scalars))["adaptiveImageGlyph"])
    }

    func testEveryShippedImageGlyphKeyIsNotInherited() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: packageRoot.appendingPathComponent("Definitions").path)
            .filter { $0.hasSuffix(".json") && $0 != "definition.schema.json" }
        for file in files {
            let loaded = try LoadedDefinition(contentsOf: packageRoot.appendingPathComponent("Definitions").appendingPathComponent(file))
            for declaration in loaded.orderedAttributes where declaration.type == .imageGlyph {
                XCTAssertFalse(declaration.behavior.isInheritable, "\(file): \(declaration.name)")
            }
        }
    }

    func testAnInheritableImageGlyphKeyIsWarnedAtItsDeclaration() throws {
        let json = """
        {"name": "glyphs",
         "attributes": {
           "foregroundColor": {"type": "color"},
           "genmoji": {"type": "imageGlyph", "runBoundaries": {"character": "\\uFFFC"}}},
         "scope": ["foregroundColor", "genmoji"]}
        """
        let loaded = try LoadedDefinition(json: json, fileName: "glyphs.json")
        XCTAssertEqual(loaded.warnings.map(\.check), [.inheritableGlyph])
        let warning = try XCTUnwrap(loaded.warnings.first)
        XCTAssertEqual(warning.severity, .warning)
        XCTAssertEqual(warning.ruleID, "definition-inheritable-glyph")
        XCTAssertEqual(warning.location?.line, 4)
        XCTAssertEqual(warning.location?.column, 4)
        XCTAssertEqual(warning.jsonPath?.description, "$.attributes.genmoji")
        XCTAssertEqual(warning.headline,
                       "glyphs.json:4:4: warning definition-inheritable-glyph: 'genmoji' holds image glyphs and is inherited by added text, so typing U+FFFC after a glyph duplicates it")
        XCTAssertEqual(warning.hint, "add \"inheritedByAddedText\": false to 'genmoji'")
    }

    func testAnImageGlyphKeyThatTypedTextDoesNotTakeIsNotWarned() throws {
        for behaviour in [#""inheritedByAddedText": false"#, #""invalidationConditions": ["textChanged"]"#] {
            let json = """
            {"name": "glyphs", "attributes": {"genmoji": {"type": "imageGlyph", \(behaviour)}}, "scope": ["genmoji"]}
            """
            XCTAssertEqual(try LoadedDefinition(json: json).warnings, [], behaviour)
        }
    }
}
