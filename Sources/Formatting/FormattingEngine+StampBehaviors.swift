import RichText
import Synchronization

/// The definition owns behaviours (DESIGN §3, "Scope"): under a definition, every key of its scope behaves as
/// the definition declares, whatever a reader or an earlier edit attached to the values. A document read
/// without the definition (the standard schema gives `ingredient` no behaviour) gets them here, in one place,
/// before anything else reads them: `normalize` and `lint` start with it, and `apply` when the document does
/// not carry them yet.
extension FormattingEngine {
    /// Whether `document` is known to carry the definition's behaviours for every key of its scope, found in
    /// O(1): true after `stampBehaviors`, `normalize` or `apply` by an engine of a definition that declares the
    /// same behaviours, until the document's attribute sets are written from outside the engine. False only
    /// means that it was not checked since.
    public func carriesDefinedBehaviors(_ document: RichString) -> Bool {
        document.behaviorStamp == core.behaviorStamp
    }

    /// Gives every key of the definition's scope its declared behaviour everywhere in `document`, then runs the
    /// behaviour fix-up under those behaviours (`RichString.enforceBehaviors()`: a key now bound to paragraphs
    /// or to a character is put in place), and reports both: a `.definedBehavior` adjustment per stretch whose
    /// key took another behaviour (its value unchanged), then the fix-up's adjustments.
    ///
    /// Runs are re-pointed to sets whose entries carry the definition's behaviours; keys outside the scope
    /// keep theirs, and scope and constraints are not applied (`normalize` does that next). Afterwards one key
    /// name has one behaviour throughout the document, so runs that differed only in behaviour have merged, and
    /// documents that print the same (`description`) compare equal. O(runs) the first time; a document that
    /// `carriesDefinedBehaviors` returns at once.
    @discardableResult
    public func stampBehaviors(_ document: inout RichString) -> [Adjustment] {
        guard !carriesDefinedBehaviors(document) else { return [] }
        // The funnel's step 0 alone: no edit, and no scope or constraints after it.
        var steps = EngineSteps(self, constrains: false)
        document.mutate(.stamping, under: &steps)
        return steps.adjustments
    }

    /// A set with the definition's behaviours, and the keys that took one, as adjustments over an empty range.
    struct StampedSet {
        let result: AttributeSet
        let changes: [Adjustment]
    }

    /// `attributes` with every scope key carrying its defined behaviour.
    func stamping(_ attributes: AttributeSet) -> StampedSet {
        var entries = attributes.entries
        var changes: [Adjustment] = []
        for k in entries.indices {
            guard let defined = definedEntry(entries[k]), defined.behavior != entries[k].behavior else { continue }
            changes.append(Adjustment(rule: .definedBehavior(defined.behavior), utf8Range: 0..<0, key: defined.name,
                                      oldValue: defined.value, newValue: defined.value))
            entries[k] = defined
        }
        return StampedSet(result: changes.isEmpty ? attributes : AttributeSet(entries), changes: changes)
    }

    /// The rule of defined behaviours, in one place (the scope step and `stampBehaviors` ask it): `entry` with
    /// the behaviour the definition declares for its key, or nil when the key is outside the scope.
    @inline(__always)
    func definedEntry(_ entry: AttributeEntry) -> AttributeEntry? {
        guard let descriptor = descriptors[entry.name] else { return nil }
        return entry.behavior == descriptor.behavior ? entry : AttributeEntry(name: entry.name, value: entry.value, behavior: descriptor.behavior)
    }
}

/// Tokens for the behaviours definitions declare (`RichString.behaviorStamp`): engines whose scopes declare the
/// same behaviours share one, so a document stamped under one is known stamped under another (a session's
/// engine and a linter's of the same definition file).
enum BehaviorStamps {
    private static let tokens = Mutex<[[AttributeKeyDescriptor]: UInt64]>([:])

    /// The token of the scope `descriptors` (by name); never 0, which a document with no token carries.
    static func token(for descriptors: [String: AttributeKeyDescriptor]) -> UInt64 {
        let scope = descriptors.values.sorted { $0.name < $1.name }
        return tokens.withLock { table in
            if let known = table[scope] { return known }
            let token = UInt64(table.count + 1)
            table[scope] = token
            return token
        }
    }
}
