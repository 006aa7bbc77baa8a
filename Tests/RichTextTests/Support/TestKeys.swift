import Foundation
@testable import RichText

/// WWDC25's ingredient: not inherited, removed by any text change in its stretch.
enum IngredientKey: RichAttributeKey {
    typealias Value = String
    static let name = "ingredient"
    static let inheritedByAddedText = false
    static let invalidationConditions: Set<InvalidationCondition> = [.textChanged]
}

/// A plain colour key.
enum ColorKey: RichAttributeKey {
    typealias Value = Int
    static let name = "color"
}

/// A paragraph-bound alignment.
enum AlignmentKey: RichAttributeKey {
    typealias Value = String
    static let name = "alignment"
    static let runBoundaries: RunBoundary? = .paragraph
}

extension AttributeKeys {
    var ingredient: IngredientKey.Type { IngredientKey.self }
    var color: ColorKey.Type { ColorKey.self }
}

/// Foundation twins of the test keys, for bridging.
enum FoundationColorKey: AttributedStringKey {
    typealias Value = Int
    static let name = "color"
}

enum FoundationIngredientKey: AttributedStringKey {
    typealias Value = String
    static let name = "ingredient"
    static let inheritedByAddedText = false
    static let invalidationConditions: Set<AttributedString.AttributeInvalidationCondition>? = [.textChanged]
}

/// A spell-check mark: not inherited, removed by any text change in its stretch.
enum MisspelledKey: RichAttributeKey {
    typealias Value = Bool
    static let name = "misspelled"
    static let inheritedByAddedText = false
    static let invalidationConditions: Set<InvalidationCondition> = [.textChanged]
}

/// A key that depends on `ColorKey`: removed wherever the colour really changes.
enum ColorDependentKey: RichAttributeKey {
    typealias Value = Int
    static let name = "dep"
    static let invalidationConditions: Set<InvalidationCondition> = [.attributeChanged(ColorKey.self)]
}

/// A key that depends on `ColorDependentKey`: the second link of a chain.
enum SecondDependentKey: RichAttributeKey {
    typealias Value = Int
    static let name = "dep2"
    static let invalidationConditions: Set<InvalidationCondition> = [.attributeChanged(ColorDependentKey.self)]
}

/// A list bullet that can only stand on "•".
enum BulletKey: RichAttributeKey {
    typealias Value = Int
    static let name = "bullet"
    static let runBoundaries: RunBoundary? = .character("•")
}

/// Paragraph-bound and removed by text changes.
enum ParagraphTagKey: RichAttributeKey {
    typealias Value = Int
    static let name = "tagpara"
    static let invalidationConditions: Set<InvalidationCondition> = [.textChanged]
    static let runBoundaries: RunBoundary? = .paragraph
}

/// A paragraph-bound key that depends on the colour.
enum ParagraphDependentKey: RichAttributeKey {
    typealias Value = Int
    static let name = "paradep"
    static let invalidationConditions: Set<InvalidationCondition> = [.attributeChanged(ColorKey.self)]
    static let runBoundaries: RunBoundary? = .paragraph
}

/// Bound to U+FFFC, as a Genmoji's glyph key.
enum GlyphKey: RichAttributeKey {
    typealias Value = String
    static let name = "glyph"
    static let inheritedByAddedText = false
    static let runBoundaries: RunBoundary? = .character("\u{FFFC}")
}

/// Bound to a character of two scalars: only its first scalar, "e", is admitted.
enum AccentKey: RichAttributeKey {
    typealias Value = Int
    static let name = "accent"
    static let runBoundaries: RunBoundary? = .character("e\u{301}")
}
