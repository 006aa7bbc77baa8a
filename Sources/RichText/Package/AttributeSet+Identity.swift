/// An attribute set's identity as a plain integer, for caches that must be read without a lock.
extension AttributeSet {
    /// The address of the set's interned storage. Equal sets share one storage and storages are never freed
    /// (see `AttributeSet.Interner`), so two sets with the same identity are equal, at any time: an identity
    /// read from an atomic word names the same set it named when it was stored. Never zero.
    package var internedIdentity: UInt { UInt(bitPattern: ObjectIdentifier(storage)) }
}
