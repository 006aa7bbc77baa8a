// The invariant checks every mutation runs in a build that defines RICHTEXT_INTERNAL_CHECKS (the package defines
// it for debug builds of RichText, so `swift test` checks every edit), as swift-collections does with
// COLLECTIONS_INTERNAL_CHECKS. Without it neither the checks nor their calls are compiled: a release build pays
// nothing.
//
// The anchors, each an `#if RICHTEXT_INTERNAL_CHECKS` block: the end of `rawReplace` (every text mutation), and of
// `RunRope.replace` and `RunRope.transformAttributes` (every write of attributes, the engine's raw writes included).

#if RICHTEXT_INTERNAL_CHECKS

extension RichString {
    /// Below this many UTF-8 bytes of text, a mutation checks everything `_invariantCheck()` checks.
    static var fullCheckLimit: Int { 4 * 1024 }

    /// Checks the string's invariants after a mutation that changed the text or the runs over `touched` (UTF-8
    /// offsets in the string as it is now); traps on the first one broken.
    ///
    /// A short text gets all of `_invariantCheck()`. A longer one, where checking everything on every edit would
    /// make an edit O(n) and a test of thousands of edits on a deep tree take many minutes, gets what the mutation
    /// could have broken: text and runs of equal length; the chunks over `touched` and one on each side, whose
    /// cached counts must be exact and whose boundaries must be character boundaries; the text tree's nodes on the
    /// paths to those chunks (`Rope._invariantCheck(aroundElements:)`); and the runs there (see
    /// `RunRope.checkInvariants(afterChanging:)`).
    func checkInvariants(afterChanging touched: Range<Int>) {
        if text.utf8Count <= Self.fullCheckLimit {
            _invariantCheck()
            return
        }
        runStore.checkInvariants(afterChanging: touched)
        precondition(text.utf8Count == runStore.utf8Count, "Runs cover \(runStore.utf8Count) bytes, text has \(text.utf8Count)")
        // The chunks over `touched`, and one on each side.
        let first = Swift.max(text.rope.find(UTF8Metric.self, Swift.max(touched.lowerBound - 1, 0), prefer: .next).index - 1, 0)
        var position = text.rope.offset(UTF8Metric.self, ofElement: first)
        var window = ""
        var characters = 0
        var last = first
        text.rope.forEach(from: first) { i, chunk in
            last = i
            precondition(chunk.summary.utf8 > 0, "Empty text chunk at \(i)")
            precondition(chunk.summary == TextChunk.summarize(chunk.string), "Chunk \(i)'s cached counts are stale: \(chunk.summary) vs \(TextChunk.summarize(chunk.string))")
            window += chunk.string
            characters += chunk.summary.characters
            let start = position
            position += chunk.summary.utf8
            return start <= touched.upperBound
        }
        // Chunk boundaries are character boundaries of the whole text (here: of the window around the change).
        precondition(window.count == characters, "Character count \(characters) of chunks \(first)… != \(window.count)")
        text.rope._invariantCheck(aroundElements: first..<(last + 1))
    }
}

extension RunRope {
    /// Below this many runs, a mutation checks every run.
    static var fullCheckLimit: Int { 64 }

    /// Checks the runs' invariants after a write over `touched` (UTF-8 offsets in the runs as they are now); traps
    /// on the first one broken. Few runs get all of `_invariantCheck()`; many get the runs over `touched` and one on
    /// each side (none empty, no two neighbours with equal sets) and the tree's nodes on the paths to them.
    func checkInvariants(afterChanging touched: Range<Int>) {
        if rope.count <= Self.fullCheckLimit {
            _invariantCheck()
            return
        }
        let first = Swift.max(rope.find(RunUTF8Metric.self, Swift.max(touched.lowerBound - 1, 0), prefer: .next).index - 1, 0)
        var position = rope.offset(RunUTF8Metric.self, ofElement: first)
        var previous: StoredRun? = nil
        var last = first
        rope.forEach(from: first) { i, run in
            last = i
            precondition(run.utf8Count > 0, "Empty attribute run at \(i)")
            if let previous { precondition(!run.hasAttributes(of: previous), "Adjacent equal attribute runs at \(i)") }
            previous = run
            let start = position
            position += run.utf8Count
            return start <= touched.upperBound
        }
        rope._invariantCheck(aroundElements: first..<(last + 1))
    }
}
#endif
