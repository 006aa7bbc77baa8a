import RichText
import Synchronization

extension LintDocumentReader {
    /// The typings of decoded sets a reader has worked out, kept across documents: sets are interned, so the
    /// documents of one run (a folder, a file of records) meet the same few sets again and again, and typing
    /// one (a lookup per entry, a new set interned) would otherwise be paid per document.
    ///
    /// Shared by the copies of a reader and its threads under one lock. It holds the sets it keeps, so it keeps
    /// at most `capacity` and starts over when full: a run of ever-new values holds no more than that alive.
    final class TypingCache: Sendable {
        static let capacity = 1_024
        private let table = Mutex<[AttributeSet: Typing]>([:])

        /// The typing of `set`: the one kept, or `make`'s, which is then kept.
        func typing(of set: AttributeSet, _ make: (AttributeSet) -> Typing) -> Typing {
            if let kept = table.withLock({ $0[set] }) { return kept }
            let made = make(set)
            table.withLock { table in
                if table.count >= Self.capacity { table.removeAll(keepingCapacity: true) }
                table[set] = made
            }
            return made
        }
    }
}
