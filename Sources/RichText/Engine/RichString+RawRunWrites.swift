/// Entry points for the engine's one-write attribute sets (`FormattingEngine+OneWriteAttributeSet.swift`).
extension RichString {
    /// Gives each run over `range` the set `transform` makes of its own, splitting the runs at the ends and
    /// merging equal neighbours, without firing any behaviour: the engine's own write, in the one walk and one
    /// splice the string's attribute changes take.
    package mutating func transformAttributesRaw(inUTF8 range: Range<Int>, _ transform: (AttributeSet) -> AttributeSet) {
        _ = runStore.transformAttributes(in: range, recordingRuns: false, transform)
    }
}

extension AttributeSet {
    /// Whether changing a piece's set from `before` to `after` by an attribute change leaves the string's
    /// behaviour steps nothing to do (`RunRope.mayNeedEnforcement` is false): when it holds for every piece of a
    /// one-range attribute change, the change reports nothing and changes nothing beyond the sets.
    package static func attributeChangeNeedsNoBehaviorSteps(from before: AttributeSet, to after: AttributeSet) -> Bool {
        !RunRope.mayNeedEnforcement(from: before, to: after)
    }
}
