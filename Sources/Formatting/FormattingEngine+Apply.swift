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
        apply(mutation, to: &document, watchingWritesBeyondRawEdit: false).adjustments
    }

    /// `apply`, and, when `watching`, what the funnel said when it wrote beyond the mutation's raw edit (nil when
    /// it wrote nothing more): an editing session's typing step keeps the part it changed from it.
    func apply(_ mutation: consuming Mutation, to document: inout RichString, watchingWritesBeyondRawEdit watching: Bool)
        -> (adjustments: [Adjustment], said: WriteBeyondRawEdit?) {
        var steps = EngineSteps(self)
        steps.watchesWritesBeyondRawEdit = watching
        document.mutate(mutation, under: &steps)
        return (steps.adjustments, steps.wroteBeyondRawEdit)
    }
}

/// One-range edits through the engine, shaped as `RichString`'s own mutations: what `apply` does with an edit over
/// a range set of one range, without building the range set (a generic standard-library type whose making and
/// reading cost more than a keystroke's edit). Each is the same mutation through the same funnel.
extension FormattingEngine {
    /// Removes the text in `range` of `document`: `apply(.removeText(RangeSet(range)), to: &document)`.
    @discardableResult
    public func removeText(in range: Range<RichString.Index>, of document: inout RichString) -> [Adjustment] {
        apply(.removing(MutationRanges(range)), to: &document)
    }

    /// Sets `key` to `value` (nil removes it) over `range` of `document`:
    /// `apply(.setAttribute(key, to: value, in: RangeSet(range)), to: &document)`.
    @discardableResult
    public func setAttribute(_ key: AttributeKeyDescriptor, to value: AttributeValue?, in range: Range<RichString.Index>,
                             of document: inout RichString) -> [Adjustment] {
        apply(.setting(AttributeSet.KeyChange(setting: key, to: value), in: MutationRanges(range)), to: &document)
    }

    /// Sets the typed key `K` to `value` (nil removes it) over `range` of `document`.
    @discardableResult
    public func setAttribute<K: RichAttributeKey>(_ key: K.Type, to value: K.Value?, in range: Range<RichString.Index>,
                                                  of document: inout RichString) -> [Adjustment] {
        setAttribute(K.descriptor, to: value?.attributeValue, in: range, of: &document)
    }
}
