/// What the steps of one mutation hand on to the steps after them: the region they touched, the key changes the
/// `attributeChanged` step follows, and the behaviour reports, in the order made.
struct MutationState {
    /// The region, in offsets after the edit, that the steps so far wrote or must look at; the definition step
    /// enforces over it.
    var region: Range<Int>
    /// Every key change made so far on text that existed before the edit, for the `attributeChanged` step.
    var changes: [KeyChange] = []
    /// The behaviour reports, in the order made.
    var adjustments: [AttributeAdjustment] = []
    /// The traits of every run a change was made over, before and after it: when no key that depends on another
    /// is among them, the `attributeChanged` step has nothing to do.
    var changedTraits: SetTraits = []
    /// The run that holds the whole region after a text edit that only resized it (typing that takes the set of
    /// the run it extends, a deletion inside one run) and wrote nothing else: its stretch and set. The definition
    /// step decides from it in O(1) when the set is one it surely leaves.
    /// The set is named without a reference (the run holds it), so a keystroke counts no reference for it.
    var resizedRun: (stretch: Range<Int>, attributes: EditNeighbourhood.SetName)?

    init(region: Range<Int>) { self.region = region }

    /// Notes that `key`, which held `value` over `range` and carries `behavior`, was removed by `cause` from runs
    /// whose traits are `traits`.
    mutating func removed(_ key: String, _ value: AttributeValue, over range: Range<Int>, behavior: AttributeBehavior,
                          cause: AttributeAdjustment.Cause, traits: SetTraits) {
        changedTraits.formUnion(traits)
        adjustments.append(AttributeAdjustment(cause: cause, utf8Range: range, key: key, oldValue: value, newValue: nil))
        changes.append(KeyChange(key: key, range: range, oldValue: value, newValue: nil, behavior: behavior))
    }

    /// Notes the changes a step made, with their reports under `cause`, over runs whose traits (before and after)
    /// are `traits`.
    mutating func record(_ made: [KeyChange], cause: AttributeAdjustment.Cause, traits: SetTraits) {
        changedTraits.formUnion(traits)
        for change in made {
            adjustments.append(AttributeAdjustment(
                cause: cause, utf8Range: change.range, key: change.key, oldValue: change.oldValue, newValue: change.newValue))
        }
        changes += made
    }
}

extension Range where Bound == Int {
    /// The smallest range covering both.
    func union(_ other: Range<Int>) -> Range<Int> {
        Swift.min(lowerBound, other.lowerBound)..<Swift.max(upperBound, other.upperBound)
    }
}
