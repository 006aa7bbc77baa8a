/// An attribute set's identity as a plain integer, for caches that must be read without a lock.
extension AttributeSet {
    /// The set's serial number: given once when the set is interned, in order, and never given again, even after
    /// the set is reclaimed. Equal sets alive at the same time share one serial number, so a cache that keeps only
    /// this number (no reference) can treat a match as proof that it names the same set, at any time. Never zero.
    package var internedIdentity: UInt { serial }
}

extension AttributeSet {
    /// The set's identity while it is alive (its storage's address): unlike `internedIdentity` it reads nothing
    /// of the set, so a table keyed by it touches no memory other threads' reference counting writes to. Only
    /// for a caller that holds the set (or a string that holds it) for as long as it uses the key: a reclaimed
    /// set's address can be another set's later.
    package var identityWhileHeld: ObjectIdentifier { ObjectIdentifier(storage) }
}

extension AttributeSet {
    /// Calls `body` with the set stored at `address` (an `AttributeSet` in memory the caller keeps alive and
    /// unchanged for the call), borrowed: no reference is counted, so reading a set out of a cache that other
    /// threads' sets share costs no write to it.
    package static func withBorrowed<R>(at address: UnsafeRawPointer, _ body: (AttributeSet) throws -> R) rethrows -> R {
        try address.load(as: Unmanaged<SetStorage>.self)._withUnsafeGuaranteedRef { try body(AttributeSet(storage: $0)) }
    }
}

extension AttributeSet {
    /// The empty set's storage, uncounted: the static `empty` keeps it alive for the process.
    nonisolated(unsafe) static let emptyStorage = Unmanaged.passUnretained(AttributeSet.empty.storage)

    /// Calls `body` with the empty set, borrowed. Reading the static `empty` retains it for the caller, and it is
    /// the one set every thread's documents share most: a reader that passes it on for each plain run lends it.
    @inline(__always)
    package static func withEmpty<R>(_ body: (AttributeSet) throws -> R) rethrows -> R {
        try emptyStorage._withUnsafeGuaranteedRef { try body(AttributeSet(storage: $0)) }
    }
}
