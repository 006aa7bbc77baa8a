/// A run's attributes read through their keys, as Foundation's `AttributedString.Runs.Run` reads them:
///
/// ```swift
/// for run in text.runs {
///     run[Ingredient.self]        // a typed key
///     run.ingredient              // a registered key (`AttributeKeys`)
///     run.recipe.ingredient       // a key of a registered scope (`RichAttributeScopes`)
/// }
/// ```
extension RichRunsView.Run {
    /// The value of `K` over the run; nil when the run does not hold it.
    public subscript<K: RichAttributeKey>(key: K.Type) -> K.Value? {
        attributes[K.self]
    }

    /// A registered key through dynamic member lookup: `run.ingredient`.
    public subscript<K: RichAttributeKey>(dynamicMember keyPath: KeyPath<AttributeKeys, K.Type>) -> K.Value? {
        attributes[AttributeKeys()[keyPath: keyPath]]
    }

    /// The keys of a registered scope over the run: `run.recipe.ingredient`. Read-only, as Foundation's: a run is
    /// a value read from the string, and writes go through the string (`text[run.range].recipe.ingredient = …`).
    public subscript<S: RichAttributeScope>(dynamicMember keyPath: KeyPath<RichAttributeScopes, S.Type>) -> ScopedAttributes<S> {
        ScopedAttributes(attributes)
    }
}
