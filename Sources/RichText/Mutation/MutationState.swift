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

    init(region: Range<Int>) { self.region = region }

    /// Notes that `key`, which held `value` over `range` and carries `behavior`, was removed by `cause`.
    mutating func removed(_ key: String, _ value: AttributeValue, over range: Range<Int>, behavior: AttributeBehavior,
                          cause: AttributeAdjustment.Cause) {
        adjustments.append(AttributeAdjustment(cause: cause, utf8Range: range, key: key, oldValue: value, newValue: nil))
        changes.append(KeyChange(key: key, range: range, oldValue: value, newValue: nil, behavior: behavior))
    }

    /// Notes the changes a step made, with their reports under `cause`.
    mutating func record(_ made: [KeyChange], cause: AttributeAdjustment.Cause) {
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
