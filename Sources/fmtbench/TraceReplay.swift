import RichText

// Walking a trace's patches on a RichString, shared by `fmtbench traces` (the string alone) and `fmtbench engine`
// (through the engine): the two differ only in what they do with each edit.

extension EditTrace {
    /// Replays the patches on `s`, turning their Unicode scalar positions into indices: `replace(&s, range, text)`
    /// for a deletion (empty `text`) or a replacement, `insert(&s, text, index)` for an insertion, and once, after
    /// the first insertion, `markInserted(&s, range)` over the text it added (so later typing has an attribute to
    /// inherit).
    @inline(__always)
    func replay(
        on s: inout RichString,
        replace: (inout RichString, Range<RichString.Index>, String) -> Void,
        insert: (inout RichString, String, RichString.Index) -> Void,
        markInserted: (inout RichString, Range<RichString.Index>) -> Void
    ) {
        var marked = false
        for patch in patches {
            let a = s.index(atOffset: patch.position, in: .scalars)
            if patch.deleteCount > 0 {
                let b = s.index(atOffset: patch.position + patch.deleteCount, in: .scalars)
                replace(&s, a..<b, patch.insert)
            } else if !patch.insert.isEmpty {
                insert(&s, patch.insert, a)
                if !marked {
                    marked = true
                    let n = patch.insert.unicodeScalars.count
                    let from = s.index(atOffset: patch.position, in: .scalars)
                    let to = s.index(atOffset: patch.position + n, in: .scalars)
                    markInserted(&s, from..<to)
                }
            }
        }
    }
}

extension RichString {
    /// Replaces `range` with `text` through the string's own API: a removal when `text` is empty.
    @inline(__always)
    mutating func replayReplacing(_ range: Range<Index>, with text: String) {
        if text.isEmpty { removeSubrange(range) } else { replaceSubrange(range, with: text) }
    }
}
