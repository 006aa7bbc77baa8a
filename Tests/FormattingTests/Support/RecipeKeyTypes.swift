import RichText

/// The recipe's colour as a typed key, for tests that name keys by type.
enum ForegroundColor: RichAttributeKey {
    typealias Value = RichColor
    static let name = "foregroundColor"
}

/// The recipe's ingredient as a typed key: not inherited, removed by any text change in its stretch.
enum Ingredient: RichAttributeKey {
    typealias Value = String
    static let name = "ingredient"
    static let inheritedByAddedText = false
    static let invalidationConditions: Set<InvalidationCondition> = [.textChanged]
}
