// The typed attribute keys that the test targets and `fmtoracle` share, each declared once. Where a key has a
// Foundation twin (an `AttributedStringKey` for the bridge, the differential tests or `fmtoracle`), the twin stands
// right below its `RichAttributeKey`, with the same name and the same behaviour: the two sides are compared run by
// run, so a twin that drifts from its key is a test bug, and this file is where to check that they match.

import Foundation
import RichText

// MARK: - Keys of every behaviour (RichTextTests) and the differential schema (fmtoracle)

/// A plain colour key.
public enum ColorKey: RichAttributeKey {
    public typealias Value = Int
    public static let name = "color"
}

/// Foundation's twin of `ColorKey`.
public enum FoundationColorKey: AttributedStringKey {
    public typealias Value = Int
    public static let name = "color"
}

/// A key that depends on `ColorKey`: removed wherever the colour really changes.
public enum ColorDependentKey: RichAttributeKey {
    public typealias Value = Int
    public static let name = "dep"
    public static let invalidationConditions: Set<InvalidationCondition> = [.attributeChanged(ColorKey.self)]
}

/// Foundation's twin of `ColorDependentKey`.
public enum FoundationColorDependentKey: AttributedStringKey {
    public typealias Value = Int
    public static let name = "dep"
    public static let invalidationConditions: Set<AttributedString.AttributeInvalidationCondition>? =
        [.attributeChanged(FoundationColorKey.self)]
}

/// A key that depends on `ColorDependentKey`: the second link of a chain.
public enum SecondDependentKey: RichAttributeKey {
    public typealias Value = Int
    public static let name = "dep2"
    public static let invalidationConditions: Set<InvalidationCondition> = [.attributeChanged(ColorDependentKey.self)]
}

/// Foundation's twin of `SecondDependentKey`.
public enum FoundationSecondDependentKey: AttributedStringKey {
    public typealias Value = Int
    public static let name = "dep2"
    public static let invalidationConditions: Set<AttributedString.AttributeInvalidationCondition>? =
        [.attributeChanged(FoundationColorDependentKey.self)]
}

/// A list bullet that can only stand on "•".
public enum BulletKey: RichAttributeKey {
    public typealias Value = Int
    public static let name = "bullet"
    public static let runBoundaries: RunBoundary? = .character("•")
}

/// Foundation's twin of `BulletKey`.
public enum FoundationBulletKey: AttributedStringKey {
    public typealias Value = Int
    public static let name = "bullet"
    public static let runBoundaries: AttributedString.AttributeRunBoundaries? = .character("•")
}

/// Paragraph-bound and removed by text changes.
public enum ParagraphTagKey: RichAttributeKey {
    public typealias Value = Int
    public static let name = "tagpara"
    public static let invalidationConditions: Set<InvalidationCondition> = [.textChanged]
    public static let runBoundaries: RunBoundary? = .paragraph
}

/// Foundation's twin of `ParagraphTagKey`.
public enum FoundationParagraphTagKey: AttributedStringKey {
    public typealias Value = Int
    public static let name = "tagpara"
    public static let invalidationConditions: Set<AttributedString.AttributeInvalidationCondition>? = [.textChanged]
    public static let runBoundaries: AttributedString.AttributeRunBoundaries? = .paragraph
}

// The rest of the differential schema has no typed `RichAttributeKey`: the tests give these keys by name, with
// the same behaviours, in `ScriptKeys.behaviors` (`Tests/RichTextTests/Support/BehaviorScripts.swift`) and
// `Differential.keys` (`FoundationDifferentialTests.swift`).

/// Foundation's `p1`: a plain integer key.
public enum FoundationP1Key: AttributedStringKey {
    public typealias Value = Int
    public static let name = "p1"
}

/// Foundation's `p2`: a plain string key.
public enum FoundationP2Key: AttributedStringKey {
    public typealias Value = String
    public static let name = "p2"
}

/// Foundation's `tag`: not inherited, removed by any text change in its stretch.
public enum FoundationTagKey: AttributedStringKey {
    public typealias Value = String
    public static let name = "tag"
    public static let inheritedByAddedText = false
    public static let invalidationConditions: Set<AttributedString.AttributeInvalidationCondition>? = [.textChanged]
}

/// Foundation's `para`: constant over each paragraph.
public enum FoundationParaKey: AttributedStringKey {
    public typealias Value = Int
    public static let name = "para"
    public static let runBoundaries: AttributedString.AttributeRunBoundaries? = .paragraph
}

/// Foundation's `noinherit`: not taken by added text.
public enum FoundationNoInheritKey: AttributedStringKey {
    public typealias Value = Int
    public static let name = "noinherit"
    public static let inheritedByAddedText = false
}

// MARK: - Recipe and editor keys (RichTextTests, FormattingTests)

/// WWDC25's ingredient: not inherited, removed by any text change in its stretch.
public enum IngredientKey: RichAttributeKey {
    public typealias Value = String
    public static let name = "ingredient"
    public static let inheritedByAddedText = false
    public static let invalidationConditions: Set<InvalidationCondition> = [.textChanged]
}

/// Foundation's twin of `IngredientKey`.
public enum FoundationIngredientKey: AttributedStringKey {
    public typealias Value = String
    public static let name = "ingredient"
    public static let inheritedByAddedText = false
    public static let invalidationConditions: Set<AttributedString.AttributeInvalidationCondition>? = [.textChanged]
}

/// The recipe's colour (`Definitions/recipe.json`'s `foregroundColor`), for tests that name keys by type.
public enum ForegroundColorKey: RichAttributeKey {
    public typealias Value = RichColor
    public static let name = "foregroundColor"
}

