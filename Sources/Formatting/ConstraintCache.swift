import RichText
import Synchronization

/// Remembers what scope and constraints make of an attribute set. Attribute sets are interned and runs repeat
/// few distinct sets, so most runs an edit touches were seen before; constraints are pure functions of the set
/// (and of the paragraph's first set for paragraph-bound keys), so the answer can be reused.
final class ConstraintCache: Sendable {
    struct Key: Hashable {
        let attributes: AttributeSet
        let paragraphStart: AttributeSet?
    }

    /// The constrained set and the value changes that led to it, without ranges.
    struct Entry {
        let result: AttributeSet
        let changes: [(rule: Adjustment.Rule, key: String, old: AttributeValue?, new: AttributeValue?)]

        /// The rule that made the last change to `key`: the one responsible for its final value.
        func lastRule(for key: String) -> Adjustment.Rule? {
            changes.last { $0.key == key }?.rule
        }
    }

    private let table = Mutex<[Key: Entry]>([:])
    /// Past this many entries the cache starts over, so a stream of distinct sets cannot grow it without bound.
    private let capacity = 50_000

    func entry(for key: Key) -> Entry? { table.withLock { $0[key] } }

    func store(_ entry: Entry, for key: Key) {
        table.withLock { table in
            if table.count >= capacity { table.removeAll(keepingCapacity: true) }
            table[key] = entry
        }
    }
}
