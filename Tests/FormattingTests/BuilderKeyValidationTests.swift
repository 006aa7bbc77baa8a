import Formatting
import RichText
import XCTest

/// A definition built in Swift is checked as strictly as a definition file: a condition on a key the
/// definition does not know is an error with a did-you-mean, not a rule that silently never applies.
final class BuilderKeyValidationTests: XCTestCase {
    private func buildError(_ scope: [AttributeKeyDescriptor], declaredKeys: [String]? = nil,
                            _ constraints: [any ValueConstraint]) -> DefinitionError? {
        do {
            _ = try FormattingDefinition(name: "test", scope: scope, declaredKeys: declaredKeys, constraintList: constraints)
            return nil
        } catch {
            return error
        }
    }

    func testAMisspelledKeyInAConditionFailsToBuildAndSuggestsTheKeyMeant() {
        let error = buildError([Keys.color, Keys.glyph, Keys.ingredient], [
            Rules("IngredientsAreGreen", for: Keys.color, [Rule(when: .present("ingredeint"), .set(green))], otherwise: .remove),
        ])
        XCTAssertEqual(error, .unknownKey(rule: "IngredientsAreGreen", key: "ingredeint", suggestion: "ingredient"))
        XCTAssertEqual(error?.description,
                       "constraint 'IngredientsAreGreen' reads 'ingredeint', which is not a key of the definition; did you mean 'ingredient'?")
    }

    func testTheResultBuilderFormThrowsTheSameError() {
        XCTAssertThrowsError(try FormattingDefinition(name: "recipe", scope: [Keys.color, Keys.ingredient]) {
            Rules("IngredientsAreGreen", for: Keys.color, [Rule(when: .present("ingredeint"), .set(green))], otherwise: .remove)
        }) { error in
            XCTAssertEqual(error as? DefinitionError, .unknownKey(rule: "IngredientsAreGreen", key: "ingredeint", suggestion: "ingredient"))
        }
    }

    func testAProvidedDefinitionWithAMisspelledKeyDoesNotBuild() {
        struct Misspelled: FormattingDefinitionProviding {
            var scope: [AttributeKeyDescriptor] { [Keys.color, Keys.ingredient] }
            var body: [any ValueConstraint] {
                Rules("IngredientsAreGreen", for: Keys.color, [Rule(when: .equals("ingredeint", .string("milk")), .set(green))])
            }
        }
        XCTAssertThrowsError(try Misspelled().definition()) { error in
            XCTAssertEqual((error as? DefinitionError)?.suggestion, "ingredient")
        }
    }

    func testAKeyNestedInsideNotAllAndAnyIsChecked() {
        let error = buildError([Keys.color, Keys.ingredient, Keys.bold], [
            Rules("Nested", for: Keys.color, [Rule(when: .all([.present("bold"), .not(.any([.absent("ingrediant")]))]), .set(green))]),
        ])
        XCTAssertEqual(error, .unknownKey(rule: "Nested", key: "ingrediant", suggestion: "ingredient"))
    }

    func testAnUnknownKeyWithNothingCloseHasNoSuggestion() {
        let error = buildError([Keys.color, Keys.ingredient], [
            Rules("Rule", for: Keys.color, [Rule(when: .present("zzz"), .set(green))]),
        ])
        XCTAssertEqual(error, .unknownKey(rule: "Rule", key: "zzz", suggestion: nil))
        XCTAssertEqual(error?.description, "constraint 'Rule' reads 'zzz', which is not a key of the definition")
    }

    func testACustomConstraintReadingAnUnknownKeyFailsToBuild() {
        let error = buildError([Keys.color, Keys.ingredient], [
            CustomConstraint("Custom", owns: Keys.color, reads: ["ingredients"]) { _ in },
        ])
        XCTAssertEqual(error, .unknownKey(rule: "Custom", key: "ingredients", suggestion: "ingredient"))
    }

    func testAMisspelledOwnedKeySuggestsTheScopeKey() {
        let colour = AttributeKeyDescriptor(name: "foregroundColour")
        let error = buildError([Keys.color, Keys.ingredient], [
            Rules("IngredientsAreGreen", for: colour, [Rule(when: .present("ingredient"), .set(green))]),
        ])
        XCTAssertEqual(error, .ownsKeyOutsideScope(rule: "IngredientsAreGreen", key: "foregroundColour", suggestion: "foregroundColor"))
        XCTAssertEqual(error?.description,
                       "constraint 'IngredientsAreGreen' writes 'foregroundColour', which is not in the definition's scope; did you mean 'foregroundColor'?")
    }

    func testADeclaredKeyOutsideTheScopeMayBeRead() {
        // What a definition file loads into: "note" is declared but left out of the scope.
        let error = buildError([Keys.color, Keys.ingredient], declaredKeys: ["foregroundColor", "ingredient", "note"], [
            Rules("Rule", for: Keys.color, [Rule(when: .present("note"), .set(green))]),
        ])
        XCTAssertNil(error)
    }

    func testTheSharedCheckIsWhatBothLoadersCall() {
        XCTAssertNil(FormattingDefinition.unknownKeyProblem("ingredient", readBy: "R", known: ["ingredient"]))
        XCTAssertEqual(FormattingDefinition.unknownKeyProblem("ingredeint", readBy: "R", known: ["foregroundColor", "ingredient"]),
                       .unknownKey(rule: "R", key: "ingredeint", suggestion: "ingredient"))
    }
}
