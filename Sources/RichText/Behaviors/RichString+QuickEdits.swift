/// The runs around a text edit, read in one walk: what the quick paths need to know that the pipeline would
/// do nothing beyond the raw replacement.
struct EditNeighbourhood {
    /// The attributes of the byte just before the edit (nil at the start of the text).
    var before: AttributeSet?
    /// The attributes of the byte just after the edited range (nil at the end of the text).
    var after: AttributeSet?
    /// Whether any run of the window carries a key with a behaviour.
    var hasBehaviors = false
    /// Whether any run of the window carries a key invalidated by text changes.
    var hasTextChangedKeys = false
    /// Whether any run of the window carries a character-bound key.
    var hasCharacterKeys = false
}

extension RichString {
    /// The longest deletion the quick path takes: it walks every run of the deleted range.
    static let quickDeletionLimit = 64

    /// Plain typing and deletions, when the runs around the edit show that the behaviour pipeline would do
    /// nothing but the raw replacement (and, for a deletion, the paragraph check that follows it). Returns nil,
    /// having changed nothing, when the edit needs `editTextThroughPipeline`.
    ///
    /// Each condition below mirrors a step of the pipeline: no `textChanged` key at the edit's edges (step 2 has
    /// no survivors), no separator in or next to the edit (paragraphs are not split or merged), typed text that
    /// agrees with its paragraph (step 3 has nothing to do), no character-bound key nearby (step 4), and so no
    /// change for step 5 to follow.
    mutating func editTextQuickly(_ range: Range<Int>, with newText: Substring, attributedRuns: [AttributeRun]?) -> [AttributeAdjustment]? {
        let total = text.utf8Count
        guard total > 0 else { return nil }
        let isTyping = attributedRuns == nil && range.isEmpty && !newText.isEmpty
        let isDeletion = attributedRuns?.isEmpty == true && newText.isEmpty && !range.isEmpty
            && range.count <= Self.quickDeletionLimit
        guard isTyping || isDeletion else { return nil }
        let near = neighbourhood(of: range)
        if isTyping {
            let a = range.lowerBound
            guard let source = a > 0 ? near.before : near.after else { return nil }
            if !near.hasBehaviors {
                // Every key around is plain: typed text takes the character before's attributes as they are.
                rawReplace(range, with: newText, runs: [AttributeRun(utf8Count: newText.utf8.count, attributes: source)])
                return []
            }
            guard a > 0, !near.hasTextChangedKeys, !near.hasCharacterKeys else { return nil }
            // Not after or before a separator, and none typed: `a` is inside its paragraph, not at its start.
            guard !isStructural(range, newText) else { return nil }
            let typed = source.inheritable
            // Typed text with the paragraph's values of paragraph-bound keys leaves the paragraph uniform.
            guard typed.paragraphBound == source.paragraphBound else { return nil }
            rawReplace(range, with: newText, runs: [AttributeRun(utf8Count: newText.utf8.count, attributes: typed)])
            return []
        }
        if !near.hasBehaviors {
            rawReplace(range, with: newText, runs: [])
            return []
        }
        guard range.lowerBound > 0, !near.hasTextChangedKeys, !near.hasCharacterKeys, let before = near.before else { return nil }
        guard !isStructural(range, newText) else { return nil }
        let after = range.upperBound < total ? near.after : nil
        rawReplace(range, with: newText, runs: [])
        // The pipeline's step 3 after a deletion inside a paragraph: the byte now at the edit agrees with the
        // paragraph's first character, or is brought in line with it.
        guard before.hasParagraphKeys || after?.hasParagraphKeys == true else { return [] }
        var adjustments: [AttributeAdjustment] = []
        var changes: [KeyChange] = []
        let dirty = range.lowerBound..<range.lowerBound
        enforceParagraphBoundaries(in: dirty, rule: .firstCharacterDecides, wholeParagraphs: false, into: &adjustments, changes: &changes)
        if !changes.isEmpty { propagateAttributeChanges(changes, into: &adjustments) }
        return adjustments
    }

    /// Whether a text edit can split or merge paragraphs: a separator in or next to the replaced range, or in
    /// the new text (as the pipeline computes it).
    func isStructural(_ range: Range<Int>, _ newText: Substring) -> Bool {
        let length = newText.utf8.count
        return touchesSeparator(range) || TextRope.separators(in: String(newText), upTo: length) > 0
            || newText.utf8.first == 0x0A || newText.utf8.last == 0x0D
    }

    /// The runs over `range` and the bytes just before and after it, in one walk.
    func neighbourhood(of range: Range<Int>) -> EditNeighbourhood {
        let total = text.utf8Count
        var near = EditNeighbourhood()
        let window = max(0, range.lowerBound - 1)..<min(total, range.upperBound + 1)
        let beforeOffset = range.lowerBound - 1
        let afterOffset = range.upperBound
        runStore.forEachRun(in: window) { piece, attributes in
            if piece.contains(beforeOffset) { near.before = attributes }
            if piece.contains(afterOffset) { near.after = attributes }
            if attributes.hasBehaviors {
                near.hasBehaviors = true
                if attributes.hasTextChangedKeys { near.hasTextChangedKeys = true }
                if attributes.hasCharacterKeys { near.hasCharacterKeys = true }
            }
            return true
        }
        return near
    }
}
