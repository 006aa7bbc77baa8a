import RichText

/// What scope and the constraint chain make of an attribute set: worked out once per interned set and kept
/// (`ConstraintCache`, per set; `fixedPoints`, RichText's `AttributeSetMarks` of the sets the definition leaves alone).
extension FormattingEngine {
    /// One run's attributes after scope and every constraint, with each value change it made (without ranges).
    /// With `learnsResult`, a new answer's result set gets its own answer cached too (probes, which leave no
    /// runs behind, skip that).
    func constrained(_ attributes: AttributeSet, paragraphStart: AttributeSet?, learnsResult: Bool) -> ConstraintCache.Entry {
        let key = ConstraintCache.Key(attributes: attributes, paragraphStart: paragraphStart)
        if let cached = cache.entry(for: key) {
            noteFixedPoint(attributes, cached, paragraphStart: paragraphStart)
            return cached
        }
        let entry = computeConstrained(attributes, paragraphStart: paragraphStart)
        cache.store(entry, for: key)
        noteFixedPoint(attributes, entry, paragraphStart: paragraphStart)
        // The result is what runs will carry from now on, and the next edit next to them asks about it: learn
        // its answer too while the chain is warm (computed, not assumed: a chain need not be idempotent).
        if learnsResult, entry.result != attributes {
            let next = ConstraintCache.Key(attributes: entry.result, paragraphStart: paragraphStart)
            if cache.entry(for: next) == nil {
                let nextEntry = computeConstrained(entry.result, paragraphStart: paragraphStart)
                cache.store(nextEntry, for: next)
                noteFixedPoint(entry.result, nextEntry, paragraphStart: paragraphStart)
            }
        }
        return entry
    }

    /// Remembers `attributes` in `fixedPoints` when `entry`, its answer outside paragraph starts, gives it back.
    @inline(__always)
    private func noteFixedPoint(_ attributes: AttributeSet, _ entry: ConstraintCache.Entry, paragraphStart: AttributeSet?) {
        if paragraphStart == nil, entry.result == attributes, !fixedPoints.contains(attributes) { fixedPoints.insert(attributes) }
    }

    private func computeConstrained(_ attributes: AttributeSet, paragraphStart: AttributeSet?) -> ConstraintCache.Entry {
        let range = 0..<0
        // One working copy of the entries for the whole chain; the result is interned once at the end.
        var current = ConstrainedAttributes(attributes: attributes, owned: definition.constraints.first?.key ?? AttributeKeyDescriptor(name: ""))
        var adjustments: [Adjustment] = []
        // Scope: keys outside it go; keys inside it carry the definition's behaviours.
        current.mapEntries { entry in
            if let defined = definedEntry(entry) { return defined }
            if keepsOutsideScope(entry.name) { return entry }
            adjustments.append(Adjustment(rule: .scope, utf8Range: range, key: entry.name, oldValue: entry.value, newValue: nil))
            return nil
        }
        for step in steps {
            let before = current[step.keyName]
            current.changed = false
            if step.isParagraphBound, let paragraphStart {
                // A paragraph-bound key is decided once per paragraph, on its first character.
                current.put(step.keyName, paragraphStart[step.keyName], behavior: step.key.behavior)
            } else {
                current.owned = step.key
                step.constraint.constrain(&current)
            }
            guard current.changed else { continue }
            let after = current[step.keyName]
            if before != after {
                adjustments.append(Adjustment(rule: step.rule, utf8Range: range, key: step.keyName, oldValue: before, newValue: after))
            }
        }
        return ConstraintCache.Entry(asked: attributes, result: current.attributes, changes: adjustments)
    }
}

/// One constraint of the chain with what the engine asks of it on every run, read once from the existential.
struct ConstraintStep: Sendable {
    let constraint: any ValueConstraint
    let key: AttributeKeyDescriptor
    let keyName: String
    let isParagraphBound: Bool
    let rule: Adjustment.Rule

    init(_ constraint: any ValueConstraint) {
        self.constraint = constraint
        key = constraint.key
        keyName = key.name
        isParagraphBound = key.behavior.runBoundaries == .paragraph
        rule = .constraint(constraint.name)
    }
}
