/// The token through which the Formatting layer knows, in O(1), that a string already carries a definition's
/// behaviours (`FormattingEngine.stampBehaviors`), so that an edit need not walk the whole string to find out.
extension RichString {
    /// A client's token naming whose behaviours every key of this string carries; 0 when unknown.
    ///
    /// Set by the client once it has given every key the behaviour it owns. Any write of attribute sets (an
    /// attribute change, attributed text, a behaviour step, a raw write) resets it; resizing a run (typing that
    /// takes the set of the run it extends, a deletion inside one run) keeps it, as no set is new. A token found
    /// here was therefore set after the last write that could bring in a key with another behaviour. Copies
    /// keep it with the runs they share.
    var definedBehaviorsToken: UInt64 {
        get { runStore.behaviorStamp }
        set { runStore.behaviorStamp = newValue }
    }
}
