/// An attribute set's identity as a plain integer, for caches that must be read without a lock.
extension AttributeSet {
    /// The set's serial number: given once when the set is interned, in order, and never given again, even after
    /// the set is reclaimed. Equal sets alive at the same time share one serial number, so a cache that keeps only
    /// this number (no reference) can treat a match as proof that it names the same set, at any time. Never zero.
    package var internedIdentity: UInt { serial }
}
