/// An attribute set's identity as a plain integer, for caches that must be read without a lock.
extension AttributeSet {
    /// The set's serial number: given once when the set is interned, in order, and never given again, even after
    /// the set is reclaimed. Equal sets alive at the same time share one serial number, so a cache that keeps only
    /// this number (no reference) can treat a match as proof that it names the same set, at any time. Never zero.
    @inlinable
    var internedIdentity: UInt { serialNumber }

    /// `serial`, callable from code inlined into other modules.
    @usableFromInline var serialNumber: UInt { serial }
}

extension AttributeSet {
    /// Calls `body` with the set `field` holds in `elements[index]`, borrowed: no reference is counted, so reading
    /// a set out of a table (a cache of sets every thread's documents share) costs no write to it. `elements` must
    /// not change during the call.
    @inlinable
    package static func withBorrowed<T, R>(
        _ field: KeyPath<T, AttributeSet>, of elements: [T], at index: Int, _ body: (AttributeSet) throws -> R
    ) rethrows -> R {
        guard let offset = MemoryLayout<T>.offset(of: field) else { preconditionFailure("not a stored field") }
        return try elements.withUnsafeBufferPointer { buffer in
            let address = UnsafeRawPointer(buffer.baseAddress.unsafelyUnwrapped + index) + offset
            return try address.load(as: Unmanaged<SetStorage>.self)._withUnsafeGuaranteedRef {
                try body(AttributeSet(storage: $0))
            }
        }
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
