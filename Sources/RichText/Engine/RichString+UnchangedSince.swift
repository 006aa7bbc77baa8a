extension RichString {
    /// Whether this string, made from `earlier` by edits, is still equal to it, found without reading the text:
    /// a string whose text storage is another's has had its text edited (an edit that writes back the same text
    /// counts as a change), and one that shares its text compares only its runs, behaviours included (a key that
    /// took another behaviour is a change), with nothing to compare when the runs are shared too.
    func hasNotChanged(since earlier: RichString) -> Bool {
        guard text.isIdentical(to: earlier.text) else { return false }
        if runStore.rope.root === earlier.runStore.rope.root { return true }
        return isEqualIncludingBehaviors(to: earlier)
    }
}
