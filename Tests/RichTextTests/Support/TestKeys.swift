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