/// A paragraph-bound alignment.
public enum AlignmentKey: RichAttributeKey {
    public typealias Value = String
    public static let name = "alignment"
    public static let runBoundaries: RunBoundary? = .paragraph
}

/// A spell-check mark: not inherited, removed by any text change in its stretch.
public enum MisspelledKey: RichAttributeKey {
    public typealias Value = Bool
    public static let name = "misspelled"
    public static let inheritedByAddedText = false
    public static let invalidationConditions: Set<InvalidationCondition> = [.textChanged]
}

/// A paragraph-bound key that depends on the colour. (`ScriptKeys.behaviors` gives a `paradep` of its own that
/// depends on `tag`: a different key under the same name, used by the behaviour scripts only.)
public enum ParagraphDependentKey: RichAttributeKey {
    public typealias Value = Int
    public static let name = "paradep"
    public static let invalidationConditions: Set<InvalidationCondition> = [.attributeChanged(ColorKey.self)]
    public static let runBoundaries: RunBoundary? = .paragraph
}

/// Bound to U+FFFC, as a Genmoji's glyph key.
public enum GlyphKey: RichAttributeKey {
    public typealias Value = String
    public static let name = "glyph"
    public static let inheritedByAddedText = false
    public static let runBoundaries: RunBoundary? = .character("\u{FFFC}")
}

/// Bound to a character of two scalars: only its first scalar, "e", is admitted.
public enum AccentKey: RichAttributeKey {
    public typealias Value = Int
    public static let name = "accent"
    public static let runBoundaries: RunBoundary? = .character("e\u{301}")
}

// MARK: - Apple's test scope (the Foundation conformance tests)

// The keys of swift-foundation's `AttributeScopes.TestAttributes` (`AttributedStringTestSupport.swift`), same
// names and behaviours. The scope itself, the key paths and the `AttributeSet` builders stay with the tests, in
// `Tests/RichTextTests/FoundationConformance/ConformanceSupport.swift`.

/// Apple's `TestIntAttribute`.
public enum TestIntKey: RichAttributeKey {
    public typealias Value = Int
    public static let name = "TestInt"
}

/// Apple's `TestStringAttribute`.
public enum TestStringKey: RichAttributeKey {
    public typealias Value = String
    public static let name = "TestString"
}

/// Apple's `TestDoubleAttribute`.
public enum TestDoubleKey: RichAttributeKey {
    public typealias Value = Double
    public static let name = "TestDouble"
}

/// Apple's `TestBoolAttribute`.
public enum TestBoolKey: RichAttributeKey {
    public typealias Value = Bool
    public static let name = "TestBool"
}

/// Apple's `TestNonExtended`: not taken by added text.
public enum TestNonExtendedKey: RichAttributeKey {
    public typealias Value = Int
    public static let name = "TestNonExtended"
    public static let inheritedByAddedText = false
}

/// Apple's `TestParagraphConstrained`.
public enum TestParagraphConstrainedKey: RichAttributeKey {
    public typealias Value = Int
    public static let name = "TestParagraphConstrained"
    public static let runBoundaries: RunBoundary? = .paragraph
}

/// Foundation's twin of `TestParagraphConstrainedKey` (`TransformingAttributesDifferentialTests`).
public enum FoundationTestParagraphConstrainedKey: AttributedStringKey {
    public typealias Value = Int
    public static let name = "TestParagraphConstrained"
    public static let runBoundaries: AttributedString.AttributeRunBoundaries? = .paragraph
}

/// Apple's `TestSecondParagraphConstrained`.
public enum TestSecondParagraphConstrainedKey: RichAttributeKey {
    public typealias Value = Int
    public static let name = "TestSecondParagraphConstrained"
    public static let runBoundaries: RunBoundary? = .paragraph
}

/// Apple's `TestCharacterConstrained`: may only stand on "*".
public enum TestCharacterConstrainedKey: RichAttributeKey {
    public typealias Value = Int
    public static let name = "TestCharacterConstrained"
    public static let runBoundaries: RunBoundary? = .character("*")
}

/// Apple's `TestUnicodeCharacterConstrained`: may only stand on U+FFFD.
public enum TestUnicodeScalarConstrainedKey: RichAttributeKey {
    public typealias Value = Int
    public static let name = "TestUnicodeCharacterConstrained"
    public static let runBoundaries: RunBoundary? = .character("\u{FFFD}")
}

/// Apple's `TestAttributeDependent`: removed where `TestInt` really changes.
public enum TestAttributeDependentKey: RichAttributeKey {
    public typealias Value = Int
    public static let name = "TestAttributeDependent"
    public static let invalidationConditions: Set<InvalidationCondition> = [.attributeChanged(TestIntKey.self)]
}

/// Apple's `TestCharacterDependent`: removed by any text change in its stretch.
public enum TestCharacterDependentKey: RichAttributeKey {
    public typealias Value = Int
    public static let name = "TestCharacterDependent"
    public static let invalidationConditions: Set<InvalidationCondition> = [.textChanged]
}

/// Stands in for Foundation's `languageIdentifier` (a plain string attribute) in `runSlicing`.
public enum TestLanguageIdentifierKey: RichAttributeKey {
    public typealias Value = String
    public static let name = "NSLanguage"
}

/// Stands in for Foundation's `writingDirection`, which is bound to paragraphs.
public enum TestWritingDirectionKey: RichAttributeKey {
    public typealias Value = String
    public static let name = "NSWritingDirection"
    public static let runBoundaries: RunBoundary? = .paragraph
}
