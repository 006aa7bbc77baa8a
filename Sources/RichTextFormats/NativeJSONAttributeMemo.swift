import RichText
import Synchronization

/// Attribute dictionaries the fast reader decoded in earlier documents, by their raw bytes, for every thread.
///
/// A corpus repeats the same few dictionaries in every document (`{"foregroundColor":"#34C759","ingredient":
/// "milk"}`), and a document's own cache (`RawAttributeCache`) forgets them when the document ends, so each was
/// decoded again by the token reader in every document: most of the per-document cost of a short document. The
/// same bytes read under the same schema and limits give the same set, so the first document's set serves the
/// rest; a reader asks here once per distinct dictionary of its document, under one lock.
///
/// The memo keeps the sets of one context at a time (a reader with another schema or limits starts it afresh)
/// and at most `capacity` of them, short dictionaries only, so it holds at most a few hundred kilobytes alive.
final class NativeJSONAttributeMemo: Sendable {
    /// What a decoded set depends on besides the dictionary's bytes.
    struct Context: Equatable, Sendable {
        var keys: [String: NativeJSONSchema.Key]
        var maxDepth: Int
        var maxStringBytes: Int
    }

    private struct Entry {
        var bytes: [UInt8]
        var depth: Int
        var set: AttributeSet
    }

    private struct State: ~Copyable {
        var context: Context?
        var generation = 0
        var entries: [UInt64: Entry] = [:]
    }

    /// The memo every reader shares.
    static let shared = NativeJSONAttributeMemo()

    /// The most sets kept; past that the memo starts afresh.
    static let capacity = 1024
    /// The longest dictionary kept, in bytes.
    static let maxBytes = 512

    private let state = Mutex(State())

    /// The generation of `context`'s sets, for `set(for:depth:hash:generation:)` and `remember`: starts the memo
    /// afresh when the context differs from the last reader's.
    func generation(for context: Context) -> Int {
        state.withLock { state in
            if state.context != context {
                state.context = context
                state.generation &+= 1
                state.entries.removeAll()
            }
            return state.generation
        }
    }

    /// The set decoded for the same bytes at the same depth in `generation`, or nil.
    func set(for bytes: UnsafeBufferPointer<UInt8>, depth: Int, hash: UInt64, generation: Int) -> AttributeSet? {
        guard bytes.count <= Self.maxBytes else { return nil }
        return state.withLock { state -> AttributeSet? in
            guard state.generation == generation, let entry = state.entries[Self.key(hash, depth)], entry.depth == depth,
                  entry.bytes.elementsEqual(bytes) else { return nil }
            return entry.set
        }
    }

    /// Where the set of a dictionary of `hash` read at `depth` is kept: the same bytes read at another depth
    /// (a table form's entries, a flat form's dictionaries) are another entry, not one that replaces it.
    static func key(_ hash: UInt64, _ depth: Int) -> UInt64 {
        hash ^ (UInt64(truncatingIfNeeded: depth) &* 0x9E37_79B9_7F4A_7C15)
    }

    /// Remembers `set`, decoded from `bytes` at `depth` in `generation`.
    func remember(_ set: AttributeSet, for bytes: UnsafeBufferPointer<UInt8>, depth: Int, hash: UInt64, generation: Int) {
        guard bytes.count <= Self.maxBytes else { return }
        let copy = Array(bytes)
        state.withLock { state in
            guard state.generation == generation else { return }
            if state.entries.count >= Self.capacity { state.entries.removeAll() }
            state.entries[Self.key(hash, depth)] = Entry(bytes: copy, depth: depth, set: set)
        }
    }
}
