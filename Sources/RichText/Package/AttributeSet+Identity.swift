/// An attribute set's identity as a plain integer, for caches that must be read without a lock.
extension AttributeSet {
    /// The address of the set's interned block. Equal sets share one block and blocks are never freed (see
    /// `AttributeSet+Storage.swift`), so two sets with the same identity are equal, at any time: an identity read
    /// from an atomic word names the same set it named when it was stored. Never zero.
    package var internedIdentity: UInt { UInt(bitPattern: base) }
}
