import RichText

/// A whole document under the definition: normalising it, and linting it (normalising a copy).
extension FormattingEngine {
    /// Normalises a whole document: the definition's behaviours (stamped, then the behaviour fix-up under them),
    /// scope, constraints and run boundaries, once each.
    @discardableResult
    public func normalize(_ document: inout RichString) -> [Adjustment] {
        var steps = EngineSteps(self)
        document.mutate(.normalizing, under: &steps)
        return steps.adjustments
    }

    /// What `normalize` would change, without changing anything: linting is normalisation run dry, so the two
    /// agree on every document, behaviours included.
    public func lint(_ document: RichString) -> [Adjustment] {
        var copy = document
        return normalize(&copy)
    }
}
