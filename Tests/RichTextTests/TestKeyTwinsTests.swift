import EditScripts
import Foundation
import RichText
import TestKeys
import XCTest

/// Each Foundation twin in TestKeys declares the name and behaviour of the RichText key it mirrors, and the
/// differential schema's Foundation keys (what `fmtoracle` runs) declare the behaviours the differential tests give
/// the same names (`ScriptKeys.behaviors`, `Differential.keys`): a twin that drifted would have the differential tests compare two
/// different keys and call the difference Foundation's.
final class TestKeyTwinsTests: XCTestCase {
    /// Every Foundation key TestKeys declares, for turning `attributeChanged("name")` into Foundation's condition.
    static let foundationKeys: [any AttributedStringKey.Type] = [
        FoundationColorKey.self, FoundationColorDependentKey.self, FoundationSecondDependentKey.self, FoundationBulletKey.self,
        FoundationParagraphTagKey.self, FoundationP1Key.self, FoundationP2Key.self, FoundationTagKey.self, FoundationParaKey.self,
        FoundationNoInheritKey.self, FoundationIngredientKey.self, FoundationTestParagraphConstrainedKey.self,
    ]

    /// The twins, each with the RichText key it mirrors.
    static let twins: [(foundation: any AttributedStringKey.Type, ours: AttributeKeyDescriptor)] = [
        (FoundationColorKey.self, ColorKey.descriptor),
        (FoundationColorDependentKey.self, ColorDependentKey.descriptor),
        (FoundationSecondDependentKey.self, SecondDependentKey.descriptor),
        (FoundationBulletKey.self, BulletKey.descriptor),
        (FoundationParagraphTagKey.self, ParagraphTagKey.descriptor),
        (FoundationIngredientKey.self, IngredientKey.descriptor),
        (FoundationTestParagraphConstrainedKey.self, TestParagraphConstrainedKey.descriptor),
    ]

    /// The keys `fmtoracle` knows (its `allKeys`), all declared in TestKeys.
    static let oracleSchema: [any AttributedStringKey.Type] = [
        FoundationP1Key.self, FoundationP2Key.self, FoundationTagKey.self, FoundationColorKey.self, FoundationColorDependentKey.self,
        FoundationSecondDependentKey.self, FoundationParaKey.self, FoundationParagraphTagKey.self, FoundationBulletKey.self,
        FoundationNoInheritKey.self,
    ]

    func testEveryFoundationTwinDeclaresItsKeysNameAndBehaviour() {
        for (foundation, ours) in Self.twins { assertSame(foundation, ours) }
    }

    func testTheOraclesKeysBehaveAsTheDifferentialTestsSay() {
        for foundation in Self.oracleSchema {
            // The behaviour scripts' keys, and the plain scripts' (`p2` only there).
            guard let ours = ScriptKeys.behaviors.descriptors[foundation.name] ?? Differential.keys[foundation.name] else {
                XCTFail("\(foundation.name): the oracle has it, neither ScriptKeys.behaviors nor Differential.keys does")
                continue
            }
            assertSame(foundation, ours)
        }
        for (name, ours) in Differential.keys {
            guard let foundation = Self.oracleSchema.first(where: { $0.name == name }) else { XCTFail("\(name): not in the oracle"); continue }
            assertSame(foundation, ours)
        }
    }

    /// A drifted twin is caught: the check is not vacuous.
    func testADifferentBehaviourIsNoTwin() {
        XCTAssertNotEqual(foundationBehavior(of: FoundationTagKey.self), foundationBehavior(of: ParagraphTagKey.descriptor))
        XCTAssertNotEqual(foundationBehavior(of: FoundationBulletKey.self), foundationBehavior(of: AccentKey.descriptor))
    }

    // MARK: Comparing

    /// A key's behaviour in Foundation's terms, which compare by value: inherited, run boundaries, invalidation.
    struct FoundationBehavior: Equatable, CustomStringConvertible {
        var inherited: Bool
        var boundaries: AttributedString.AttributeRunBoundaries?
        var conditions: Set<AttributedString.AttributeInvalidationCondition>
        var description: String { "inherited \(inherited), boundaries \(String(describing: boundaries)), conditions \(conditions)" }
    }

    func foundationBehavior<F: AttributedStringKey>(of key: F.Type) -> FoundationBehavior {
        FoundationBehavior(inherited: F.inheritedByAddedText, boundaries: F.runBoundaries, conditions: F.invalidationConditions ?? [])
    }

    /// Ours in Foundation's terms; nil when a condition names a key that has no Foundation declaration here.
    func foundationBehavior(of descriptor: AttributeKeyDescriptor) -> FoundationBehavior? {
        let boundaries: AttributedString.AttributeRunBoundaries?
        switch descriptor.behavior.runBoundaries {
        case .paragraph: boundaries = .paragraph
        case .character(let c): boundaries = .character(c)
        case nil: boundaries = nil
        }
        var conditions: Set<AttributedString.AttributeInvalidationCondition> = []
        for condition in descriptor.behavior.invalidationConditions {
            switch condition {
            case .textChanged:
                conditions.insert(.textChanged)
            case .attributeChanged(let name):
                guard let key = Self.foundationKeys.first(where: { $0.name == name }) else { return nil }
                conditions.insert(.attributeChanged(key))
            }
        }
        return FoundationBehavior(inherited: descriptor.behavior.inheritedByAddedText, boundaries: boundaries, conditions: conditions)
    }

    func assertSame(_ foundation: any AttributedStringKey.Type, _ ours: AttributeKeyDescriptor, line: UInt = #line) {
        XCTAssertEqual(foundation.name, ours.name, line: line)
        XCTAssertEqual(foundationBehavior(of: foundation), foundationBehavior(of: ours), "\(ours.name)", line: line)
    }
}
