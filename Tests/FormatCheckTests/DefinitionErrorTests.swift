import FormatCheck
import XCTest

/// Each kind of definition error, with its exact line:column, JSON path and hint.
final class DefinitionErrorTests: XCTestCase {
    func testASyntaxErrorIsReportedAtItsLineAndColumn() {
        let found = diagnostics("{\n  \"name\": \"x\",\n  \"scope\": [1,,]\n}")
        XCTAssertEqual(found.count, 1)
        XCTAssertEqual(found.first?.check, .syntax)
        XCTAssertEqual(found.first?.position, "3:15")
        XCTAssertNil(found.first?.jsonPath)
    }

    func testATruncatedFileSaysAClosingBraceIsMissing() {
        let found = diagnostics("{\"name\": \"x\",\n \"attributes\": {\n")
        XCTAssertEqual(found.first?.check, .syntax)
        XCTAssertEqual(found.first?.position, "3:1")
        XCTAssertEqual(found.first?.hint, "the file ends early; is a closing '}' or ']' missing?")
    }

    func testADuplicateAttributeNameKeepsTheParsersLocation() {
        let text = """
        {"name": "x",
         "attributes": {"ingredient": {"type": "string"},
                        "ingredient": {"type": "string"}},
         "scope": []}
        """
        let finding = assertOnly(.duplicateName, in: text, at: "3:17")
        XCTAssertTrue(finding?.message.contains("duplicate key \"ingredient\"") ?? false)
        XCTAssertTrue(finding?.message.contains("line 2, column 17") ?? false)
    }

    func testAnUnknownAttributeInTheScopeSuggestsTheClosestName() {
        let text = """
        {"name": "x",
         "attributes": {"ingredient": {"type": "string"}},
         "scope": ["ingredent"]}
        """
        let finding = assertOnly(.unknownAttribute, in: text, at: "3:12", path: "$.scope[0]", hint: "did you mean 'ingredient'?")
        XCTAssertEqual(finding?.severity, .error)
    }

    func testUnknownAttributesInConstraintsConditionsAndInvalidationAreEachReported() {
        let text = """
        {"name": "x",
         "attributes": {"color": {"type": "color"},
                        "ingredient": {"type": "string", "invalidationConditions": [{"attributeChanged": "colour"}]}},
         "scope": ["color", "ingredient"],
         "constraints": [{"name": "Green", "key": "colr",
                          "rules": [{"when": {"present": "ingredients"}, "remove": true}]}]}
        """
        let found = diagnostics(text).filter { $0.check == .unknownAttribute }
        XCTAssertEqual(found.map(\.position), ["3:98", "5:43", "6:50"])
        XCTAssertEqual(found.map(\.path), ["$.attributes.ingredient.invalidationConditions[0].attributeChanged",
                                           "$.constraints[0].key", "$.constraints[0].rules[0].when.present"])
        XCTAssertEqual(found.map(\.hint), ["did you mean 'color'?", "did you mean 'color'?", "did you mean 'ingredient'?"])
    }

    func testAnUnknownFieldSuggestsTheFieldMeant() {
        let text = """
        {"name": "x",
         "attributes": {"ingredient": {"type": "string", "inheritedByAddedTxt": false}},
         "scope": ["ingredient"]}
        """
        assertOnly(.unknownField, in: text, at: "2:50",
                   path: "$.attributes.ingredient.inheritedByAddedTxt", hint: "did you mean 'inheritedByAddedText'?")
    }

    func testAFieldOfAnotherConstraintFormSaysWhereItBelongs() {
        let text = """
        {"name": "x", "attributes": {"size": {"type": "number"}}, "scope": ["size"],
         "constraints": [{"name": "Size", "key": "size", "clamp": {"min": 1}, "default": 2}]}
        """
        assertOnly(.unknownField, in: text,
                   path: "$.constraints[0].default", hint: "'default' belongs with 'allowed', and this constraint uses 'clamp'")
    }

    func testAStringWhereABoolIsExpectedIsAWrongType() {
        let text = """
        {"name": "x",
         "attributes": {"ingredient": {"type": "string", "inheritedByAddedText": "false"}},
         "scope": ["ingredient"]}
        """
        assertOnly(.wrongType, in: text, at: "2:74",
                   path: "$.attributes.ingredient.inheritedByAddedText", hint: "write false without quotes")
    }

    func testANonColourSetOnAColourKeyIsAWrongType() {
        let text = """
        {"name": "x",
         "attributes": {"foregroundColor": {"type": "color"}, "ingredient": {"type": "string"}},
         "scope": ["foregroundColor", "ingredient"],
         "constraints": [{"name": "IngredientsAreGreen", "key": "foregroundColor",
                          "rules": [{"when": {"present": "ingredient"}, "set": "green"}]}]}
        """
        let finding = assertOnly(.wrongType, in: text, at: "5:72", path: "$.constraints[0].rules[0].set")
        XCTAssertEqual(finding?.message, "the value set on 'foregroundColor' must be a color, and \"green\" is not one")
    }

