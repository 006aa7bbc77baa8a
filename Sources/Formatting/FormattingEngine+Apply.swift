import RichText

/// Applying an `Edit`: the string's funnel runs it through every step, the engine's among them
/// (`FormattingEngine+Steps.swift`).
extension FormattingEngine {
    /// Applies `edit` to `document` and returns every adjustment, in the order made.
    ///
    /// A document that does not carry the definition's behaviours yet (one read without the definition) gets
    /// them first, and what that changed comes first in the list, placed in the offsets after the edit. Whether
    /// it carries them is known in O(1) (`carriesDefinedBehaviors`), so a document edited through the engine pays
    /// for that walk once. Keys the edit itself brings in (a paste, a key set with another descriptor's
    /// behaviour) take the definition's behaviours in the scope step, as part of the edit, with no adjustment:
    /// their values stand as asked.
    @discardableResult
    public func apply(_ edit: consuming Edit, to document: inout RichString) -> [Adjustment] {
        apply(edit.mutation(), to: &document)
    }

    /// `apply` of an edit already in the funnel's form: the session's backspace, whose one range needs no range
    /// set.
    func apply(_ mutation: consuming Mutation, to document: inout RichString) -> [Adjustment] {
        var steps = EngineSteps(self)
        document.mutate(mutation, under: &steps)
        return steps.adjustments
    }
}
