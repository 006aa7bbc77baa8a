import RichText
import Synchronization

/// Remembers what scope and constraints make of an attribute set. Attribute sets are interned and runs repeat
/// few distinct sets, so most runs an edit touches were seen before; constraints are pure functions of the set
/// (and of the paragraph's first set for paragraph-bound keys), so the answer can be reused. Keys hold their
/// sets, so a key's identity cannot be reused by another set while its entry lives.
final class ConstraintCache: Sendable {
    struct Key: Hashable {
        let attributes: AttributeSet
        let paragraphStart: AttributeSet?
    }

    /// The constrained set and the value changes that led to it, without ranges.
    struct Entry {
        let result: AttributeSet
        /// Each value change scope and the constraints made, in order, as adjustments over an empty range.
        let changes: [Adjustment]
        /// What a run carrying the set asked about reports when it takes `result` whole: every key whose value
        /// differs between the two, in name order, under the rule that made its final value (`lastRule`, or
        /// `.scope` for a key only scope removed), as adjustments over an empty range that a run's report
        /// places over the run. Worked out once here instead of on every such run.
        let differences: [Adjustment]

        init(asked attributes: AttributeSet, result: AttributeSet, changes: [Adjustment]) {
            self.result = result
            self.changes = changes
            let lastRules = Self.lastRules(in: changes)
            var differences: [Adjustment] = []
            FormattingEngine.forEachDifferingKey(attributes, result) { name, old, new in
                let rule = lastRules[name] ?? .scope
                differences.append(Adjustment(rule: rule, utf8Range: 0..<0, key: name, oldValue: old, newValue: new))
            }
            self.differences = differences
            self.lastRules = lastRules
        }

        /// The rule that made the last change to each key changed, found in one pass over `changes`: searching
        /// `changes` once per key made a set of n keys cost n² (100k keys in one run never finished).
        private let lastRules: [String: Adjustment.Rule]

        /// The rule that made the last change to `key`: the one responsible for its final value.
        func lastRule(for key: String) -> Adjustment.Rule? {
            lastRules[key]
        }

        private static func lastRules(in changes: [Adjustment]) -> [String: Adjustment.Rule] {
            var rules: [String: Adjustment.Rule] = [:]
            rules.reserveCapacity(changes.count)
            for change in changes { rules[change.key] = change.rule }
            return rules
        }
    }

    /// Two generations: new answers go to the young table; when it is full it becomes the old one and the
    /// previous old one is dropped. An answer found in the old table moves back to the young one, so the sets a
    /// document keeps using survive, and a stream of distinct sets cannot grow the cache without bound.
    private struct Tables {
        var young: [Key: Entry] = [:]
        var old: [Key: Entry] = [:]
    }
    private let tables = Mutex(Tables())
    /// Entries per generation. Each entry keeps its sets alive, so this bounds the sets the cache holds on to
    /// after the documents that used them are gone.
    private let capacity = 8_192

    func entry(for key: Key) -> Entry? {
        tables.withLock { tables in
            if let entry = tables.young[key] { return entry }
            guard let entry = tables.old[key] else { return nil }
            insert(entry, for: key, into: &tables)
            return entry
        }
    }

    func store(_ entry: Entry, for key: Key) {
        tables.withLock { insert(entry, for: key, into: &$0) }
    }

    private func insert(_ entry: Entry, for key: Key, into tables: inout Tables) {
        if tables.young.count >= capacity {
            tables.old = tables.young
            tables.young = [:]
            tables.young.reserveCapacity(capacity)
        }
        tables.young[key] = entry
    }
}
