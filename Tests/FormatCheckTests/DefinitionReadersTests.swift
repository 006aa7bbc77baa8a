@testable import FormatCheck
import Formatting
import Foundation
import RichText
import RichTextFormats
import XCTest

/// Readers for a definition (issue 18): a document read for `Definitions/recipe.json` carries the behaviours the
/// definition declares, so the engine has nothing to stamp and lint, normalize and apply agree from the start.
final class DefinitionReadersTests: XCTestCase {
    func recipe() throws -> FormattingDefinition {
        try DefinitionFile.load(path: shippedDefinition("recipe")).definition
    }

    func testTheNativeJSONDecoderForADefinitionLoadsItsBehaviours() throws {
        let definition = try recipe()
        let engine = FormattingEngine(definition)
        let json = ##"["add ",{},"milk",{"foregroundColor":"#34c759","ingredient":"milk"}]"##
        let document = try NativeJSONDecoder(definition: definition).decode(json).document
        let ingredient = document.runs.compactMap { $0.attributes.entry(named: "ingredient") }.first
        XCTAssertEqual(ingredient?.behavior, definition.descriptor(named: "ingredient")?.behavior)
        XCTAssertEqual(engine.lint(document), [])
        var copy = document
        XCTAssertEqual(engine.stampBehaviors(&copy), [])
        XCTAssertEqual(copy, document)
    }

    func testTheRTFReaderForADefinitionLoadsItsBehaviours() throws {
        let definition = try FormattingDefinition(
            name: "colour-tags",
            scope: [AttributeKeyDescriptor(name: "foregroundColor", behavior: AttributeBehavior(invalidationConditions: [.textChanged]))],
            constraintList: [])
        let rtf = Array(#"{\rtf1\ansi{\colortbl;\red52\green199\blue89;}\cf1 milk}"#.utf8)
        let document = try RTFReader(definition: definition).read(rtf).document
        XCTAssertEqual(document.runs.first?.attributes.entry(named: "foregroundColor")?.behavior,
                       AttributeBehavior(invalidationConditions: [.textChanged]))
    }

    func testTheLinterReportsAKeyThatDoesNotBehaveAsDeclaredUnderTheScopeRule() throws {
        let definition = try DefinitionFile.load(path: shippedDefinition("recipe"))
        let engine = FormattingEngine(definition.definition)
        // Read without the definition: `ingredient` has no behaviour.
        let document = try NativeJSONDecoder().decode(##"["milk",{"foregroundColor":"#34c759","ingredient":"milk"}]"##).document
        let adjustment = try XCTUnwrap(engine.lint(document).first)
        let violation = DocumentLinter(definition: definition).violation(for: adjustment, in: document)
        XCTAssertEqual(violation.rule, "scope")
        XCTAssertEqual(violation.message, #"ingredient does not behave as definition 'recipe' declares (not inherited, invalidated by text changes) on "milk""#)
    }
}
