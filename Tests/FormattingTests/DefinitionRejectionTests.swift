import XCTest
import Formatting
import RichText

/// Definitions that must not build, each with the error that names the rule.
final class DefinitionRejectionTests: XCTestCase {
    private func rejection(_ scope: [AttributeKeyDescriptor], _ constraints: [any ValueConstraint]) -> DefinitionError? {
        do {
            _ = try FormattingDefinition(name: "test", scope: scope, constraintList: constraints)
            return nil
        } catch {
            return error
        }
    }

    func testAConstraintOwningAKeyOutsideTheScopeIsRejected() {
        let error = rejection([Keys.ingredient], [AllowedValues("Sizes", for: Keys.size, values: [], default: nil)])
        XCTAssertEqual(error, .ownsKeyOutsideScope(rule: "Sizes", key: "size"))
        XCTAssertEqual(error?.rule, "Sizes")
    }

    func testTwoConstraintsOwningOneKeyAreRejected() {
        let error = rejection([Keys.size], [
            Clamp("A", for: Keys.size, lower: 1, upper: 2),
            Clamp("B", for: Keys.size, lower: 1, upper: 3),
        ])
        XCTAssertEqual(error, .duplicateOwner(key: "size", rules: ["A", "B"]))
    }

    func testReadingAKeyALaterConstraintWritesIsRejected() {
        let error = rejection([Keys.bold, Keys.size], [
            Rules("BoldFollowsSize", for: Keys.bold, [Rule(when: .present("size"), .set(.bool(true)))], otherwise: .remove),
            Clamp("SizeClamp", for: Keys.size, lower: 1, upper: 2),
        ])
        XCTAssertEqual(error, .readsLaterWrite(rule: "BoldFollowsSize", key: "size", writer: "SizeClamp"))
        XCTAssertTrue(error!.description.contains("move 'SizeClamp' before 'BoldFollowsSize'"))
    }

    func testACycleOfReadsIsRejectedAsACycle() {
        let error = rejection([Keys.bold, Keys.size], [
            Rules("A", for: Keys.bold, [Rule(when: .present("size"), .set(.bool(true)))], otherwise: .remove),
            Rules("B", for: Keys.size, [Rule(when: .present("bold"), .set(.integer(1)))], otherwise: .remove),
        ])
        XCTAssertEqual(error, .cycle(rules: ["A", "B", "A"]))
    }

    func testARuleListThatFlipsItsOwnKeyIsRejected() {
        let error = rejection([Keys.bold], [
            Rules("Flip", for: Keys.bold, [Rule(when: .absent("bold"), .set(.bool(true)))], otherwise: .remove),
        ])
        guard case .notIdempotent(let rule, let detail)? = error else { return XCTFail("\(String(describing: error))") }
        XCTAssertEqual(rule, "Flip")
        XCTAssertTrue(detail.contains("second"))
    }

    func testARuleListThatReadsItsOwnKeyStablyIsAccepted() {
        XCTAssertNil(rejection([Keys.bold], [
            Rules("KeepTrue", for: Keys.bold, [Rule(when: .equals("bold", .bool(true)), .keep)], otherwise: .remove),
        ]))
    }

    func testADuplicateScopeKeyIsRejected() {
        XCTAssertEqual(rejection([Keys.bold, Keys.bold], []), .duplicateScopeKey("bold"))
    }
}
