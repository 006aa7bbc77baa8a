import RichText

/// WWDC25's ingredient as a typed key: not inherited, removed by any text change in its stretch.
enum Ingredient: RichAttributeKey {
    typealias Value = String
    static let name = "ingredient"
    static let inheritedByAddedText = false
    static let invalidationConditions: Set<InvalidationCondition> = [.textChanged]
}

/// The recipe's colour as a typed key.
enum ForegroundColor: RichAttributeKey {
    typealias Value = RichColor
    static let name = "foregroundColor"
}
