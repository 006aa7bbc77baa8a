extension RichString {
    /// Step 5 of the funnel, `attributeChanged(K)`: removes keys invalidated by K's change wherever K really
    /// changed (`changes`, made by the steps before on text that existed before the edit), then follows the
    /// chain: a removal is itself a change that may invalidate further keys. Nothing to do, in O(1), when no key
    /// changed, or (`MutationState.changedTraits`) no run a change was made over carries a dependent key.
    ///
    /// Every step only removes values that are present, so the work list empties by construction; a cycle of
    /// dependencies ends once both keys are gone. A dependent that is bound to paragraphs is removed from each
    /// whole paragraph the change touches, so paragraphs stay uniform.
    mutating func propagateAttributeChanges(_ initial: [KeyChange], into state: inout MutationState) {
        guard state.changedTraits.contains(.dependent) else { return }
        var work = initial.filter { $0.oldValue != $0.newValue && !$0.range.isEmpty }
        while !work.isEmpty {
            let change = work.removeFirst()
            let range = min(change.range.lowerBound, text.utf8Count)..<min(change.range.upperBound, text.utf8Count)
            guard !range.isEmpty else { continue }
            var dependents: [String: AttributeBehavior] = [:]
            runStore.forEachRun(in: range) { _, attributes in
                guard attributes.hasDependentKeys else { return true }
                for entry in attributes.entries where entry.behavior.invalidationConditions.contains(.attributeChanged(change.key)) {
                    dependents[entry.name] = entry.behavior
                }
                return true
            }
            for (key, behavior) in dependents.sorted(by: { $0.key < $1.key }) {
                var targets = [range]
                if behavior.runBoundaries == .paragraph { targets = text.paragraphRanges(overlapping: range) }
                for target in targets {
                    var traits: SetTraits = []
                    let made = setUniform(key, entry: nil, over: target, traits: &traits)
                    state.record(made, cause: .attributeChanged(change.key), traits: traits)
                    work += made
                }
            }
        }
    }
}
