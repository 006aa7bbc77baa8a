/// Copies that keep only a scope's keys, as Foundation's `AttributedString(_:including:)`.
extension RichString {
    /// A copy of `other` (a string or a slice) that keeps only the keys `scope` declares, its nested scopes'
    /// included (`RichAttributeScope.keys`); every other key is removed from the copy.
    ///
    /// ```swift
    /// struct EditorAttributes: RichAttributeScope {
    ///     let recipe = RecipeAttributes()      // a nested scope: all of its keys
    ///     let emphasis = Emphasis.self
    /// }
    /// let kept = RichString(document[range], including: EditorAttributes.self)
    /// ```
    ///
    /// Keys are matched by name, and what stays keeps its values and behaviours. As Foundation's, the copy is
    /// made as it is: removing keys fires no behaviour (a key that another key's change would invalidate stays).
    public init<S: RichAttributeScope>(_ other: some RichStringProtocol, including scope: S.Type) {
        self = (other as? RichString) ?? other.wholeText
        let names = Set(S.keys.map(\.name))
        // Few distinct sets stand over many runs: each is filtered once.
        var filtered: [AttributeSet: AttributeSet] = [:]
        _ = runStore.transformAttributes(in: 0..<text.utf8Count, recordingRuns: false) { attributes in
            if let known = filtered[attributes] { return known }
            let kept = attributes.keeping { names.contains($0.key.pointee.name) }
            filtered[attributes] = kept
            return kept
        }
    }

    /// A copy of `other` that keeps only the keys of a registered scope: `RichString(text, including: \.recipe)`.
    public init<S: RichAttributeScope>(_ other: some RichStringProtocol, including scope: KeyPath<RichAttributeScopes, S.Type>) {
        self.init(other, including: S.self)
    }
}
