/// The engine's own writes of runs: after invalidation in the pipeline, so they fire no behaviour.
extension RichString {
    /// Replaces the attribute sets over `range` with `runs`, which must cover it exactly, firing no behaviour.
    mutating func writeRunsRaw(_ range: Range<Int>, with runs: [AttributeRun]) {
        precondition(runs.reduce(0) { $0 + $1.utf8Count } == range.count, "Attribute runs must cover the range they replace")
        runStore.replace(range, with: runs)
    }

    /// Gives each run over `range` the set `transform` makes of its own, splitting the runs at the ends and
    /// merging equal neighbours, firing no behaviour: one walk and one splice, as the string's attribute
    /// changes take.
    mutating func transformRunsRaw(in range: Range<Int>, _ transform: (AttributeSet) -> AttributeSet) {
        _ = runStore.transformAttributes(in: range, recordingRuns: false, transform)
    }
}