    func testAValueOutsideAnEnumIsAWrongTypeWithTheNearestValue() {
        let text = """
        {"name": "x",
         "attributes": {"alignment": {"type": "enum", "values": ["left", "center", "right"]}},
         "scope": ["alignment"],
         "constraints": [{"name": "A", "key": "alignment", "allowed": ["left", "centre"]}]}
        """
        assertOnly(.wrongType, in: text, at: "4:72", path: "$.constraints[0].allowed[1]", hint: "did you mean 'center'?")
    }

    func testConditionValuesAreTypedByTheKeyTheyCompare() {
        let text = """
        {"name": "x",
         "attributes": {"bold": {"type": "bool"}, "size": {"type": "integer"}},
         "scope": ["bold", "size"],
         "constraints": [{"name": "B", "key": "bold",
                          "rules": [{"when": {"equals": {"key": "size", "value": 1.5}}, "set": true}]}]}
        """
        assertOnly(.wrongType, in: text, at: "5:74", path: "$.constraints[0].rules[0].when.equals.value")
    }

    func testARunBoundaryCharacterMustBeExactlyOneCharacter() {
        let text = """
        {"name": "x",
         "attributes": {"glyph": {"type": "imageGlyph", "runBoundaries": {"character": "\\uFFFC\\uFFFC"}}},
         "scope": ["glyph"]}
        """
        let finding = assertOnly(.invalidValue, in: text, at: "2:80", path: "$.attributes.glyph.runBoundaries.character")
        XCTAssertTrue(finding?.message.contains("U+FFFC U+FFFC") ?? false)
    }

    func testAnEmojiWithModifiersIsOneCharacterForRunBoundaries() {
        let text = #"{"name": "x", "attributes": {"flag": {"type": "string", "runBoundaries": {"character": "👍🏽"}}}, "scope": ["flag"]}"#
        XCTAssertEqual(loaded(text)?.declaration(of: "flag")?.behavior.runBoundaries, .character("👍🏽"))
    }

    func testAConstraintWritingOutsideTheScopeIsReportedAtItsKey() {
        let text = """
        {"name": "x",
         "attributes": {"size": {"type": "number"}, "bold": {"type": "bool"}},
         "scope": ["bold"],
         "constraints": [{"name": "Sizes", "key": "size", "clamp": {"min": 1}}]}
        """
        assertOnly(.outsideScope, in: text, at: "4:43",
                   path: "$.constraints[0].key", hint: "add 'size' to \"scope\", or remove the constraint")
    }

    func testReadingAKeyALaterConstraintWritesIsOrderDependence() {
        let text = """
        {"name": "x",
         "attributes": {"size": {"type": "number"}, "bold": {"type": "bool"}},
         "scope": ["bold", "size"],
         "constraints": [
           {"name": "BoldFollowsSize", "key": "bold", "rules": [{"when": {"present": "size"}, "set": true}]},
           {"name": "SizeClamp", "key": "size", "clamp": {"min": 1, "max": 2}}]}
        """
        assertOnly(.orderDependence, in: text, at: "5:78",
                   path: "$.constraints[0].rules[0].when.present", hint: "move 'SizeClamp' before 'BoldFollowsSize'")
    }

    func testConstraintsReadingEachOthersKeysAreACycle() {
        let text = """
        {"name": "x",
         "attributes": {"bold": {"type": "bool"}, "code": {"type": "bool"}},
         "scope": ["bold", "code"],
         "constraints": [
           {"name": "BoldUnlessCode", "key": "bold", "rules": [{"when": {"present": "code"}, "remove": true}]},
           {"name": "CodeUnlessBold", "key": "code", "rules": [{"when": {"present": "bold"}, "remove": true}]}]}
        """
        let finding = assertOnly(.cycle, in: text, at: "5:77", path: "$.constraints[0].rules[0].when.present")
        XCTAssertTrue(finding?.message.contains("'BoldUnlessCode' -> 'CodeUnlessBold' -> 'BoldUnlessCode'") ?? false)
    }

    func testARuleListThatUndoesItselfIsNotIdempotent() {
        let text = """
        {"name": "x", "attributes": {"bold": {"type": "bool"}}, "scope": ["bold"],
         "constraints": [{"name": "Flip", "key": "bold",
                          "rules": [{"when": {"present": "bold"}, "remove": true}], "otherwise": {"set": true}}]}
        """
        assertOnly(.notIdempotent, in: text, path: "$.constraints[0].rules[0].when.present")
    }

    func testTwoConstraintsWithOneNameAreDuplicates() {
        let text = """
        {"name": "x", "attributes": {"a": {"type": "bool"}, "b": {"type": "bool"}}, "scope": ["a", "b"],
         "constraints": [{"name": "Same", "key": "a", "allowed": [true]},
                         {"name": "Same", "key": "b", "allowed": [true]}]}
        """
        assertOnly(.duplicateName, in: text, at: "3:27", path: "$.constraints[1].name")
    }

