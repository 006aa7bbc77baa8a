import RichText

/// A whole document under the definition: normalising it, and linting it (normalising a copy).
extension FormattingEngine {
    /// Normalises a whole document: the definition's behaviours (`stampBehaviors`, then the behaviour fix-up
    /// under them), scope, constraints and run boundaries, once each.
    @discardableResult
    public func normalize(_ document: inout RichString) -> [Adjustment] {
        var adjustments = carriesDefinedBehaviors(document)
            ? document.enforceBehaviors().map(Adjustment.init)
            : stampBehaviors(&document)
        var processed = 0..<0
        adjustments += enforceDefinition(on: &document, in: 0..<document.utf8Count, processed: &processed, learnsResults: true)
        // The definition's writes are results of the scope step, which gives keys their defined behaviours.
        document.behaviorStamp = core.behaviorStamp
        return adjustments
    }

    /// What `normalize` would change, without changing anything: linting is normalisation run dry, so the two
    /// agree on every document, behaviours included.
    public func lint(_ document: RichString) -> [Adjustment] {
        var copy = document
        return normalize(&copy)
    }
}
