extension FormattingDefinition {
    /// The one check of a key a constraint reads: nil when the definition knows `key`, else an `unknownKey`
    /// error naming the known key it most likely meant.
    ///
    /// Definitions built in Swift and definitions loaded from files both call this, so `.present("ingredeint")`
    /// fails to build with the same "did you mean 'ingredient'?" a definition file gets.
    ///
    /// - Parameters:
    ///   - key: the key's name, as the condition writes it.
    ///   - rule: the name of the constraint that reads it.
    ///   - known: every key the definition knows, in declaration order (suggestions prefer earlier keys).
    public static func unknownKeyProblem(_ key: String, readBy rule: String, known: [String]) -> DefinitionError? {
        guard !known.contains(key) else { return nil }
        return .unknownKey(rule: rule, key: key, suggestion: Suggestions.closest(to: key, in: known))
    }
}