    func testTwoConstraintsOwningOneKeyAreReportedAtTheSecond() {
        let text = """
        {"name": "x", "attributes": {"a": {"type": "bool"}}, "scope": ["a"],
         "constraints": [{"name": "First", "key": "a", "allowed": [true]},
                         {"name": "Second", "key": "a", "allowed": [false]}]}
        """
        assertOnly(.duplicateOwner, in: text, at: "3:44",
                   path: "$.constraints[1].key", hint: "merge the rules of 'Second' into 'First'")
    }

    func testAScopeListingAnAttributeTwiceIsADuplicate() {
        assertOnly(.duplicateName, in: #"{"name": "x", "attributes": {"a": {"type": "bool"}}, "scope": ["a", "a"]}"#, at: "1:69",
                   path: "$.scope[1]")
    }

    func testAMissingRequiredFieldPointsAtItsObject() {
        let finding = only(.missingField, in: "{\"name\": \"x\", \"scope\": []}")
        XCTAssertEqual(finding?.message, "a definition needs a 'attributes' field")
        XCTAssertEqual(finding?.path, "$")
        XCTAssertEqual(finding?.position, "1:1")
    }

    func testAnUnknownSeverityRuleSuggestsTheConstraint() {
        let text = """
        {"name": "x", "attributes": {"a": {"type": "bool"}}, "scope": ["a"],
         "constraints": [{"name": "OnlyTrue", "key": "a", "allowed": [true]}],
         "severities": {"OnlyTru": "warning", "scope": "warn"}}
        """
        let found = diagnostics(text)
        XCTAssertEqual(found.map(\.check), [.unknownRule, .invalidValue])
        XCTAssertEqual(found.map(\.hint), ["did you mean 'OnlyTrue'?", "did you mean 'warning'?"])
        XCTAssertEqual(found.map(\.position), ["3:17", "3:48"])
    }

    func testEveryErrorIsCollectedInFileOrder() {
        let text = """
        {"name": "x",
         "atributes": {},
         "attributes": {"a": {"type": "boolean"}, "b": {"type": "string", "runBoundaries": "paragraf"}},
         "scope": ["a", "b", "c"]}
        """
        let found = diagnostics(text)
        XCTAssertEqual(found.map(\.check), [.unknownField, .wrongType, .invalidValue, .unknownAttribute])
        XCTAssertEqual(found.map(\.position), ["2:2", "3:31", "3:84", "4:22"])
        XCTAssertEqual(found.map(\.hint), ["did you mean 'attributes'?", "did you mean 'bool'?", "did you mean 'paragraph'?",
                                           "declare it under \"attributes\"; the file declares 'b'"])
    }

    func testAnAttributeDeclaredOutsideTheScopeIsOnlyAWarning() throws {
        let definition = try XCTUnwrap(loaded(#"{"name": "x", "attributes": {"a": {"type": "bool"}}, "scope": []}"#))
        XCTAssertEqual(definition.warnings.map(\.check), [.unusedAttribute])
        XCTAssertEqual(definition.warnings.first?.severity, .warning)
        XCTAssertEqual(definition.warnings.first?.path, "$.attributes.a")
    }

    func testAConditionOnAKeyOutsideTheScopeIsAWarning() throws {
        let text = """
        {"name": "x", "attributes": {"a": {"type": "bool"}, "b": {"type": "bool"}}, "scope": ["a"],
         "constraints": [{"name": "R", "key": "a", "rules": [{"when": {"present": "b"}, "remove": true}]}]}
        """
        let definition = try XCTUnwrap(loaded(text))
        XCTAssertEqual(definition.warnings.map(\.check), [.unusedAttribute, .outsideScope])
        XCTAssertEqual(definition.warnings.last?.path, "$.constraints[0].rules[0].when.present")
    }

    func testAnUnreadableFileIsReportedWithoutALocation() {
        XCTAssertThrowsError(try DefinitionFile.load(path: "/nonexistent/definition.json")) { error in
            let problems = error as? DefinitionDiagnostics
            XCTAssertEqual(problems?.diagnostics.first?.check, .unreadable)
            XCTAssertEqual(problems?.diagnostics.first?.headline, "/nonexistent/definition.json: error definition-unreadable: no such file")
        }
    }

    func testADiagnosticRendersLikeALinter() throws {
        let finding = try XCTUnwrap(only(.unknownAttribute, in: "{\"name\": \"x\", \"attributes\": {\"ingredient\": {\"type\": \"string\"}},\n \"scope\": [\"ingredent\"]}"))
        XCTAssertEqual(finding.description, """
        test.json:2:12: error definition-unknown-attribute: the scope names 'ingredent', which is not a declared attribute
          at $.scope[0]
          hint: did you mean 'ingredient'?
        """)
    }
}
