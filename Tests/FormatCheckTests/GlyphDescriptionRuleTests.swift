import FormatCheck
import Foundation
import RichText
import RichTextFormats
import XCTest

/// `glyph-description`: a Genmoji whose description (its accessible text) is empty is a warning, where it
/// stands, which `--fix` leaves alone.
final class GlyphDescriptionRuleTests: XCTestCase {
    func recipe() throws -> LoadedDefinition { try DefinitionFile.load(path: shippedDefinition("recipe")) }

    func testAGenmojiWithoutADescriptionIsAWarningWhereItStands() throws {
        let linter = DocumentLinter(definition: try recipe())
        let outcome = linter.lint(Array(#"["Soup ",{},"\uFFFC",{"adaptiveImageGlyph":{"contentIdentifier":"cat","contentDescription":""}}]"#.utf8))
        // (The document carries no image bytes, which the reader says as a reader-warning.)
        let findings = outcome.violations.filter { $0.rule != "reader-warning" }
        let finding = try XCTUnwrap(findings.first)
        XCTAssertEqual(findings.map(\.rule), ["glyph-description"])
        XCTAssertEqual(finding.severity, .warning)
        XCTAssertEqual(finding.position.utf8Offset, 5)
        XCTAssertTrue(finding.message.contains("\"cat\""), finding.message)
        XCTAssertNil(outcome.fixed, "a description cannot be invented: nothing to fix")
    }

    func testAGenmojiWithADescriptionIsClean() throws {
        let linter = DocumentLinter(definition: try recipe())
        let outcome = linter.lint(Array(#"["\uFFFC",{"adaptiveImageGlyph":{"contentIdentifier":"cat","contentDescription":"a cat"}}]"#.utf8))
        XCTAssertEqual(outcome.violations.filter { $0.rule != "reader-warning" }, [])
    }

    func testTheRuleCanBeSwitchedOff() throws {
        let document = Array(#"["\uFFFC",{"adaptiveImageGlyph":{"contentIdentifier":"cat","contentDescription":""}}]"#.utf8)
        let ignoring = DocumentLinter(definition: try recipe(), selection: RuleSelection(ignore: ["glyph-description"]))
        XCTAssertEqual(ignoring.lint(document).violations.filter { $0.rule != "reader-warning" }, [])
    }
}
